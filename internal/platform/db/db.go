// Package db opens the database (SQLite or PostgreSQL), applies versioned migrations and
// gives stores queries that are already scoped to the current tenant and hide soft-deleted
// rows.
package db

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // also registers the "pgx" driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"kerf/internal/platform/apperr"
)

// Dialect names.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// DB is the application's database handle.
type DB struct {
	*bun.DB
	Kind string // SQLite or Postgres
	URL  string // as given to Open (the bus opens its own listening connection with it)

	sqlitePath string       // the SQLite file (":memory:" for none); Exclusive locks a file beside it
	reconnects atomic.Int64 // dead PostgreSQL connections replaced
	counts     Counts       // List's totals kept per replica (SetCounts); nil: always counted

	tenants *tenantRouter // tenants on their own databases (UseTenantDatabases); nil: none
	host    *DB           // for a tenant's own database, the root that opened it
}

// Reconnects returns how many dead connections were replaced by fresh ones since Open.
func (d *DB) Reconnects() int64 { return d.reconnects.Load() }

// Pool sizes the connection pool; a zero field takes the default.
type Pool struct {
	MaxOpen     int           // default: 20 on PostgreSQL, 4 on SQLite (one writer at a time)
	MaxIdle     int           // default: MaxOpen, so a busy pool never closes and reopens connections
	MaxLifetime time.Duration // default: none
	MaxIdleTime time.Duration // default: none
}

// Open connects to url: sqlite://path/to/file.db or postgres://... with the default pool.
func Open(ctx context.Context, rawURL string) (*DB, error) { return OpenPool(ctx, rawURL, Pool{}) }

// OpenPool connects to url with the pool settings p. On PostgreSQL the connections carry
// application_name=kerf and use the simple query protocol unless the URL says otherwise
// (application_name, default_query_exec_mode), and a connection found dead is replaced
// in place (see resilientConn).
func OpenPool(ctx context.Context, rawURL string, p Pool) (*DB, error) {
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		cfg, err := pgx.ParseConfig(rawURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		if cfg.RuntimeParams["application_name"] == "" {
			cfg.RuntimeParams["application_name"] = "kerf"
		}
		if u, err := url.Parse(rawURL); err == nil && !u.Query().Has("default_query_exec_mode") {
			// bun writes values into the SQL, so nearly every statement is new: pgx's
			// default (prepare, cache, execute) would cost a second round trip and about
			// twice PostgreSQL's CPU per statement for a cache that never hits.
			cfg.DefaultQueryExecMode = pgx.QueryExecModeSimpleProtocol
		}
		d := &DB{Kind: Postgres, URL: rawURL}
		sqldb := sql.OpenDB(resilientConnector{stdlib.GetConnector(*cfg), &d.reconnects})
		p.apply(sqldb, 20)
		d.DB = bun.NewDB(sqldb, pgdialect.New())
		if err := d.PingContext(ctx); err != nil {
			_ = d.Close()
			return nil, fmt.Errorf("connect postgres: %w", err)
		}
		return d, nil
	case strings.HasPrefix(rawURL, "sqlite://"), strings.HasPrefix(rawURL, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite://"), "sqlite:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if path != ":memory:" {
			if dir := filepath.Dir(path); dir != "." {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return nil, fmt.Errorf("create database folder: %w", err)
				}
			}
		}
		q := url.Values{}
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "synchronous(NORMAL)")
		q.Set("_txlock", "immediate")
		sqldb, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		// One writer at a time is SQLite's rule; a small pool keeps reads concurrent.
		p.apply(sqldb, 4)
		d := &DB{DB: bun.NewDB(sqldb, sqlitedialect.New()), Kind: SQLite, URL: rawURL, sqlitePath: path}
		if err := d.PingContext(ctx); err != nil {
			_ = d.Close()
			return nil, fmt.Errorf("connect sqlite: %w", err)
		}
		return d, nil
	default:
		return nil, fmt.Errorf("database url %q: want sqlite://FILE or postgres://...", rawURL)
	}
}

func (p Pool) apply(sqldb *sql.DB, defaultOpen int) {
	if p.MaxOpen <= 0 {
		p.MaxOpen = defaultOpen
	}
	if p.MaxIdle <= 0 || p.MaxIdle > p.MaxOpen {
		p.MaxIdle = p.MaxOpen
	}
	sqldb.SetMaxOpenConns(p.MaxOpen)
	sqldb.SetMaxIdleConns(p.MaxIdle)
	sqldb.SetConnMaxLifetime(p.MaxLifetime)
	sqldb.SetConnMaxIdleTime(p.MaxIdleTime)
}

