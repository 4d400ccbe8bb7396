package main

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"
)

// watch is a bun query hook that sees, from the statements the server sends, when each run
// started, when its engine ended (its last progress write: the engine reports 100 % as it
// returns), when its result was written (the finishing transaction's last statement and the
// COMMIT after it), and how many times each of these happened. The server records no such
// split itself; the whole server runs in this process, so its statements tell.
type watch struct {
	mu   sync.Mutex
	runs map[string]*runEvents // by run id
	// commitFor is the run whose finishing transaction has sent its last statement and not
	// yet committed; the next COMMIT is taken as its own (exact while one run finishes at a
	// time, as in the single-order scenario).
	commitFor *runEvents
}

type runEvents struct {
	starts, finishes int
	started          time.Time // the running row's write began
	engineEnd        time.Time // the last progress write before the result began
	resultAt         time.Time // the result's write began
	written          time.Time // the finishing transaction's last statement ended
	committed        time.Time // the COMMIT after it ended
}

// The run a statement is about: opt_runs' key, or opt_run_files' run_id.
var (
	runKeyRE  = regexp.MustCompile(`\."?id"? = '([0-9a-f-]{36})'`)
	runFileRE = regexp.MustCompile(`run_id = '([0-9a-f-]{36})'`)
)

func newWatch() *watch { return &watch{runs: map[string]*runEvents{}} }

func (w *watch) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (w *watch) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	if e.Err != nil {
		return
	}
	q := e.Query
	now := time.Now()
	switch {
	case q == "COMMIT":
		w.mu.Lock()
		if w.commitFor != nil {
			w.commitFor.committed = now
			w.commitFor = nil
		}
		w.mu.Unlock()
	case strings.HasPrefix(q, `UPDATE "opt_runs"`):
		has := func(col string) bool { return strings.Contains(q, `"`+col+`" = `) }
		w.each(runKeyRE, q, func(r *runEvents) {
			switch {
			case has("result"):
				r.finishes++
				r.resultAt = e.StartTime
			case has("started_at") && has("status"):
				r.starts++
				r.started = e.StartTime
			case has("progress_boards") && !has("status"):
				r.engineEnd = e.StartTime
			}
		})
	case strings.HasPrefix(q, `UPDATE "opt_import_files"`) && strings.Contains(q, "opt_run_files"):
		// The finishing transaction's last statement: the run's files become optimised.
		w.each(runFileRE, q, func(r *runEvents) {
			r.written = now
			w.commitFor = r
		})
	}
}

// each calls f, under the lock, for the run the statement names through re.
func (w *watch) each(re *regexp.Regexp, q string, f func(*runEvents)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if m := re.FindStringSubmatch(q); m != nil {
		id := m[1]
		r := w.runs[id]
		if r == nil {
			r = &runEvents{}
			w.runs[id] = r
		}
		f(r)
	}
}

// of answers what was seen of a run.
func (w *watch) of(id string) runEvents {
	w.mu.Lock()
	defer w.mu.Unlock()
	if r := w.runs[id]; r != nil {
		return *r
	}
	return runEvents{}
}
