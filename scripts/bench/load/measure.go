package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// queryTally counts the statements sent during a run (a bun query hook).
type queryTally struct {
	off atomic.Bool
	mu  sync.Mutex
	by  map[string]*queryStat
}

type queryStat struct {
	n      int
	total  time.Duration
	sample string // one statement as sent
}

func (q *queryTally) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (q *queryTally) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	if q.off.Load() {
		return
	}
	key := e.QueryTemplate
	if len(key) > 160 {
		key = key[:160] + "…"
	}
	q.mu.Lock()
	s := q.by[key]
	if s == nil {
		s = &queryStat{}
		q.by[key] = s
	}
	s.n++
	s.total += time.Since(e.StartTime)
	s.sample = e.Query
	q.mu.Unlock()
}

// print lists the statements by total time; on PostgreSQL with explain, also the plan
// of one of each (EXPLAIN ANALYZE, so it runs once more).
func (q *queryTally) print(ctx context.Context, out io.Writer, d *db.DB, requests int, explain bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	keys := slices.Collect(maps.Keys(q.by))
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(q.by[b].total, q.by[a].total) })
	for _, k := range keys[:min(len(keys), 8)] {
		s := q.by[k]
		fmt.Fprintf(out, "         %5.2f per request, %6.2f ms each (wall, pool wait excluded): %s\n",
			float64(s.n)/float64(max(requests, 1)), ms(s.total)/float64(s.n), k)
		if !explain || d.Kind != db.Postgres || !strings.HasPrefix(s.sample, "SELECT") {
			continue
		}
		rows, err := d.QueryContext(ctx, "EXPLAIN (ANALYZE, BUFFERS) "+s.sample)
		if err != nil {
			fmt.Fprintf(out, "             explain: %v\n", err)
			continue
		}
		for rows.Next() {
			var line string
			if rows.Scan(&line) == nil {
				fmt.Fprintf(out, "             %s\n", line)
			}
		}
		_ = rows.Close()
	}
}

// profile starts a CPU profile into path; the returned func stops it.
func profile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); _ = f.Close() }, nil
}

// cpuTimes is CPU used so far by this process and by the app's PostgreSQL backends.
type cpuTimes struct {
	self     time.Duration
	backends map[string]time.Duration // by pid; nil when none is local
}

// cpuNow reads user+system time of this process and of the local PostgreSQL backends
// serving the app (found by application_name; Linux /proc, none elsewhere).
func cpuNow(ctx context.Context, d *db.DB) cpuTimes {
	c := cpuTimes{self: procCPU("self")}
	if d.Kind != db.Postgres {
		return c
	}
	rows, err := d.QueryContext(ctx, `SELECT pid FROM pg_stat_activity
		WHERE application_name = current_setting('application_name') AND pid <> pg_backend_pid()`)
	if err != nil {
		return c
	}
	defer rows.Close()
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) != nil {
			return c
		}
		if t, ok := procCPUOK(strconv.Itoa(pid)); ok {
			if c.backends == nil {
				c.backends = map[string]time.Duration{}
			}
			c.backends[strconv.Itoa(pid)] = t
		}
	}
	return c
}

// perRequest describes CPU spent between before and c.
func (c cpuTimes) perRequest(before cpuTimes, requests int) string {
	n := float64(max(requests, 1))
	out := fmt.Sprintf("%.2f ms in this process (server and load)", ms(c.self-before.self)/n)
	if c.backends == nil {
		return out
	}
	var pg time.Duration
	for pid, t := range c.backends {
		pg += t - before.backends[pid] // a backend opened during the run counts from 0
	}
	return out + fmt.Sprintf(", %.2f ms in its %d PostgreSQL backends", ms(pg)/n, len(c.backends))
}

// procCPU is utime+stime of /proc/<pid>/stat (0 when unreadable).
func procCPU(pid string) time.Duration {
	t, _ := procCPUOK(pid)
	return t
}

func procCPUOK(pid string) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, false
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	f := strings.Fields(s)
	if len(f) < 13 {
		return 0, false
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * time.Second / clockTicks, true
}

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat times (100 on Linux).
const clockTicks = 100

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
