package bus

import (
	"context"
	"sync"
	"time"

	"kerf/internal/platform/db"
)

// Cache bounds: a few minutes is the backstop for a lost message (a crash between commit and
// notify); the size cap keeps a replica's memory flat whatever the number of users.
const (
	DefaultCacheSize = 10_000
	DefaultCacheTTL  = 5 * time.Minute
)

// Cache keeps values read from the database on this replica, bounded in number and age, and
// drops them on every replica when a message on its topic names them. It is the one cache
// areas use for per-request lookups (grants, users, tenants, ...).
type Cache[K comparable, V any] struct {
	bus   *Bus
	match func(key K, payload string) bool
	size  int
	ttl   time.Duration
	now   func() time.Time

	mu      sync.Mutex
	entries map[K]cacheEntry[V]
	reads   map[*read[K]]struct{} // loads in flight: one its key's message reaches is not kept
}

// read is one load in flight; stale when a message naming its key arrived meanwhile.
type read[K comparable] struct {
	key   K
	stale bool
}

type cacheEntry[V any] struct {
	value   V
	expires time.Time
}

// NewCache returns a cache dropped through b's topic: a message's payload drops the keys match
// accepts, "*" drops everything. With a nil bus nothing is cached (nothing could invalidate it).
func NewCache[K comparable, V any](b *Bus, topic string, match func(key K, payload string) bool) *Cache[K, V] {
	c := &Cache[K, V]{bus: b, match: match, size: DefaultCacheSize, ttl: DefaultCacheTTL, now: time.Now,
		entries: map[K]cacheEntry[V]{}, reads: map[*read[K]]struct{}{}}
	b.Subscribe(topic, c.invalidate)
	return c
}

// Get returns the value of key, calling load when it is not cached (or has expired). A value
// loaded inside a db.InTx transaction is not kept, since the transaction may roll back.
func (c *Cache[K, V]) Get(ctx context.Context, key K, load func(ctx context.Context) (V, error)) (V, error) {
	if c == nil || c.bus == nil {
		return load(ctx)
	}
	r := &read[K]{key: key}
	c.mu.Lock()
	if e, ok := c.entries[key]; ok && c.now().Before(e.expires) {
		c.mu.Unlock()
		return e.value, nil
	}
	c.reads[r] = struct{}{}
	c.mu.Unlock()
	v, err := load(ctx)
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.reads, r)
	if err != nil || db.InTransaction(ctx) || r.stale {
		return v, err // a stale value changed while it was read: the next Get reads again
	}
	if _, present := c.entries[key]; !present && len(c.entries) >= c.size {
		c.evict()
	}
	c.entries[key] = cacheEntry[V]{value: v, expires: c.now().Add(c.ttl)}
	return v, nil
}

// evict drops expired entries, or an arbitrary tenth when none has expired. c.mu is held.
func (c *Cache[K, V]) evict() {
	now := c.now()
	for k, e := range c.entries {
		if !now.Before(e.expires) {
			delete(c.entries, k)
		}
	}
	for k := range c.entries {
		if len(c.entries) < c.size-c.size/10 {
			break
		}
		delete(c.entries, k)
	}
}

func (c *Cache[K, V]) invalidate(payload string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for r := range c.reads {
		if payload == All || c.match(r.key, payload) {
			r.stale = true
		}
	}
	if payload == All {
		clear(c.entries)
		return
	}
	for k := range c.entries {
		if c.match(k, payload) {
			delete(c.entries, k)
		}
	}
}

// Len returns the number of cached entries.
func (c *Cache[K, V]) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
