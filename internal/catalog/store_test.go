package catalog

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// TestAnOutageIsNeverNotFound: every read and every rule that looks a row up answers a
// database failure as what it is (a 500 at the edge, logged with its cause), never as
// "not found", "directory does not exist" or another 4xx.
func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dir(t, s, ctx, ModuleProduct, "柜体", uuid.Nil)
		p := product(t, s, ctx, c.ID, "地柜")
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		id := uuid.New()
		calls := map[string]func() error{
			"GetCatalog":         func() error { _, err := s.GetCatalog(ctx, c.ID); return err },
			"GetProduct":         func() error { _, err := s.GetProduct(ctx, p.ID); return err },
			"GetPart":            func() error { _, err := s.GetPart(ctx, id); return err },
			"GetStandardProduct": func() error { _, err := s.GetStandardProduct(ctx, id); return err },
			"ListProducts":       func() error { _, _, err := s.ListProducts(ctx, ItemQuery{Limit: 10}); return err },
			"ListCatalogs":       func() error { _, _, err := s.ListCatalogs(ctx, CatalogQuery{ModuleName: ModuleProduct}); return err },
			"ListProductParts":   func() error { _, _, err := s.ListProductParts(ctx, p.ID, 0, 10); return err },
			"CreateProduct": func() error {
				_, err := s.CreateProduct(ctx, CreateProductInput{CatalogID: c.ID, ItemFieldsInput: ItemFieldsInput{Name: "x"}})
				return err
			},
			"CreateCatalog child": func() error {
				_, err := s.CreateCatalog(ctx, CreateCatalogInput{DisplayName: "x", ModuleName: ModuleProduct, ParentID: c.ID})
				return err
			},
			"CreateProductPart": func() error {
				_, err := s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: id})
				return err
			},
			"UpdateProduct": func() error {
				_, err := s.UpdateProduct(ctx, p.ID, UpdateProductInput{ItemFieldsInput: ItemFieldsInput{Name: "x"}})
				return err
			},
			"DeleteProduct":     func() error { return s.DeleteProduct(ctx, p.ID) },
			"DeleteProductPart": func() error { return s.DeleteProductPart(ctx, p.ID, id) },
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
