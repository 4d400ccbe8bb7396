package pageconfig

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

const route = "zzzsaleszzzorders"

func applied(t *testing.T, s *Service, p *auth.Principal, routeKey string) *Applied {
	t.Helper()
	return must[*Applied](t)(s.ConfigFor(in(p), p, routeKey))
}

func TestWhatAppliesIsTheUsersOwnElseTheirRolesElseTheSidesElseNone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales", "design", "admin")
		s := newService(t, d, dir)
		tenant := newTenant()
		admin := dir.user(tenant, "admin")
		sales := dir.user(tenant, "design", "sales")
		ctx := in(admin)

		a := applied(t, s, sales, route)
		if a.Source != SourceNone || a.ID != nil || a.Config != "" || !a.Allowed || len(a.HiddenFields) != 0 {
			t.Fatalf("nothing saved: %+v", a)
		}

		def := must[*Saved](t)(s.SaveTenant(ctx, SaveTenantConfigInput{RouteKey: route, Config: cfg("orderNo", "customer")}))
		if a := applied(t, s, sales, route); a.Source != KindTenant || *a.ID != def.ID || a.Config != cfg("orderNo", "customer") {
			t.Fatalf("the side's default: %+v", a)
		}

		older := must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("orderNo"), RoleList: []string{"SALES"}}))
		must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("customer"), RoleList: []string{"design", "sales"}}))
		if older.Kind != KindRole || !slices.Equal(older.RoleList, []string{"sales"}) {
			t.Fatalf("a role configuration keeps the role's own spelling: %+v", older)
		}
		if a := applied(t, s, sales, route); a.Source != KindRole || *a.ID != older.ID || a.Config != cfg("orderNo") || !a.Allowed {
			t.Fatalf("the oldest role configuration naming one of the user's roles: %+v", a)
		}

		mine := must[*Saved](t)(s.SaveOwn(in(sales), sales, SaveConfigInput{RouteKey: route, Config: cfg("customer", "orderNo")}))
		if a := applied(t, s, sales, route); a.Source != KindUser || *a.ID != mine.ID || a.Config != cfg("customer", "orderNo") {
			t.Fatalf("the user's own: %+v", a)
		}

		if err := s.ResetOwn(in(sales), sales, route); err != nil {
			t.Fatal(err)
		}
		if a := applied(t, s, sales, route); a.Source != KindRole || *a.ID != older.ID {
			t.Fatalf("after a reset the role's applies again: %+v", a)
		}
		if err := s.ResetOwn(in(sales), sales, route); err != nil {
			t.Fatalf("resetting nothing: %v", err)
		}
		// Another route is untouched by all of this.
		if a := applied(t, s, sales, route+"x"); a.Source != SourceNone {
			t.Fatalf("another route: %+v", a)
		}
	})
}

func TestAUserOutsideEveryRoleListIsNotAllowedButTheAdministratorAlwaysIs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales", "design", "admin")
		s := newService(t, d, dir)
		tenant := newTenant()
		admin := dir.user(tenant, "admin")
		dir.admins[admin.UserID] = true
		designer := dir.user(tenant, "design")
		sales := dir.user(tenant, "sales")
		ctx := in(admin)
		must[*Saved](t)(s.SaveTenant(ctx, SaveTenantConfigInput{RouteKey: route, Config: cfg("orderNo", "price")}))
		if a := applied(t, s, designer, route); !a.Allowed {
			t.Fatalf("no role configuration yet: everyone is allowed: %+v", a)
		}
		must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("orderNo"), RoleList: []string{"sales"}}))

		a := applied(t, s, designer, route)
		if a.Allowed || a.Source != KindTenant {
			t.Fatalf("a user in no role list: %+v", a)
		}
		// Their own columns do not change that.
		must[*Saved](t)(s.SaveOwn(in(designer), designer, SaveConfigInput{RouteKey: route, Config: cfg("price")}))
		if a := applied(t, s, designer, route); a.Allowed || a.Source != KindUser {
			t.Fatalf("a user in no role list, with their own columns: %+v", a)
		}
		if a := applied(t, s, sales, route); !a.Allowed || a.Source != KindRole {
			t.Fatalf("a user in the role list: %+v", a)
		}
		if a := applied(t, s, admin, route); !a.Allowed || a.Source != KindTenant {
			t.Fatalf("the administrator, in no role list: %+v", a)
		}
		// A client's own token has no user: it is in no role list.
		client := &auth.Principal{TenantID: tenant, ClientOnly: true}
		if a := applied(t, s, client, route); a.Allowed {
			t.Fatalf("a client: %+v", a)
		}
	})
}

