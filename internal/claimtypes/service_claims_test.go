package claimtypes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

// typesForRules are a tenant's types of every kind the value rules know.
func (f *fixture) typesForRules(t *testing.T, ctx context.Context) {
	t.Helper()
	for _, in := range []ClaimTypeFieldsInput{
		{Name: "nick"},
		{Name: "dept", Required: true},
		{Name: "level", ValueType: ValueInt},
		{Name: "active", ValueType: ValueBoolean},
		{Name: "hired", ValueType: ValueDateTime},
		{Name: "employee_no", Regex: `^E\d{4}$`, RegexDescription: "E and four digits"},
		{Name: "room", Regex: `^R\d+$`},
	} {
		f.claimType(t, ctx, in)
	}
}

func TestAClaimValueIsCheckedAgainstItsType(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		f.typesForRules(t, ctx)
		u := f.user(t, ctx, "ann")
		for _, c := range []struct {
			in     ClaimInput
			member string // "" when accepted
			key    string
			args   []any
		}{
			{ClaimInput{"", "x"}, "claimType", localization.KeyRequired, []any{FieldClaimType}},
			{ClaimInput{"shoe_size", "42"}, "claimType", KeyUnknownType, []any{"shoe_size"}},
			{ClaimInput{"dept", "  "}, "claimValue", KeyValueRequired, []any{"dept"}},
			{ClaimInput{"level", "3.5"}, "claimValue", KeyValueNotInt, []any{"level"}},
			{ClaimInput{"level", "three"}, "claimValue", KeyValueNotInt, []any{"level"}},
			{ClaimInput{"active", "yes"}, "claimValue", KeyValueNotBoolean, []any{"active"}},
			{ClaimInput{"hired", "31/01/2026"}, "claimValue", KeyValueNotDateTime, []any{"hired"}},
			{ClaimInput{"employee_no", "12345"}, "claimValue", KeyValueNoMatchWhy, []any{"employee_no", "E and four digits"}},
			{ClaimInput{"room", "kitchen"}, "claimValue", KeyValueNoMatch, []any{"room"}},
			{ClaimInput{"nick", strings.Repeat("长", MaxClaimValue+1)}, "claimValue", KeyValueTooLong, []any{"nick", MaxClaimValue}},
			{ClaimInput{"nick", ""}, "", "", nil}, // a type that is not required takes an empty value
			{ClaimInput{"room", ""}, "", "", nil}, // … without its regex
			{ClaimInput{" dept ", " sales "}, "", "", nil},
			{ClaimInput{"level", "-12"}, "", "", nil},
			{ClaimInput{"active", "True"}, "", "", nil},
			{ClaimInput{"hired", "2026-01-31T08:00:00Z"}, "", "", nil},
			{ClaimInput{"hired", "2026-01-31"}, "", "", nil},
			{ClaimInput{"employee_no", "E0012"}, "", "", nil},
			{ClaimInput{"nick", strings.Repeat("长", MaxClaimValue)}, "", "", nil},
		} {
			err := f.svc.AddUserClaim(ctx, u, c.in)
			if c.member == "" {
				if err != nil {
					t.Errorf("%v refused: %v", c.in, err)
				}
				continue
			}
			if got := fields(t, err); len(got) != 1 || got[c.member] != c.key {
				t.Errorf("%v: %v", c.in, got)
			} else if a := args(t, err, c.member); fmt.Sprint(a) != fmt.Sprint(c.args) {
				t.Errorf("%v: message args %v, want %v", c.in, a, c.args)
			}
		}
		got := must[[]Claim](t)(f.svc.UserClaims(ctx, u))
		want := []Claim{{"nick", ""}, {"room", ""}, {"dept", "sales"}, {"level", "-12"}, {"active", "True"},
			{"hired", "2026-01-31T08:00:00Z"}, {"hired", "2026-01-31"}, {"employee_no", "E0012"}, {"nick", strings.Repeat("长", MaxClaimValue)}}
		if !slices.Equal(got, want) {
			t.Fatalf("claims = %v", got)
		}
	})
}

func TestTheSameClaimIsNeverHeldTwice(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		f.typesForRules(t, ctx)
		u, r := f.user(t, ctx, "ann"), f.role(t, ctx, "clerk")
		if err := f.svc.AddUserClaim(ctx, u, ClaimInput{"dept", "sales"}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddUserClaim(ctx, u, ClaimInput{"dept", " sales"}); fields(t, err)["claimValue"] != KeyDuplicateClaim {
			t.Fatalf("second add: %v", err)
		}
		// Another value of the type, and the same claim on a role, are fine.
		if err := f.svc.AddUserClaim(ctx, u, ClaimInput{"dept", "ops"}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddRoleClaim(ctx, r, ClaimInput{"dept", "sales"}); err != nil {
			t.Fatal(err)
		}
		err := f.svc.SetRoleClaims(ctx, r, []ClaimInput{{"dept", "a"}, {"dept", "b"}, {"dept", "a "}})
		if got := fields(t, err); len(got) != 1 || got["[2].claimValue"] != KeyDuplicateClaim {
			t.Fatalf("duplicate in a PUT: %v", got)
		}
		if got := must[[]Claim](t)(f.svc.RoleClaims(ctx, r)); !slices.Equal(got, []Claim{{"dept", "sales"}}) {
			t.Fatalf("a refused PUT changed the claims: %v", got)
		}
	})
}

