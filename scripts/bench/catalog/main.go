// Command catalog measures the two heavy paths of the product catalogue: importing a
// 10,000-row product spreadsheet into one directory (read, check every row, insert all in
// one transaction) and listing the 10,000 products of that directory (query plus JSON
// encoding of the whole list). It runs on SQLite and, when a PostgreSQL URL is given, on
// PostgreSQL, and prints times and peak memory against the targets of issue 4: import
// under 3 s, list under 200 ms.
//
//	go run ./scripts/bench/catalog [-rows 10000] [-runs 5] [-postgres postgres://...]
//
// The PostgreSQL URL defaults to KERF_TEST_POSTGRES_URL; the run uses a schema of its
// own and drops it afterwards.
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/google/uuid"

	"kerf/internal/catalog"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
	"kerf/scripts/bench/benchdata"
)

const (
	importTarget = 3 * time.Second
	listTarget   = 200 * time.Millisecond
)

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "catalog benchmark:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("catalog", flag.ContinueOnError)
	rows := fs.Int("rows", 10000, "rows in the spreadsheet")
	runs := fs.Int("runs", 5, "list runs (the median is reported)")
	pg := fs.String("postgres", os.Getenv("KERF_TEST_POSTGRES_URL"), "PostgreSQL URL (empty: SQLite only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	file, err := benchdata.Products(*rows)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "catalog benchmark: %d-row product spreadsheet (%.1f MB), %s, %d CPUs, load average %s\n",
		*rows, float64(len(file))/1e6, runtime.Version(), runtime.NumCPU(), loadAverage())
	fmt.Fprintf(out, "targets: import < %v, list of the whole directory < %v\n\n", importTarget, listTarget)
	tmp, err := os.MkdirTemp("", "kerf-bench-catalog-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dialects := []struct{ name, url string }{{db.SQLite, "sqlite://" + filepath.Join(tmp, "bench.db")}}
	if *pg != "" {
		u, drop, err := pgSchema(*pg)
		if err != nil {
			return err
		}
		defer drop()
		dialects = append(dialects, struct{ name, url string }{db.Postgres, u})
	} else {
		fmt.Fprintln(out, "PostgreSQL: skipped (no -postgres and no KERF_TEST_POSTGRES_URL)")
	}
	failed := false
	for _, d := range dialects {
		ok, err := bench(ctx, out, d.name, d.url, file, *rows, *runs)
		if err != nil {
			return fmt.Errorf("%s: %w", d.name, err)
		}
		failed = failed || !ok
	}
	if failed {
		fmt.Fprintln(out, "\nRESULT: a target was missed")
	} else {
		fmt.Fprintln(out, "\nRESULT: all targets met")
	}
	return nil
}

func bench(ctx context.Context, out io.Writer, name, dbURL string, file []byte, rows, runs int) (bool, error) {
	d, err := db.Open(ctx, dbURL)
	if err != nil {
		return false, err
	}
	defer d.Close()
	texts := localization.NewCatalog()
	m := catalog.New(catalog.Deps{DB: d, Catalog: texts})
	texts.Add(m.Texts())
	if err := d.Migrate(ctx, m.Migrations()); err != nil {
		return false, err
	}
	svc := m.Service()
	tenant := uuid.New()
	ctx = tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenant, Name: "bench"})
	ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: &tenant, UserName: "bench"})
	dir, err := svc.CreateCatalog(ctx, catalog.CreateCatalogInput{DisplayName: "bench", ModuleName: catalog.ModuleProduct})
	if err != nil {
		return false, err
	}

	var n int
	imp, impMem, err := measure(func() error {
		var err error
		n, err = svc.ImportProducts(ctx, dir.ID, bytes.NewReader(file))
		return err
	})
	if err != nil {
		return false, err
	}
	if n != rows {
		return false, fmt.Errorf("imported %d rows, want %d", n, rows)
	}

	q := catalog.ItemQuery{CatalogIDs: []uuid.UUID{dir.ID}}
	var times []time.Duration
	var listMem memory
	var encoded int
	for range runs {
		t, mem, err := measure(func() error {
			items, total, err := svc.ListProducts(ctx, q)
			if err != nil {
				return err
			}
			if total != rows {
				return fmt.Errorf("listed %d products, want %d", total, rows)
			}
			var buf bytes.Buffer
			err = json.NewEncoder(&buf).Encode(map[string]any{"items": items, "totalCount": total})
			encoded = buf.Len()
			return err
		})
		if err != nil {
			return false, err
		}
		times = append(times, t)
		listMem = mem
	}
	slices.Sort(times)
	list := times[len(times)/2]
	var pages []time.Duration
	for range runs {
		t, _, err := measure(func() error {
			_, _, err := svc.ListProducts(ctx, catalog.ItemQuery{CatalogIDs: []uuid.UUID{dir.ID}, Limit: 999})
			return err
		})
		if err != nil {
			return false, err
		}
		pages = append(pages, t)
	}
	slices.Sort(pages)
	page := pages[len(pages)/2]

	verdict := func(t, target time.Duration) string {
		if t < target {
			return "ok"
		}
		return "MISSED"
	}
	fmt.Fprintf(out, "%s (load average %s)\n", name, loadAverage())
	fmt.Fprintf(out, "  import %d rows:          %8s wall, %8s CPU here  (target < %v: %s)  peak Go heap %s, peak RSS %s\n",
		rows, round(imp), round(impMem.cpu), importTarget, verdict(imp, importTarget), mb(impMem.heap), mb(impMem.rss))
	fmt.Fprintf(out, "  list %d in one dir:     %8s wall, %8s CPU here  (median of %d; query + JSON of %.1f MB; target < %v: %s)  peak Go heap %s\n",
		rows, round(list), round(listMem.cpu), runs, float64(encoded)/1e6, listTarget, verdict(list, listTarget), mb(listMem.heap))
	fmt.Fprintf(out, "  first page of 999 (API):  %8s wall (median; with its total count)\n", round(page))
	return imp < importTarget && list < listTarget, nil
}

type memory struct {
	heap, rss uint64
	cpu       time.Duration // CPU time of this process (user + system) during the call
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAverage reads the one-minute load average, to judge how busy the machine was.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	return strings.Fields(string(b))[0]
}

// measure times fn and samples the Go heap every millisecond; rss is the process's peak
// resident set (reset before fn where the kernel allows it).
func measure(fn func() error) (time.Duration, memory, error) {
	runtime.GC()
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // resets VmHWM on Linux
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	var mu sync.Mutex
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			mu.Lock()
			peak = max(peak, sample[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	cpu0, start := cpuTime(), time.Now()
	err := fn()
	elapsed, cpu := time.Since(start), cpuTime()-cpu0
	close(stop)
	<-done
	return elapsed, memory{heap: peak, rss: peakRSS(), cpu: cpu}, err
}

func peakRSS() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				kb, _ := strconv.ParseUint(f[1], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}

func mb(b uint64) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f MB", float64(b)/(1<<20))
}

func round(d time.Duration) time.Duration { return d.Round(time.Millisecond / 10) }

// pgSchema creates a schema of its own in base and returns a URL using it and a function
// that drops it.
func pgSchema(base string) (string, func(), error) {
	schema := "bench_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		_ = admin.Close()
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		_ = admin.Close()
	}, nil
}
