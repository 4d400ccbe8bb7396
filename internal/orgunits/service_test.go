package orgunits

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func TestCodesHaveFiveDigitsPerLevelAndTheListIsTheTreeDepthFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		sales := f.unit(t, ctx, "销售部", hq)
		prod := f.unit(t, ctx, "生产部", hq)
		cut := f.unit(t, ctx, "开料车间", prod)
		other := f.unit(t, ctx, "分公司", nil)
		if hq.ParentID != nil || *sales.ParentID != hq.ID || *cut.ParentID != prod.ID {
			t.Fatalf("parents: %v %v %v", hq.ParentID, sales.ParentID, cut.ParentID)
		}
		want := map[string]string{"总部": "00001", "销售部": "00001.00001", "生产部": "00001.00002",
			"开料车间": "00001.00002.00001", "分公司": "00002"}
		if got := f.codes(t, ctx); !maps(got, want) {
			t.Fatalf("codes = %v, want %v", got, want)
		}
		rows, n := must2[[]OrganizationUnit](t)(f.svc.ListUnits(ctx, Query{Limit: 1000}))
		if n != 5 || !slices.Equal(ids(rows), []uuid.UUID{hq.ID, sales.ID, prod.ID, cut.ID, other.ID}) {
			t.Fatalf("list in code order: %d %v", n, rows)
		}
		// A new child takes one more than the highest live sibling's code.
		must[struct{}](t)(struct{}{}, f.svc.DeleteUnit(ctx, sales.ID))
		if u := f.unit(t, ctx, "财务部", hq); u.Code != "00001.00003" {
			t.Fatalf("next child code = %s", u.Code)
		}
		// Filter on the display name; paging tells the total.
		rows, n = must2[[]OrganizationUnit](t)(f.svc.ListUnits(ctx, Query{Filter: "车间", Limit: 10}))
		if n != 1 || rows[0].ID != cut.ID {
			t.Fatalf("filtered: %d %v", n, rows)
		}
		rows, n = must2[[]OrganizationUnit](t)(f.svc.ListUnits(ctx, Query{Skip: 1, Limit: 2, Sorting: "displayName desc"}))
		if n != 5 || len(rows) != 2 {
			t.Fatalf("page: %d %v", n, rows)
		}
		if _, _, err := f.svc.ListUnits(ctx, Query{Sorting: "parent_id"}); fields(t, err)["sorting"] == "" {
			t.Fatalf("sorting outside the whitelist: %v", err)
		}
	})
}

