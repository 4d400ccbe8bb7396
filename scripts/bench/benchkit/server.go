package benchkit

import (
	"context"
	"net"
	"net/http"
	"time"

	"kerf/internal/app"
	"kerf/internal/platform/config"
)

// NewApp builds the whole server on dbURL as kerf serve does, with the demo tenant seeded
// (app.New, then Prepare: migrations and demo data); its files go under dataDir. The caller
// closes it.
func NewApp(ctx context.Context, dbURL, dataDir string) (*app.App, error) {
	cfg := config.Default()
	cfg.Database, cfg.DataDir, cfg.Demo = dbURL, dataDir, true
	a, err := app.New(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := a.Prepare(ctx, true); err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}

// Serve serves a's handler through a real http.Server on a loopback port. It answers the
// server's base URL (http://127.0.0.1:port) and a func that shuts the server down, letting
// handlers under way finish for up to 10 s: call it before closing a.
func Serve(ctx context.Context, a *app.App) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: a.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	stop := func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}
	return "http://" + ln.Addr().String(), stop, nil
}
