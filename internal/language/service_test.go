package language

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func newService(t *testing.T, d *db.DB) (*Service, *localization.Catalog) {
	t.Helper()
	ctx := context.Background()
	if err := d.Migrate(ctx, migrations); err != nil {
		t.Fatal(err)
	}
	c := localization.NewCatalog()
	m, err := New(Deps{DB: d, Catalog: c})
	if err != nil {
		t.Fatal(err)
	}
	c.AddResource(m.Name(), m.Texts())
	if err := m.Seed(ctx, false); err != nil {
		t.Fatal(err)
	}
	return m.Service(), c
}

// An outage of the database is an error of its own: never "not found", and a server message
// still answers its shipped text.
func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc, c := newService(t, d)
		ctx := localization.WithCulture(context.Background(), localization.En)
		_ = d.Close()
		id := uuid.New()
		for name, call := range map[string]func(context.Context) error{
			"get":  func(ctx context.Context) error { _, err := svc.GetLanguage(ctx, id); return err },
			"list": func(ctx context.Context) error { _, _, err := svc.ListLanguages(ctx, Query{Limit: 5}); return err },
			"update": func(ctx context.Context) error {
				_, err := svc.UpdateLanguage(ctx, id, UpdateLanguageInput{DisplayName: "x"})
				return err
			},
			"delete":      func(ctx context.Context) error { return svc.DeleteLanguage(ctx, id) },
			"set default": func(ctx context.Context) error { return svc.SetDefault(ctx, id) },
			"texts":       func(ctx context.Context) error { _, _, err := svc.ListTexts(ctx, TextQuery{Limit: 5}); return err },
			"set text":    func(ctx context.Context) error { return svc.SetText(ctx, "language", "en", KeyLanguageNotFound, "x") },
			"restore":     func(ctx context.Context) error { return svc.RestoreText(ctx, "language", "en", KeyLanguageNotFound) },
		} {
			if err := call(ctx); err == nil || errors.Is(err, db.ErrNotFound) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if got := c.T(ctx, KeyLanguageNotFound); got != "The language does not exist" {
			t.Fatalf("message during an outage = %q", got)
		}
	})
}

// Seeding twice keeps one zh-Hans (the default) and one en.
func TestSeedIsRepeatable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc, _ := newService(t, d)
		m := &Module{svc: svc}
		if err := m.Seed(context.Background(), true); err != nil {
			t.Fatal(err)
		}
		rows, n, err := svc.ListLanguages(context.Background(), Query{Limit: 10})
		if err != nil || n != 2 || rows[0].CultureName != "en" || rows[1].CultureName != "zh-Hans" || !rows[1].IsDefault || rows[0].IsDefault {
			t.Fatalf("languages after two seeds = %+v (%d) %v", rows, n, err)
		}
	})
}
