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
)

func serve(ctx context.Context, args []string, stderr io.Writer) error {
	workJobs := true
	cfg, err := parse("serve", args, stderr, config.Default(), func(fs *flag.FlagSet) {
		fs.BoolVar(&workJobs, "jobs", true, "work jobs in this process too (KERF_JOB_WORKERS at once)")
	})
	if err != nil {
		return err
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	// Migrate and seed once across replicas starting together; demo data only into an
	// empty database.
	if err := a.Prepare(ctx, cfg.Demo); err != nil {
		return err
	}
	if workJobs {
		if err := a.StartJobs(ctx); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: a.Handler(), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	slog.Info("kerf is listening", "url", "http://"+ln.Addr().String(), "database", a.DB.Kind)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down: draining requests")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

func migrate(ctx context.Context, args []string, stderr io.Writer) error {
	cfg, err := config.Parse("migrate", args, stderr)
	if err != nil {
		return err
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	return a.Exclusive(ctx, a.Migrate)
}

func seed(ctx context.Context, args []string, stderr io.Writer) error {
	cfg, err := config.Parse("seed", args, stderr)
	if err != nil {
		return err
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	return a.Exclusive(ctx, func(ctx context.Context) error {
		if err := a.Migrate(ctx); err != nil {
			return err
		}
		return a.Seed(ctx, true)
	})
}
