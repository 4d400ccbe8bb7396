package salesorder

import (
	"context"
	"errors"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/files"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// fakeGrants holds each test user's permissions.
type fakeGrants struct {
	mu sync.Mutex
	by map[uuid.UUID]map[string]bool
}

func (f *fakeGrants) Granted(_ context.Context, p *auth.Principal) (map[string]bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]bool{}
	if p != nil {
		for n := range f.by[p.UserID] {
			out[n] = true
		}
	}
	return out, nil
}

// fixture is a migrated database with the service on it and its blob store.
type fixture struct {
	svc    *Service
	d      *db.DB
	grants *fakeGrants
	blob   *countingStore
}

// countingStore is a blob store that knows which keys hold a blob.
type countingStore struct {
	blob.Store
	mu   sync.Mutex
	keys map[string]bool
}

func (c *countingStore) Put(ctx context.Context, key string, r io.Reader, ct string) (int64, error) {
	n, err := c.Store.Put(ctx, key, r, ct)
	if err == nil {
		c.mu.Lock()
		c.keys[key] = true
		c.mu.Unlock()
	}
	return n, err
}

func (c *countingStore) Delete(ctx context.Context, key string) error {
	c.mu.Lock()
	delete(c.keys, key)
	c.mu.Unlock()
	return c.Store.Delete(ctx, key)
}

// List answers the keys holding a blob.
func (c *countingStore) List(context.Context, string) ([]string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for k := range c.keys {
		out = append(out, k)
	}
	return out, nil
}

func newFixture(t *testing.T, d *db.DB) *fixture {
	t.Helper()
	ctx := context.Background()
	if err := d.Migrate(ctx, files.New(files.Deps{}).Migrations()); err != nil {
		t.Fatal(err)
	}
	if err := d.Migrate(ctx, migrations); err != nil {
		t.Fatal(err)
	}
	texts := localization.NewCatalog()
	texts.Add(texts_())
	b := &countingStore{Store: blob.NewMemory(), keys: map[string]bool{}}
	f := &fixture{d: d, grants: &fakeGrants{by: map[uuid.UUID]map[string]bool{}}, blob: b}
	f.svc = NewService(Deps{DB: d, Catalog: texts, Files: files.NewService(d, b)})
	f.svc.perms = f.grants
	return f
}

func texts_() localization.Texts { return texts }

// every permission of the area.
var allPerms = []string{PermOrders, PermOrdersCreate, PermOrdersEdit, PermOrdersDelete, PermOrdersSubmit,
	PermOrdersReview, PermOrdersConfirm, PermOrdersRelease, PermOrdersShip, PermOrdersClose, PermOrdersCancel,
	PermOrdersFiles, PermOrderTypes, PermProductTypes}

// user is a request of a new user of tenant (nil: the host) holding perms.
func (f *fixture) user(tenant *uuid.UUID, name string, perms ...string) context.Context {
	id := uuid.New()
	g := map[string]bool{}
	for _, p := range perms {
		g[p] = true
	}
	f.grants.mu.Lock()
	f.grants.by[id] = g
	f.grants.mu.Unlock()
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: tenant, Name: "t"})
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: id, TenantID: tenant, UserName: name})
}

// admin is a user of tenant holding every permission of the area.
func (f *fixture) admin(tenant *uuid.UUID) context.Context {
	return f.user(tenant, "admin", allPerms...)
}

func newTenant() *uuid.UUID { id := uuid.New(); return &id }

func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// orderType creates an enabled order type in the side of ctx.
func (f *fixture) orderType(t *testing.T, ctx context.Context, code string) uuid.UUID {
	t.Helper()
	return must[*OrderType](t)(f.svc.CreateOrderType(ctx, TypeInput{Code: code, Name: code})).ID
}

// order creates a draft order of a new order type.
func (f *fixture) order(t *testing.T, ctx context.Context, in SalesOrderInput) *SalesOrder {
	t.Helper()
	if in.OrderTypeID == uuid.Nil {
		in.OrderTypeID = f.orderType(t, ctx, "T"+uuid.NewString()[:8])
	}
	if in.CustomerName == "" {
		in.CustomerName = "客户"
	}
	return must[*SalesOrder](t)(f.svc.Create(ctx, in))
}

// moveTo takes o (a draft) to st along the main path, as admin.
func (f *fixture) moveTo(t *testing.T, ctx context.Context, o *SalesOrder, st Status) *SalesOrder {
	t.Helper()
	path := map[Status][]Action{
		StatusDraft: nil, StatusSubmitted: {ActionSubmit}, StatusInReview: {ActionSubmit, ActionReview},
		StatusConfirmed:    {ActionSubmit, ActionReview, ActionConfirm},
		StatusInProduction: {ActionSubmit, ActionReview, ActionConfirm, ActionRelease},
		StatusShipped:      {ActionSubmit, ActionReview, ActionConfirm, ActionRelease, ActionShip},
		StatusClosed:       {ActionSubmit, ActionReview, ActionConfirm, ActionRelease, ActionShip, ActionClose},
		StatusCancelled:    {ActionCancel},
	}[st]
	for _, a := range path {
		o = must[*SalesOrder](t)(f.svc.Move(ctx, o.ID, StatusMoveInput{Action: a}))
	}
	if o.Status != st {
		t.Fatalf("moved to %d, want %d", o.Status, st)
	}
	return o
}

// fields returns the members of a validation error and their keys, failing when err is not one.
func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range ve.Fields {
		out[f.Field] = f.Key
	}
	return out
}

// userKey returns the message key of a UserError, failing when err is not one.
func userKey(t *testing.T, err error) string {
	t.Helper()
	var ue *apperr.UserError
	if !errors.As(err, &ue) {
		t.Fatalf("want a user error, got %v", err)
	}
	return ue.Key
}

// day is noon (UTC) of a day, so that the day is the same in the time zone of any machine
// the tests run on.
func day(s string) *time.Time {
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	d = d.Add(12 * time.Hour)
	return &d
}
