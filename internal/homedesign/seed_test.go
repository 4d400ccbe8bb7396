package homedesign

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/permission"
)

func TestTheDemoSeedStoresThePlansOnceAndBindsTheDemoUsers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, st := newService(t, d)
		admin := uuid.New()
		m := New(Deps{DB: d, Settings: st, UserID: func(_ context.Context, name string) (uuid.UUID, error) {
			if name == "admin" {
				return admin, nil
			}
			return uuid.Nil, fmt.Errorf("user %s: %w", name, apperr.ErrNotFound)
		}})
		ctx := context.Background()
		if err := m.Seed(ctx, false); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			if err := m.Seed(ctx, true); err != nil {
				t.Fatal(err)
			}
		}
		actx := auth.WithPrincipal(ctx, &auth.Principal{UserID: admin})
		plans, total, err := s.Plans(actx, PlanQuery{Num: 8})
		if err != nil || total != 12 || len(plans) != 8 {
			t.Fatalf("admin's plans: %d of %d: %v", len(plans), total, err)
		}
	})
}

func TestPermissionsAndTextsAreDefinedInBothLanguages(t *testing.T) {
	reg := permission.NewRegistry()
	reg.Add(permissionGroups...)
	if d, ok := reg.Lookup(PermPlans); !ok || d.DisplayName.ZhHans == "" || d.DisplayName.En == "" {
		t.Errorf("%s: %+v %v", PermPlans, d, ok)
	}
	for k, v := range texts {
		if v.ZhHans == "" || v.En == "" {
			t.Errorf("%s lacks a language", k)
		}
	}
	for _, s := range settingDefinitions {
		if s.DisplayName.ZhHans == "" || s.DisplayName.En == "" {
			t.Errorf("setting %s lacks a language", s.Name)
		}
	}
}