func TestPutReplacesEveryClaimOrNoneAndKeepsTheOrderGiven(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		f.typesForRules(t, ctx)
		for _, side := range []struct {
			name string
			id   uuid.UUID
			set  func(context.Context, uuid.UUID, []ClaimInput) error
			get  func(context.Context, uuid.UUID) ([]Claim, error)
		}{
			{"user", f.user(t, ctx, "ann"), f.svc.SetUserClaims, f.svc.UserClaims},
			{"role", f.role(t, ctx, "clerk"), f.svc.SetRoleClaims, f.svc.RoleClaims},
		} {
			first := []ClaimInput{{"room", "R2"}, {"dept", "sales"}, {"level", "3"}, {"active", "false"}}
			if err := side.set(ctx, side.id, first); err != nil {
				t.Fatal(err)
			}
			want := []Claim{{"room", "R2"}, {"dept", "sales"}, {"level", "3"}, {"active", "false"}}
			if got := must[[]Claim](t)(side.get(ctx, side.id)); !slices.Equal(got, want) {
				t.Fatalf("%s claims = %v", side.name, got)
			}
			// Every bad entry is named; none of the list is stored.
			err := side.set(ctx, side.id, []ClaimInput{{"dept", "ops"}, {"level", "x"}, {"ghost", "1"}, {"employee_no", "E1"}})
			wantFields := map[string]string{"[1].claimValue": KeyValueNotInt, "[2].claimType": KeyUnknownType, "[3].claimValue": KeyValueNoMatchWhy}
			if got := fields(t, err); !equalMaps(got, wantFields) {
				t.Fatalf("%s bad PUT: %v", side.name, got)
			}
			if got := must[[]Claim](t)(side.get(ctx, side.id)); !slices.Equal(got, want) {
				t.Fatalf("%s: a refused PUT changed the claims: %v", side.name, got)
			}
			if err := side.set(ctx, side.id, []ClaimInput{{"level", "4"}, {"room", "R2"}}); err != nil {
				t.Fatal(err)
			}
			if got := must[[]Claim](t)(side.get(ctx, side.id)); !slices.Equal(got, []Claim{{"level", "4"}, {"room", "R2"}}) {
				t.Fatalf("%s replaced claims = %v", side.name, got)
			}
			if err := side.set(ctx, side.id, nil); err != nil {
				t.Fatal(err)
			}
			if got := must[[]Claim](t)(side.get(ctx, side.id)); len(got) != 0 {
				t.Fatalf("%s emptied claims = %v", side.name, got)
			}
		}
		tooMany := make([]ClaimInput, MaxClaims+1)
		if err := f.svc.SetUserClaims(ctx, uuid.New(), tooMany); fields(t, err)["claims"] != localization.KeyMaxItems {
			t.Fatalf("too many: %v", err)
		}
	})
}

func TestRemovingAClaimTakesOnlyThatClaim(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		f.typesForRules(t, ctx)
		u, v := f.user(t, ctx, "ann"), f.user(t, ctx, "bob")
		for _, id := range []uuid.UUID{u, v} {
			if err := f.svc.SetUserClaims(ctx, id, []ClaimInput{{"dept", "sales"}, {"dept", "ops"}, {"nick", ""}}); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.svc.RemoveUserClaim(ctx, u, "dept", "sales"); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.RemoveUserClaim(ctx, u, "nick", ""); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.RemoveUserClaim(ctx, u, "dept", "never held"); err != nil {
			t.Fatalf("a claim not held: %v", err)
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(ctx, u)); !slices.Equal(got, []Claim{{"dept", "ops"}}) {
			t.Fatalf("claims = %v", got)
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(ctx, v)); len(got) != 3 {
			t.Fatalf("another user's claims = %v", got)
		}
		if err := f.svc.RemoveUserClaim(ctx, u, " ", "ops"); fields(t, err)["claimType"] != localization.KeyRequired {
			t.Fatalf("no type: %v", err)
		}
	})
}

