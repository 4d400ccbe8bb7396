package auditlogging

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// SettingRetentionDays is how many days audit logs, their actions and entity changes are
// kept, for the whole installation; 0 keeps them forever.
const SettingRetentionDays = "Kerf.Auditing.RetentionDays"

var settings = []setting.Definition{{
	Name: SettingRetentionDays, Default: "90", GlobalOnly: true,
	DisplayName: localization.Text{ZhHans: "审计日志保留天数（0 表示永久保留）", En: "Days audit logs are kept (0: forever)"},
}}

// Retention timing: the first run shortly after start, then every hour.
const (
	retentionFirst    = time.Minute
	retentionInterval = time.Hour
	retentionBatch    = 1000 // rows deleted per statement (and per transaction)
)

// Purge deletes, across tenants, the audit logs older than before with their actions, and
// the entity changes older than before with their properties, retentionBatch rows per
// transaction so that no long transaction holds the tables. It answers how many logs and
// entity changes it deleted.
func (s *Service) Purge(ctx context.Context, before time.Time) (logs, changes int, err error) {
	ctx = tenancy.AllTenants(ctx)
	before = before.UTC()
	for _, step := range []struct {
		n    *int
		each func(store, context.Context, time.Time, int) (int, error)
	}{{&changes, store.purgeChanges}, {&logs, store.purgeLogs}} {
		for {
			var n int
			err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
				var err error
				n, err = step.each(store{idb: tx}, ctx, before, retentionBatch)
				return err
			})
			if err != nil {
				return logs, changes, err
			}
			*step.n += n
			if n < retentionBatch || ctx.Err() != nil {
				break
			}
		}
	}
	return logs, changes, ctx.Err()
}

// ApplyRetention deletes what is older than the retention setting allows, in one process at
// a time across replicas (db.Exclusive). A retention of 0 or less deletes nothing.
func (s *Service) ApplyRetention(ctx context.Context, now time.Time) error {
	days, err := s.settings.Int(ctx, SettingRetentionDays) // global only: no tenant overrides it
	if err != nil {
		return fmt.Errorf("audit log retention setting: %w", err)
	}
	if days <= 0 {
		return nil
	}
	return s.db.Exclusive(ctx, "auditlogging.retention", func(ctx context.Context) error {
		logs, changes, err := s.Purge(ctx, now.AddDate(0, 0, -days))
		if logs > 0 || changes > 0 {
			slog.InfoContext(ctx, "audit log retention", "days", days, "logs", logs, "entityChanges", changes)
		}
		return err
	})
}

// runRetention applies the retention after first, then every interval, until ctx ends.
func (s *Service) runRetention(ctx context.Context, first, interval time.Duration) {
	t := time.NewTimer(first)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := s.ApplyRetention(ctx, time.Now()); err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "audit log retention failed; trying again later", "err", err)
		}
		t.Reset(interval)
	}
}