func TestHiddenFieldsOfTheRoleStayHiddenOverTheUsersOwnColumnsButNotForTheAdministrator(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales", "admin")
		s := newService(t, d, dir)
		tenant := newTenant()
		admin := dir.user(tenant, "admin", "sales")
		dir.admins[admin.UserID] = true
		sales := dir.user(tenant, "sales")
		ctx := in(admin)
		must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("orderNo", "price", "cost"), RoleList: []string{"sales"},
			HiddenFields: ` [ "price", "cost" ] `}))
		if a := applied(t, s, sales, route); !slices.Equal(a.HiddenFields, []string{"price", "cost"}) {
			t.Fatalf("the role's hidden fields: %+v", a)
		}
		must[*Saved](t)(s.SaveOwn(in(sales), sales, SaveConfigInput{RouteKey: route, Config: cfg("price", "orderNo")}))
		if a := applied(t, s, sales, route); a.Source != KindUser || !slices.Equal(a.HiddenFields, []string{"price", "cost"}) {
			t.Fatalf("saving one's own columns does not show a hidden field: %+v", a)
		}
		if a := applied(t, s, admin, route); len(a.HiddenFields) != 0 || !a.Allowed {
			t.Fatalf("the administrator sees every column: %+v", a)
		}
	})
}

func TestAUsersOwnColumnsAreTheirsAlone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales")
		s := newService(t, d, dir)
		tenant := newTenant()
		alice, bob := dir.user(tenant, "sales"), dir.user(tenant, "sales")
		mine := must[*Saved](t)(s.SaveOwn(in(alice), alice, SaveConfigInput{RouteKey: route, Config: cfg("a", "b")}))
		if a := applied(t, s, bob, route); a.Source != SourceNone {
			t.Fatalf("bob sees alice's columns: %+v", a)
		}
		_, err := s.SaveOwn(in(bob), bob, SaveConfigInput{ID: &mine.ID, RouteKey: route, Config: cfg("b")})
		if !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("bob saving over alice's row: %v, want not found", err)
		}
		if err := s.ResetOwn(in(bob), bob, route); err != nil {
			t.Fatal(err)
		}
		if a := applied(t, s, alice, route); a.Source != KindUser || a.Config != cfg("a", "b") {
			t.Fatalf("alice's row after bob's attempts: %+v", a)
		}
		// With her own id, alice updates the same row; under another route it is refused.
		again := must[*Saved](t)(s.SaveOwn(in(alice), alice, SaveConfigInput{ID: &mine.ID, RouteKey: route, Config: cfg("b", "a")}))
		if again.ID != mine.ID || again.Config != cfg("b", "a") {
			t.Fatalf("update by id: %+v", again)
		}
		_, err = s.SaveOwn(in(alice), alice, SaveConfigInput{ID: &mine.ID, RouteKey: route + "2", Config: cfg("b")})
		if fields(t, err)["routeKey"] != KeyRouteKeyMismatch {
			t.Fatalf("saving a row under another route: %v", err)
		}
		// An administrator's row of the side is not a user's own either.
		def := must[*Saved](t)(s.SaveTenant(in(alice), SaveTenantConfigInput{RouteKey: route, Config: cfg("x")}))
		if _, err := s.SaveOwn(in(alice), alice, SaveConfigInput{ID: &def.ID, RouteKey: route, Config: cfg("y")}); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("saving over the side's default as one's own: %v", err)
		}
		// Without a user there is nothing of one's own.
		client := &auth.Principal{TenantID: tenant, ClientOnly: true}
		if _, err := s.SaveOwn(in(client), client, SaveConfigInput{RouteKey: route, Config: cfg("a")}); !errors.Is(err, apperr.ErrForbidden) {
			t.Fatalf("a client saving its own: %v", err)
		}
	})
}