func TestClaimsOfAUserOrRoleOutsideTheTenantAreNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx, other := newFixture(t, d), tenantCtx(), tenantCtx()
		f.typesForRules(t, ctx)
		f.typesForRules(t, other)
		u, r := f.user(t, ctx, "ann"), f.role(t, ctx, "clerk")
		if err := f.svc.AddUserClaim(ctx, u, ClaimInput{"dept", "sales"}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddRoleClaim(ctx, r, ClaimInput{"dept", "sales"}); err != nil {
			t.Fatal(err)
		}
		for name, err := range map[string]error{
			"user claims":  second(f.svc.UserClaims(other, u)),
			"role claims":  second(f.svc.RoleClaims(other, r)),
			"add user":     f.svc.AddUserClaim(other, u, ClaimInput{"dept", "x"}),
			"add role":     f.svc.AddRoleClaim(other, r, ClaimInput{"dept", "x"}),
			"set user":     f.svc.SetUserClaims(other, u, nil),
			"set role":     f.svc.SetRoleClaims(other, r, nil),
			"remove user":  f.svc.RemoveUserClaim(other, u, "dept", "sales"),
			"remove role":  f.svc.RemoveRoleClaim(other, r, "dept", "sales"),
			"missing user": second(f.svc.UserClaims(ctx, uuid.New())),
			"missing role": f.svc.SetRoleClaims(ctx, uuid.New(), nil),
		} {
			if !errors.Is(err, db.ErrNotFound) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(ctx, u)); len(got) != 1 {
			t.Fatalf("user claims = %v", got)
		}
		if got := must[[]Claim](t)(f.svc.RoleClaims(ctx, r)); len(got) != 1 {
			t.Fatalf("role claims = %v", got)
		}
		// A tenant's claim types are unknown to another tenant.
		f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "only_here"})
		ou := f.user(t, other, "bob")
		if err := f.svc.AddUserClaim(other, ou, ClaimInput{"only_here", "x"}); fields(t, err)["claimType"] != KeyUnknownType {
			t.Fatalf("another tenant's type: %v", err)
		}
	})
}

func second[T any](_ T, err error) error { return err }

// TestTheSameClaimGivenAtTheSameMomentIsStoredOnce: eight adds of one claim at once end with
// one claim and seven "already there" messages (the unique index refuses what the check before
// it missed), and eight PUTs at once each succeed, the last one's list remaining.
func TestTheSameClaimGivenAtTheSameMomentIsStoredOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		f.typesForRules(t, ctx)
		u := f.user(t, ctx, "ann")
		long := strings.Repeat("长", MaxClaimValue) // 3 KB: more than a PostgreSQL b-tree entry holds
		const n = 8
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { errs[i] = f.svc.AddUserClaim(ctx, u, ClaimInput{"nick", long}) })
		}
		wg.Wait()
		added := 0
		for _, err := range errs {
			switch {
			case err == nil:
				added++
			case !errors.As(err, new(*apperr.ValidationError)):
				t.Fatalf("unexpected: %v", err)
			}
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(ctx, u)); added != 1 || len(got) != 1 {
			t.Fatalf("%d added, claims %d", added, len(got))
		}
		for i := range n {
			wg.Go(func() { errs[i] = f.svc.SetUserClaims(ctx, u, []ClaimInput{{"nick", long}, {"level", "1"}}) })
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("concurrent PUT: %v", err)
			}
		}
		if got := must[[]Claim](t)(f.svc.UserClaims(ctx, u)); len(got) != 2 {
			t.Fatalf("claims after the PUTs = %d", len(got))
		}
	})
}

// TestAClaimAddedWhileItsTypeIsDeletedDoesNotOutliveTheType: claims given while their type is
// deleted are either refused (the type is gone) or removed with it, never left behind.
func TestAClaimAddedWhileItsTypeIsDeletedDoesNotOutliveTheType(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		users := make([]uuid.UUID, 6)
		for i := range users {
			users[i] = f.user(t, ctx, fmt.Sprintf("u%d", i))
		}
		for round := range 4 {
			c := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "temp"})
			var wg sync.WaitGroup
			errs := make([]error, len(users)+1)
			for i, u := range users {
				wg.Go(func() { errs[i] = f.svc.AddUserClaim(ctx, u, ClaimInput{"temp", fmt.Sprint(round)}) })
			}
			wg.Go(func() { errs[len(users)] = f.svc.DeleteType(ctx, c.ID) })
			wg.Wait()
			if err := errs[len(users)]; err != nil {
				t.Fatalf("delete: %v", err)
			}
			for i, err := range errs[:len(users)] {
				if err != nil && fields(t, err)["claimType"] != KeyUnknownType {
					t.Fatalf("add %d: %v", i, err)
				}
				if got := must[[]Claim](t)(f.svc.UserClaims(ctx, users[i])); len(got) != 0 {
					t.Fatalf("round %d: user %d keeps %v", round, i, got)
				}
			}
		}
	})
}

func TestADeletedRoleOrUserTakesItsClaimsWithIt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		f.typesForRules(t, ctx)
		u, keep, r := f.user(t, ctx, "ann"), f.user(t, ctx, "bob"), f.role(t, ctx, "workshop")
		for _, id := range []uuid.UUID{u, keep} {
			if err := f.svc.SetUserClaims(ctx, id, []ClaimInput{{"dept", "sales"}}); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.svc.SetRoleClaims(ctx, r, []ClaimInput{{"dept", "ops"}}); err != nil {
			t.Fatal(err)
		}
		if err := f.identity.DeleteUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if err := f.identity.DeleteRole(ctx, r); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			model any
			want  int64
		}{{(*UserClaim)(nil), 1}, {(*RoleClaim)(nil), 0}} {
			if n, err := db.Select(ctx, d, tc.model).Count(ctx); err != nil || n != tc.want {
				t.Errorf("%T rows: %d %v, want %d", tc.model, n, err, tc.want)
			}
		}
	})
}
