package permissions

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// directory is a fake identity area: users per tenant with the roles they hold now.
type directory struct {
	users map[uuid.UUID]*uuid.UUID // user → tenant
	roles map[uuid.UUID][]string
}

func (d *directory) GetUser(ctx context.Context, id uuid.UUID) (*identity.User, error) {
	t, ok := d.users[id]
	if !ok || (t == nil) != (tenancy.ID(ctx) == nil) || (t != nil && *t != *tenancy.ID(ctx)) {
		return nil, apperr.ErrNotFound
	}
	u := &identity.User{UserName: "u-" + id.String()[:4]}
	u.ID, u.TenantID = id, t
	return u, nil
}

func (d *directory) EffectiveRoles(_ context.Context, id uuid.UUID) ([]string, error) {
	return d.roles[id], nil
}

func newPageService(t *testing.T, d *db.DB) (*Service, *directory) {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	dir := &directory{users: map[uuid.UUID]*uuid.UUID{}, roles: map[uuid.UUID][]string{}}
	reg := permission.NewRegistry()
	return &Service{db: d, registry: reg, permissions: &permission.Service{DB: d, Registry: reg}, directory: dir}, dir
}

// grantedActions lists the granted actions of p, each with its providers ("create:R/clerk").
func grantedActions(p *PagePermission) []string {
	var out []string
	for _, a := range p.Actions {
		if !a.IsGranted {
			continue
		}
		var by []string
		for _, g := range a.GrantedProviders {
			by = append(by, g.ProviderName+"/"+g.ProviderKey)
		}
		out = append(out, a.Name+":"+strings.Join(by, ","))
	}
	return out
}

const route = "/salesorder/detail"

func TestPageActionsOfARoleAreGrantedAndRevokedPerRoute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newPageService(t, d)
		ctx := context.Background()
		p, err := s.GetPagePermission(ctx, "R", "clerk", route)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, a := range p.Actions {
			names = append(names, a.Name)
		}
		if !slices.Equal(names, PageActions) || len(grantedActions(p)) != 0 || p.ProviderName != "R" || p.RouteKey != route {
			t.Fatalf("a route without grants: %+v", p)
		}
		p, err = s.UpdatePagePermission(ctx, "R", "clerk", " "+route+" ", []UpdatePageAction{{Name: "create", IsGranted: true}, {Name: "export", IsGranted: true}})
		if err != nil {
			t.Fatal(err)
		}
		if got := grantedActions(p); !slices.Equal(got, []string{"create:R/clerk", "export:R/clerk"}) {
			t.Fatalf("after granting = %v", got)
		}
		// Another route, another role: untouched.
		if p, _ := s.GetPagePermission(ctx, "R", "clerk", "/other"); len(grantedActions(p)) != 0 {
			t.Fatalf("another route: %v", grantedActions(p))
		}
		if p, _ := s.GetPagePermission(ctx, "R", "sales", route); len(grantedActions(p)) != 0 {
			t.Fatalf("another role: %v", grantedActions(p))
		}
		// Unlisted actions keep their state; granting twice keeps one grant.
		p, err = s.UpdatePagePermission(ctx, "R", "clerk", route, []UpdatePageAction{{Name: "export"}, {Name: "create", IsGranted: true}})
		if err != nil {
			t.Fatal(err)
		}
		if got := grantedActions(p); !slices.Equal(got, []string{"create:R/clerk"}) {
			t.Fatalf("after revoking export = %v", got)
		}
		// One unknown action changes nothing.
		_, err = s.UpdatePagePermission(ctx, "R", "clerk", route, []UpdatePageAction{{Name: "clear", IsGranted: true}, {Name: "delete", IsGranted: true}})
		var ve *apperr.ValidationError
		if !errors.As(err, &ve) || ve.Fields[0].Field != "actions[1].name" || ve.Fields[0].Key != KeyUnknownPageAction {
			t.Fatalf("an unknown action: %v", err)
		}
		if p, _ := s.GetPagePermission(ctx, "R", "clerk", route); !slices.Equal(grantedActions(p), []string{"create:R/clerk"}) {
			t.Fatalf("a refused request changed grants: %v", grantedActions(p))
		}
	})
}

func TestPagePermissionInputRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newPageService(t, d)
		ctx := context.Background()
		for _, c := range []struct {
			provider, key, route, field, key2 string
		}{
			{"R", "clerk", " ", "routeKey", "Error:Required"},
			{"R", "clerk", strings.Repeat("/", MaxRouteKey+1), "routeKey", "Error:TooLong"},
			{"R", "", route, "providerKey", "Error:Required"},
			{"X", "clerk", route, "providerName", KeyUnknownProvider},
			{"U", "nope", route, "providerKey", KeyInvalidUserID},
		} {
			_, err := s.GetPagePermission(ctx, c.provider, c.key, c.route)
			var ve *apperr.ValidationError
			if !errors.As(err, &ve) || ve.Fields[0].Field != c.field || ve.Fields[0].Key != c.key2 {
				t.Errorf("%+v: %v", c, err)
			}
			if _, err := s.UpdatePagePermission(ctx, c.provider, c.key, c.route, []UpdatePageAction{{Name: "create", IsGranted: true}}); !errors.As(err, &ve) {
				t.Errorf("update %+v: %v", c, err)
			}
		}
		if _, err := s.GetPagePermission(ctx, "R", "clerk", strings.Repeat("/", MaxRouteKey)); err != nil {
			t.Errorf("the longest route key: %v", err)
		}
	})
}

func TestAUserHoldsThePageActionsOfTheRolesTheyHoldNow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, dir := newPageService(t, d)
		ctx := context.Background()
		user := db.NewID()
		dir.users[user] = nil
		dir.roles[user] = []string{"clerk", "sales"}
		if _, err := s.UpdatePagePermission(ctx, "R", "clerk", route, []UpdatePageAction{{Name: "create", IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdatePagePermission(ctx, "R", "sales", route, []UpdatePageAction{{Name: "create", IsGranted: true}, {Name: "select", IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		p, err := s.UpdatePagePermission(ctx, "U", user.String(), route, []UpdatePageAction{{Name: "select", IsGranted: true}, {Name: "export", IsGranted: true}})
		if err != nil {
			t.Fatal(err)
		}
		u := "U/" + user.String()
		want := []string{"create:R/clerk,R/sales", "select:" + u + ",R/sales", "export:" + u}
		if got := grantedActions(p); !slices.Equal(got, want) {
			t.Fatalf("the user's page actions = %v, want %v", got, want)
		}
		mine, err := s.MyPagePermission(ctx, user, route)
		if err != nil || mine.ProviderName != "" || !slices.Equal(grantedActions(mine), want) {
			t.Fatalf("the user's own page actions = %v %v", grantedActions(mine), err)
		}
		// A role taken away (directly or with an organisation unit) takes its actions along.
		dir.roles[user] = []string{"clerk"}
		mine, _ = s.MyPagePermission(ctx, user, route)
		if got := grantedActions(mine); !slices.Equal(got, []string{"create:R/clerk", "select:" + u, "export:" + u}) {
			t.Fatalf("after losing a role = %v", got)
		}
		if _, err := s.MyPagePermission(ctx, user, ""); err == nil {
			t.Fatal("no route key")
		}
	})
}

func TestPageGrantsStayInTheirTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, dir := newPageService(t, d)
		host := context.Background()
		tid := db.NewID()
		demo := tenancy.WithTenant(host, tenancy.Tenant{ID: &tid, Name: "demo", IsActive: true})
		if _, err := s.UpdatePagePermission(demo, "R", "clerk", route, []UpdatePageAction{{Name: "clear", IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.GetPagePermission(host, "R", "clerk", route); len(grantedActions(p)) != 0 {
			t.Fatalf("a tenant's grant shows on the host: %v", grantedActions(p))
		}
		if p, _ := s.GetPagePermission(demo, "R", "clerk", route); !slices.Equal(grantedActions(p), []string{"clear:R/clerk"}) {
			t.Fatalf("in the tenant: %v", grantedActions(p))
		}
		// The host revoking the same role's action leaves the tenant's grant.
		if _, err := s.UpdatePagePermission(host, "R", "clerk", route, []UpdatePageAction{{Name: "clear"}}); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.GetPagePermission(demo, "R", "clerk", route); len(grantedActions(p)) != 1 {
			t.Fatalf("the host's revocation reached the tenant: %v", grantedActions(p))
		}
		// A user of the tenant is not found from the host.
		user := db.NewID()
		dir.users[user] = &tid
		if _, err := s.GetPagePermission(host, "U", user.String(), route); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("a tenant's user from the host: %v", err)
		}
		if _, err := s.UpdatePagePermission(host, "U", user.String(), route, []UpdatePageAction{{Name: "clear", IsGranted: true}}); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("granting a tenant's user from the host: %v", err)
		}
		if _, err := s.GetPagePermission(demo, "U", user.String(), route); err != nil {
			t.Fatalf("the tenant's user in the tenant: %v", err)
		}
	})
}