func maps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestAMoveRecodesTheWholeSubtreeUnderTheNewParent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		prod := f.unit(t, ctx, "生产部", hq)
		cut := f.unit(t, ctx, "开料车间", prod)
		shift := f.unit(t, ctx, "早班", cut)
		edge := f.unit(t, ctx, "封边车间", prod)
		branch := f.unit(t, ctx, "分公司", nil)
		f.unit(t, ctx, "仓库", branch)

		// 开料车间 (with its 早班) moves under 分公司, whose highest child is 00002.00001.
		moved := must[*OrganizationUnit](t)(f.svc.UpdateUnit(ctx, cut.ID, UpdateOrganizationUnitInput{
			DisplayName: "开料车间", ParentID: &branch.ID, ConcurrencyStamp: cut.ConcurrencyStamp}))
		if moved.Code != "00002.00002" || *moved.ParentID != branch.ID || moved.ConcurrencyStamp == cut.ConcurrencyStamp {
			t.Fatalf("moved = %+v", moved)
		}
		want := map[string]string{"总部": "00001", "生产部": "00001.00001", "封边车间": "00001.00001.00002",
			"分公司": "00002", "仓库": "00002.00001", "开料车间": "00002.00002", "早班": "00002.00002.00001"}
		if got := f.codes(t, ctx); !maps(got, want) {
			t.Fatalf("codes after the move = %v, want %v", got, want)
		}
		if s := f.get(t, ctx, shift); *s.ParentID != cut.ID || s.ConcurrencyStamp == shift.ConcurrencyStamp {
			t.Fatalf("a descendant keeps its parent and gets a new stamp: %+v", s)
		}
		if e := f.get(t, ctx, edge); e.ConcurrencyStamp != edge.ConcurrencyStamp {
			t.Fatal("a unit outside the subtree was changed")
		}

		// The all-zero UUID moves a unit to the root: the next root code.
		root := must[*OrganizationUnit](t)(f.svc.UpdateUnit(ctx, prod.ID, UpdateOrganizationUnitInput{DisplayName: "生产中心", ParentID: &uuid.Nil}))
		if root.ParentID != nil || root.Code != "00003" || root.DisplayName != "生产中心" {
			t.Fatalf("to the root: %+v", root)
		}
		if e := f.get(t, ctx, edge); e.Code != "00003.00002" {
			t.Fatalf("child of the unit moved to the root: %s", e.Code)
		}

		// No parentId, or the parent it has, renames in place.
		same := must[*OrganizationUnit](t)(f.svc.UpdateUnit(ctx, edge.ID, UpdateOrganizationUnitInput{DisplayName: "封边", ParentID: &prod.ID}))
		kept := must[*OrganizationUnit](t)(f.svc.UpdateUnit(ctx, edge.ID, UpdateOrganizationUnitInput{DisplayName: "封边二"}))
		if same.Code != "00003.00002" || kept.Code != "00003.00002" || *kept.ParentID != prod.ID || kept.DisplayName != "封边二" {
			t.Fatalf("rename in place: %+v %+v", same, kept)
		}
	})
}

func TestAUnitCannotMoveUnderItselfOrADescendant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		prod := f.unit(t, ctx, "生产部", hq)
		cut := f.unit(t, ctx, "开料车间", prod)
		before := f.codes(t, ctx)
		for _, target := range []uuid.UUID{hq.ID, prod.ID, cut.ID} {
			_, err := f.svc.UpdateUnit(ctx, hq.ID, UpdateOrganizationUnitInput{DisplayName: "总部", ParentID: &target})
			if fields(t, err)["parentId"] != KeyMoveUnderItself {
				t.Fatalf("move under %s: %v", target, err)
			}
		}
		if _, err := f.svc.UpdateUnit(ctx, prod.ID, UpdateOrganizationUnitInput{DisplayName: "生产部", ParentID: &cut.ID}); fields(t, err)["parentId"] != KeyMoveUnderItself {
			t.Fatalf("move under its child: %v", err)
		}
		if !maps(f.codes(t, ctx), before) {
			t.Fatal("a refused move changed codes")
		}
		// A unit may move under a unit of another branch.
		second := f.unit(t, ctx, "第二", nil)
		if _, err := f.svc.UpdateUnit(ctx, second.ID, UpdateOrganizationUnitInput{DisplayName: "第二", ParentID: &cut.ID}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestAParentMustBeAUnitOfTheTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		theirs := f.unit(t, other, "别人的", nil)
		mine := f.unit(t, ctx, "我的", nil)
		missing := uuid.New()
		for _, p := range []uuid.UUID{theirs.ID, missing} {
			if _, err := f.svc.CreateUnit(ctx, CreateOrganizationUnitInput{DisplayName: "x", ParentID: &p}); fields(t, err)["parentId"] != KeyParentNotFound {
				t.Fatalf("create under %s: %v", p, err)
			}
			if _, err := f.svc.UpdateUnit(ctx, mine.ID, UpdateOrganizationUnitInput{DisplayName: "我的", ParentID: &p}); fields(t, err)["parentId"] != KeyParentNotFound {
				t.Fatalf("move under %s: %v", p, err)
			}
		}
		if _, n := must2[[]OrganizationUnit](t)(f.svc.ListUnits(ctx, Query{Limit: 10})); n != 1 {
			t.Fatalf("refused creates stored units: %d", n)
		}
	})
}

