package pageconfig

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// TestAnOutageIsNeverNotFound: every read and every rule that looks a row up answers a
// database failure as what it is (a 500 at the edge, logged with its cause), never as "not
// found", a validation error or another 4xx.
func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		dir := newDirectory("sales")
		s := newService(t, d, dir)
		p := dir.user(newTenant(), "sales")
		ctx := in(p)
		row := must[*Item](t)(s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("a"), RoleList: []string{"sales"}}))
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		id := uuid.New()
		calls := map[string]func() error{
			"ConfigFor": func() error { _, err := s.ConfigFor(ctx, p, route+"x"); return err },
			"SaveOwn": func() error {
				_, err := s.SaveOwn(ctx, p, SaveConfigInput{RouteKey: route, Config: cfg("a")})
				return err
			},
			"SaveOwn id": func() error {
				_, err := s.SaveOwn(ctx, p, SaveConfigInput{ID: &id, RouteKey: route, Config: cfg("a")})
				return err
			},
			"ResetOwn":     func() error { return s.ResetOwn(ctx, p, route) },
			"TenantConfig": func() error { _, err := s.TenantConfig(ctx, route); return err },
			"SaveTenant": func() error {
				_, err := s.SaveTenant(ctx, SaveTenantConfigInput{RouteKey: route, Config: cfg("a")})
				return err
			},
			"List":   func() error { _, _, err := s.List(ctx, Query{Limit: 10}); return err },
			"Get":    func() error { _, err := s.Get(ctx, row.ID); return err },
			"Create": func() error { _, err := s.Create(ctx, CreateInput{RouteKey: route, Config: cfg("a")}); return err },
			"Update": func() error { _, err := s.Update(ctx, row.ID, UpdateInput{RoleList: &[]string{}}); return err },
			"Delete": func() error { return s.Delete(ctx, row.ID) },
		}
		for name, call := range calls {
			err := call()
			var ve *apperr.ValidationError
			var ue *apperr.UserError
			switch {
			case err == nil:
				t.Errorf("%s on a closed database answered no error", name)
			case errors.Is(err, apperr.ErrNotFound), errors.As(err, &ve), errors.As(err, &ue),
				errors.Is(err, apperr.ErrConflict), errors.Is(err, apperr.ErrForbidden):
				t.Errorf("%s on a closed database answered a client error: %v", name, err)
			}
		}
	})
}
