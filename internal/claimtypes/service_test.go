package claimtypes

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func typeNames(rows []ClaimType) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Name
	}
	return out
}

func TestClaimTypesAreListedByNameFilteredAndPaged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		for _, n := range []string{"zeta", "alpha", "mid_code", "beta"} {
			f.claimType(t, ctx, ClaimTypeFieldsInput{Name: n, Description: "desc of " + n})
		}
		rows, n, err := f.svc.ListTypes(ctx, Query{Limit: 20})
		if err != nil || n != 4 || !slices.Equal(typeNames(rows), []string{"alpha", "beta", "mid_code", "zeta"}) {
			t.Fatalf("list = %v %d %v", typeNames(rows), n, err)
		}
		rows, n, _ = f.svc.ListTypes(ctx, Query{Sorting: "name desc", Skip: 1, Limit: 2})
		if n != 4 || !slices.Equal(typeNames(rows), []string{"mid_code", "beta"}) {
			t.Fatalf("page 2 desc = %v %d", typeNames(rows), n)
		}
		// The filter reads the name and the description; "_" is a character, not a wildcard.
		rows, n, _ = f.svc.ListTypes(ctx, Query{Filter: "d_c", Limit: 20})
		if n != 1 || rows[0].Name != "mid_code" {
			t.Fatalf("filter d_c = %v %d", typeNames(rows), n)
		}
		rows, _, _ = f.svc.ListTypes(ctx, Query{Filter: "OF ZETA", Limit: 20})
		if !slices.Equal(typeNames(rows), []string{"zeta"}) {
			t.Fatalf("filter on description = %v", typeNames(rows))
		}
		if _, _, err := f.svc.ListTypes(ctx, Query{Sorting: "regex"}); fields(t, err)["sorting"] != localization.KeySortingNotAllowed {
			t.Fatalf("sorting by regex: %v", err)
		}
		all, err := f.svc.AllTypeDtos(ctx)
		if err != nil || len(all) != 4 || all[0].Name != "alpha" || all[0].ValueTypeAsString != "String" {
			t.Fatalf("all = %+v %v", all, err)
		}
	})
}

func TestACreatedTypeKeepsItsFieldsTrimmedAndIsNeverStatic(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		c := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "  badge ", ValueType: ValueInt, Required: true,
			Regex: `^\d{3}$`, RegexDescription: " three digits ", Description: " a badge "})
		got := must[*ClaimType](t)(f.svc.GetType(ctx, c.ID))
		if got.Name != "badge" || got.ValueType != ValueInt || !got.Required || got.Regex != `^\d{3}$` ||
			got.RegexDescription != "three digits" || got.Description != "a badge" || got.IsStatic || got.TenantID == nil {
			t.Fatalf("stored %+v", got)
		}
	})
}

func TestBadClaimTypeFieldsAreAllRefusedAndNothingIsStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		_, err := f.svc.CreateType(ctx, CreateClaimTypeInput{ClaimTypeFieldsInput{Name: "  ", ValueType: 4, Regex: "([a-z]",
			RegexDescription: strings.Repeat("x", MaxRegexDescription+1), Description: strings.Repeat("描", MaxDescription+1)}})
		want := map[string]string{"name": localization.KeyRequired, "valueType": localization.KeyOneOf, "regex": KeyInvalidRegex,
			"regexDescription": localization.KeyTooLong, "description": localization.KeyTooLong}
		if got := fields(t, err); !equalMaps(got, want) {
			t.Fatalf("fields = %v", got)
		}
		if a := args(t, err, "regex"); a[0] != "([a-z]" || a[1] != "missing closing )" {
			t.Fatalf("regex message args = %v", a)
		}
		if _, n, _ := f.svc.ListTypes(ctx, Query{Limit: 10}); n != 0 {
			t.Fatalf("%d types stored", n)
		}
		_, err = f.svc.CreateType(ctx, CreateClaimTypeInput{ClaimTypeFieldsInput{Name: strings.Repeat("n", MaxName+1), ValueType: -1,
			Regex: strings.Repeat("a", MaxRegex+1)}})
		want = map[string]string{"name": localization.KeyTooLong, "valueType": localization.KeyOneOf, "regex": localization.KeyTooLong}
		if got := fields(t, err); !equalMaps(got, want) {
			t.Fatalf("fields = %v", got)
		}
	})
}