// resilientConnector hands database/sql PostgreSQL connections that replace themselves
// when they die (a restarted server, pg_terminate_backend, a request abandoned mid-query),
// so that a request is not answered 500 for a connection that was dead before it came.
// database/sql retries driver.ErrBadConn only a few times and only outside
// transactions; a pool whose every connection was cut would use up those tries.
type resilientConnector struct {
	driver.Connector
	reconnects *atomic.Int64
}

func (c resilientConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &resilientConn{Conn: conn.(*stdlib.Conn), connector: c}, nil
}

// resilientConn is a pgx connection that is replaced by a fresh one
//   - when database/sql takes it from the pool and it is found closed or not answering
//     a ping (pgx pings connections idle over a second), and
//   - when it dies under a statement that is safe to run again: one sent outside a
//     transaction that either never reached the server (pgx says so) or only reads
//     (SELECT); the statement then runs once more on the new connection.
//
// A statement inside a transaction is never run again (the transaction is gone: its
// error goes to the caller), nor is a write whose fate is unknown.
type resilientConn struct {
	*stdlib.Conn
	connector resilientConnector
}

func (c *resilientConn) ResetSession(ctx context.Context) error {
	err := c.Conn.ResetSession(ctx)
	if errors.Is(err, driver.ErrBadConn) {
		return c.replace(ctx)
	}
	return err
}

// QueryContext runs a query; a read outside a transaction has its first rows taken in
// before the caller sees any, so that it can still run again if the connection dies
// while they arrive.
func (c *resilientConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	alone := c.outsideTx()
	ahead := alone && readOnly(query)
	for runs := 1; ; runs++ {
		rows, err := c.Conn.QueryContext(ctx, query, args)
		if err == nil && !ahead {
			return rows, nil
		}
		if err == nil {
			var buffered driver.Rows
			if buffered, err = readAhead(rows.(*stdlib.Rows)); err == nil {
				return buffered, nil
			}
		}
		if runs > maxReruns || !c.rerun(ctx, alone, query, err) {
			return nil, err
		}
	}
}

func (c *resilientConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	alone := c.outsideTx()
	for runs := 1; ; runs++ {
		res, err := c.Conn.ExecContext(ctx, query, args)
		if err == nil || runs > maxReruns || !c.rerun(ctx, alone, query, err) {
			return res, err
		}
	}
}

// maxReruns bounds how often one statement runs again on a fresh connection.
const maxReruns = 2

// aheadRows is how many rows of a read are taken in before the caller sees any (pages
// are far shorter); a longer result streams past them and cannot run again once its
// first rows were handed out.
const aheadRows = 256

// bufferedRows answers the rows taken in ahead, then the rest of the stream, if any.
type bufferedRows struct {
	*stdlib.Rows // columns and their types
	columns      []string
	buf          [][]driver.Value
	next         int
	more         bool // rows remain in the stream after buf
}

// readAhead takes up to aheadRows rows from rows; on an error it closes rows.
func readAhead(rows *stdlib.Rows) (driver.Rows, error) {
	b := &bufferedRows{Rows: rows, columns: rows.Columns()}
	for len(b.buf) < aheadRows {
		dest := make([]driver.Value, len(b.columns))
		err := rows.Next(dest)
		if errors.Is(err, io.EOF) {
			return b, nil
		}
		if err != nil {
			_ = rows.Close()
			return nil, err
		}
		for i, v := range dest {
			if bs, ok := v.([]byte); ok { // the driver may reuse its buffer
				dest[i] = bytes.Clone(bs)
			}
		}
		b.buf = append(b.buf, dest)
	}
	b.more = true
	return b, nil
}

func (b *bufferedRows) Columns() []string { return b.columns }

func (b *bufferedRows) Next(dest []driver.Value) error {
	if b.next < len(b.buf) {
		copy(dest, b.buf[b.next])
		b.buf[b.next] = nil
		b.next++
		return nil
	}
	if !b.more {
		return io.EOF
	}
	return b.Rows.Next(dest)
}

// BeginTx begins on a fresh connection when this one died before or during BEGIN
// (nothing has happened in the transaction yet).
func (c *resilientConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.Conn.BeginTx(ctx, opts)
	if err != nil && ctx.Err() == nil && c.Conn.Conn().IsClosed() {
		if c.replace(ctx) != nil {
			return nil, err
		}
		return c.Conn.BeginTx(ctx, opts)
	}
	return tx, err
}

func (c *resilientConn) outsideTx() bool { return c.Conn.Conn().PgConn().TxStatus() == 'I' }

