// Package benchkit holds what the HTTP benchmarks under scripts/bench share: the command's
// frame (interrupt, logging, exit), the databases measured on (SQLite in a file, PostgreSQL in
// a schema of the run's own), the whole server in this process behind a real http.Server on
// loopback, and a client logged in as the demo tenant's admin.
package benchkit

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/google/uuid"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver

	"kerf/internal/platform/db"
)

// Main runs a benchmark command: the server logs warnings and errors to stderr, run gets the
// command's arguments and stdout under a context that an interrupt or SIGTERM cancels (so an
// interrupted run still drops its PostgreSQL schema), and a failure is printed after name and
// exits with status 1.
func Main(name string, run func(ctx context.Context, args []string, out io.Writer) error) {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}

// PostgresFlag defines -postgres on fs, the PostgreSQL server to measure on, by default
// KERF_TEST_POSTGRES_URL.
func PostgresFlag(fs *flag.FlagSet) *string {
	return fs.String("postgres", os.Getenv("KERF_TEST_POSTGRES_URL"), "PostgreSQL URL (empty: SQLite only)")
}

// Dialect is a database a run measures on: its kind (db.SQLite or db.Postgres) and its URL.
type Dialect struct{ Name, URL string }

// Dialects answers the databases to measure on, in this order: SQLite in a file under dir
// (when sqlite), and PostgreSQL at pgURL in a schema of its own named prefix_… (when postgres
// and pgURL is set; with no URL a line on out says it is skipped). Call the returned func when
// done: it drops the schema. None left to measure is an error.
func Dialects(out io.Writer, dir, pgURL, prefix string, sqlite, postgres bool) ([]Dialect, func(), error) {
	var ds []Dialect
	drop := func() {}
	if sqlite {
		ds = append(ds, Dialect{db.SQLite, "sqlite://" + filepath.Join(dir, "bench.db")})
	}
	if postgres && pgURL != "" {
		u, d, err := PostgresSchema(pgURL, prefix)
		if err != nil {
			return nil, nil, err
		}
		ds, drop = append(ds, Dialect{db.Postgres, u}), d
	} else if postgres {
		fmt.Fprintln(out, "PostgreSQL: skipped (no -postgres and no KERF_TEST_POSTGRES_URL)")
	}
	if len(ds) == 0 {
		return nil, nil, errors.New("no dialect left to measure")
	}
	return ds, drop, nil
}

// PostgresSchema creates a schema of its own, named prefix_ and 12 random hex digits, on the
// PostgreSQL at base, and answers a URL that uses it (search_path; application_name
// kerf-<schema>, by which the app's backends can be found) and a func that drops it.
func PostgresSchema(base, prefix string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	schema := prefix + "_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		_ = admin.Close()
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	drop := func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		_ = admin.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	q.Set("application_name", "kerf-"+schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

// LoadAverage is the machine's 1, 5 and 15 minute load averages (Linux), or "unknown".
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
