package db

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/schema"

	"kerf/internal/platform/tenancy"
)

// Tenants on their own databases (docs/decisions/0014). A tenant whose Default connection
// string is active keeps every tenant-scoped row (a table with a tenant_id column that is
// not host-resident) in its own database. The wrappers of this package route: a statement
// handed the root *DB (or its *bun.DB) on a tenant-scoped table runs on the database of
// ctx's tenant; InTx begins there; a transaction handed in stays the transaction. Host
// tables (no tenant_id, or registered with HostTable) always run on the host database, and
// a statement on one inside a tenant database's transaction is refused
// (ErrHostTableInTenantTx). Code that looks across tenants (tenancy.AllTenants) reads the
// host database only.

// TenantResolver answers the database URL of a tenant whose rows live in a database of its
// own (its active Default connection string, ready to open), or "" when they live in the
// host database.
type TenantResolver func(ctx context.Context, tenantID uuid.UUID) (string, error)

// ErrHostTableInTenantTx is what a statement on a host table answers inside a transaction
// of a tenant's own database: a programming error (the host table is not there).
var ErrHostTableInTenantTx = errors.New("db: host table used inside a tenant database's transaction")

// tenantEntryTTL bounds how long a replica keeps a tenant's resolution without a message
// (the backstop of every cache, 0007).
const tenantEntryTTL = 5 * time.Minute

// tenantRouter is the root database's map of tenants to their databases.
type tenantRouter struct {
	resolve TenantResolver
	pool    Pool

	mu      sync.Mutex
	entries map[uuid.UUID]*tenantEntry
	gen     map[uuid.UUID]uint64 // bumped by Forget, so a resolution in flight is not kept
}

type tenantEntry struct {
	url     string // "" : the host database
	db      *DB    // opened on first use
	expires time.Time
}

var (
	hostTables  sync.Map // table name → true: has tenant_id but stays on the host
	tenantBunDB sync.Map // *bun.DB of a tenant's own database → *DB
	rootBunDB   sync.Map // *bun.DB of a root database that routes → *DB
)

// HostTable marks tables that have a tenant_id column but stay in the host database for
// every tenant (rows found by a secret before their tenant is known, rows written or
// purged across tenants by the host): the owning module or the app registers them at
// wiring, before any statement runs.
func HostTable(names ...string) {
	for _, n := range names {
		hostTables.Store(n, true)
	}
}

// IsHostTable reports whether table was registered with HostTable.
func IsHostTable(table string) bool {
	_, ok := hostTables.Load(table)
	return ok
}

// TenantScoped reports whether rows of t live in a tenant's own database when it has one:
// t has a tenant_id column and is not a host table.
func TenantScoped(t *schema.Table) bool {
	return t != nil && t.HasField("tenant_id") && !IsHostTable(t.Name)
}

// UseTenantDatabases makes d route the statements of tenants that have a database of their
// own to it, as r answers; each such database is opened on first use with pool p and kept
// until ForgetTenant. Call it once at wiring, before d is used concurrently.
func (d *DB) UseTenantDatabases(r TenantResolver, p Pool) {
	d.tenants = &tenantRouter{resolve: r, pool: p, entries: map[uuid.UUID]*tenantEntry{}, gen: map[uuid.UUID]uint64{}}
	rootBunDB.Store(d.DB, d)
}

// IsTenantDatabase reports whether d is a tenant's own database opened by a root's router.
func (d *DB) IsTenantDatabase() bool { return d.host != nil }

// ForgetTenant drops what this replica knows of tenant id's database: its resolution, and
// its pool, closed once running statements end. The next statement of the tenant resolves
// anew. Call it on every replica when the tenant's connection string changes.
func (d *DB) ForgetTenant(id uuid.UUID) {
	r := d.tenants
	if r == nil {
		return
	}
	r.mu.Lock()
	e := r.entries[id]
	delete(r.entries, id)
	r.gen[id]++
	r.mu.Unlock()
	if e != nil && e.db != nil {
		go closeTenantDB(e.db) // waits for running statements; a bus subscriber must be quick
	}
}

// ForgetTenants drops every tenant's resolution and pool (a bus reconnect: messages may
// have been lost).
func (d *DB) ForgetTenants() {
	r := d.tenants
	if r == nil {
		return
	}
	r.mu.Lock()
	old := r.entries
	r.entries = map[uuid.UUID]*tenantEntry{}
	for id := range old {
		r.gen[id]++
	}
	r.mu.Unlock()
	for _, e := range old {
		if e.db != nil {
			go closeTenantDB(e.db)
		}
	}
}

func closeTenantDB(t *DB) {
	tenantBunDB.Delete(t.DB)
	if err := t.Close(); err != nil {
		slog.Warn("close a tenant database", "err", err)
	}
}

// Close closes the database, and the tenants' databases this root opened.
func (d *DB) Close() error {
	if r := d.tenants; r != nil {
		rootBunDB.Delete(d.DB)
		r.mu.Lock()
		old := r.entries
		r.entries = map[uuid.UUID]*tenantEntry{}
		r.mu.Unlock()
		for _, e := range old {
			if e.db != nil {
				closeTenantDB(e.db)
			}
		}
	}
	return d.DB.Close()
}

