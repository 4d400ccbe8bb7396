package bus

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// wait is how long a test waits for a message before failing (a deadline, not a measurement).
const wait = 20 * time.Second

// recorder collects the payloads a subscriber receives.
type recorder chan string

func subscribe(b *Bus, topic string) recorder {
	r := make(recorder, 100)
	b.Subscribe(topic, func(p string) { r <- p })
	return r
}

func (r recorder) next(t *testing.T) string {
	t.Helper()
	select {
	case p := <-r:
		return p
	case <-time.After(wait):
		t.Fatal("no message arrived")
		return ""
	}
}

// now returns the message already delivered, failing if there is none.
func (r recorder) now(t *testing.T) string {
	t.Helper()
	select {
	case p := <-r:
		return p
	default:
		t.Fatal("message not delivered yet")
		return ""
	}
}

func (r recorder) none(t *testing.T) {
	t.Helper()
	select {
	case p := <-r:
		t.Fatalf("unexpected message %q", p)
	default:
	}
}

func started(t *testing.T, d *db.DB) *Bus {
	t.Helper()
	b := New(d)
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}

// topic is unique per test: every test schema of one PostgreSQL database shares the channel.
func topic() string { return "test." + uuid.NewString() }

var errRollback = errors.New("roll back")

func TestPublisherSeesItsOwnMessageAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b, tp := started(t, d), topic()
		r := subscribe(b, tp)
		if err := b.Publish(context.Background(), tp, "tenant-1"); err != nil {
			t.Fatal(err)
		}
		if got := r.now(t); got != "tenant-1" {
			t.Fatalf("got %q", got)
		}
	})
}

func TestMessageInsideATransactionLeavesOnlyAfterCommit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b, tp := started(t, d), topic()
		local := subscribe(b, tp)
		err := d.InTx(context.Background(), func(ctx context.Context, _ bun.Tx) error {
			if err := b.Publish(ctx, tp, "committed"); err != nil {
				return err
			}
			local.none(t)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := local.now(t); got != "committed" {
			t.Fatalf("got %q after commit, want committed", got)
		}
	})
}

func TestMessageOfARolledBackTransactionIsNeverDelivered(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b, tp := started(t, d), topic()
		local := subscribe(b, tp)
		err := d.InTx(context.Background(), func(ctx context.Context, _ bun.Tx) error {
			if err := b.Publish(ctx, tp, "rolled back"); err != nil {
				return err
			}
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			t.Fatalf("InTx: %v", err)
		}
		if err := b.Publish(context.Background(), tp, "after"); err != nil {
			t.Fatal(err)
		}
		if got := local.next(t); got != "after" {
			t.Fatalf("got %q, want only the message published after the rollback", got)
		}
	})
}

func TestNilBusDoesNothing(t *testing.T) {
	var b *Bus
	b.Subscribe("x", func(string) { t.Fatal("called") })
	if err := b.Publish(context.Background(), "x", "y"); err != nil {
		t.Fatal(err)
	}
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
}

// postgres opens two handles on one fresh PostgreSQL schema, as two replicas would.
func postgres(t *testing.T) (*db.DB, *db.DB) {
	t.Helper()
	url, ok := dbtest.Dialects(t)[db.Postgres]
	if !ok {
		t.Skipf("%s is not set: two replicas need PostgreSQL", dbtest.EnvPostgres)
	}
	return dbtest.Open(t, url), dbtest.Open(t, url)
}

func TestReplicasOnOnePostgresSeeEachOthersMessages(t *testing.T) {
	da, db2 := postgres(t)
	a, b, tp := started(t, da), started(t, db2), topic()
	ra, rb := subscribe(a, tp), subscribe(b, tp)

	if err := a.Publish(context.Background(), tp, "from a"); err != nil {
		t.Fatal(err)
	}
	if got := rb.next(t); got != "from a" {
		t.Fatalf("b got %q", got)
	}
	if got := ra.next(t); got != "from a" {
		t.Fatalf("a got %q", got)
	}
	if err := b.Publish(context.Background(), tp, "from b"); err != nil {
		t.Fatal(err)
	}
	if got := ra.next(t); got != "from b" {
		t.Fatalf("a got %q", got)
	}
	if got := rb.next(t); got != "from b" {
		t.Fatalf("b got %q", got)
	}
	// Its own message is not delivered twice (once locally, once back from PostgreSQL): a
	// second message arrives next, not an echo of the first.
	if err := b.Publish(context.Background(), tp, "again"); err != nil {
		t.Fatal(err)
	}
	if got := ra.next(t); got != "again" {
		t.Fatalf("a got %q", got)
	}
	if got := rb.next(t); got != "again" {
		t.Fatalf("b got %q, want no echo of its own message", got)
	}
}

func TestOtherReplicaGetsACommittedMessageAndNeverARolledBackOne(t *testing.T) {
	da, db2 := postgres(t)
	a, b, tp := started(t, da), started(t, db2), topic()
	rb := subscribe(b, tp)
	err := da.InTx(context.Background(), func(ctx context.Context, _ bun.Tx) error {
		if err := a.Publish(ctx, tp, "rolled back"); err != nil {
			return err
		}
		return errRollback
	})
	if !errors.Is(err, errRollback) {
		t.Fatalf("InTx: %v", err)
	}
	err = da.InTx(context.Background(), func(ctx context.Context, _ bun.Tx) error {
		return a.Publish(ctx, tp, "committed")
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := rb.next(t); got != "committed" {
		t.Fatalf("b got %q, want only the committed message", got)
	}
}

func TestListenerReconnectsAndTellsSubscribersToDropEverything(t *testing.T) {
	da, db2 := postgres(t)
	a, b, tp := started(t, da), started(t, db2), topic()
	rb := subscribe(b, tp)
	other := subscribe(b, topic())

	pid := b.pid.Load()
	if _, err := da.ExecContext(context.Background(), "SELECT pg_terminate_backend(?)", pid); err != nil {
		t.Fatal(err)
	}
	if got := rb.next(t); got != All {
		t.Fatalf("after the connection was lost b got %q, want %q", got, All)
	}
	if got := other.next(t); got != All {
		t.Fatalf("every topic is told: got %q, want %q", got, All)
	}
	if b.pid.Load() == pid {
		t.Fatal("listener kept the terminated backend")
	}
	if err := a.Publish(context.Background(), tp, "after reconnect"); err != nil {
		t.Fatal(err)
	}
	if got := rb.next(t); got != "after reconnect" {
		t.Fatalf("b got %q", got)
	}
}
