package ratelimit

import (
	"fmt"
	"sync"
	"testing"
	"time"
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

func TestBurstThenRefusedUntilRefill(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	l := Every(time.Second, 3).WithClock(c.now)
	for i := range 3 {
		if !l.Allow("ip") {
			t.Fatalf("event %d of the burst refused", i+1)
		}
	}
	ok, wait := l.Reserve("ip")
	if ok || wait <= 0 || wait > time.Second {
		t.Fatalf("4th event: ok=%v wait=%v, want refused with a wait up to 1s", ok, wait)
	}
	if !l.Allow("other") {
		t.Fatal("another key must have its own bucket")
	}
	c.add(time.Second)
	if !l.Allow("ip") {
		t.Fatal("one event must be allowed again after one interval")
	}
	if l.Allow("ip") {
		t.Fatal("only one event refills per interval")
	}
}

func TestRefusedEventsDoNotSpendTokens(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	l := Every(time.Second, 1).WithClock(c.now)
	l.Allow("k")
	for range 10 {
		l.Allow("k") // refused; must not push the next allowed time further out
	}
	c.add(time.Second)
	if !l.Allow("k") {
		t.Fatal("refused attempts pushed the bucket into debt")
	}
}

func TestResetAndIdleKeysAreForgotten(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	l := Every(time.Hour, 1).WithClock(c.now)
	l.Allow("a")
	l.Reset("a")
	if !l.Allow("a") {
		t.Fatal("Reset must give the key a full bucket")
	}
	for i := range 100 {
		l.Allow(fmt.Sprint("k", i))
	}
	c.add(11 * time.Minute)
	l.Allow("fresh")
	if n := l.Len(); n != 1 {
		t.Fatalf("idle keys kept: %d, want only the fresh one", n)
	}
}

func TestZeroRateDisables(t *testing.T) {
	l := New(0, 0)
	for range 1000 {
		if !l.Allow("x") {
			t.Fatal("a disabled limiter refused")
		}
	}
	var nilLimiter *Limiter
	if !nilLimiter.Allow("x") {
		t.Fatal("a nil limiter must allow")
	}
}
