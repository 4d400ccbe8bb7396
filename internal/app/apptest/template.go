package apptest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/app"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db/dbtest"
)

// Building, migrating and demo-seeding a database is most of an API test's time (seconds
// under -race). Each test process does it once per dialect, into a template, and every Env
// starts on a copy: the SQLite file copied, a PostgreSQL database created from the template
// database. New still runs the migrations and seeds on the copy (they find nothing to do),
// so what a test sees is what a fresh installation has.

// testSecret encrypts the template's signing keys, unless KERF_SECRET is set (tests of
// replicas set their own): a template is kept per secret, and every copy opens its keys with it.
const testSecret = "kerf apptest: the secret of every copy of the template"

func secret() string {
	if s := os.Getenv("KERF_SECRET"); s != "" {
		return s
	}
	return testSecret
}

// staleAfter is when a template or copy left behind by a test process that ended is removed
// (a test binary's timeout is 20 minutes).
const staleAfter = 2 * time.Hour

var templates struct {
	mu     sync.Mutex
	sqlite map[string]string // secret → the seeded template file
	pg     map[string]string // secret → the seeded template database
	copies map[string]string // a PostgreSQL URL New was given → the URL of its copy
}

// prepared returns the URL New opens for dbURL: a copy of the seeded template the first time
// that database is asked for, the same copy after (two replicas on one database).
func prepared(t testing.TB, dbURL string) string {
	t.Helper()
	templates.mu.Lock()
	defer templates.mu.Unlock()
	if path, ok := sqlitePath(dbURL); ok {
		if _, err := os.Stat(path); err == nil {
			return dbURL // already there: a second replica, or a test's own database
		}
		tpl, ok := templates.sqlite[secret()]
		if !ok {
			var err error
			if tpl, err = buildSQLiteTemplate(); err != nil {
				t.Fatalf("apptest: SQLite template: %v", err)
			}
			if templates.sqlite == nil {
				templates.sqlite = map[string]string{}
			}
			templates.sqlite[secret()] = tpl
		}
		if err := copyFile(tpl, path); err != nil {
			t.Fatalf("apptest: copy the SQLite template: %v", err)
		}
		return dbURL
	}
	if u, ok := templates.copies[dbURL]; ok {
		return u
	}
	base := os.Getenv(dbtest.EnvPostgres)
	if base == "" {
		return dbURL
	}
	tpl, ok := templates.pg[secret()]
	if !ok {
		var err error
		if tpl, err = buildPostgresTemplate(base); err != nil {
			t.Fatalf("apptest: PostgreSQL template: %v", err)
		}
		if templates.pg == nil {
			templates.pg = map[string]string{}
		}
		templates.pg[secret()] = tpl
	}
	copyURL, err := createFromTemplate(t, base, dbURL, tpl)
	if err != nil {
		t.Fatalf("apptest: copy the PostgreSQL template: %v", err)
	}
	if templates.copies == nil {
		templates.copies = map[string]string{}
	}
	templates.copies[dbURL] = copyURL
	return copyURL
}

func sqlitePath(dbURL string) (string, bool) {
	if !strings.HasPrefix(dbURL, "sqlite:") {
		return "", false
	}
	return strings.TrimPrefix(strings.TrimPrefix(dbURL, "sqlite://"), "sqlite:"), true
}

// seed builds the app on dbURL, migrates and demo-seeds it, and closes it.
func seed(dbURL, dataDir string) error {
	ctx := context.Background()
	cfg := config.Default()
	cfg.Database, cfg.DataDir, cfg.Demo, cfg.Secret = dbURL, dataDir, true, secret()
	a, err := app.New(ctx, cfg)
	if err != nil {
		return fmt.Errorf("build app: %w", err)
	}
	defer a.Close()
	if err := a.Migrate(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if err := a.Seed(ctx, true); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	return nil
}

func buildSQLiteTemplate() (string, error) {
	removeStaleDirs()
	dir, err := os.MkdirTemp("", "kerf-apptest-")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "kerf.db")
	if err := seed("sqlite://"+path, filepath.Join(dir, "data")); err != nil {
		return "", err
	}
	// Closing the last connection checkpoints the WAL into the file; a file of its own
	// is what every copy starts from.
	if _, err := os.Stat(path + "-wal"); err == nil {
		return "", errors.New("the template's WAL was not checkpointed on close")
	}
	return path, nil
}

// removeStaleDirs removes the SQLite templates of test processes that ended long ago.
func removeStaleDirs() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "kerf-apptest-*"))
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && time.Since(fi.ModTime()) > staleAfter {
			_ = os.RemoveAll(d)
		}
	}
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		_ = dst.Close()
		return err
	}
	return dst.Close()
}

// dbName is a database name carrying its creation time, so a later process can tell the
// ones left behind: kerf_tpl_<unix>_<random>, kerf_copy_<unix>_<random>.
func dbName(kind string) string {
	return fmt.Sprintf("kerf_%s_%d_%s", kind, time.Now().Unix(), strings.ReplaceAll(uuid.NewString(), "-", "")[:12])
}

func withDatabase(dbURL, name string) (string, error) {
	u, err := url.Parse(dbURL)
	if err != nil {
		return "", fmt.Errorf("parse %s: %w", dbtest.EnvPostgres, err)
	}
	u.Path = "/" + name
	q := u.Query()
	q.Del("search_path")
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func buildPostgresTemplate(base string) (string, error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	dropStaleDatabases(admin)
	name := dbName("tpl")
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		return "", err
	}
	u, err := withDatabase(base, name)
	if err != nil {
		return "", err
	}
	dataDir, err := os.MkdirTemp("", "kerf-apptest-")
	if err != nil {
		return "", err
	}
	if err := seed(u, dataDir); err != nil {
		return "", err
	}
	return name, nil
}

// dropStaleDatabases drops the templates and copies of test processes that ended long ago.
func dropStaleDatabases(admin *sql.DB) {
	rows, err := admin.Query("SELECT datname FROM pg_database WHERE datname LIKE 'kerf\\_tpl\\_%' OR datname LIKE 'kerf\\_copy\\_%'")
	if err != nil {
		return
	}
	var stale []string
	for rows.Next() {
		var name string
		if rows.Scan(&name) != nil {
			continue
		}
		parts := strings.Split(name, "_")
		if len(parts) < 4 {
			continue
		}
		if sec, err := strconv.ParseInt(parts[2], 10, 64); err == nil && time.Since(time.Unix(sec, 0)) > staleAfter {
			stale = append(stale, name)
		}
	}
	_ = rows.Close()
	for _, name := range stale {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	}
}

// createFromTemplate creates a database from the template and drops it when t ends; the
// URL answered is dbURL's (its other parameters kept, such as application_name) on that database.
func createFromTemplate(t testing.TB, base, dbURL, template string) (string, error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	name := dbName("copy")
	// A connection of the template's app may still be closing; CREATE DATABASE waits for none.
	for attempt := 0; ; attempt++ {
		_, err = admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + template)
		if err == nil || attempt == 50 || !strings.Contains(err.Error(), "being accessed by other users") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		_ = admin.Close()
		return "", err
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		_ = admin.Close()
	})
	return withDatabase(dbURL, name)
}