func TestDisplayNamesAreRequiredShortAndUniqueAmongSiblings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		sales := f.unit(t, ctx, "销售部", hq)
		for name, key := range map[string]string{"": localization.KeyRequired, "  ": localization.KeyRequired,
			strings.Repeat("长", MaxDisplayName+1): localization.KeyTooLong, "销售部": KeyDuplicateName} {
			if _, err := f.svc.CreateUnit(ctx, CreateOrganizationUnitInput{DisplayName: name, ParentID: &hq.ID}); fields(t, err)["displayName"] != key {
				t.Fatalf("create %q: %v", name, err)
			}
		}
		f.unit(t, ctx, strings.Repeat("长", MaxDisplayName), hq)
		f.unit(t, ctx, "销售部", nil) // the same name under another parent
		trimmed := f.unit(t, ctx, "  生产部 ", hq)
		if trimmed.DisplayName != "生产部" {
			t.Fatalf("name not trimmed: %q", trimmed.DisplayName)
		}
		if _, err := f.svc.UpdateUnit(ctx, trimmed.ID, UpdateOrganizationUnitInput{DisplayName: "销售部"}); fields(t, err)["displayName"] != KeyDuplicateName {
			t.Fatalf("rename to a sibling's name: %v", err)
		}
		// Moving next to a unit of the same name is refused too; keeping one's own name is not.
		if _, err := f.svc.UpdateUnit(ctx, sales.ID, UpdateOrganizationUnitInput{DisplayName: "销售部", ParentID: &uuid.Nil}); fields(t, err)["displayName"] != KeyDuplicateName {
			t.Fatalf("move next to a namesake: %v", err)
		}
		must[*OrganizationUnit](t)(f.svc.UpdateUnit(ctx, sales.ID, UpdateOrganizationUnitInput{DisplayName: "销售部"}))
	})
}

func TestAStaleStampChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		prod := f.unit(t, ctx, "生产部", hq)
		f.unit(t, ctx, "开料车间", prod)
		branch := f.unit(t, ctx, "分公司", nil)
		must[*OrganizationUnit](t)(f.svc.UpdateUnit(ctx, prod.ID, UpdateOrganizationUnitInput{DisplayName: "生产", ConcurrencyStamp: prod.ConcurrencyStamp}))
		before := f.codes(t, ctx)
		_, err := f.svc.UpdateUnit(ctx, prod.ID, UpdateOrganizationUnitInput{DisplayName: "生产部", ParentID: &branch.ID, ConcurrencyStamp: prod.ConcurrencyStamp})
		if !errors.Is(err, db.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		if !maps(f.codes(t, ctx), before) {
			t.Fatal("a refused move recoded the subtree")
		}
		if _, err := f.svc.UpdateUnit(ctx, uuid.New(), UpdateOrganizationUnitInput{DisplayName: "x"}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("missing unit: %v", err)
		}
	})
}