func equalMaps(a, b map[string]string) bool {
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

func TestARegexThatDoesNotCompileIsRefusedOnUpdateAndChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		c := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "code", Regex: "^C"})
		// (?=…) is a lookahead: JavaScript has it, RE2 (Go) does not, so the server cannot use it.
		_, err := f.svc.UpdateType(ctx, c.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "code2", Regex: `^(?=C)`}})
		if fields(t, err)["regex"] != KeyInvalidRegex {
			t.Fatalf("lookahead: %v", err)
		}
		if got := must[*ClaimType](t)(f.svc.GetType(ctx, c.ID)); got.Name != "code" || got.Regex != "^C" {
			t.Fatalf("changed: %+v", got)
		}
	})
}

func TestATypeNameIsUniqueAmongTheLiveTypesOfATenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		a := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "dept"})
		b := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "team"})
		_, err := f.svc.CreateType(ctx, CreateClaimTypeInput{ClaimTypeFieldsInput{Name: " dept "}})
		if fields(t, err)["name"] != KeyDuplicateName {
			t.Fatalf("duplicate create: %v", err)
		}
		_, err = f.svc.UpdateType(ctx, b.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "dept"}})
		if fields(t, err)["name"] != KeyDuplicateName {
			t.Fatalf("rename onto another: %v", err)
		}
		// Another tenant has names of its own; a deleted type frees its name.
		f.claimType(t, other, ClaimTypeFieldsInput{Name: "dept"})
		if err := f.svc.DeleteType(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "dept"})
		// Names differ by case: claims are matched exactly.
		f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "Dept"})
	})
}

func TestAStaleStampIsAConflictAndNoneSkipsTheCheck(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		c := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "dept"})
		up := must[*ClaimType](t)(f.svc.UpdateType(ctx, c.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput{Name: "dept", Required: true}, c.ConcurrencyStamp}))
		if !up.Required || up.ConcurrencyStamp == c.ConcurrencyStamp {
			t.Fatalf("updated %+v", up)
		}
		_, err := f.svc.UpdateType(ctx, c.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput{Name: "dept"}, c.ConcurrencyStamp})
		if !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		if _, err := f.svc.UpdateType(ctx, c.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "dept"}}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestStaticTypesKeepTheirNameAndCannotBeDeletedButCanBeEdited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		if err := f.svc.EnsureStaticTypes(ctx); err != nil {
			t.Fatal(err)
		}
		all := must[[]ClaimType](t)(f.svc.AllTypes(ctx))
		i := slices.IndexFunc(all, func(c ClaimType) bool { return c.Name == "given_name" })
		if i < 0 || !all[i].IsStatic {
			t.Fatalf("static types: %v", typeNames(all))
		}
		g := all[i]
		_, err := f.svc.UpdateType(ctx, g.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "first_name"}})
		if fields(t, err)["name"] != KeyStaticRename {
			t.Fatalf("rename static: %v", err)
		}
		var ue *apperr.UserError
		if err := f.svc.DeleteType(ctx, g.ID); !errors.As(err, &ue) || ue.Key != KeyStaticDelete {
			t.Fatalf("delete static: %v", err)
		}
		up, err := f.svc.UpdateType(ctx, g.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "given_name",
			Required: true, Description: "changed"}})
		if err != nil || !up.Required || !up.IsStatic || up.Description != "changed" {
			t.Fatalf("edit static: %+v %v", up, err)
		}
	})
}

