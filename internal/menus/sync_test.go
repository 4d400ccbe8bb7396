package menus

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

func newTestService(t *testing.T, d *db.DB, entries *[]module.MenuEntry) *Service {
	t.Helper()
	reg := permission.NewRegistry()
	m := New(Deps{DB: d, Registry: reg, Permissions: &permission.Service{DB: d, Registry: reg},
		Entries: func() []module.MenuEntry { return *entries }, MultiTenancy: true})
	reg.Add(m.Permissions()...)
	if err := d.Migrate(context.Background(), append(append([]db.Migration{}, permission.Migrations...), m.Migrations()...)); err != nil {
		t.Fatal(err)
	}
	return m.Service()
}

func rowsByName(t *testing.T, d *db.DB) map[string]Menu {
	t.Helper()
	rows, err := listRowsWithDeleted(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Menu{}
	for _, r := range rows {
		out[r.Name] = r
	}
	return out
}

func TestSyncInsertsUpdatesAndRespectsAdministrators(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		entries := []module.MenuEntry{
			// A child declared before its parent still lands under it.
			{Name: "shop.orders", Parent: "shop", Path: "/shop/orders", Component: "shop/orders/index", Order: 2,
				DisplayName: localization.Text{ZhHans: "订单", En: "Orders"}},
			{Name: "shop", Path: "/shop", Component: LayoutComponent, Order: 5, DisplayName: localization.Text{ZhHans: "商店", En: "Shop"}},
			{Name: "shop.items", Parent: "shop", Path: "/shop/items", Component: "shop/items/index", Order: 1,
				DisplayName: localization.Text{ZhHans: "商品", En: "Items"}},
			{Name: "orphan", Parent: "nowhere", Path: "/orphan", Component: "orphan/index"},
			{Name: "shop", Path: "/dup", Component: "dup"}, // declared twice: the first wins
		}
		s := newTestService(t, d, &entries)
		if err := s.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		rows := rowsByName(t, d)
		if len(rows) != 3 {
			t.Fatalf("rows = %v, want shop and its two children (orphan skipped)", rows)
		}
		shop := rows["shop"]
		if shop.ParentID != uuid.Nil || shop.Path != "/shop" || shop.Customized || shop.TenantID != nil {
			t.Errorf("root = %+v", shop)
		}
		if rows["shop.orders"].ParentID != shop.ID || rows["shop.items"].ParentID != shop.ID {
			t.Error("children must hang under shop")
		}

		// A second start with the same declarations writes nothing.
		if err := s.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		for name, r := range rowsByName(t, d) {
			if r.LastModificationTime != nil || r.ConcurrencyStamp != rows[name].ConcurrencyStamp {
				t.Errorf("%s rewritten by an unchanged sync", name)
			}
		}

		// An administrator edits shop.items and deletes shop.orders.
		admin := auth.WithPrincipal(ctx, &auth.Principal{UserID: db.NewID(), UserName: "admin"})
		newName := "我的商品"
		if _, err := s.UpdateMenu(admin, rows["shop.items"].ID, UpdateMenuInput{DisplayNameZhHans: &newName}); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteMenu(admin, rows["shop.orders"].ID); err != nil {
			t.Fatal(err)
		}

		// A new version changes all three declarations.
		entries[0].DisplayName.En = "Sales orders"
		entries[1].Icon = "shop"
		entries[2].Order = 9
		if err := s.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		after := rowsByName(t, d)
		if after["shop"].Icon != "shop" || after["shop"].LastModificationTime == nil {
			t.Errorf("untouched row must follow its declaration: %+v", after["shop"])
		}
		if it := after["shop.items"]; it.DisplayNameZhHans != newName || it.Order != 1 || !it.Customized {
			t.Errorf("edited row must keep the administrator's values: %+v", it)
		}
		if o := after["shop.orders"]; !o.IsDeleted || o.DisplayNameEn != "Orders" {
			t.Errorf("deleted row must stay deleted and untouched: %+v", o)
		}
	})
}

func TestWebMenuRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		txt := func(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }
		entries := []module.MenuEntry{
			{Name: "home", Path: "/home", Component: "home/index", Order: 1, DisplayName: txt("首页", "Home")},
			{Name: "secret", Path: "/secret", Component: "secret/index", Order: 2, Permission: PermLayout, DisplayName: txt("秘密", "")},
			{Name: "hidden", Path: "/hidden", Component: "hidden/index", Hidden: true, DisplayName: txt("隐藏", "Hidden")},
			{Name: "saas", Path: "/saas", Component: LayoutComponent, Order: 3, HostOnly: true, DisplayName: txt("SaaS", "SaaS")},
			{Name: "saas.tenants", Parent: "saas", Path: "/saas/tenants", Component: "saas/tenants/index", MultiTenancyOnly: true, DisplayName: txt("租户", "Tenants")},
			{Name: "empty", Path: "/empty", Component: LayoutComponent, Order: 4, DisplayName: txt("空", "Empty")},
			{Name: "empty.page", Parent: "empty", Path: "/empty/page", Component: "empty/page", Permission: PermMenus, DisplayName: txt("页", "Page")},
			{Name: "page", Path: "/page", Component: "page/index", Order: 0, DisplayName: txt("页面", "Page")},
			{Name: "page.detail", Parent: "page", Path: "/page/detail", Component: "page/detail", Hidden: true, DisplayName: txt("详情", "Detail")},
		}
		s := newTestService(t, d, &entries)
		if err := s.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		user := &auth.Principal{UserID: db.NewID(), UserName: "u", Roles: []string{"r"}}
		names := func(ctx context.Context) []string {
			t.Helper()
			items, err := s.WebMenu(auth.WithPrincipal(ctx, user))
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			var walk func([]MenuItem, string)
			walk = func(items []MenuItem, prefix string) {
				for _, it := range items {
					out = append(out, prefix+it.Name+"="+it.DisplayName)
					walk(it.Children, prefix+it.Name+"/")
				}
			}
			walk(items, "")
			return out
		}
		eq := func(got []string, want ...string) {
			t.Helper()
			if len(got) != len(want) {
				t.Fatalf("menu = %v, want %v", got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("menu = %v, want %v", got, want)
				}
			}
		}
		// No permissions, host, Chinese: hidden rows, unpermitted rows and the group left
		// empty are gone; a page whose only child is hidden stays a page.
		eq(names(ctx), "page=页面", "home=首页", "saas=SaaS", "saas/saas.tenants=租户")

		// English falls back to Chinese where a row has no English name.
		if err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return s.permissions.Set(ctx, tx, permission.Role, "r", []permission.Change{{Name: PermLayout, IsGranted: true}})
		}); err != nil {
			t.Fatal(err)
		}
		en := localization.WithCulture(ctx, localization.En)
		eq(names(en), "page=Page", "home=Home", "secret=秘密", "saas=SaaS", "saas/saas.tenants=Tenants")

		// In a tenant the host-only section goes; without multi-tenancy tenant management goes.
		tid := db.NewID()
		inTenant := tenancy.WithTenant(en, tenancy.Tenant{ID: &tid, Name: "t"})
		eq(names(inTenant), "page=Page", "home=Home")
		s.multiTenancy = false
		eq(names(en), "page=Page", "home=Home", "secret=秘密")
	})
}
