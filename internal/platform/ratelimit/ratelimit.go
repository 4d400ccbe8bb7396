// Package ratelimit is a keyed token-bucket limiter (a bucket per key: a client IP, a user
// name, a phone number) counted in the database, so that every replica spends from the
// same buckets: the configured limit holds however many replicas serve the requests.
//
// Each event is one statement: an UPSERT that refills the key's bucket for the time passed
// since its last event, spends a token when one is there, and returns what it decided. Rows
// of buckets that have refilled completely are deleted now and then (a missing row is a
// full bucket).
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"kerf/internal/platform/db"
)

// Limiter allows Burst events at once per key and then Rate per second, counted in the
// database. Limiters with different names count apart, on one table.
type Limiter struct {
	db    *db.DB
	name  string
	rate  float64 // events per second
	burst int
	now   func() time.Time

	lastSweep atomic.Int64 // Unix milliseconds
}

// New returns the limiter name refilling every bucket at perSecond events per second up to
// burst. A zero perSecond or burst disables it (every event is allowed, nothing is stored).
func New(d *db.DB, name string, perSecond float64, burst int) *Limiter {
	return &Limiter{db: d, name: name, rate: perSecond, burst: burst, now: time.Now}
}

// Every returns a limiter that allows burst events at once and then one per interval.
func Every(d *db.DB, name string, interval time.Duration, burst int) *Limiter {
	rate := 0.0
	if interval > 0 {
		rate = float64(time.Second) / float64(interval)
	}
	return New(d, name, rate, burst)
}

// WithClock makes the limiter read time from now (tests).
func (l *Limiter) WithClock(now func() time.Time) *Limiter {
	l.now = now
	return l
}

// Disabled reports whether the limiter lets everything through.
func (l *Limiter) Disabled() bool { return l == nil || l.rate <= 0 || l.burst <= 0 || l.db == nil }

// Allow reports whether one more event for key may happen now, and spends it if so.
func (l *Limiter) Allow(ctx context.Context, key string) (bool, error) {
	ok, _, err := l.Reserve(ctx, key)
	return ok, err
}

// sweepEvery is how often a limiter deletes the rows of buckets that have refilled.
const sweepEvery = time.Minute

// Reserve is Allow that also says, when refused, how long until an event would be allowed
// (for a Retry-After header). A refused event spends nothing.
func (l *Limiter) Reserve(ctx context.Context, key string) (bool, time.Duration, error) {
	if l.Disabled() {
		return true, 0, nil
	}
	now := l.now().UnixMilli()
	perMs := l.rate / 1000
	burst := float64(l.burst)
	// The bucket as it stands now: its tokens plus the refill since its last event (never
	// negative, should replicas' clocks disagree), at most burst.
	const elapsed = `(CASE WHEN ?3 > "ratelimit_buckets"."updated_ms" THEN ?3 - "ratelimit_buckets"."updated_ms" ELSE 0 END)`
	const refilled = `(CASE WHEN "ratelimit_buckets"."tokens" + ` + elapsed + ` * ?4 >= ?2 THEN ?2
		ELSE "ratelimit_buckets"."tokens" + ` + elapsed + ` * ?4 END)`
	var res struct {
		Tokens  float64 `bun:"tokens"`
		Allowed bool    `bun:"allowed"`
	}
	// The one statement every replica runs: the row lock of the conflicting key orders
	// concurrent events, so each sees the bucket the previous one left.
	err := l.db.NewRaw(`INSERT INTO "ratelimit_buckets" ("name", "key", "tokens", "updated_ms", "allowed")
VALUES (?0, ?1, ?2 - 1, ?3, TRUE)
ON CONFLICT ("name", "key") DO UPDATE SET
	"tokens" = CASE WHEN `+refilled+` >= 1 THEN `+refilled+` - 1 ELSE `+refilled+` END,
	"updated_ms" = CASE WHEN ?3 > "ratelimit_buckets"."updated_ms" THEN ?3 ELSE "ratelimit_buckets"."updated_ms" END,
	"allowed" = (`+refilled+` >= 1)
RETURNING "tokens", "allowed"`,
		l.name, storedKey(key), burst, now, perMs).Scan(ctx, &res)
	if err != nil {
		return false, 0, fmt.Errorf("rate limit %s: %w", l.name, err)
	}
	l.maybeSweep(ctx, now)
	if res.Allowed {
		return true, 0, nil
	}
	wait := time.Duration((1 - res.Tokens) / perMs * float64(time.Millisecond))
	return false, max(wait, time.Millisecond), nil
}

// Reset forgets key, giving it a full bucket (e.g. after a successful login).
func (l *Limiter) Reset(ctx context.Context, key string) error {
	if l.Disabled() {
		return nil
	}
	_, err := l.db.NewRaw(`DELETE FROM "ratelimit_buckets" WHERE "name" = ? AND "key" = ?`, l.name, storedKey(key)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("rate limit %s: reset: %w", l.name, err)
	}
	return nil
}

// maybeSweep deletes, at most once a minute per limiter, the rows of buckets that have
// refilled completely: they say nothing a missing row does not.
func (l *Limiter) maybeSweep(ctx context.Context, now int64) {
	last := l.lastSweep.Load()
	if now-last < sweepEvery.Milliseconds() || !l.lastSweep.CompareAndSwap(last, now) {
		return
	}
	full := int64(float64(l.burst)/l.rate*1000) + 1 // milliseconds from empty to full
	_, err := l.db.NewRaw(`DELETE FROM "ratelimit_buckets" WHERE "name" = ? AND "updated_ms" < ?`, l.name, now-full).Exec(ctx)
	if err != nil {
		slog.WarnContext(ctx, "rate limit: sweep full buckets", "limiter", l.name, "err", err)
	}
}

// Len returns the number of keys whose buckets are stored (tests).
func (l *Limiter) Len(ctx context.Context) (int, error) {
	if l.Disabled() {
		return 0, nil
	}
	var n int
	err := l.db.NewRaw(`SELECT COUNT(*) FROM "ratelimit_buckets" WHERE "name" = ?`, l.name).Scan(ctx, &n)
	return n, err
}

// storedKey keeps keys short enough for the primary key index: a long one (a user name
// someone pasted a novel into) is stored as its hash.
func storedKey(key string) string {
	if len(key) <= 200 {
		return key
	}
	sum := sha256.Sum256([]byte(key))
	return "sha256:" + hex.EncodeToString(sum[:])
}