func TestSavingOnesColumnsTwiceAtOnceKeepsOneRow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory()
		s := newService(t, d, dir)
		p := dir.user(newTenant())
		var wg sync.WaitGroup
		ids := make([]uuid.UUID, 6)
		errs := make([]error, len(ids))
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				saved, err := s.SaveOwn(in(p), p, SaveConfigInput{RouteKey: route, Config: cfg("a")})
				if err == nil {
					ids[i] = saved.ID
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("save %d: %v", i, err)
			}
			if ids[i] != ids[0] {
				t.Fatalf("two rows for one user and route: %v", ids)
			}
		}
		items, total := must2(t)(s.List(in(p), Query{Kind: KindUser, Limit: 10}))
		if total != 1 || len(items) != 1 || items[0].ID != ids[0] {
			t.Fatalf("rows: %d %+v", total, items)
		}
	})
}

func must2(t *testing.T) func(items []Item, total int, err error) ([]Item, int) {
	return func(items []Item, total int, err error) ([]Item, int) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return items, total
	}
}

func TestTenantsNeverSeeEachOthersConfigurations(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales")
		s := newService(t, d, dir)
		one, two := dir.user(newTenant(), "sales"), dir.user(newTenant(), "sales")
		host := dir.user(nil, "sales")
		def := must[*Saved](t)(s.SaveTenant(in(one), SaveTenantConfigInput{RouteKey: route, Config: cfg("a")}))
		role := must[*Item](t)(s.Create(in(one), CreateInput{RouteKey: route, Config: cfg("b"), RoleList: []string{"sales"}}))
		for _, p := range []*auth.Principal{two, host} {
			if a := applied(t, s, p, route); a.Source != SourceNone || !a.Allowed {
				t.Fatalf("another side sees the configurations of tenant one: %+v", a)
			}
			if items, total := must2(t)(s.List(in(p), Query{Limit: 10})); total != 0 || len(items) != 0 {
				t.Fatalf("another side lists them: %+v", items)
			}
			if c := must[*TenantConfig](t)(s.TenantConfig(in(p), route)); c.ID != nil || c.Config != "" {
				t.Fatalf("another side reads tenant one's default: %+v", c)
			}
			for name, err := range map[string]error{
				"update": func() error { _, err := s.Update(in(p), role.ID, UpdateInput{Config: ptr(cfg("c"))}); return err }(),
				"delete": s.Delete(in(p), def.ID),
			} {
				if !errors.Is(err, apperr.ErrNotFound) {
					t.Fatalf("another side's %s of tenant one's row: %v", name, err)
				}
			}
		}
		// Each side has a default of its own for the same route.
		must[*Saved](t)(s.SaveTenant(in(two), SaveTenantConfigInput{RouteKey: route, Config: cfg("z")}))
		if a := applied(t, s, one, route); a.Source != KindRole || a.Config != cfg("b") {
			t.Fatalf("tenant one after tenant two saved: %+v", a)
		}
	})
}

func ptr[T any](v T) *T { return &v }

