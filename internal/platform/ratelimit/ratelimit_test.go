package ratelimit

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)} }

// each runs fn on a migrated database per dialect, with its URL (to open more handles).
func each(t *testing.T, fn func(t *testing.T, d *db.DB, url string)) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			d := dbtest.Open(t, u)
			if err := d.Migrate(context.Background(), Migrations); err != nil {
				t.Fatal(err)
			}
			fn(t, d, u)
		})
	}
}

func allow(t *testing.T, l *Limiter, key string) bool {
	t.Helper()
	ok, err := l.Allow(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

func TestBurstThenRefusedUntilRefill(t *testing.T) {
	each(t, func(t *testing.T, d *db.DB, _ string) {
		c := newClock()
		l := Every(d, "t", time.Second, 3).WithClock(c.now)
		for i := range 3 {
			if !allow(t, l, "ip") {
				t.Fatalf("event %d of the burst refused", i+1)
			}
		}
		ok, wait, err := l.Reserve(context.Background(), "ip")
		if err != nil || ok || wait <= 0 || wait > time.Second {
			t.Fatalf("4th event: ok=%v wait=%v err=%v, want refused with a wait up to 1s", ok, wait, err)
		}
		if !allow(t, l, "other") {
			t.Fatal("another key must have its own bucket")
		}
		c.add(time.Second)
		if !allow(t, l, "ip") {
			t.Fatal("one event must be allowed again after one interval")
		}
		if allow(t, l, "ip") {
			t.Fatal("only one event refills per interval")
		}
	})
}

func TestRefusedEventsDoNotSpendTokens(t *testing.T) {
	each(t, func(t *testing.T, d *db.DB, _ string) {
		c := newClock()
		l := Every(d, "t", time.Second, 1).WithClock(c.now)
		allow(t, l, "k")
		for range 10 {
			allow(t, l, "k") // refused; must not push the next allowed time further out
		}
		c.add(time.Second)
		if !allow(t, l, "k") {
			t.Fatal("refused attempts pushed the bucket into debt")
		}
	})
}

func TestLimitersOfOneDatabaseShareTheBudget(t *testing.T) {
	each(t, func(t *testing.T, d *db.DB, url string) {
		c := newClock()
		other := dbtest.Open(t, url) // a second replica's connection pool
		a := Every(d, "login", time.Minute, 4).WithClock(c.now)
		b := Every(other, "login", time.Minute, 4).WithClock(c.now)
		for i, l := range []*Limiter{a, b, a, b} {
			if !allow(t, l, "alice") {
				t.Fatalf("event %d of the shared burst refused", i+1)
			}
		}
		if allow(t, a, "alice") || allow(t, b, "alice") {
			t.Fatal("the second replica must see the burst the first one spent")
		}
		if !allow(t, Every(other, "phone", time.Minute, 4).WithClock(c.now), "alice") {
			t.Fatal("a limiter of another name counts apart")
		}
	})
}

func TestConcurrentEventsSpendEachTokenOnce(t *testing.T) {
	each(t, func(t *testing.T, d *db.DB, url string) {
		c := newClock()
		other := dbtest.Open(t, url)
		const burst = 10
		limiters := []*Limiter{Every(d, "t", time.Hour, burst).WithClock(c.now), Every(other, "t", time.Hour, burst).WithClock(c.now)}
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := range 3 * burst {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := limiters[i%2].Allow(context.Background(), "ip")
				if err != nil {
					t.Error(err)
				}
				if ok {
					allowed.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := allowed.Load(); n != burst {
			t.Fatalf("%d concurrent events allowed on two handles, want exactly the burst of %d", n, burst)
		}
	})
}

func TestResetAndFullBucketsAreForgotten(t *testing.T) {
	each(t, func(t *testing.T, d *db.DB, _ string) {
		ctx := context.Background()
		c := newClock()
		l := Every(d, "t", time.Second, 1).WithClock(c.now)
		allow(t, l, "a")
		if err := l.Reset(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		if !allow(t, l, "a") {
			t.Fatal("Reset must give the key a full bucket")
		}
		for i := range 20 {
			allow(t, l, fmt.Sprint("k", i))
		}
		c.add(2 * time.Minute) // every bucket has refilled
		allow(t, l, "fresh")
		if n, err := l.Len(ctx); err != nil || n != 1 {
			t.Fatalf("stored buckets: %d (%v), want only the fresh one", n, err)
		}
	})
}

func TestLongKeysAreStoredHashed(t *testing.T) {
	each(t, func(t *testing.T, d *db.DB, _ string) {
		l := Every(d, "t", time.Hour, 1).WithClock(newClock().now)
		long := strings.Repeat("x", 5000)
		if !allow(t, l, long) || allow(t, l, long) {
			t.Fatal("a long key must be limited like any other")
		}
		if !allow(t, l, long+"y") {
			t.Fatal("two long keys must not share a bucket")
		}
	})
}

func TestZeroRateDisables(t *testing.T) {
	each(t, func(t *testing.T, d *db.DB, _ string) {
		l := New(d, "t", 0, 0)
		for range 100 {
			if !allow(t, l, "x") {
				t.Fatal("a disabled limiter refused")
			}
		}
		var nilLimiter *Limiter
		if !allow(t, nilLimiter, "x") {
			t.Fatal("a nil limiter must allow")
		}
	})
}
