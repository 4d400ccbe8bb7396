// Command kerf is the Kerf server and its tools: serve (the default), migrate, seed,
// worker, optimize, openapi and keys.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, args, stderr)
	case "worker":
		err = worker(ctx, args, stderr)
	case "migrate":
		err = migrate(ctx, args, stderr)
	case "seed":
		err = seed(ctx, args, stderr)
	case "optimize":
		return optimize(ctx, args, stdout, stderr)
	case "openapi":
		err = openapiCmd(ctx, args, stdout, stderr)
	case "keys":
		err = keysCmd(ctx, args, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "kerf: unknown command %q\n\n%s\n", cmd, usage)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "kerf %s: %v\n", cmd, err)
		return 1
	}
	return 0
}

const usage = `usage: kerf [command] [flags]

commands:
  serve     start the server (default): migrates, seeds, listens, works jobs (--jobs=false: not)
  worker    work jobs only (no migrations); answers /healthz and /metrics on --addr (default 127.0.0.1:8081)
  migrate   apply database migrations and exit
  seed      apply migrations and seed the demo data, then exit
  optimize  run the panel-saw cutting optimiser on CSV files
  openapi   write the API's OpenAPI document (--out FILE, default stdout)
  keys      list the token signing keys; keys rotate: a new key signs at once

flags of serve, worker, migrate, seed and keys (with their environment equivalents):
  --addr             KERF_ADDR             listen address (default 127.0.0.1:8080)
  --database         KERF_DATABASE         sqlite://FILE (default sqlite://data/kerf.db) or postgres://...
  --data-dir         KERF_DATA_DIR         folder for local blobs and the generated secret (default data)
  --secret           KERF_SECRET           encrypts the signing keys in the database; replicas share it
                                           (default: one generated once in <data-dir>/secret)
  --blob             KERF_BLOB             file store: file:///folder or s3://bucket?endpoint=...
                                           (default file://<data-dir>/blobs)
  --trusted-proxies  KERF_TRUSTED_PROXIES  addresses or CIDRs whose X-Forwarded-For is believed
  --admin-password   KERF_ADMIN_PASSWORD   first admin's password without demo data (default: random, printed once)
  --key-rotation     KERF_KEY_ROTATION     age at which a new signing key signs (default 720h; 0: off)
  --audit-reads      KERF_AUDIT_READS      record GET requests in the audit log too (default false)
  --multi-tenancy    KERF_MULTI_TENANCY    tenants on (default true); off: one factory, no tenant administration
  --db-max-open-conns, --db-max-idle-conns, --db-conn-max-lifetime, --db-conn-max-idle-time
                     KERF_DB_MAX_OPEN_CONNS, KERF_DB_MAX_IDLE_CONNS, KERF_DB_CONN_MAX_LIFETIME,
                     KERF_DB_CONN_MAX_IDLE_TIME: the database connection pool
  --demo             KERF_DEMO             seed demo data into an empty database (default true)
  --jobs (serve)                           work jobs in the server process too (default true)
                     KERF_JOB_WORKERS      jobs a serve or worker process works at once (default 2)`