// TenantDB answers the database ctx's tenant-scoped rows live in: the tenant's own when it
// has one (opened on first use), else d. Outside a tenant, and under tenancy.AllTenants,
// it is d.
func (d *DB) TenantDB(ctx context.Context) (*DB, error) {
	r := d.tenants
	if r == nil || !tenancy.Filtered(ctx) {
		return d, nil
	}
	id := tenancy.ID(ctx)
	if id == nil {
		return d, nil
	}
	t, err := r.database(ctx, d, *id)
	if err != nil {
		return nil, fmt.Errorf("tenant %s database: %w", id, err)
	}
	if t == nil {
		return d, nil
	}
	return t, nil
}

// database answers tenant id's own database, or nil when its rows live in the host's.
func (r *tenantRouter) database(ctx context.Context, host *DB, id uuid.UUID) (*DB, error) {
	now := time.Now()
	r.mu.Lock()
	e := r.entries[id]
	gen := r.gen[id]
	r.mu.Unlock()
	if e == nil || now.After(e.expires) {
		url, err := r.resolve(context.WithoutCancel(ctx), id)
		if err != nil {
			return nil, err
		}
		e = &tenantEntry{url: url, expires: now.Add(tenantEntryTTL)}
		r.mu.Lock()
		if old := r.entries[id]; old != nil && old.url == url && old.db != nil {
			e.db = old.db // a renewed resolution keeps the open pool
		} else if old != nil && old.db != nil {
			defer closeTenantDB(old.db)
		}
		if r.gen[id] == gen {
			r.entries[id] = e
		}
		r.mu.Unlock()
	}
	if e.url == "" {
		return nil, nil
	}
	if e.db != nil {
		return e.db, nil
	}
	return r.open(ctx, host, id, e)
}

// open opens the pool of e (once; another request may have opened it meanwhile).
func (r *tenantRouter) open(ctx context.Context, host *DB, id uuid.UUID, e *tenantEntry) (*DB, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e.db != nil {
		return e.db, nil
	}
	t, err := host.OpenTenant(ctx, e.url, r.pool)
	if err != nil {
		return nil, err
	}
	if r.entries[id] != e { // forgotten while opening: use it for this statement only
		defer func() { go closeTenantDB(t) }()
		return t, nil
	}
	e.db = t
	return t, nil
}

// OpenTenant opens a tenant's own database at url like d: the same list totals and entity
// change recording. It does not route (its rows are the tenant's already).
func (d *DB) OpenTenant(ctx context.Context, url string, p Pool) (*DB, error) {
	t, err := OpenPool(ctx, url, p)
	if err != nil {
		return nil, err
	}
	t.host = d
	if d.counts != nil {
		t.SetCounts(d.counts)
	}
	if rec := recorderOf(d); rec != nil {
		t.SetChangeRecorder(rec)
	}
	tenantBunDB.Store(t.DB, t)
	return t, nil
}

// routed answers the database a statement on model's table runs on when handed idb: the
// tenant's own database for a tenant-scoped table handed the root database; idb itself
// otherwise. A host table inside a tenant database's transaction answers
// ErrHostTableInTenantTx (and idb, so a query can still be built to carry the error).
func routed(ctx context.Context, idb bun.IDB, model any) (bun.IDB, error) {
	switch v := idb.(type) {
	case *DB:
		if v.tenants == nil {
			return idb, nil
		}
		return routeRoot(ctx, v, idb, model)
	case *bun.DB:
		if d, ok := rootBunDB.Load(v); ok {
			return routeRoot(ctx, d.(*DB), idb, model)
		}
		return idb, nil
	case bun.Tx:
		return idb, checkTenantTx(v, model)
	case *bun.Tx:
		if v != nil {
			return idb, checkTenantTx(*v, model)
		}
	}
	return idb, nil
}

func routeRoot(ctx context.Context, d *DB, idb bun.IDB, model any) (bun.IDB, error) {
	if !tenancy.Filtered(ctx) || tenancy.ID(ctx) == nil || !TenantScoped(tableOf(d.DB, model)) {
		return idb, nil
	}
	t, err := d.TenantDB(ctx)
	if err != nil {
		return idb, err
	}
	if t == d {
		return idb, nil
	}
	return t, nil
}

// checkTenantTx refuses a statement on a host table in a transaction of a tenant's database.
func checkTenantTx(tx bun.Tx, model any) error {
	b := tx.NewSelect().DB()
	if _, ok := tenantBunDB.Load(b); !ok {
		return nil
	}
	if t := tableOf(b, model); t != nil && !TenantScoped(t) {
		return fmt.Errorf("%w: %s", ErrHostTableInTenantTx, t.Name)
	}
	return nil
}

// tableOf answers the table of model (a struct, a pointer to one, a slice of them, or a
// typed nil pointer), or nil when model is no struct.
func tableOf(b *bun.DB, model any) *schema.Table {
	t := modelType(model)
	if t == nil {
		return nil
	}
	return b.Dialect().Tables().Get(t)
}

// inTenantTx reports whether idb is a transaction of a tenant's own database.
func inTenantTx(idb bun.IDB) bool {
	var tx bun.Tx
	switch v := idb.(type) {
	case bun.Tx:
		tx = v
	case *bun.Tx:
		if v == nil {
			return false
		}
		tx = *v
	default:
		return false
	}
	_, ok := tenantBunDB.Load(tx.NewSelect().DB())
	return ok
}

// InTenantTx reports whether idb is a transaction of a tenant's own database (the job queue
// then enqueues on the host after the commit).
func InTenantTx(idb bun.IDB) bool { return inTenantTx(idb) }