func TestDeletingAUnitDeletesItsSubtreeWithTheirMembersAndRoles(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		prod := f.unit(t, ctx, "生产部", hq)
		cut := f.unit(t, ctx, "开料车间", prod)
		sales := f.unit(t, ctx, "销售部", hq)
		worker, role := f.user(t, ctx, "worker"), f.role(t, ctx, "workshop")
		must[struct{}](t)(struct{}{}, f.svc.AddMembers(ctx, cut.ID, []uuid.UUID{worker}))
		must[struct{}](t)(struct{}{}, f.svc.AddMembers(ctx, sales.ID, []uuid.UUID{worker}))
		must[struct{}](t)(struct{}{}, f.svc.AddRoles(ctx, cut.ID, []uuid.UUID{role}))
		if got := must[[]string](t)(f.identity.EffectiveRoles(ctx, worker)); !slices.Equal(got, []string{"workshop"}) {
			t.Fatalf("roles before = %v", got)
		}

		must[struct{}](t)(struct{}{}, f.svc.DeleteUnit(ctx, prod.ID))
		for _, u := range []*OrganizationUnit{prod, cut} {
			if _, err := f.svc.GetUnit(ctx, u.ID); !errors.Is(err, db.ErrNotFound) {
				t.Fatalf("%s after delete: %v", u.DisplayName, err)
			}
		}
		rows, _ := must2[[]OrganizationUnit](t)(f.svc.ListUnits(ctx, Query{Limit: 100}))
		if !slices.Equal(ids(rows), []uuid.UUID{hq.ID, sales.ID}) {
			t.Fatalf("left = %v", rows)
		}
		mine, _ := must2[[]OrganizationUnit](t)(f.svc.UserUnits(ctx, worker, Query{Limit: 100}))
		if !slices.Equal(ids(mine), []uuid.UUID{sales.ID}) {
			t.Fatalf("the worker's units = %v", mine)
		}
		if units, n := must2[[]OrganizationUnit](t)(f.svc.RoleUnits(ctx, role, Query{Limit: 100})); n != 0 {
			t.Fatalf("the role's units = %v", units)
		}
		// The cached roles were dropped: the unit's role is gone on the next check.
		if got := must[[]string](t)(f.identity.EffectiveRoles(ctx, worker)); len(got) != 0 {
			t.Fatalf("roles after delete = %v", got)
		}
		// A new child counts from the live siblings: one more than 销售部's 00001.00002.
		if u := f.unit(t, ctx, "生产部", hq); u.Code != "00001.00003" {
			t.Fatalf("code after delete: %s", u.Code)
		}
		if err := f.svc.DeleteUnit(ctx, prod.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("delete twice: %v", err)
		}
	})
}

func TestMembersAreAddedOnceListedAndRemoved(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		unit := f.unit(t, ctx, "销售部", nil)
		ann, bob, cat := f.user(t, ctx, "ann"), f.user(t, ctx, "bob"), f.user(t, ctx, "cat")
		stranger := f.user(t, other, "stranger")

		must[struct{}](t)(struct{}{}, f.svc.AddMembers(ctx, unit.ID, []uuid.UUID{bob, ann, bob}))
		must[struct{}](t)(struct{}{}, f.svc.AddMembers(ctx, unit.ID, []uuid.UUID{ann, cat})) // ann stays, once
		rows, n := must2[[]identityLookup](t)(f.svc.ListMembers(ctx, unit.ID, Query{Limit: 2}))
		if n != 3 || len(rows) != 2 || rows[0].UserName != "ann" || rows[1].UserName != "bob" {
			t.Fatalf("members page = %d %+v", n, rows)
		}
		if rows[0].Email != "ann@test.local" || rows[0].ID != ann {
			t.Fatalf("member row = %+v", rows[0])
		}
		rows, n = must2[[]identityLookup](t)(f.svc.ListMembers(ctx, unit.ID, Query{Filter: "CAT@", Limit: 10}))
		if n != 1 || rows[0].ID != cat {
			t.Fatalf("filtered = %d %+v", n, rows)
		}
		rows, _ = must2[[]identityLookup](t)(f.svc.ListMembers(ctx, unit.ID, Query{Sorting: "userName desc", Limit: 10}))
		if rows[0].UserName != "cat" {
			t.Fatalf("sorted = %+v", rows)
		}

		// Every id must be a user of the tenant: nothing is added otherwise.
		missing := uuid.New()
		for _, bad := range [][]uuid.UUID{{stranger}, {missing, ann}, {}} {
			err := f.svc.AddMembers(ctx, unit.ID, bad)
			if fields(t, err)["userIds"] == "" {
				t.Fatalf("add %v: %v", bad, err)
			}
		}
		if err := f.svc.AddMembers(ctx, unit.ID, []uuid.UUID{missing}); !strings.Contains(err.Error(), missing.String()) {
			t.Fatalf("the message names the missing user: %v", err)
		}
		if _, n := must2[[]identityLookup](t)(f.svc.ListMembers(ctx, unit.ID, Query{Limit: 10})); n != 3 {
			t.Fatalf("refused adds changed the members: %d", n)
		}

		must[struct{}](t)(struct{}{}, f.svc.RemoveMember(ctx, unit.ID, bob))
		must[struct{}](t)(struct{}{}, f.svc.RemoveMember(ctx, unit.ID, bob)) // not a member: nothing to do
		if _, n := must2[[]identityLookup](t)(f.svc.ListMembers(ctx, unit.ID, Query{Limit: 10})); n != 2 {
			t.Fatalf("after remove: %d", n)
		}
		if err := f.svc.RemoveMember(ctx, unit.ID, stranger); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("remove another tenant's user: %v", err)
		}
		if err := f.svc.AddMembers(ctx, uuid.New(), []uuid.UUID{ann}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("add to a missing unit: %v", err)
		}
		if _, _, err := f.svc.ListMembers(ctx, uuid.New(), Query{}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("members of a missing unit: %v", err)
		}
	})
}