// TestMalformedConfigurationsAreRefusedAndNothingIsStored: every broken rule answers a
// validation error on the member, with its own message, and no row is written.
func TestMalformedConfigurationsAreRefusedAndNothingIsStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales")
		s := newService(t, d, dir)
		p := dir.user(newTenant(), "sales")
		ctx := in(p)
		configs := []struct{ config, key string }{
			{`[{"key":"a","isShow":true}`, KeyConfigNotJSON},
			{`[{"key":"a","isShow":true}] x`, KeyConfigNotJSON},
			{`{"key":"a","isShow":true}`, KeyConfigNotList},
			{`[]`, KeyConfigEmpty},
			{`["a"]`, KeyColumnNotObject},
			{`[{"title":"A","isShow":true}]`, KeyColumnNoKey},
			{`[{"key":" ","isShow":true}]`, KeyColumnNoKey},
			{`[{"key":"a","isShow":true},{"key":"a","isShow":false}]`, KeyColumnDuplicateKey},
			{`[{"key":"a","isShow":true,"order":-1}]`, KeyColumnBadOrder},
			{`[{"key":"a","isShow":true,"order":1.5}]`, KeyColumnBadOrder},
			{`[{"key":"a","isShow":true,"order":"1"}]`, KeyColumnBadOrder},
			{`[{"key":"a","isShow":"yes"}]`, KeyColumnNoIsShow},
			{`[{"key":"a"}]`, KeyColumnNoIsShow},
			{`[{"key":"a","isShow":true,"title":7}]`, KeyColumnBadTitle},
			{`[{"key":"a","isShow":true,"width":-3}]`, KeyColumnBadWidth},
			{`[{"key":"a","isShow":false}]`, KeyNoShownColumn},
			{``, localization.KeyRequired},
		}
		for _, c := range configs {
			_, err := s.SaveOwn(ctx, p, SaveConfigInput{RouteKey: route, Config: c.config})
			if got := fields(t, err)["config"]; got != c.key {
				t.Errorf("save-config %s: %q, want %q", c.config, got, c.key)
			}
			_, err = s.SaveTenant(ctx, SaveTenantConfigInput{RouteKey: route, Config: c.config})
			if got := fields(t, err)["config"]; got != c.key {
				t.Errorf("save-tenant-config %s: %q, want %q", c.config, got, c.key)
			}
			_, err = s.Create(ctx, CreateInput{RouteKey: route, Config: c.config, RoleList: []string{"sales"}})
			if got := fields(t, err)["config"]; got != c.key {
				t.Errorf("create %s: %q, want %q", c.config, got, c.key)
			}
		}
		hidden := []struct{ hidden, key string }{
			{`["a"`, KeyHiddenNotJSON},
			{`"a"`, KeyHiddenNotList},
			{`[1]`, KeyHiddenBadKey},
			{`[""]`, KeyHiddenBadKey},
			{`["a","a"]`, KeyHiddenDuplicate},
		}
		for _, h := range hidden {
			_, err := s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("a"), RoleList: []string{"sales"}, HiddenFields: h.hidden})
			if got := fields(t, err)["hiddenFields"]; got != h.key {
				t.Errorf("hiddenFields %s: %q, want %q", h.hidden, got, h.key)
			}
		}
		for _, rk := range []string{"", "/sales/orders", "zzz sales", "zzzsales.orders", strings.Repeat("a", MaxRouteKey+1)} {
			_, err := s.SaveOwn(ctx, p, SaveConfigInput{RouteKey: rk, Config: cfg("a")})
			if fields(t, err)["routeKey"] == "" {
				t.Errorf("route key %q accepted", rk)
			}
			if _, err := s.ConfigFor(ctx, p, rk); fields(t, err)["routeKey"] == "" {
				t.Errorf("config of route key %q answered", rk)
			}
		}
		_, err := s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("a"), RoleList: []string{"sales", "nobody"}})
		if fields(t, err)["roleList"] != KeyRoleUnknown {
			t.Fatalf("an unknown role: %v", err)
		}
		_, err = s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("a"), RoleList: []string{"sales", " Sales "}})
		if fields(t, err)["roleList"] != KeyRoleDuplicate {
			t.Fatalf("a role twice: %v", err)
		}
		if items, total := must2(t)(s.List(ctx, Query{Limit: 10})); total != 0 {
			t.Fatalf("refused inputs were stored: %+v", items)
		}
		if a := applied(t, s, p, route); a.Source != SourceNone {
			t.Fatalf("refused inputs apply: %+v", a)
		}

		// A refused update leaves the row as it was.
		row := must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("a"), RoleList: []string{"sales"}, HiddenFields: `["a"]`}))
		_, err = s.Update(ctx, row.ID, UpdateInput{Config: ptr(`[{"key":"a","isShow":true,"order":-1}]`), HiddenFields: ptr(`["b"]`)})
		if fields(t, err)["config"] != KeyColumnBadOrder {
			t.Fatalf("update with a negative order: %v", err)
		}
		if got := must[*Item](t)(s.Get(ctx, row.ID)); got.Config != cfg("a") || got.HiddenFields != `["a"]` {
			t.Fatalf("a refused update changed the row: %+v", got)
		}
	})
}

