package realtime

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Migrations are this package's schema changes, in order. Each is frozen: never edit or
// remove a released migration; add a new one at the end.
var Migrations = []db.Migration{{
	ID: "realtime/0001_envelopes",
	Up: db.DDL(`
CREATE TABLE "realtime_envelopes" (
	"id" uuid NOT NULL,
	"frame" VARCHAR NOT NULL,
	"creation_time" TIMESTAMP NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_realtime_envelopes_creation_time" ON "realtime_envelopes" ("creation_time")
`, `
CREATE TABLE "realtime_envelopes" (
	"id" uuid NOT NULL,
	"frame" TEXT NOT NULL,
	"creation_time" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_realtime_envelopes_creation_time" ON "realtime_envelopes" ("creation_time")
`),
}}

// EnvelopeLifetime is how long a stored frame is kept: every replica has read it long before.
const EnvelopeLifetime = time.Minute

// sweepEvery is how often old envelopes are deleted.
const sweepEvery = 30 * time.Second

// storedEnvelope is a frame too large for a bus notification (a host table: no tenant).
type storedEnvelope struct {
	bun.BaseModel `bun:"table:realtime_envelopes"`
	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	Frame         string    `bun:"frame,notnull"`
	CreationTime  time.Time `bun:"creation_time,notnull"`
}

func (s *Server) store(ctx context.Context, f string) (uuid.UUID, error) {
	row := &storedEnvelope{ID: uuid.New(), Frame: f, CreationTime: s.opts.Now().UTC()}
	if _, err := s.opts.DB.NewInsert().Model(row).Exec(ctx); err != nil {
		return uuid.Nil, fmt.Errorf("realtime: store envelope: %w", err)
	}
	return row.ID, nil
}

func (s *Server) load(ctx context.Context, id uuid.UUID) (string, error) {
	var row storedEnvelope
	if err := s.opts.DB.NewSelect().Model(&row).Where("id = ?", id).Scan(ctx); err != nil {
		return "", fmt.Errorf("realtime: read envelope %s: %w", id, err)
	}
	return row.Frame, nil
}

// sweepOnce deletes the envelopes older than EnvelopeLifetime.
func (s *Server) sweepOnce(ctx context.Context) (int64, error) {
	res, err := s.opts.DB.NewDelete().Model((*storedEnvelope)(nil)).
		Where("creation_time < ?", s.opts.Now().UTC().Add(-EnvelopeLifetime)).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("realtime: sweep envelopes: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// sweep runs sweepOnce every sweepEvery until ctx ends (PostgreSQL only: on SQLite nothing
// is stored).
func (s *Server) sweep(ctx context.Context) {
	defer close(s.done)
	if s.opts.DB == nil || s.opts.DB.Kind != db.Postgres {
		<-ctx.Done()
		return
	}
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.sweepOnce(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("realtime: sweep", "err", err)
			}
		}
	}
}
