package claimtypes

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

// TestInputTagsStateTheServiceRules keeps the limits /openapi.json shows (and the web's forms
// read) equal to those the service enforces: maxLength characters are accepted, one more is
// refused on the member the tag is on.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	tag := func(v any, field, key string) int {
		t.Helper()
		f, ok := reflect.TypeOf(v).FieldByName(field)
		if !ok {
			t.Fatalf("%T has no %s", v, field)
		}
		n, err := strconv.Atoi(f.Tag.Get(key))
		if err != nil {
			t.Fatalf("%T.%s %s: %v", v, field, key, err)
		}
		return n
	}
	fieldsIn := ClaimTypeFieldsInput{}
	limits := map[string]int{"Name": MaxName, "Regex": MaxRegex, "RegexDescription": MaxRegexDescription, "Description": MaxDescription}
	for field, max := range limits {
		if got := tag(fieldsIn, field, "maxLength"); got != max {
			t.Errorf("%s maxLength %d, the service's %d", field, got, max)
		}
	}
	if tag(fieldsIn, "Name", "minLength") != 1 || tag(ClaimInput{}, "ClaimType", "minLength") != 1 {
		t.Error("a name and a claim type are required")
	}
	if tag(ClaimInput{}, "ClaimValue", "maxLength") != MaxClaimValue || tag(ClaimInput{}, "ClaimType", "maxLength") != MaxName {
		t.Error("claim tags")
	}

	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		set := func(in *ClaimTypeFieldsInput, field string, v string) {
			reflect.ValueOf(in).Elem().FieldByName(field).SetString(v)
		}
		member := map[string]string{"Name": "name", "Regex": "regex", "RegexDescription": "regexDescription", "Description": "description"}
		for field, max := range limits {
			in := ClaimTypeFieldsInput{Name: "n-" + field}
			set(&in, field, strings.Repeat("长", max+1))
			if field == "Regex" {
				set(&in, field, strings.Repeat("a", max+1))
			}
			_, err := f.svc.CreateType(ctx, CreateClaimTypeInput{in})
			if fields(t, err)[member[field]] != localization.KeyTooLong {
				t.Errorf("%s of %d: %v", field, max+1, err)
			}
			set(&in, field, strings.Repeat("长", max))
			if field == "Regex" {
				set(&in, field, strings.Repeat("a", max))
			}
			if _, err := f.svc.CreateType(ctx, CreateClaimTypeInput{in}); err != nil {
				t.Errorf("%s of %d: %v", field, max, err)
			}
		}
		// A type name as long as the claim input allows is a name a claim can use.
		long := strings.Repeat("长", MaxName)
		u := f.user(t, ctx, "ann")
		if err := f.svc.AddUserClaim(ctx, u, ClaimInput{ClaimType: long, ClaimValue: "x"}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestAnOutageIsNeverNotFound: with the database closed, every method that reads a row
// answers an error that is not "not found" (so the edge answers 500, never 404).
func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		c := f.claimType(t, ctx, ClaimTypeFieldsInput{Name: "dept"})
		u := f.user(t, ctx, "ann")
		_ = d.Close()
		id := uuid.New()
		for name, call := range map[string]func(context.Context) error{
			"get type": func(ctx context.Context) error { _, err := f.svc.GetType(ctx, c.ID); return err },
			"update type": func(ctx context.Context) error {
				_, err := f.svc.UpdateType(ctx, c.ID, UpdateClaimTypeInput{ClaimTypeFieldsInput: ClaimTypeFieldsInput{Name: "x"}})
				return err
			},
			"delete type":  func(ctx context.Context) error { return f.svc.DeleteType(ctx, c.ID) },
			"list types":   func(ctx context.Context) error { _, _, err := f.svc.ListTypes(ctx, Query{Limit: 5}); return err },
			"all types":    func(ctx context.Context) error { _, err := f.svc.AllTypeDtos(ctx); return err },
			"user claims":  func(ctx context.Context) error { _, err := f.svc.UserClaims(ctx, u); return err },
			"role claims":  func(ctx context.Context) error { _, err := f.svc.RoleClaims(ctx, id); return err },
			"add claim":    func(ctx context.Context) error { return f.svc.AddRoleClaim(ctx, id, ClaimInput{"dept", "x"}) },
			"set claims":   func(ctx context.Context) error { return f.svc.SetUserClaims(ctx, id, nil) },
			"remove claim": func(ctx context.Context) error { return f.svc.RemoveRoleClaim(ctx, id, "dept", "x") },
			"statics":      func(ctx context.Context) error { return f.svc.EnsureStaticTypes(ctx) },
		} {
			if err := call(ctx); err == nil || errors.Is(err, db.ErrNotFound) {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
}
