// Package jobs is Kerf's database-backed job queue: long work (optimisation runs, big
// imports and exports) that a request asks for and a worker does later, in this process or
// in another one on the same database. It wraps river (github.com/riverqueue/river): on
// PostgreSQL a river client on a pgx pool of its own (same URL as the app's), on SQLite one
// on the app's *sql.DB; river's tables come from the migration jobs/0001_river.
//
// A module registers its kinds once at wiring (Register), enqueues in the transaction of
// the write that asks for the work (Enqueue: the job and that write commit together or not
// at all), and may cancel (Cancel). A job is done once across processes (river locks rows
// with FOR UPDATE SKIP LOCKED), retried with backoff when its work fails, and worked again
// by another process when the one working it died (rescued once it has been running for
// its kind's timeout plus the rescue margin). Work must therefore be idempotent.
//
// The work runs outside any request: the tenant and the user who asked travel in the job's
// arguments (embed Actor, filled with ActorOf at enqueue) and the work restores them with
// Actor.Context before it touches tenant-scoped tables.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Defaults of Config.
const (
	DefaultWorkers      = 2
	DefaultRescueMargin = 30 * time.Second
	DefaultPollInterval = time.Second
	// DefaultTimeout is a kind's timeout when its KindOptions give none.
	DefaultTimeout = time.Minute
	// EnvWorkers names the environment variable ConfigFromEnv reads Workers from.
	EnvWorkers = "KERF_JOB_WORKERS"
)

// Config tunes a Queue; zero fields take the defaults.
type Config struct {
	// Workers is how many jobs this process works at once (KERF_JOB_WORKERS). Zero makes
	// the queue insert-only: it enqueues and cancels, and Start does nothing. Negative: the
	// default, 2.
	Workers int
	// RescueMargin is added to a kind's timeout to give how long a job may stay running
	// before it is taken for the work of a dead process and worked again (default 30 s).
	RescueMargin time.Duration
	// PollInterval is how often idle workers look for jobs no notification announced
	// (default 1 s; PostgreSQL notifies at once, SQLite within 50 ms).
	PollInterval time.Duration
	// Logger receives river's warnings and errors (default slog.Default()).
	Logger *slog.Logger

	leaderElectionDisabled bool // tests: a process that must not be the leader
}

// ConfigFromEnv returns the defaults with Workers read from KERF_JOB_WORKERS.
func ConfigFromEnv() Config {
	c := Config{Workers: DefaultWorkers}
	if n, err := strconv.Atoi(os.Getenv(EnvWorkers)); err == nil && n >= 0 {
		c.Workers = n
	}
	return c
}