func TestEnsureStaticTypesAddsOnlyWhatIsMissing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		// An administrator made "email" before: it stays theirs (not static, their regex).
		mine := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "email", Regex: "@kerf$"})
		for range 2 {
			if err := f.svc.EnsureStaticTypes(ctx); err != nil {
				t.Fatal(err)
			}
		}
		all := must[[]ClaimType](t)(f.svc.AllTypes(ctx))
		if len(all) != len(staticTypes) {
			t.Fatalf("types = %v", typeNames(all))
		}
		for _, c := range all {
			if c.ID == mine.ID {
				if c.IsStatic || c.Regex != "@kerf$" {
					t.Fatalf("the administrator's type changed: %+v", c)
				}
			} else if !c.IsStatic {
				t.Fatalf("%s not static", c.Name)
			}
		}
		if n, _ := f.svc.AllTypes(tenantCtx()); len(n) != 0 {
			t.Fatalf("another tenant received types: %v", typeNames(n))
		}
	})
}

func TestDeletingATypeRemovesItsClaimsInItsTenantOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		dept := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "dept"})
		f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "team"})
		f.claimType(t, other, ClaimTypeFieldsInput{Name: "dept"})
		u, r, ou := f.user(t, ctx, "ann"), f.role(t, ctx, "clerk"), f.user(t, other, "bob")
		if err := f.svc.SetUserClaims(ctx, u, []ClaimInput{{"dept", "sales"}, {"team", "a"}, {"dept", "ops"}}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddRoleClaim(ctx, r, ClaimInput{"dept", "sales"}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddUserClaim(other, ou, ClaimInput{"dept", "x"}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.DeleteType(ctx, dept.ID); err != nil {
			t.Fatal(err)
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(ctx, u)); !slices.Equal(got, []Claim{{"team", "a"}}) {
			t.Fatalf("user claims = %v", got)
		}
		if got := must[[]Claim](t)(f.svc.RoleClaims(ctx, r)); len(got) != 0 {
			t.Fatalf("role claims = %v", got)
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(other, ou)); !slices.Equal(got, []Claim{{"dept", "x"}}) {
			t.Fatalf("the other tenant's claims = %v", got)
		}
		if _, err := f.svc.GetType(ctx, dept.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleted type: %v", err)
		}
		if err := f.svc.DeleteType(ctx, dept.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleted twice: %v", err)
		}
	})
}

func TestRenamingATypeRenamesTheClaimsOfIt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		dept := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "dept"})
		f.claimType(t, other, ClaimTypeFieldsInput{Name: "dept"})
		u, r, ou := f.user(t, ctx, "ann"), f.role(t, ctx, "clerk"), f.user(t, other, "bob")
		must[struct{}](t)(struct{}{}, f.svc.AddUserClaim(ctx, u, ClaimInput{"dept", "sales"}))
		must[struct{}](t)(struct{}{}, f.svc.AddRoleClaim(ctx, r, ClaimInput{"dept", "ops"}))
		must[struct{}](t)(struct{}{}, f.svc.AddUserClaim(other, ou, ClaimInput{"dept", "x"}))
		if _, err := f.svc.UpdateType(ctx, dept.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "department"}}); err != nil {
			t.Fatal(err)
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(ctx, u)); !slices.Equal(got, []Claim{{"department", "sales"}}) {
			t.Fatalf("user claims = %v", got)
		}
		if got := must[[]Claim](t)(f.svc.RoleClaims(ctx, r)); !slices.Equal(got, []Claim{{"department", "ops"}}) {
			t.Fatalf("role claims = %v", got)
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(other, ou)); !slices.Equal(got, []Claim{{"dept", "x"}}) {
			t.Fatalf("the other tenant's claims = %v", got)
		}
	})
}

func TestAnotherTenantsTypeIsNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		c := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "dept"})
		if _, err := f.svc.GetType(other, c.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("get: %v", err)
		}
		if _, err := f.svc.UpdateType(other, c.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "x"}}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("update: %v", err)
		}
		if err := f.svc.DeleteType(other, c.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("delete: %v", err)
		}
		if got := must[*ClaimType](t)(f.svc.GetType(ctx, c.ID)); got.Name != "dept" {
			t.Fatalf("changed: %+v", got)
		}
		if _, n, _ := f.svc.ListTypes(other, Query{Limit: 10}); n != 0 {
			t.Fatalf("the other tenant lists %d types", n)
		}
	})
}
