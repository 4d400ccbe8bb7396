// Package bus carries small invalidation messages to every replica of Kerf: PostgreSQL
// LISTEN/NOTIFY on one channel when the database is PostgreSQL, in process on SQLite (one
// process owns a SQLite file). Caches that areas keep per replica subscribe to a topic and drop
// what a message names; a message published inside a db.InTx transaction leaves only after the
// transaction commits.
package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"kerf/internal/platform/db"
)

// Channel is the PostgreSQL notification channel every replica listens on. Notifications are
// per database, not per schema: installations in different schemas of one database (tests do
// this) listen on Channel followed by their search_path (see channel).
const Channel = "kerf_bus"

// All is the payload that means "drop everything cached for this topic"; subscribers receive it
// after the listener reconnects, since messages may have been lost meanwhile.
const All = "*"

// Backoff bounds of the listener's reconnection.
const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 10 * time.Second
)

// message is what travels through pg_notify (NOTIFY payloads are limited to 8000 bytes;
// topics and payloads are ids and keys, far below that).
type message struct {
	Origin  string `json:"o"`
	Topic   string `json:"t"`
	Payload string `json:"p"`
}

// Bus carries small invalidation messages to every replica, this one included.
type Bus struct {
	d       *db.DB
	channel string
	origin  string // this bus's own messages come back from PostgreSQL; they were delivered locally already

	mu   sync.RWMutex
	subs map[string][]func(payload string)

	life   sync.Mutex // guards cancel and done
	cancel context.CancelFunc
	done   chan struct{}
	pid    atomic.Uint32 // backend of the listening connection (tests terminate it)
}

// New returns the bus of d: PostgreSQL LISTEN/NOTIFY on one channel ("kerf_bus") on PostgreSQL,
// in process on SQLite. Start must be called before messages from other replicas arrive.
func New(d *db.DB) *Bus {
	return &Bus{d: d, channel: channel(d), origin: uuid.NewString(), subs: map[string][]func(string){}}
}

// channel is Channel, followed by the search_path the database URL sets, if any.
func channel(d *db.DB) string {
	if d == nil || d.Kind != db.Postgres {
		return Channel
	}
	cfg, err := pgx.ParseConfig(d.URL)
	if err != nil {
		return Channel
	}
	path := cfg.RuntimeParams["search_path"]
	if path == "" {
		return Channel
	}
	name := Channel + "_" + path
	return name[:min(len(name), 63)] // PostgreSQL truncates identifiers to 63 bytes
}

func (b *Bus) postgres() bool { return b.d != nil && b.d.Kind == db.Postgres }

// Start starts listening: on PostgreSQL it opens a dedicated connection, LISTENs, and keeps
// reconnecting with backoff until Close. It fails when the first connection cannot be made.
func (b *Bus) Start(ctx context.Context) error {
	if b == nil || !b.postgres() {
		return nil
	}
	b.life.Lock()
	defer b.life.Unlock()
	if b.cancel != nil {
		return errors.New("bus: already started")
	}
	conn, err := b.connect(ctx)
	if err != nil {
		return err
	}
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	b.cancel = cancel
	b.done = make(chan struct{})
	go b.listen(lctx, conn)
	return nil
}

// Close stops the listener and waits for it to end.
func (b *Bus) Close() error {
	if b == nil {
		return nil
	}
	b.life.Lock()
	cancel, done := b.cancel, b.done
	b.life.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
	return nil
}

// Publish sends payload on topic. Inside a transaction begun with db.InTx, the message is sent
// only after that transaction commits (and not at all if it rolls back); otherwise at once.
// This replica's subscribers are called before Publish (or the commit) returns; other replicas'
// as soon as PostgreSQL delivers the notification.
func (b *Bus) Publish(ctx context.Context, topic, payload string) error {
	if b == nil {
		return nil
	}
	var returned atomic.Bool
	errc := make(chan error, 1)
	sendCtx := context.WithoutCancel(ctx) // the commit happened; the request ending must not lose the message
	db.AfterCommit(ctx, func() {
		err := b.send(sendCtx, topic, payload)
		if err != nil && returned.Load() {
			slog.ErrorContext(sendCtx, "bus: publish after commit", "topic", topic, "err", err)
			return
		}
		errc <- err
	})
	returned.Store(true)
	select {
	case err := <-errc:
		return err
	default:
		return nil // sent when the transaction commits
	}
}

func (b *Bus) send(ctx context.Context, topic, payload string) error {
	b.deliver(topic, payload)
	if !b.postgres() {
		return nil
	}
	raw, err := json.Marshal(message{Origin: b.origin, Topic: topic, Payload: payload})
	if err != nil {
		return fmt.Errorf("bus: encode %s: %w", topic, err)
	}
	if _, err := b.d.ExecContext(ctx, "SELECT pg_notify(?, ?)", b.channel, string(raw)); err != nil {
		return fmt.Errorf("bus: notify %s: %w", topic, err)
	}
	return nil
}

// Subscribe calls fn for each message on topic, on this replica, including its own messages.
// After the listener reconnects (messages may have been lost), fn is called with payload "*":
// drop everything cached for that topic. fn runs on the publisher's or the listener's
// goroutine: it must be quick and must not publish.
func (b *Bus) Subscribe(topic string, fn func(payload string)) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.subs[topic] = append(b.subs[topic], fn)
	b.mu.Unlock()
}

func (b *Bus) deliver(topic, payload string) {
	b.mu.RLock()
	fns := b.subs[topic]
	b.mu.RUnlock()
	for _, fn := range fns {
		fn(payload)
	}
}

// deliverAll tells every subscriber to drop everything.
func (b *Bus) deliverAll() {
	b.mu.RLock()
	var fns []func(string)
	for _, list := range b.subs {
		fns = append(fns, list...)
	}
	b.mu.RUnlock()
	for _, fn := range fns {
		fn(All)
	}
}

func (b *Bus) connect(ctx context.Context) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(b.d.URL)
	if err != nil {
		return nil, fmt.Errorf("bus: database url: %w", err)
	}
	if cfg.RuntimeParams["application_name"] == "" {
		cfg.RuntimeParams["application_name"] = "kerf-bus" // tells its connection apart in pg_stat_activity
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("bus: connect: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{b.channel}.Sanitize()); err != nil {
		_ = conn.Close(context.Background())
		return nil, fmt.Errorf("bus: listen: %w", err)
	}
	b.pid.Store(conn.PgConn().PID())
	return conn, nil
}

// listen receives notifications until ctx ends, reconnecting with backoff when the connection
// is lost; after each reconnection every subscriber gets "*".
func (b *Bus) listen(ctx context.Context, conn *pgx.Conn) {
	defer close(b.done)
	for {
		err := b.receive(ctx, conn)
		_ = conn.Close(context.Background())
		if ctx.Err() != nil {
			return
		}
		slog.Warn("bus: listener lost its connection; reconnecting", "err", err)
		delay := minBackoff
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(delay):
			}
			conn, err = b.connect(ctx)
			if err == nil {
				break
			}
			if ctx.Err() != nil {
				return
			}
			slog.Warn("bus: reconnect failed", "err", err, "retry_in", delay)
			delay = min(2*delay, maxBackoff)
		}
		slog.Info("bus: listener reconnected; caches dropped")
		b.deliverAll()
	}
}

func (b *Bus) receive(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var m message
		if err := json.Unmarshal([]byte(n.Payload), &m); err != nil {
			slog.Warn("bus: unreadable message skipped", "err", err)
			continue
		}
		if m.Origin == b.origin {
			continue // delivered locally when it was published
		}
		b.deliver(m.Topic, m.Payload)
	}
}
