package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"kerf/internal/app"
	"kerf/internal/platform/config"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/jobs"
)

// workerAddr is where kerf worker answers /healthz and /metrics unless --addr says otherwise
// (KERF_ADDR is the server's, so a worker beside a server does not take its port).
const workerAddr = "127.0.0.1:8081"

// parse reads the server's flags for command name, plus those extra declares.
func parse(name string, args []string, stderr io.Writer, c config.Config, extra func(fs *flag.FlagSet)) (config.Config, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	config.Flags(fs, &c)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return c, fmt.Errorf("%s: %w", name, err)
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("%s: unexpected argument %q", name, fs.Arg(0))
	}
	return c, nil
}

// worker works jobs (KERF_JOB_WORKERS at once) without serving the API: it migrates
// nothing (it waits until kerf serve or kerf migrate has), answers only /healthz and
// /metrics on --addr, and on SIGTERM lets running jobs finish for a while, cancels the rest
// (they are retried by another process) and exits.
func worker(ctx context.Context, args []string, stderr io.Writer) error {
	c := config.Default()
	c.Addr = workerAddr
	cfg, err := parse("worker", args, stderr, c, nil)
	if err != nil {
		return err
	}
	if jobs.ConfigFromEnv().Workers == 0 {
		return fmt.Errorf("%s=0: a worker without workers has nothing to do", jobs.EnvWorkers)
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close() // stops the jobs
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		httpapi.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.Handle("GET /metrics", a.Metrics.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	defer func() {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	if err := a.WaitMigrated(ctx, 2*time.Second); err != nil {
		if ctx.Err() != nil {
			return nil // stopped before there was work
		}
		return err
	}
	if err := a.StartJobs(ctx); err != nil {
		return err
	}
	slog.Info("kerf worker is working jobs", "health", "http://"+ln.Addr().String()+"/healthz", "database", a.DB.Kind)
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	slog.Info("shutting down: finishing running jobs")
	return nil
}