// rerun reports whether a statement that failed with err may run again, and if so has
// replaced the connection it failed on.
func (c *resilientConn) rerun(ctx context.Context, alone bool, query string, err error) bool {
	if !alone || ctx.Err() != nil || !c.Conn.Conn().IsClosed() {
		return false // inside a transaction, abandoned by the caller, or an error of SQL
	}
	if !errors.Is(err, driver.ErrBadConn) && !readOnly(query) {
		return false // a write that may have been applied
	}
	return c.replace(ctx) == nil
}

// replace closes the dead connection and connects anew in its place.
func (c *resilientConn) replace(ctx context.Context) error {
	_ = c.Conn.Close()
	conn, err := c.connector.Connector.Connect(ctx)
	if err != nil {
		slog.WarnContext(ctx, "database connection lost; reconnecting failed", "err", err)
		return driver.ErrBadConn
	}
	c.Conn = conn.(*stdlib.Conn)
	c.connector.reconnects.Add(1)
	return nil
}

// readOnly reports whether query is a plain SELECT, which may run twice.
func readOnly(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	return len(q) >= 6 && strings.EqualFold(q[:6], "SELECT")
}

// InTx runs fn in one transaction, committing when fn returns nil; what fn registered with
// AfterCommit runs once the transaction has committed.
//
// On a root database that routes (UseTenantDatabases), the transaction is begun on the
// database of ctx's tenant when it has one of its own (TenantDB); what fn registered with
// AfterRollback runs when it does not commit.
func (d *DB) InTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	on, err := d.TenantDB(ctx)
	if err != nil {
		return err
	}
	ctx, after := withAfterCommit(ctx)
	if err := on.DB.RunInTx(ctx, nil, fn); err != nil {
		after.rolledBack()
		return err
	}
	after.run()
	return nil
}

// InHostTx is InTx on the host database whatever ctx's tenant: for a transaction that writes
// host tables only (settings, features, tenants) on behalf of a tenant that may have a
// database of its own, where InTx would begin on that database and refuse the host tables.
func (d *DB) InHostTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	ctx, after := withAfterCommit(ctx)
	if err := d.DB.RunInTx(ctx, nil, fn); err != nil {
		after.rolledBack()
		return err
	}
	after.run()
	return nil
}

// Exclusive runs fn while holding the lock called name, which every process using this
// database asks for by the same name, so fn runs in one process at a time (replicas
// starting together migrate and seed once). On PostgreSQL it is a session advisory lock,
// keyed by name and the current schema, held by a connection of its own; on SQLite, an
// exclusive lock on the file <database>.lock beside the database. Either goes away with
// the process if it dies. fn uses the pool as usual.
func (d *DB) Exclusive(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	switch {
	case d.Kind == Postgres:
		return d.advisoryLock(ctx, name, fn)
	case d.sqlitePath == "" || d.sqlitePath == ":memory:":
		return fn(ctx) // no other process can open this database
	default:
		return d.fileLock(ctx, name, fn)
	}
}

// advisoryLock holds the lock on a connection of its own, outside the pool (so a pool of
// one cannot deadlock); closing it releases the lock, also when the process dies.
func (d *DB) advisoryLock(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	conn, err := pgx.Connect(ctx, d.URL)
	if err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtext($1), hashtext(coalesce(current_schema(), '')))", name); err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	return fn(ctx)
}

func (d *DB) fileLock(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	lockDB, err := sql.Open("sqlite", "file:"+d.sqlitePath+".lock?_pragma=busy_timeout(200)")
	if err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer lockDB.Close()
	conn, err := lockDB.Conn(ctx)
	if err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	defer conn.Close()
	for {
		_, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE")
		if err == nil {
			break
		}
		var se *sqlite.Error
		if !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || ctx.Err() != nil {
			return fmt.Errorf("lock %s: %w", name, err)
		}
	}
	defer func() { _, _ = conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK") }()
	return fn(ctx)
}

// Errors stores return; the HTTP edge maps them to status codes.
var (
	ErrNotFound = apperr.ErrNotFound
	ErrConflict = apperr.ErrConflict
)

// NotFound wraps sql.ErrNoRows into ErrNotFound and passes other errors through.
func NotFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// LockInTx makes the transactions that name key wait for each other until the first one ends
// (for example creations that number siblings, which would otherwise choose the same next
// code). On PostgreSQL a transaction-level advisory lock; on SQLite nothing is needed, since
// write transactions already run one at a time (Kerf begins them IMMEDIATE).
func LockInTx(ctx context.Context, tx bun.IDB, key string) error {
	if tx.Dialect().Name() != dialect.PG {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext(?), hashtext(coalesce(current_schema(), '')))", key); err != nil {
		return fmt.Errorf("lock %s: %w", key, err)
	}
	return nil
}