func (c Config) withDefaults() Config {
	if c.Workers < 0 {
		c.Workers = DefaultWorkers
	}
	if c.RescueMargin <= 0 {
		c.RescueMargin = DefaultRescueMargin
	}
	if c.PollInterval <= 0 {
		c.PollInterval = DefaultPollInterval
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// queueName is river's queue every kind goes to (one queue; Workers bounds the process).
const queueName = river.QueueDefault

// ErrNotRegistered is returned by Enqueue for a kind no module registered.
var ErrNotRegistered = errors.New("jobs: kind not registered")

// Queue is the job queue of one process.
type Queue struct {
	d       *db.DB
	cfg     Config
	workers *river.Workers // shared by every client: kinds are added at wiring, before Start
	logger  *slog.Logger   // river's: warnings and errors only

	// insert enqueues and cancels in the caller's database/sql transaction: river's
	// database/sql driver on PostgreSQL, its SQLite driver on SQLite.
	insert *river.Client[*sql.Tx]

	mu      sync.Mutex
	kinds   map[string]kind
	started bool
	work    worker        // the client that works jobs, built by Start; nil before
	pool    *pgxpool.Pool // its pool on PostgreSQL
}

// worker is the part of a river client that Start and Stop use.
type worker interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
}

// New returns the queue of d. It opens no connection of its own until Start.
func New(d *db.DB, cfg Config) (*Queue, error) {
	cfg = cfg.withDefaults()
	q := &Queue{d: d, cfg: cfg, workers: river.NewWorkers(), kinds: map[string]kind{},
		logger: slog.New(minLevel{cfg.Logger.Handler(), slog.LevelWarn})}
	var err error
	switch d.Kind {
	case db.Postgres:
		q.insert, err = river.NewClient(riverdatabasesql.New(d.DB.DB), q.riverConfig(false, 0))
	case db.SQLite:
		q.insert, err = river.NewClient(riversqlite.New(d.DB.DB), q.riverConfig(false, 0))
	default:
		return nil, fmt.Errorf("jobs: unknown database kind %q", d.Kind)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: insert client: %w", err)
	}
	return q, nil
}

// riverConfig is the clients' configuration; a working client has the queue, rescues jobs
// running longer than rescueAfter (the shortest kind's timeout plus the margin: the
// rescuer also waits out each job's own kind timeout plus margin, see kindWorker.Timeout),
// and fetches only the kinds this process knows.
func (q *Queue) riverConfig(working bool, rescueAfter time.Duration) *river.Config {
	c := &river.Config{Workers: q.workers, Logger: q.logger, JobTimeout: -1}
	if working {
		c.Queues = map[string]river.QueueConfig{queueName: {MaxWorkers: q.cfg.Workers}}
		c.FetchPollInterval = q.cfg.PollInterval
		c.FetchCooldown = min(river.FetchCooldownDefault, q.cfg.PollInterval)
		c.FetchOnlyKnownKinds = true
		c.RescueStuckJobsAfter = rescueAfter
		c.LeaderElectionDisabled = q.cfg.leaderElectionDisabled
	}
	return c
}

// Start works jobs until Stop: with Config.Workers at once, of the kinds registered so far
// (register every kind first). It returns at once; an insert-only queue (Workers 0) or one
// without kinds does nothing.
func (q *Queue) Start(ctx context.Context) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.started {
		return errors.New("jobs: queue already started")
	}
	if q.cfg.Workers == 0 || len(q.kinds) == 0 {
		q.started = true
		return nil
	}
	rescueAfter := time.Duration(0)
	for _, k := range q.kinds {
		if r := k.timeout + q.cfg.RescueMargin; rescueAfter == 0 || r < rescueAfter {
			rescueAfter = r
		}
	}
	cfg := q.riverConfig(true, rescueAfter)
	var w worker
	switch q.d.Kind {
	case db.Postgres:
		pcfg, err := pgxpool.ParseConfig(q.d.URL)
		if err != nil {
			return fmt.Errorf("jobs: database url: %w", err)
		}
		if pcfg.ConnConfig.RuntimeParams["application_name"] == "" {
			pcfg.ConnConfig.RuntimeParams["application_name"] = "kerf-jobs"
		}
		pcfg.MaxConns = int32(min(q.cfg.Workers+4, 100))
		pool, err := pgxpool.NewWithConfig(ctx, pcfg)
		if err != nil {
			return fmt.Errorf("jobs: connect: %w", err)
		}
		c, err := river.NewClient(riverpgxv5.New(pool), cfg)
		if err != nil {
			pool.Close()
			return fmt.Errorf("jobs: client: %w", err)
		}
		w, q.pool = c, pool
	default:
		c, err := river.NewClient(riversqlite.New(q.d.DB.DB), cfg)
		if err != nil {
			return fmt.Errorf("jobs: client: %w", err)
		}
		w = c
	}
	// The client outlives the caller's context (a request's, a command's start-up):
	// Stop ends it.
	if err := w.Start(context.WithoutCancel(ctx)); err != nil {
		if q.pool != nil {
			q.pool.Close()
			q.pool = nil
		}
		return fmt.Errorf("jobs: start: %w", err)
	}
	q.work, q.started = w, true
	q.cfg.Logger.InfoContext(ctx, "jobs: working", "workers", q.cfg.Workers, "kinds", len(q.kinds))
	return nil
}

// hardStopWait bounds the wait for cancelled jobs to return once Stop's context is done.
const hardStopWait = 10 * time.Second

// Stop lets the running jobs finish until ctx is done, then cancels their contexts (their
// work fails and is retried, here or by another process) and waits a little more for them
// to return. Safe to call on a queue never started, and more than once.
func (q *Queue) Stop(ctx context.Context) error {
	q.mu.Lock()
	w, pool := q.work, q.pool
	q.work, q.pool = nil, nil
	q.mu.Unlock()
	if w == nil {
		return nil
	}
	defer func() {
		if pool != nil {
			pool.Close()
		}
	}()
	err := w.Stop(ctx)
	if err == nil {
		return nil
	}
	hard, cancel := context.WithTimeout(context.WithoutCancel(ctx), hardStopWait)
	defer cancel()
	if err := w.StopAndCancel(hard); err != nil {
		return fmt.Errorf("jobs: stop: %w", err)
	}
	return nil
}

