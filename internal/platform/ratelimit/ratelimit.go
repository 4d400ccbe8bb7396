// Package ratelimit is a keyed token-bucket limiter (one golang.org/x/time/rate bucket per
// key: a client IP, a user name, a phone number) that forgets keys idle for a while.
//
// Limits are per process: with several replicas each one counts on its own, so the
// effective limit is the configured one times the number of replicas.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiter allows Burst events at once per key and then Rate per second.
type Limiter struct {
	rate  rate.Limit
	burst int
	idle  time.Duration
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// New returns a limiter refilling every bucket at perSecond events per second up to burst.
// A zero perSecond disables the limiter (Allow always answers true).
func New(perSecond float64, burst int) *Limiter {
	return &Limiter{rate: rate.Limit(perSecond), burst: burst, idle: 10 * time.Minute, now: time.Now,
		buckets: map[string]*bucket{}}
}

// Every returns a limiter that allows burst events at once and then one per interval.
func Every(interval time.Duration, burst int) *Limiter {
	l := New(0, burst)
	l.rate = rate.Every(interval)
	return l
}

// WithClock makes the limiter read time from now (tests).
func (l *Limiter) WithClock(now func() time.Time) *Limiter {
	l.now = now
	return l
}

// Disabled reports whether the limiter lets everything through.
func (l *Limiter) Disabled() bool { return l == nil || l.rate == 0 || l.burst <= 0 }

// Allow reports whether one more event for key may happen now, and spends it if so.
func (l *Limiter) Allow(key string) bool {
	ok, _ := l.Reserve(key)
	return ok
}

// Reserve is Allow that also says, when refused, how long until an event would be
// allowed (for a Retry-After header).
func (l *Limiter) Reserve(key string) (bool, time.Duration) {
	if l.Disabled() {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(l.rate, l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if !r.OK() {
		return false, time.Minute
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// Reset forgets key, e.g. after a successful login.
func (l *Limiter) Reset(key string) {
	if l.Disabled() {
		return
	}
	l.mu.Lock()
	delete(l.buckets, key)
	l.mu.Unlock()
}

// sweep drops buckets idle for longer than l.idle, at most once a minute.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for k, b := range l.buckets {
		if now.Sub(b.seen) > l.idle {
			delete(l.buckets, k)
		}
	}
}

// Len returns the number of keys being tracked.
func (l *Limiter) Len() int {
	if l.Disabled() {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
