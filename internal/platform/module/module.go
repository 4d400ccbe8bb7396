// Package module defines the small, uniform face every area of Kerf shows the app:
// its migrations, permissions, menu entries, texts, operations and seed.
package module

import (
	"context"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/jobs"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
)

// Module is one area of the product.
type Module interface {
	Name() string
	Migrations() []db.Migration
	Permissions() []permission.Group
	// Settings are the values administrators may tune, with their defaults.
	Settings() []setting.Definition
	Menus() []MenuEntry
	Texts() localization.Texts
	Register(api *httpapi.API)
	// Seed writes the rows the area needs to work (always) and, when demo is true, its
	// demo data. It must be safe to run again on a seeded database.
	Seed(ctx context.Context, demo bool) error
}

// JobsModule is a module with work for the job queue (optional: the app checks for it).
// The app calls Jobs once, after building every module and before the queue starts, with
// the process's queue: the module registers its kinds there (jobs.Register) and keeps the
// queue to enqueue with (Queue.Enqueue, in the transaction of the write that asks).
type JobsModule interface {
	Jobs(q *jobs.Queue) error
}

// FeatureModule is a module that declares features (optional: the app checks for it): what
// an edition or a tenant may use, e.g. a switch for the whole area or a limit
// (docs/decisions/0014, "Features").
type FeatureModule interface {
	Features() []feature.Group
}

// TenantSeeder is a module that gives a new tenant the rows it needs to work (its admin role,
// static dictionaries, default types…): for one tenant, what its Seed gives every tenant that
// exists at start-up (optional: the app checks for it). The tenant administration
// (internal/saas) calls SeedTenant of every such module in ctx's tenant, the new one, inside
// tx, the transaction that creates the tenant: all or nothing. Stores join tx (their inTx
// runs in a bun.Tx it is given).
type TenantSeeder interface {
	SeedTenant(ctx context.Context, tx bun.Tx) error
}

// MenuEntry is a menu item an area contributes; the menus area stores them as rows
// that administrators can edit later.
type MenuEntry struct {
	Name        string // unique key, e.g. "catalog.products"
	Parent      string // Name of the parent entry; empty for a root
	Path        string
	Component   string // component key the web app's registry resolves; "Layout" for groups
	Icon        string
	Order       int
	Permission  string // needed to see it; empty: any logged-in user
	Hidden      bool
	DisplayName localization.Text
	ActiveMenu  string
	NoCache     bool
	Affix       bool
	External    bool
	// HostOnly entries (SaaS, identity server) are shown only when no tenant is selected.
	HostOnly bool
	// MultiTenancyOnly entries (tenant management) are shown only when multi-tenancy is on.
	MultiTenancyOnly bool
	// Feature names a switch (feature.TypeBool) the caller's tenant must have on to see the
	// entry and everything under it.
	Feature string
}

// Base gives a module empty defaults so it implements only what it has.
type Base struct{}

func (Base) Migrations() []db.Migration       { return nil }
func (Base) Permissions() []permission.Group  { return nil }
func (Base) Settings() []setting.Definition   { return nil }
func (Base) Menus() []MenuEntry               { return nil }
func (Base) Texts() localization.Texts        { return nil }
func (Base) Register(*httpapi.API)            {}
func (Base) Seed(context.Context, bool) error { return nil }

// WithFeature returns copies of entries that need the switch name (entries that name another
// feature keep theirs).
func WithFeature(name string, entries []MenuEntry) []MenuEntry {
	out := make([]MenuEntry, len(entries))
	for i, e := range entries {
		if e.Feature == "" {
			e.Feature = name
		}
		out[i] = e
	}
	return out
}
