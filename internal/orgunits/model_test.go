package orgunits

import (
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
// read) equal to those the service enforces.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	tag := func(v any, field, key string) int {
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
	for _, v := range []any{CreateOrganizationUnitInput{}, UpdateOrganizationUnitInput{}} {
		if tag(v, "DisplayName", "maxLength") != MaxDisplayName || tag(v, "DisplayName", "minLength") != 1 {
			t.Errorf("%T.DisplayName tags", v)
		}
	}
	for _, c := range []struct {
		v     any
		field string
	}{{MembersInput{}, "UserIDs"}, {RolesInput{}, "RoleIDs"}, {UnitsInput{}, "OrganizationUnitIDs"}} {
		if tag(c.v, c.field, "maxItems") != MaxIDs {
			t.Errorf("%T.%s maxItems", c.v, c.field)
		}
	}
	if tag(MembersInput{}, "UserIDs", "minItems") != 1 || tag(RolesInput{}, "RoleIDs", "minItems") != 1 {
		t.Error("adding needs at least one id")
	}

	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f, ctx := newFixture(t, d), tenantCtx()
		u := f.unit(t, ctx, strings.Repeat("名", MaxDisplayName), nil)
		tooMany := make([]uuid.UUID, MaxIDs+1)
		for i := range tooMany {
			tooMany[i] = uuid.New()
		}
		for name, err := range map[string]error{
			"members": f.svc.AddMembers(ctx, u.ID, tooMany),
			"roles":   f.svc.AddRoles(ctx, u.ID, tooMany),
			"units":   f.svc.SetUserUnits(ctx, f.user(t, ctx, "ann"), tooMany),
		} {
			for _, key := range fields(t, err) {
				if key != localization.KeyMaxItems {
					t.Errorf("%s: %v", name, err)
				}
			}
		}
	})
}