func TestRolesAreGivenOnceListedAndTaken(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		unit := f.unit(t, ctx, "生产部", nil)
		a, b := f.role(t, ctx, "workshop"), f.role(t, ctx, "approver")
		theirs := f.role(t, other, "theirs")
		must[struct{}](t)(struct{}{}, f.svc.AddRoles(ctx, unit.ID, []uuid.UUID{a, b, a}))
		must[struct{}](t)(struct{}{}, f.svc.AddRoles(ctx, unit.ID, []uuid.UUID{a}))
		rows, n := must2[[]UnitRoleDto](t)(f.svc.ListUnitRoles(ctx, unit.ID, Query{Limit: 10}))
		if n != 2 || rows[0].Name != "approver" || rows[1].Name != "workshop" || rows[1].ID != a {
			t.Fatalf("roles = %d %+v", n, rows)
		}
		if rows, n := must2[[]UnitRoleDto](t)(f.svc.ListUnitRoles(ctx, unit.ID, Query{Filter: "work", Limit: 10})); n != 1 || rows[0].ID != a {
			t.Fatalf("filtered = %d %+v", n, rows)
		}
		for _, bad := range [][]uuid.UUID{{theirs}, {uuid.New()}, nil} {
			if err := f.svc.AddRoles(ctx, unit.ID, bad); fields(t, err)["roleIds"] == "" {
				t.Fatalf("add %v: %v", bad, err)
			}
		}
		must[struct{}](t)(struct{}{}, f.svc.RemoveRole(ctx, unit.ID, b))
		must[struct{}](t)(struct{}{}, f.svc.RemoveRole(ctx, unit.ID, b))
		if _, n := must2[[]UnitRoleDto](t)(f.svc.ListUnitRoles(ctx, unit.ID, Query{Limit: 10})); n != 1 {
			t.Fatalf("after remove: %d", n)
		}
		if err := f.svc.RemoveRole(ctx, unit.ID, theirs); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("remove another tenant's role: %v", err)
		}
	})
}

