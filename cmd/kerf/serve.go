package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"kerf/internal/app"
	"kerf/internal/platform/config"
)

// open builds the app and applies migrations; fresh reports whether the database had
// no migrations before.
func open(ctx context.Context, cfg config.Config) (a *app.App, fresh bool, err error) {
	a, err = app.New(ctx, cfg)
	if err != nil {
		return nil, false, err
	}
	fresh, err = a.Fresh(ctx)
	if err == nil {
		err = a.Migrate(ctx)
	}
	if err != nil {
		a.Close()
		return nil, false, err
	}
	return a, fresh, nil
}

func serve(ctx context.Context, args []string, stderr io.Writer) error {
	cfg, err := config.Parse("serve", args, stderr)
	if err != nil {
		return err
	}
	a, fresh, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.Seed(ctx, cfg.Demo && fresh); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: a.Handler(), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	slog.Info("kerf is listening", "url", "http://"+ln.Addr().String(), "database", a.DB.Kind, "demo", cfg.Demo && fresh)
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
	a, _, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	a.Close()
	return nil
}

func seed(ctx context.Context, args []string, stderr io.Writer) error {
	cfg, err := config.Parse("seed", args, stderr)
	if err != nil {
		return err
	}
	a, _, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	return a.Seed(ctx, true)
}
