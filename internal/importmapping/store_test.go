package importmapping

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// TestAnOutageIsNeverNotFound: every read and every rule that looks a row up answers a
// database failure as what it is (a 500 at the edge, logged with its cause), never as "not
// found" or another 4xx.
func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		m := must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, products("A", true)))
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		id := uuid.New()
		calls := map[string]func() error{
			"GetRuleMapping":    func() error { _, err := s.GetRuleMapping(ctx, m.ID); return err },
			"ListRuleMappings":  func() error { _, _, err := s.ListRuleMappings(ctx, ListQuery{Limit: 10}); return err },
			"MappingRules":      func() error { _, err := s.MappingRules(ctx, ModuleSalesOrderProducts); return err },
			"DefaultMapping":    func() error { _, err := s.DefaultMapping(ctx, ModuleSalesOrderProducts); return err },
			"CreateRuleMapping": func() error { _, err := s.CreateRuleMapping(ctx, products("B", true)); return err },
			"UpdateRuleMapping": func() error {
				_, err := s.UpdateRuleMapping(ctx, m.ID, UpdateImportRuleMappingInput{ImportRuleMappingInput: products("B", false)})
				return err
			},
			"DeleteRuleMapping": func() error { return s.DeleteRuleMapping(ctx, m.ID) },
			"Read":              func() error { _, err := s.Read(ctx, m.ID, "", strings.NewReader("")); return err },
			"Preview":           func() error { _, err := s.Preview(ctx, m.ID, "", strings.NewReader("")); return err },
			"GetFormMapping":    func() error { _, err := s.GetFormMapping(ctx, id); return err },
			"ListFormMappings":  func() error { _, _, err := s.ListFormMappings(ctx, ListQuery{Limit: 10}); return err },
			"MapRecord":         func() error { _, err := s.MapRecord(ctx, id, []byte("{}")); return err },
			"GetSplitMapping":   func() error { _, err := s.GetSplitMapping(ctx, id); return err },
			"EnabledSplits":     func() error { _, err := s.EnabledSplitMappings(ctx); return err },
			"Split":             func() error { _, err := s.Split(ctx, id, sheetResult()); return err },
			"DeleteSplit":       func() error { return s.DeleteSplitMapping(ctx, id) },
		}
		for name, call := range calls {
			err := call()
			var ve *apperr.ValidationError
			var ue *apperr.UserError
			if err == nil || errors.Is(err, db.ErrNotFound) || errors.Is(err, db.ErrConflict) || errors.As(err, &ve) || errors.As(err, &ue) {
				t.Errorf("%s with the database closed: %v", name, err)
			}
		}
	})
}
