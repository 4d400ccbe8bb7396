package permissions

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// pageGrants returns, for each action of routeKey granted in the current tenant by one of
// providers, the providers granting it, in the order of providers.
func pageGrants(ctx context.Context, idb bun.IDB, routeKey string, providers []ProviderInfo) (map[string][]ProviderInfo, error) {
	out := map[string][]ProviderInfo{}
	if len(providers) == 0 {
		return out, nil
	}
	var rows []PageGrant
	err := db.Select(ctx, idb, &rows).Where("route_key = ?", routeKey).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			for _, p := range providers {
				q = q.WhereOr("provider_name = ? AND provider_key = ?", p.ProviderName, p.ProviderKey)
			}
			return q
		}).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read page grants of %s: %w", routeKey, err)
	}
	has := map[ProviderInfo]map[string]bool{}
	for _, r := range rows {
		p := ProviderInfo{ProviderName: r.ProviderName, ProviderKey: r.ProviderKey}
		if has[p] == nil {
			has[p] = map[string]bool{}
		}
		has[p][r.Action] = true
	}
	for _, p := range providers {
		for a := range has[p] {
			out[a] = append(out[a], p)
		}
	}
	return out, nil
}

// setPageGrants grants and revokes actions of routeKey for one provider in the current
// tenant, within tx.
func setPageGrants(ctx context.Context, tx bun.IDB, providerName, providerKey, routeKey string, changes []UpdatePageAction) error {
	for _, c := range changes {
		if _, err := db.Delete(ctx, tx, (*PageGrant)(nil)).Where("route_key = ?", routeKey).
			Where("provider_name = ? AND provider_key = ?", providerName, providerKey).Where("action = ?", c.Name).Exec(ctx); err != nil {
			return fmt.Errorf("revoke page action %s: %w", c.Name, err)
		}
		if !c.IsGranted {
			continue
		}
		g := &PageGrant{ID: db.NewID(), TenantID: tenancy.ID(ctx), ProviderName: providerName, ProviderKey: providerKey,
			RouteKey: routeKey, Action: c.Name}
		if err := db.Insert(ctx, tx, g); err != nil {
			return fmt.Errorf("grant page action %s: %w", c.Name, err)
		}
	}
	return nil
}
