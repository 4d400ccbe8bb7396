package setting

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

func TestASecretSettingIsStoredEncryptedAndAnsweredOnlyToTheCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, Migrations); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		s := New(d, nil)
		s.Define(Definition{Name: "Smtp.Password", Secret: true}, Definition{Name: "Smtp.Host"})
		host := tenancy.WithTenant(ctx, tenancy.Tenant{})
		tid := uuid.New()
		inTenant := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tid})

		if err := s.Set(host, d, "Smtp.Password", "hunter2", false); !errors.Is(err, ErrNoSecret) {
			t.Fatalf("a secret was stored without an installation secret: %v", err)
		}
		if err := s.UseSecret("", dir); err != nil {
			t.Fatal(err)
		}
		if set, err := s.IsSet(host, "Smtp.Password"); err != nil || set {
			t.Fatalf("IsSet before a value: %v %v", set, err)
		}
		if err := s.Set(host, d, "Smtp.Password", "hunter2", false); err != nil {
			t.Fatal(err)
		}
		var raw []Value
		if err := d.NewSelect().Model(&raw).Where("name = ?", "Smtp.Password").Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if len(raw) != 1 || strings.Contains(raw[0].Value, "hunter2") || !strings.HasPrefix(raw[0].Value, "v1:") {
			t.Fatalf("the stored value is not sealed: %+v", raw)
		}
		for _, c := range []context.Context{host, inTenant} {
			if v, err := s.Get(c, "Smtp.Password"); err != nil || v != "hunter2" {
				t.Fatalf("Get: %q %v", v, err)
			}
			if set, err := s.IsSet(c, "Smtp.Password"); err != nil || !set {
				t.Fatalf("IsSet: %v %v", set, err)
			}
		}
		// A second service on the same data dir (another process) reads it; one with another
		// secret refuses rather than answering garbage.
		same := New(d, nil)
		same.Define(Definition{Name: "Smtp.Password", Secret: true})
		if err := same.UseSecret("", dir); err != nil {
			t.Fatal(err)
		}
		if v, err := same.Get(host, "Smtp.Password"); err != nil || v != "hunter2" {
			t.Fatalf("same secret: %q %v", v, err)
		}
		other := New(d, nil)
		other.Define(Definition{Name: "Smtp.Password", Secret: true})
		if err := other.UseSecret("another-secret-of-enough-length", ""); err != nil {
			t.Fatal(err)
		}
		if _, err := other.Get(host, "Smtp.Password"); !errors.Is(err, ErrWrongSecret) {
			t.Fatalf("another secret: %v", err)
		}
		// A sealed value copied to another row (a tenant's) does not open there.
		if _, err := d.NewUpdate().Model((*Value)(nil)).Set("provider_name = ?", Tenant).Set("provider_key = ?", tid.String()).
			Where("name = ?", "Smtp.Password").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(inTenant, "Smtp.Password"); !errors.Is(err, ErrWrongSecret) {
			t.Fatalf("a sealed value opened in another row: %v", err)
		}
	})
}