func TestSettingAUsersOrARolesUnitsReplacesThem(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		sales := f.unit(t, ctx, "销售部", hq)
		prod := f.unit(t, ctx, "生产部", hq)
		theirs := f.unit(t, other, "别人的", nil)
		user, role := f.user(t, ctx, "ann"), f.role(t, ctx, "workshop")

		must[struct{}](t)(struct{}{}, f.svc.SetUserUnits(ctx, user, []uuid.UUID{prod.ID, hq.ID}))
		rows, n := must2[[]OrganizationUnit](t)(f.svc.UserUnits(ctx, user, Query{Limit: 10}))
		if n != 2 || !slices.Equal(ids(rows), []uuid.UUID{hq.ID, prod.ID}) {
			t.Fatalf("user units (by code) = %v", rows)
		}
		must[struct{}](t)(struct{}{}, f.svc.SetUserUnits(ctx, user, []uuid.UUID{sales.ID, prod.ID}))
		rows, _ = must2[[]OrganizationUnit](t)(f.svc.UserUnits(ctx, user, Query{Limit: 10}))
		if !slices.Equal(ids(rows), []uuid.UUID{sales.ID, prod.ID}) {
			t.Fatalf("replaced = %v", rows)
		}
		rows, n = must2[[]OrganizationUnit](t)(f.svc.UserUnits(ctx, user, Query{Filter: "销售", Limit: 10}))
		if n != 1 || rows[0].ID != sales.ID {
			t.Fatalf("filtered = %v", rows)
		}
		if err := f.svc.SetUserUnits(ctx, user, []uuid.UUID{hq.ID, theirs.ID}); fields(t, err)["organizationUnitIds"] != KeyUnitsNotFound {
			t.Fatalf("another tenant's unit: %v", err)
		}
		if _, n := must2[[]OrganizationUnit](t)(f.svc.UserUnits(ctx, user, Query{Limit: 10})); n != 2 {
			t.Fatal("a refused set changed the units")
		}
		must[struct{}](t)(struct{}{}, f.svc.RemoveUserUnit(ctx, user, sales.ID))
		if members, _ := must2[[]identityLookup](t)(f.svc.ListMembers(ctx, sales.ID, Query{Limit: 10})); len(members) != 0 {
			t.Fatalf("sales members = %v", members)
		}
		must[struct{}](t)(struct{}{}, f.svc.SetUserUnits(ctx, user, nil))
		if _, n := must2[[]OrganizationUnit](t)(f.svc.UserUnits(ctx, user, Query{Limit: 10})); n != 0 {
			t.Fatal("an empty set keeps units")
		}

		must[struct{}](t)(struct{}{}, f.svc.SetRoleUnits(ctx, role, []uuid.UUID{sales.ID, prod.ID}))
		must[struct{}](t)(struct{}{}, f.svc.SetRoleUnits(ctx, role, []uuid.UUID{prod.ID, hq.ID}))
		rows, _ = must2[[]OrganizationUnit](t)(f.svc.RoleUnits(ctx, role, Query{Limit: 10, Sorting: "code desc"}))
		if !slices.Equal(ids(rows), []uuid.UUID{prod.ID, hq.ID}) {
			t.Fatalf("role units = %v", rows)
		}
		if roles, _ := must2[[]UnitRoleDto](t)(f.svc.ListUnitRoles(ctx, prod.ID, Query{Limit: 10})); len(roles) != 1 || roles[0].ID != role {
			t.Fatalf("prod roles = %v", roles)
		}
		must[struct{}](t)(struct{}{}, f.svc.RemoveRoleUnit(ctx, role, hq.ID))
		if _, n := must2[[]OrganizationUnit](t)(f.svc.RoleUnits(ctx, role, Query{Limit: 10})); n != 1 {
			t.Fatal("remove from the role's side")
		}

		// Path ids of another tenant, or of no one: not found.
		stranger := f.user(t, other, "stranger")
		if _, _, err := f.svc.UserUnits(ctx, stranger, Query{}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant's user: %v", err)
		}
		if err := f.svc.SetUserUnits(ctx, stranger, []uuid.UUID{hq.ID}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("set another tenant's user: %v", err)
		}
		if err := f.svc.SetRoleUnits(ctx, uuid.New(), nil); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("set a missing role: %v", err)
		}
		if _, _, err := f.svc.RoleUnits(ctx, uuid.New(), Query{}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("a missing role's units: %v", err)
		}
	})
}

