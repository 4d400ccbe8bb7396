package bus

import (
	"context"
	"log/slog"

	"kerf/internal/platform/db"
)

// RowsTopic carries the name of a table whose rows changed ("*": any table); it drops the
// totals Counts keeps for that table.
const RowsTopic = "db.rows"

// countKey is one count statement over one table.
type countKey struct{ table, sql string }

// Counts keeps db.List's totals on this replica (db.DB.SetCounts) in a Cache dropped by
// RowsTopic, which the database's query hook publishes after every committed write.
type Counts struct {
	bus   *Bus
	cache *Cache[countKey, int]
}

// NewCounts returns the counts of b (with a nil bus nothing is kept).
func NewCounts(b *Bus) *Counts {
	return &Counts{bus: b, cache: NewCache[countKey, int](b, RowsTopic, func(k countKey, table string) bool { return k.table == table })}
}

// Count answers the cached total of the count statement key over table, or loads it.
func (c *Counts) Count(ctx context.Context, table, key string, load func(ctx context.Context) (int, error)) (int, error) {
	return c.cache.Get(ctx, countKey{table, key}, load)
}

// Changed publishes that table's rows changed ("" = any table); Publish sends it once the
// transaction of ctx commits.
func (c *Counts) Changed(ctx context.Context, table string) {
	if table == "" {
		table = All
	}
	if err := c.bus.Publish(ctx, RowsTopic, table); err != nil {
		slog.ErrorContext(ctx, "bus: announce changed rows", "table", table, "err", err)
	}
}

// Len returns the number of totals kept.
func (c *Counts) Len() int { return c.cache.Len() }

var _ db.Counts = (*Counts)(nil)