func TestEveryMessageNamesItsMemberInBothLanguages(t *testing.T) {
	members := map[string]string{
		KeyConfigNotJSON: "config", KeyConfigNotList: "config", KeyConfigEmpty: "config", KeyTooManyColumns: "config",
		KeyColumnNotObject: "config", KeyColumnNoKey: "config", KeyColumnDuplicateKey: "config", KeyColumnBadTitle: "config",
		KeyColumnTitleTooLong: "config", KeyColumnNoIsShow: "config", KeyColumnBadOrder: "config", KeyColumnBadWidth: "config",
		KeyNoShownColumn: "config", KeyHiddenNotJSON: "hiddenFields", KeyHiddenNotList: "hiddenFields",
		KeyHiddenBadKey: "hiddenFields", KeyHiddenDuplicate: "hiddenFields", KeyRoleUnknown: "roleList",
		KeyRoleDuplicate: "roleList", KeyTooManyRoles: "roleList", KeyRouteKeyPattern: "routeKey", KeyRouteKeyMismatch: "routeKey",
	}
	for key, text := range texts {
		if text.ZhHans == "" || text.En == "" {
			t.Errorf("%s lacks a language", key)
		}
		if m := members[key]; m != "" && (!strings.Contains(text.ZhHans, m) || !strings.Contains(text.En, m)) {
			t.Errorf("%s does not name %s: %q / %q", key, m, text.ZhHans, text.En)
		}
	}
}

func TestAdministratorsTurnRowsIntoRoleConfigurationsAndKeepOneDefaultPerRoute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales", "design")
		s := newService(t, d, dir)
		p := dir.user(newTenant(), "sales")
		ctx := in(p)
		def := must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("a", "b")}))
		if def.Kind != KindTenant || len(def.RoleList) != 0 || def.HiddenFields != "[]" || def.ShownColumnCount != 2 {
			t.Fatalf("a configuration without roles is the side's default: %+v", def)
		}
		if _, err := s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("c")}); fields(t, err)["roleList"] != KeyTenantExists {
			t.Fatalf("a second default of the route: %v", err)
		}
		if c := must[*TenantConfig](t)(s.TenantConfig(ctx, route)); c.ID == nil || *c.ID != def.ID {
			t.Fatalf("tenant-config: %+v", c)
		}

		// A user's own row given a role list becomes a role configuration.
		mine := must[*Saved](t)(s.SaveOwn(ctx, p, SaveConfigInput{RouteKey: route, Config: cfg("b", "a")}))
		got := must[*Item](t)(s.Update(ctx, mine.ID, UpdateInput{RoleList: &[]string{"design"}, HiddenFields: ptr(`["a"]`)}))
		if got.Kind != KindRole || got.UserID != nil || !slices.Equal(got.RoleList, []string{"design"}) || got.HiddenFields != `["a"]` {
			t.Fatalf("a user's row given roles: %+v", got)
		}
		if a := applied(t, s, p, route); a.Source != KindTenant || a.Allowed {
			t.Fatalf("the user, no longer holding a row of their own nor a role of the list: %+v", a)
		}
		// Emptying its roles would make a second default: refused, the row unchanged.
		if _, err := s.Update(ctx, got.ID, UpdateInput{RoleList: &[]string{}}); fields(t, err)["roleList"] != KeyTenantExists {
			t.Fatalf("a second default by update: %v", err)
		}
		// Once the default is gone it may.
		if err := s.Delete(ctx, def.ID); err != nil {
			t.Fatal(err)
		}
		got = must[*Item](t)(s.Update(ctx, got.ID, UpdateInput{RoleList: &[]string{}, ConcurrencyStamp: got.ConcurrencyStamp}))
		if got.Kind != KindTenant || len(got.RoleList) != 0 {
			t.Fatalf("a role configuration with no roles left: %+v", got)
		}
		// A stale stamp is a conflict.
		if _, err := s.Update(ctx, got.ID, UpdateInput{Config: ptr(cfg("a")), ConcurrencyStamp: "stale"}); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("a stale stamp: %v", err)
		}
		if err := s.Delete(ctx, got.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, got.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("deleting twice: %v", err)
		}
	})
}