func TestAUserHoldsTheRolesOfItsOwnUnitsNotOfTheUnitsAbove(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		hq := f.unit(t, ctx, "总部", nil)
		prod := f.unit(t, ctx, "生产部", hq)
		worker, other := f.user(t, ctx, "worker"), f.user(t, ctx, "other")
		manager, operator := f.role(t, ctx, "manager"), f.role(t, ctx, "operator")
		must[struct{}](t)(struct{}{}, f.svc.AddRoles(ctx, hq.ID, []uuid.UUID{manager}))
		roles := func(u uuid.UUID) []string { return must[[]string](t)(f.identity.EffectiveRoles(ctx, u)) }
		if got := roles(worker); len(got) != 0 {
			t.Fatalf("before = %v", got)
		}
		// The roles are cached now; each change below must reach the next read.
		must[struct{}](t)(struct{}{}, f.svc.AddMembers(ctx, prod.ID, []uuid.UUID{worker}))
		if got := roles(worker); len(got) != 0 {
			t.Fatalf("a member of a sub-unit holds the parent's roles: %v", got)
		}
		must[struct{}](t)(struct{}{}, f.svc.AddRoles(ctx, prod.ID, []uuid.UUID{operator}))
		if got := roles(worker); !slices.Equal(got, []string{"operator"}) {
			t.Fatalf("after the unit got a role = %v", got)
		}
		must[struct{}](t)(struct{}{}, f.svc.SetUserUnits(ctx, worker, []uuid.UUID{prod.ID, hq.ID}))
		if got := roles(worker); !slices.Equal(got, []string{"manager", "operator"}) {
			t.Fatalf("member of both = %v", got)
		}
		if got := roles(other); len(got) != 0 {
			t.Fatalf("a user of no unit = %v", got)
		}
		must[struct{}](t)(struct{}{}, f.svc.RemoveMember(ctx, hq.ID, worker))
		if got := roles(worker); !slices.Equal(got, []string{"operator"}) {
			t.Fatalf("after leaving 总部 = %v", got)
		}
		must[struct{}](t)(struct{}{}, f.svc.SetRoleUnits(ctx, operator, nil))
		if got := roles(worker); len(got) != 0 {
			t.Fatalf("after the role left every unit = %v", got)
		}
		// A direct role and a unit's role are one role, once.
		must[struct{}](t)(struct{}{}, f.identity.SetUserRoles(ctx, worker, []string{"operator"}))
		must[struct{}](t)(struct{}{}, f.svc.AddRoles(ctx, prod.ID, []uuid.UUID{operator}))
		if got := roles(worker); !slices.Equal(got, []string{"operator"}) {
			t.Fatalf("direct and through a unit = %v", got)
		}
		// A deleted role is held by no one.
		must[struct{}](t)(struct{}{}, f.identity.SetUserRoles(ctx, worker, nil))
		must[struct{}](t)(struct{}{}, f.identity.DeleteRole(ctx, operator))
		if got := roles(worker); len(got) != 0 {
			t.Fatalf("after the role was deleted = %v", got)
		}
	})
}

func TestTheTreeIsTheTenants(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		mine := f.unit(t, ctx, "总部", nil)
		theirs := f.unit(t, other, "总部", nil) // the same name and code in another tenant
		if theirs.Code != mine.Code {
			t.Fatalf("codes are per tenant: %s %s", mine.Code, theirs.Code)
		}
		if rows, n := must2[[]OrganizationUnit](t)(f.svc.ListUnits(ctx, Query{Limit: 10})); n != 1 || rows[0].ID != mine.ID {
			t.Fatalf("list = %v", rows)
		}
		if _, err := f.svc.GetUnit(ctx, theirs.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("get: %v", err)
		}
		if _, err := f.svc.UpdateUnit(ctx, theirs.ID, UpdateOrganizationUnitInput{DisplayName: "x"}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("update: %v", err)
		}
		if err := f.svc.DeleteUnit(ctx, theirs.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("delete: %v", err)
		}
		if _, _, err := f.svc.ListUnitRoles(ctx, theirs.ID, Query{}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("roles: %v", err)
		}
		if got := f.get(t, other, theirs); got.DisplayName != "总部" || got.IsDeleted {
			t.Fatalf("their unit changed: %+v", got)
		}
	})
}

