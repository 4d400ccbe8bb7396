package datadictionary

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
// found", "the code is taken" or another 4xx.
func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := NewService(d, nil) // no cache: every call reads
		if err := d.Migrate(t.Context(), migrations); err != nil {
			t.Fatal(err)
		}
		ctx := tenantCtx(newTenant())
		c := dict(t, s, ctx, "A", detail("X", "x", 0))
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		id := uuid.New()
		calls := map[string]func() error{
			"Details":          func() error { _, err := s.Details(ctx, "A"); return err },
			"All":              func() error { _, err := s.All(ctx); return err },
			"GetDictionary":    func() error { _, err := s.GetDictionary(ctx, c.ID); return err },
			"ListDictionaries": func() error { _, _, err := s.ListDictionaries(ctx, DictionaryQuery{Limit: 5}); return err },
			"ListDetails": func() error {
				_, _, err := s.ListDetails(ctx, DetailQuery{DataDictionaryID: c.ID, Limit: 5})
				return err
			},
			"GetDetail": func() error { _, err := s.GetDetail(ctx, c.Details[0].ID); return err },
			"CreateDictionary": func() error {
				_, err := s.CreateDictionary(ctx, CreateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "B", DisplayName: "b"}})
				return err
			},
			"UpdateDictionary": func() error {
				_, err := s.UpdateDictionary(ctx, c.ID, UpdateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "A", DisplayName: "b"}})
				return err
			},
			"DeleteDictionary": func() error { return s.DeleteDictionary(ctx, c.ID) },
			"CreateDetail": func() error {
				_, err := s.CreateDetail(ctx, CreateDetailInput{DataDictionaryID: id, DetailFieldsInput: detail("Y", "y", 0)})
				return err
			},
			"AddItem": func() error { _, err := s.AddItem(ctx, c.ID, detail("Y", "y", 0)); return err },
			"UpdateDetail": func() error {
				_, err := s.UpdateDetail(ctx, c.Details[0].ID, UpdateDetailInput{DetailFieldsInput: detail("X", "y", 0)})
				return err
			},
			"DeleteDetail": func() error { return s.DeleteDetail(ctx, id, &c.ID) },
			"EnsureStatic": func() error { return s.EnsureStatic(ctx) },
		}
		for name, call := range calls {
			err := call()
			var ve *apperr.ValidationError
			var ue *apperr.UserError
			switch {
			case err == nil:
				t.Errorf("%s on a closed database answered no error", name)
			case errors.Is(err, apperr.ErrNotFound), errors.As(err, &ve), errors.As(err, &ue),
				errors.Is(err, apperr.ErrConflict), errors.Is(err, apperr.ErrDuplicate), errors.Is(err, apperr.ErrForbidden):
				t.Errorf("%s on a closed database answered a client error: %v", name, err)
			}
		}
	})
}
