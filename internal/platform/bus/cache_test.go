package bus

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// counter is a loader that counts its reads of the "database".
type counter struct{ reads int }

func (c *counter) load(v string) func(context.Context) (string, error) {
	return func(context.Context) (string, error) { c.reads++; return v, nil }
}

func prefixMatch(key, payload string) bool { return strings.HasPrefix(key, payload+"/") }

func TestCacheKeepsAValueUntilAMessageNamesIt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, b, tp := context.Background(), started(t, d), topic()
		c := NewCache[string, string](b, tp, prefixMatch)
		var n counter
		for range 3 {
			if v, _ := c.Get(ctx, "t1/u1", n.load("a")); v != "a" {
				t.Fatalf("got %q", v)
			}
		}
		_, _ = c.Get(ctx, "t2/u1", n.load("b"))
		if n.reads != 2 {
			t.Fatalf("%d reads for two keys, want 2", n.reads)
		}
		if err := b.Publish(ctx, tp, "t1"); err != nil {
			t.Fatal(err)
		}
		if v, _ := c.Get(ctx, "t1/u1", n.load("a2")); v != "a2" || n.reads != 3 {
			t.Fatalf("after invalidation got %q with %d reads, want a fresh read", v, n.reads)
		}
		if _, _ = c.Get(ctx, "t2/u1", n.load("b2")); n.reads != 3 {
			t.Fatal("a key the message did not name was dropped")
		}
		if err := b.Publish(ctx, tp, All); err != nil {
			t.Fatal(err)
		}
		if c.Len() != 0 {
			t.Fatalf("%q left %d entries", All, c.Len())
		}
	})
}

func TestCacheOfAnotherReplicaIsDroppedByACommittedChange(t *testing.T) {
	da, db2 := postgres(t)
	a, b, tp := started(t, da), started(t, db2), topic()
	onB := NewCache[string, string](b, tp, prefixMatch)
	seen := subscribe(b, tp) // subscribed after the cache, so called after it
	var n counter
	_, _ = onB.Get(context.Background(), "t1/u1", n.load("old"))
	err := da.InTx(context.Background(), func(ctx context.Context, _ bun.Tx) error {
		return a.Publish(ctx, tp, "t1")
	})
	if err != nil {
		t.Fatal(err)
	}
	seen.next(t)
	if v, _ := onB.Get(context.Background(), "t1/u1", n.load("new")); v != "new" {
		t.Fatalf("replica b still serves %q", v)
	}
}

func TestCacheDoesNotKeepWhatWasReadWhileItChanged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, b, tp := context.Background(), started(t, d), topic()
		c := NewCache[string, string](b, tp, prefixMatch)
		_, _ = c.Get(ctx, "t1/u1", func(ctx context.Context) (string, error) {
			// The change commits and is announced while the old value is being read.
			if err := b.Publish(ctx, tp, "t1"); err != nil {
				t.Fatal(err)
			}
			return "old", nil
		})
		if c.Len() != 0 {
			t.Fatal("a value read before an invalidation was kept")
		}
		_, _ = c.Get(ctx, "t2/u1", func(ctx context.Context) (string, error) {
			// Another tenant's change, announced meanwhile, does not concern this value.
			if err := b.Publish(ctx, tp, "t3"); err != nil {
				t.Fatal(err)
			}
			return "kept", nil
		})
		if c.Len() != 1 {
			t.Fatal("a message naming another key stopped a value from being kept")
		}
	})
}

func TestCacheDoesNotKeepWhatATransactionRead(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b, tp := started(t, d), topic()
		c := NewCache[string, string](b, tp, prefixMatch)
		var n counter
		errRollback := errors.New("roll back")
		_ = d.InTx(context.Background(), func(ctx context.Context, _ bun.Tx) error {
			_, _ = c.Get(ctx, "t1/u1", n.load("uncommitted"))
			return errRollback
		})
		if v, _ := c.Get(context.Background(), "t1/u1", n.load("committed")); v != "committed" {
			t.Fatalf("got %q read by a rolled-back transaction", v)
		}
	})
}

func TestCacheReadsAgainAfterItsTTL(t *testing.T) {
	b := New(nil)
	c := NewCache[string, string](b, topic(), prefixMatch)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	var n counter
	_, _ = c.Get(context.Background(), "k/1", n.load("a"))
	now = now.Add(DefaultCacheTTL - time.Second)
	_, _ = c.Get(context.Background(), "k/1", n.load("a"))
	now = now.Add(2 * time.Second)
	_, _ = c.Get(context.Background(), "k/1", n.load("a"))
	if n.reads != 2 {
		t.Fatalf("%d reads, want 2 (one at start, one after the TTL)", n.reads)
	}
}

func TestCacheStaysWithinItsSize(t *testing.T) {
	b := New(nil)
	c := NewCache[int, int](b, topic(), func(int, string) bool { return true })
	c.size = 100
	for i := range 1000 {
		_, _ = c.Get(context.Background(), i, func(context.Context) (int, error) { return i, nil })
		if c.Len() > c.size {
			t.Fatalf("%d entries, cap %d", c.Len(), c.size)
		}
	}
}

func TestCacheWithoutBusCachesNothing(t *testing.T) {
	c := NewCache[string, string](nil, "x", prefixMatch)
	var n counter
	_, _ = c.Get(context.Background(), "k/1", n.load("a"))
	_, _ = c.Get(context.Background(), "k/1", n.load("a"))
	if n.reads != 2 {
		t.Fatalf("%d reads, want 2: nothing could invalidate the cache", n.reads)
	}
}

func TestCacheDoesNotKeepErrors(t *testing.T) {
	c := NewCache[string, string](New(nil), topic(), prefixMatch)
	boom := errors.New("database down")
	if _, err := c.Get(context.Background(), "k/1", func(context.Context) (string, error) { return "", boom }); !errors.Is(err, boom) {
		t.Fatalf("err %v", err)
	}
	if c.Len() != 0 {
		t.Fatal("an error was cached")
	}
}
