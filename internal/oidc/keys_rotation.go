package oidc

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// maintainLocked reloads the keys, makes a new one when the newest is older than the
// rotation period, and deletes keys whose every token has expired.
func (k *keyring) maintainLocked(ctx context.Context) error {
	if err := k.loadLocked(ctx); err != nil {
		return err
	}
	s, now := k.set.Load(), k.now()
	changed := false
	if k.rotation > 0 && now.Sub(s.signing.Created) >= k.rotation {
		if _, _, err := k.addKey(ctx, s.signing.Generation+1, nil, now); err != nil {
			return err
		}
		changed = true // made here, or by a replica that rotated at the same moment
	}
	n, err := k.prune(ctx, now)
	if err != nil {
		return err
	}
	if changed || n > 0 {
		return k.loadLocked(ctx)
	}
	return nil
}

// prune deletes every key whose successor began signing longer ago than the longest token
// lifetime (and a grace): no valid token can name it any more.
func (k *keyring) prune(ctx context.Context, now time.Time) (int, error) {
	var rows []signingKeyRow
	if err := db.Select(ctx, k.db, &rows).Column("id", "generation", "created_at").OrderExpr("generation").Scan(ctx); err != nil {
		return 0, fmt.Errorf("read signing keys: %w", err)
	}
	if len(rows) < 2 {
		return 0, nil
	}
	life, err := k.longestTokenLifetime(ctx)
	if err != nil {
		return 0, err
	}
	var old []string
	for i := range len(rows) - 1 {
		if now.After(rows[i+1].CreatedAt.Add(life + keyGrace)) {
			old = append(old, rows[i].ID)
		}
	}
	if len(old) == 0 {
		return 0, nil
	}
	if _, err := db.Delete(ctx, k.db, (*signingKeyRow)(nil)).Where("id IN (?)", bun.In(old)).Exec(ctx); err != nil {
		return 0, fmt.Errorf("delete retired signing keys: %w", err)
	}
	slog.InfoContext(ctx, "oidc: retired signing keys deleted", "kids", old)
	return len(old), nil
}

// longestTokenLifetime is the longest lifetime of a JWT any client is given (access or
// identity token), at least minTokenLifetime.
func (k *keyring) longestTokenLifetime(ctx context.Context) (time.Duration, error) {
	var access, id sql.NullInt64
	host := tenancy.WithTenant(ctx, tenancy.Tenant{}) // clients are host rows
	err := db.Select(host, k.db, (*Client)(nil)).
		ColumnExpr("MAX(access_token_lifetime), MAX(identity_token_lifetime)").Scan(host, &access, &id)
	if err != nil {
		return 0, fmt.Errorf("longest token lifetime: %w", err)
	}
	return max(minTokenLifetime, time.Duration(max(access.Int64, id.Int64))*time.Second), nil
}
