// Command optimization measures panel-saw optimisation through the HTTP API (issue 14), per
// dialect, with the whole server in this process (app.New, Prepare with the demo seed, the
// job queue started as kerf serve starts it) behind a real http.Server on loopback, logged in
// as the demo tenant's admin through /connect/token:
//
//  1. One order of -parts part copies (kitchen and wardrobe cabinets on one 18 mm white
//     melamine with an unlimited 2800 × 2070 board) written as the .xlsx of the demo's
//     default import-file setting, uploaded, verified, run with a -time-limit engine budget
//     (progress polled every 200 ms, as the page does), its result JSON and solution zip
//     downloaded. Prints each step's time, the engine's and the writing's (seen from the
//     server's own statements), boards, utilisation and lower bound beside the target of
//     issue 14: under 10 s end to end with a 5 s engine budget.
//  2. -runs import files of 100–300 copies each over three materials, started at once on
//     the queue's workers (KERF_JOB_WORKERS): total wall time, queue wait and run time per
//     run (p50, max), and whether every run started and finished exactly once.
//
// Figures are printed, never asserted: the machine's load shows in them.
//
//	go run ./scripts/bench/optimization [-parts 2000] [-runs 20] [-time-limit 5s]
//	                                    [-postgres URL] [-skip-sqlite] [-save DIR]
//
// The PostgreSQL URL defaults to KERF_TEST_POSTGRES_URL; the run uses a schema of its own
// and drops it afterwards.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"kerf/internal/platform/jobs"
	"kerf/scripts/bench/benchkit"
)

// errFault is a fault the benchmark found in the server (a download refused, a run worked
// more than once): reported with the figures, and the rest still runs; the command then
// exits with an error.
var errFault = errors.New("fault")

// The target of issue 14: a 2,000-part order from upload to finished solution.
const targetEndToEnd = 10 * time.Second

func main() { benchkit.Main("optimization benchmark", run) }

type options struct {
	parts     int
	runs      int
	timeLimit time.Duration
	save      string // folder for scenario 1's downloads; empty: not kept
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("optimization", flag.ContinueOnError)
	var o options
	fs.IntVar(&o.parts, "parts", 2000, "part copies in the single order (scenario 1)")
	fs.IntVar(&o.runs, "runs", 20, "runs queued at once (scenario 2; 0 skips it)")
	fs.DurationVar(&o.timeLimit, "time-limit", 5*time.Second, "the engine's time limit of every run (whole seconds, 1–60)")
	fs.StringVar(&o.save, "save", "", "write scenario 1's result JSON and zip into this folder (per dialect)")
	pg := benchkit.PostgresFlag(fs)
	skipSQLite := fs.Bool("skip-sqlite", false, "measure PostgreSQL only")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.parts < 1 || o.runs < 0 || o.timeLimit < time.Second || o.timeLimit > time.Minute || o.timeLimit%time.Second != 0 {
		return errors.New("-parts must be positive, -runs not negative, -time-limit whole seconds from 1s to 60s")
	}
	workers := jobs.ConfigFromEnv().Workers
	fmt.Fprintf(out, "optimization benchmark: %d-part order, %d queued runs, engine time limit %v; %s, %d CPUs, GOMAXPROCS %d, "+
		"job workers %d (%s), load average %s\n\n", o.parts, o.runs, o.timeLimit, runtime.Version(), runtime.NumCPU(),
		runtime.GOMAXPROCS(0), workers, envOr(jobs.EnvWorkers, "default"), benchkit.LoadAverage())
	tmp, err := os.MkdirTemp("", "kerf-bench-optimization-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dialects, drop, err := benchkit.Dialects(out, tmp, *pg, "bench_opt", !*skipSQLite, true)
	if err != nil {
		return err
	}
	defer drop()
	var faults []error
	for _, d := range dialects {
		err := bench(ctx, out, d.Name, d.URL, filepath.Join(tmp, d.Name), o)
		if errors.Is(err, errFault) {
			faults = append(faults, fmt.Errorf("%s: %w", d.Name, err))
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
	}
	return errors.Join(faults...)
}

// bench serves the app on dbURL and runs both scenarios against it.
func bench(ctx context.Context, out io.Writer, name, dbURL, dataDir string, o options) error {
	a, err := benchkit.NewApp(ctx, dbURL, dataDir)
	if err != nil {
		return err
	}
	defer a.Close()
	w := newWatch()
	a.DB.AddQueryHook(w)
	if err := a.StartJobs(ctx); err != nil {
		return err
	}
	base, shutdown, err := benchkit.Serve(ctx, a)
	if err != nil {
		return err
	}
	defer shutdown() // handlers finish before the app closes
	hc := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: time.Minute}}
	kc, err := benchkit.Login(ctx, hc, base)
	if err != nil {
		return err
	}
	c := &client{kc}
	env, err := setUp(ctx, c, o.timeLimit)
	if err != nil {
		return err
	}
	if o.save != "" {
		o.save = filepath.Join(o.save, name)
	}
	fmt.Fprintf(out, "== %s\n", name)
	var faults []error
	if err := singleOrder(ctx, out, c, w, env, o); errors.Is(err, errFault) {
		faults = append(faults, fmt.Errorf("single order: %w", err))
	} else if err != nil {
		return fmt.Errorf("single order: %w", err)
	}
	if o.runs > 0 {
		if err := queuedRuns(ctx, out, c, w, a.DB, env, o); errors.Is(err, errFault) {
			faults = append(faults, fmt.Errorf("queued runs: %w", err))
		} else if err != nil {
			return fmt.Errorf("queued runs: %w", err)
		}
	}
	fmt.Fprintln(out)
	return errors.Join(faults...)
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return name + "=" + v
	}
	return fallback
}

func secs(d time.Duration) string { return fmt.Sprintf("%6.2f s", d.Seconds()) }