// Enqueue adds a job of args's kind in tx, the caller's transaction (a bun.Tx, as InTx
// passes it), so that the job exists exactly when the caller's writes commit. Given the
// database instead of a transaction (or nil), it inserts at once. It answers the job's id.
//
// A transaction of a tenant's own database (db.InTenantTx) cannot hold the job: the queue
// lives in the host database. The job is then inserted on the host at once, scheduled
// TenantTxMargin ahead; when the tenant's transaction commits it is made available at
// once, and when it rolls back it is cancelled. The guarantee is weaker than in one
// transaction: a process that dies between the tenant's rollback and the cancel leaves a
// job that runs TenantTxMargin later and finds no row (work is idempotent and must cope),
// and one that dies between the commit and the release runs the job TenantTxMargin late.
func (q *Queue) Enqueue(ctx context.Context, tx bun.IDB, args Args) (int64, error) {
	q.mu.Lock()
	k, ok := q.kinds[args.Kind()]
	q.mu.Unlock()
	if !ok {
		return 0, fmt.Errorf("enqueue %q: %w", args.Kind(), ErrNotRegistered)
	}
	opts := &river.InsertOpts{MaxAttempts: k.maxAttempts, Queue: queueName}
	if db.InTenantTx(tx) {
		return q.enqueueBeside(ctx, args, opts)
	}
	var res *rivertype.JobInsertResult
	var err error
	if stx := sqlTx(tx); stx != nil {
		res, err = q.insert.InsertTx(ctx, stx, args, opts)
	} else {
		res, err = q.insert.Insert(ctx, args, opts)
	}
	if err != nil {
		return 0, fmt.Errorf("enqueue %q: %w", args.Kind(), err)
	}
	return res.Job.ID, nil
}

// TenantTxMargin is how far ahead a job asked for in a tenant database's transaction is
// scheduled until that transaction commits (see Enqueue).
const TenantTxMargin = time.Minute

// enqueueBeside inserts the job of a tenant database's transaction on the host (ctx is
// inside that transaction: db.AfterCommit and db.AfterRollback follow it).
func (q *Queue) enqueueBeside(ctx context.Context, args Args, opts *river.InsertOpts) (int64, error) {
	opts.ScheduledAt = time.Now().Add(TenantTxMargin)
	res, err := q.insert.Insert(ctx, args, opts)
	if err != nil {
		return 0, fmt.Errorf("enqueue %q: %w", args.Kind(), err)
	}
	id, kind := res.Job.ID, args.Kind()
	bg := context.WithoutCancel(ctx)
	db.AfterCommit(ctx, func() {
		if _, err := q.insert.JobRetry(bg, id); err != nil {
			slog.ErrorContext(bg, "jobs: release a job after its tenant transaction committed; it runs later",
				"kind", kind, "job", id, "err", err)
		}
	})
	db.AfterRollback(ctx, func() {
		if _, err := q.insert.JobCancel(bg, id); err != nil {
			slog.ErrorContext(bg, "jobs: cancel a job whose tenant transaction rolled back", "kind", kind, "job", id, "err", err)
		}
	})
	return id, nil
}

// sqlTx is the database/sql transaction behind tx, nil when tx is none.
func sqlTx(tx bun.IDB) *sql.Tx {
	switch t := tx.(type) {
	case bun.Tx:
		return t.Tx
	case *bun.Tx:
		if t != nil {
			return t.Tx
		}
	}
	return nil
}

// Cancel cancels job id: a job not yet running never runs; a running one has its context
// cancelled (by the process working it, within about a second) and is not retried once its
// work returns an error. Cancelling a finished job changes nothing. An unknown id answers
// an error wrapping db.ErrNotFound.
func (q *Queue) Cancel(ctx context.Context, id int64) error {
	if _, err := q.insert.JobCancel(ctx, id); err != nil {
		if errors.Is(err, rivertype.ErrNotFound) {
			return fmt.Errorf("cancel job %d: %w", id, db.ErrNotFound)
		}
		return fmt.Errorf("cancel job %d: %w", id, err)
	}
	return nil
}

// minLevel drops records below min: river reports each client's start and stop at Info.
type minLevel struct {
	slog.Handler
	min slog.Level
}

func (h minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h minLevel) WithAttrs(attrs []slog.Attr) slog.Handler {
	return minLevel{h.Handler.WithAttrs(attrs), h.min}
}

func (h minLevel) WithGroup(name string) slog.Handler {
	return minLevel{h.Handler.WithGroup(name), h.min}
}
