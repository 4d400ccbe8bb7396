package auditdesign

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
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

type fixture struct {
	svc    *Service
	d      *db.DB
	grants *fakeGrants
	names  map[uuid.UUID]string
}

var allPerms = []string{PermRead, PermClaim, PermAssign, PermTransfer, PermReject, PermSendBack, PermPass,
	PermDiscard, PermEdit, PermDownload, PermMadePrice}

func newFixture(t *testing.T, d *db.DB) *fixture {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	cat := localization.NewCatalog()
	cat.Add(texts)
	f := &fixture{d: d, grants: &fakeGrants{by: map[uuid.UUID]map[string]bool{}}, names: map[uuid.UUID]string{}}
	f.svc = NewService(Deps{DB: d, Catalog: cat,
		Actor: func(ctx context.Context) (string, []string) {
			return auth.FromContext(ctx).UserName, []string{"reviewer", "admin"}
		},
		SeparatePallet: func(_ context.Context, code string) bool { return code == "A" || code == "B" },
		Assignee: func(_ context.Context, id uuid.UUID) (string, bool, error) {
			f.grants.mu.Lock()
			defer f.grants.mu.Unlock()
			return f.names[id], f.grants.by[id][PermClaim], nil
		},
	})
	f.svc.perms = f.grants
	return f
}

// user is a request of a new user of tenant (nil: the host) holding perms.
func (f *fixture) user(tenant *uuid.UUID, name string, perms ...string) context.Context {
	id := uuid.New()
	g := map[string]bool{}
	for _, p := range perms {
		g[p] = true
	}
	f.grants.mu.Lock()
	f.grants.by[id] = g
	f.names[id] = name
	f.grants.mu.Unlock()
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: tenant, Name: "t"})
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: id, TenantID: tenant, UserName: name})
}

func userID(ctx context.Context) uuid.UUID { return *auth.UserID(ctx) }

// sheets creates an order's sheets, one per solution, as ctx's user.
func (f *fixture) sheets(t *testing.T, ctx context.Context, number string, n int) []AuditDesign {
	t.Helper()
	var sols []Solution
	for i := 0; i < n; i++ {
		sols = append(sols, Solution{Code: number + "-S" + string(rune('1'+i)), Name: "方案" + string(rune('1'+i))})
	}
	creator := userID(ctx)
	out, err := f.svc.CreateSheets(ctx, f.d, Order{ID: uuid.New(), Number: number, CreatorID: &creator}, sols)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func key(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		return ue.Key
	}
	var k *apperr.Keyed
	if errors.As(err, &k) {
		return k.Key
	}
	var ve *apperr.ValidationError
	if errors.As(err, &ve) {
		return "validation"
	}
	t.Fatalf("error without a key: %v", err)
	return ""
}