func TestMovesAtTheSameMomentNeverMakeACycle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		for round := range 5 {
			a := f.unit(t, ctx, "A"+string(rune('0'+round)), nil)
			b := f.unit(t, ctx, "B"+string(rune('0'+round)), nil)
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, mv := range [][2]*OrganizationUnit{{a, b}, {b, a}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = f.svc.UpdateUnit(ctx, mv[0].ID, UpdateOrganizationUnitInput{DisplayName: mv[0].DisplayName, ParentID: &mv[1].ID})
				}()
			}
			wg.Wait()
			failed := 0
			for _, err := range errs {
				if err != nil {
					if fields(t, err)["parentId"] != KeyMoveUnderItself {
						t.Fatalf("round %d: %v", round, err)
					}
					failed++
				}
			}
			ga, gb := f.get(t, ctx, a), f.get(t, ctx, b)
			if failed != 1 || (ga.ParentID != nil && *ga.ParentID == b.ID) == (gb.ParentID != nil && *gb.ParentID == a.ID) {
				t.Fatalf("round %d: %d failed; a=%+v b=%+v", round, failed, ga, gb)
			}
			child, parent := ga, gb
			if gb.ParentID != nil {
				child, parent = gb, ga
			}
			if !strings.HasPrefix(child.Code, parent.Code+".") {
				t.Fatalf("round %d: child %s under %s", round, child.Code, parent.Code)
			}
		}
	})
}

func TestCreatesAtTheSameMomentTakeDistinctCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.svc.CreateUnit(ctx, CreateOrganizationUnitInput{DisplayName: "部门" + string(rune('A'+i))})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		codes := f.codes(t, ctx)
		seen := map[string]bool{}
		for _, c := range codes {
			seen[c] = true
		}
		if len(codes) != 6 || len(seen) != 6 {
			t.Fatalf("codes = %v", codes)
		}
	})
}

func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		u := f.unit(t, ctx, "总部", nil)
		_ = d.Close()
		calls := map[string]error{
			"get": func() error { _, err := f.svc.GetUnit(ctx, u.ID); return err }(),
			"update": func() error {
				_, err := f.svc.UpdateUnit(ctx, u.ID, UpdateOrganizationUnitInput{DisplayName: "x"})
				return err
			}(),
			"delete":  f.svc.DeleteUnit(ctx, u.ID),
			"members": func() error { _, _, err := f.svc.ListMembers(ctx, u.ID, Query{}); return err }(),
			"add":     f.svc.AddMembers(ctx, u.ID, []uuid.UUID{uuid.New()}),
			"user":    func() error { _, _, err := f.svc.UserUnits(ctx, uuid.New(), Query{}); return err }(),
			"role":    func() error { _, _, err := f.svc.RoleUnits(ctx, uuid.New(), Query{}); return err }(),
			"source":  func() error { _, err := f.svc.RoleNames(ctx, uuid.New()); return err }(),
		}
		for name, err := range calls {
			if err == nil || errors.Is(err, db.ErrNotFound) {
				t.Errorf("%s with the database closed: %v", name, err)
			}
		}
	})
}

// identityLookup is the member row ListMembers answers.
type identityLookup = identity.UserLookup

func TestADeletedRoleOrUserLeavesEveryUnit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		unit := f.unit(t, ctx, "生产部", nil)
		role, user := f.role(t, ctx, "workshop"), f.user(t, ctx, "cutter")
		must[struct{}](t)(struct{}{}, f.svc.AddRoles(ctx, unit.ID, []uuid.UUID{role}))
		must[struct{}](t)(struct{}{}, f.svc.AddMembers(ctx, unit.ID, []uuid.UUID{user}))
		must[struct{}](t)(struct{}{}, f.identity.DeleteRole(ctx, role))
		must[struct{}](t)(struct{}{}, f.identity.DeleteUser(ctx, user))
		for name, model := range map[string]any{"role links": (*unitRole)(nil), "member links": (*userUnit)(nil)} {
			if n, err := db.Select(ctx, d, model).Count(ctx); err != nil || n != 0 {
				t.Errorf("%s left: %d %v", name, n, err)
			}
		}
	})
}