func TestTheListFiltersByRouteAndKindAndSortsOnlyByItsColumns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales")
		s := newService(t, d, dir)
		p := dir.user(newTenant(), "sales")
		ctx := in(p)
		for _, r := range []string{"zzzb", "zzza", "zzzc_100", "zzzcx100"} {
			must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: r, Config: cfg("a")}))
		}
		must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: "zzza", Config: cfg("a"), RoleList: []string{"sales"}}))
		must[*Saved](t)(s.SaveOwn(ctx, p, SaveConfigInput{RouteKey: "zzza", Config: cfg("a", "b")}))
		routes := func(q Query) []string {
			t.Helper()
			q.Limit = 10
			items, total := must2(t)(s.List(ctx, q))
			if total != len(items) {
				t.Fatalf("total %d, %d items", total, len(items))
			}
			var out []string
			for _, it := range items {
				out = append(out, it.RouteKey+":"+it.Kind)
			}
			return out
		}
		if got := routes(Query{Kind: KindTenant, Sorting: "routeKey desc"}); !slices.Equal(got, []string{"zzzcx100:tenant", "zzzc_100:tenant", "zzzb:tenant", "zzza:tenant"}) {
			t.Fatalf("defaults by route, descending: %v", got)
		}
		if got := routes(Query{RouteKey: "zzza", Sorting: "kind"}); !slices.Equal(got, []string{"zzza:role", "zzza:tenant", "zzza:user"}) {
			t.Fatalf("one route by kind: %v", got)
		}
		if got := routes(Query{Filter: "c_1"}); !slices.Equal(got, []string{"zzzc_100:tenant"}) {
			t.Fatalf("filter with LIKE characters: %v", got)
		}
		items, _ := must2(t)(s.List(ctx, Query{Kind: KindUser, Limit: 10}))
		if len(items) != 1 || items[0].UserName == "" || items[0].UserID == nil || *items[0].UserID != p.UserID || items[0].ColumnCount != 2 {
			t.Fatalf("a user's row names its owner: %+v", items)
		}
		for _, sorting := range []string{"creationTime desc", "lastModificationTime", "ROUTEKEY asc, kind desc"} {
			if _, _, err := s.List(ctx, Query{Sorting: sorting, Limit: 10}); err != nil {
				t.Errorf("sorting %q: %v", sorting, err)
			}
		}
		for _, bad := range []Query{{Sorting: "config"}, {Sorting: "routeKey; drop table x"}, {Kind: "group"}} {
			bad.Limit = 10
			if _, _, err := s.List(ctx, bad); err == nil {
				t.Errorf("%+v accepted", bad)
			}
		}
	})
}

// TestAChangeReachesEveryReplica: what applies is cached per replica; a save on one replica
// is read fresh on the other (PostgreSQL: two handles and buses; SQLite: one process, one bus).
func TestAChangeReachesEveryReplica(t *testing.T) {
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			dir := newDirectory("sales")
			da := dbtest.Open(t, url)
			ba := startedBus(t, da)
			if err := da.Migrate(context.Background(), migrations); err != nil {
				t.Fatal(err)
			}
			a := NewService(da, ba, dir)
			b := NewService(da, ba, dir)
			if dialect == db.Postgres {
				db2 := dbtest.Open(t, url)
				b = NewService(db2, startedBus(t, db2), dir)
			}
			p := dir.user(newTenant(), "sales")
			ctx := in(p)
			seen := make(chan struct{}, 100)
			b.bus.Subscribe(TopicRoutes, func(string) { seen <- struct{}{} })
			if x := applied(t, b, p, route); x.Source != SourceNone {
				t.Fatalf("b before: %+v", x)
			}
			if b.rows.Len() == 0 {
				t.Fatal("b cached nothing")
			}
			must[*Saved](t)(a.SaveTenant(ctx, SaveTenantConfigInput{RouteKey: route, Config: cfg("a")}))
			<-seen
			if x := applied(t, b, p, route); x.Source != KindTenant || x.Config != cfg("a") {
				t.Fatalf("b after a saved: %+v", x)
			}
			must[*Item](t)(a.Create(ctx, CreateInput{RouteKey: route, Config: cfg("b"), RoleList: []string{"sales"}}))
			<-seen
			if x := applied(t, b, p, route); x.Source != KindRole {
				t.Fatalf("b after a created a role configuration: %+v", x)
			}
		})
	}
}

func startedBus(t *testing.T, d *db.DB) *bus.Bus {
	t.Helper()
	b := bus.New(d)
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}
