package feature_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

func txt(s string) localization.Text { return localization.Text{ZhHans: s + "（中）", En: s} }

var groups = []feature.Group{{Name: "Kerf.Saw", DisplayName: txt("Saw"), Features: []feature.Definition{
	{Name: "Kerf.Saw", Type: feature.TypeBool, Default: "true", DisplayName: txt("Saw")},
	{Name: "Kerf.Saw.MaxParts", Parent: "Kerf.Saw", Type: feature.TypeInt, Default: "100", Min: 0, Max: 1000, DisplayName: txt("Parts")},
	{Name: "Kerf.Saw.Note", Parent: "Kerf.Saw.MaxParts", Type: feature.TypeText, Default: "", DisplayName: txt("Note")},
}}}

// world is the tenants' editions (what saas_tenants would answer).
type world map[uuid.UUID]*uuid.UUID

func (w world) editionOf(_ context.Context, id uuid.UUID) (*uuid.UUID, error) {
	e, ok := w[id]
	if !ok {
		return nil, db.ErrNotFound
	}
	return e, nil
}

// replica is one server's view: its bus and feature service.
type replica struct {
	bus  *bus.Bus
	svc  *feature.Service
	seen chan string
}

// twoReplicas builds two replicas on one database: on PostgreSQL two handles and two buses
// (LISTEN/NOTIFY between them), on SQLite one bus and two services.
func twoReplicas(t *testing.T, dialect, url string, w world) (a, b *replica) {
	t.Helper()
	ctx := context.Background()
	mk := func(d *db.DB, bs *bus.Bus) *replica {
		if bs == nil {
			bs = bus.New(d)
			if err := bs.Start(ctx); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = bs.Close() })
		}
		s := feature.New(d, bs, w.editionOf)
		s.Define(groups...)
		r := &replica{bus: bs, svc: s, seen: make(chan string, 100)}
		return r
	}
	da := dbtest.Open(t, url)
	if err := da.Migrate(ctx, feature.Migrations); err != nil {
		t.Fatal(err)
	}
	a = mk(da, nil)
	if dialect == db.Postgres {
		b = mk(dbtest.Open(t, url), nil)
	} else {
		b = mk(da, a.bus)
	}
	b.bus.Subscribe(feature.TopicValues, func(s string) { b.seen <- s })
	return a, b
}

// waitMessage waits until the message announcing payload reached r.
func (r *replica) waitMessage(t *testing.T, payload string) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case p := <-r.seen:
			if p == payload {
				return
			}
		case <-deadline:
			t.Fatalf("message %q never reached the replica", payload)
		}
	}
}

func TestATenantsValueWinsOverItsEditionsWhichWinsOverTheDefault(t *testing.T) {
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			tenant, other, edition := uuid.New(), uuid.New(), uuid.New()
			w := world{tenant: &edition, other: &edition}
			a, b := twoReplicas(t, dialect, url, w)
			ctx := context.Background()
			in := func(id uuid.UUID) context.Context { return tenancy.WithTenant(ctx, tenancy.Tenant{ID: &id}) }
			parts := func(r *replica, ctx context.Context) int {
				t.Helper()
				n, err := r.svc.Int(ctx, "Kerf.Saw.MaxParts")
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			if parts(b, in(tenant)) != 100 || parts(b, ctx) != 100 {
				t.Fatal("the default is not answered")
			}
			// the edition's value reaches its tenants on the other replica, not the host
			if err := a.svc.Set(ctx, feature.Edition, edition.String(), []feature.NameValue{{Name: "Kerf.Saw.MaxParts", Value: "50"}}); err != nil {
				t.Fatal(err)
			}
			b.waitMessage(t, "E/"+edition.String())
			if parts(b, in(tenant)) != 50 || parts(b, in(other)) != 50 || parts(b, ctx) != 100 {
				t.Fatalf("after the edition's value: tenant %d, other %d, host %d", parts(b, in(tenant)), parts(b, in(other)), parts(b, ctx))
			}
			// the tenant's own value wins for that tenant only
			if err := a.svc.Set(ctx, feature.Tenant, tenant.String(), []feature.NameValue{{Name: "Kerf.Saw.MaxParts", Value: "7"}, {Name: "Kerf.Saw", Value: "False"}}); err != nil {
				t.Fatal(err)
			}
			b.waitMessage(t, "T/"+tenant.String())
			if parts(b, in(tenant)) != 7 || parts(b, in(other)) != 50 {
				t.Fatal("the tenant's value should win in that tenant only")
			}
			if v, err := feature.Values(feature.WithService(in(tenant), b.svc)); err != nil || v["Kerf.Saw"] != "false" ||
				v["Kerf.Saw.MaxParts"] != "7" || v["Kerf.Saw.Note"] != "" || len(v) != 3 {
				t.Fatalf("the tenant's values: %v %v", v, err)
			}
			on, err := b.svc.IsEnabled(in(tenant), "Kerf.Saw")
			if err != nil || on {
				t.Fatalf("switched off for the tenant: %v %v", on, err)
			}
			if on, _ := b.svc.IsEnabled(in(other), "Kerf.Saw"); !on {
				t.Fatal("switched off for another tenant")
			}
			// the list shows each value and where it comes from
			l, err := b.svc.List(ctx, feature.Tenant, other.String())
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]feature.FeatureDto{}
			for _, f := range l.Groups[0].Features {
				got[f.Name] = f
			}
			if f := got["Kerf.Saw.MaxParts"]; f.Value != "50" || f.Provider.Name != feature.Edition || f.Depth != 1 ||
				f.ParentName == nil || f.ValueType.Validator.Name != "NUMERIC" || *f.ValueType.Validator.MaxValue != 1000 {
				t.Fatalf("parts of the other tenant: %+v", f)
			}
			if f := got["Kerf.Saw"]; f.Value != "true" || f.Provider.Name != feature.Default || f.ValueType.Name != "ToggleStringValueType" {
				t.Fatalf("switch of the other tenant: %+v", f)
			}
			if f := got["Kerf.Saw.Note"]; f.Depth != 2 {
				t.Fatalf("a grandchild's depth: %+v", f)
			}
			// a value equal to the edition's is not kept: the tenant follows the edition again
			if err := a.svc.Set(ctx, feature.Tenant, tenant.String(), []feature.NameValue{{Name: "Kerf.Saw.MaxParts", Value: "50"}}); err != nil {
				t.Fatal(err)
			}
			b.waitMessage(t, "T/"+tenant.String())
			if err := a.svc.Set(ctx, feature.Edition, edition.String(), []feature.NameValue{{Name: "Kerf.Saw.MaxParts", Value: "60"}}); err != nil {
				t.Fatal(err)
			}
			b.waitMessage(t, "E/"+edition.String())
			if parts(b, in(tenant)) != 60 {
				t.Fatalf("the tenant should follow its edition: %d", parts(b, in(tenant)))
			}
			// the tenant moves to no edition: its cached edition is dropped on every replica
			w[tenant] = nil
			b.bus.Subscribe(feature.TopicTenantEdition, func(s string) { b.seen <- s })
			if err := a.svc.TenantEditionChanged(ctx, tenant); err != nil {
				t.Fatal(err)
			}
			b.waitMessage(t, tenant.String())
			if parts(b, in(tenant)) != 100 {
				t.Fatalf("without an edition the default applies: %d", parts(b, in(tenant)))
			}
		})
	}
}

func TestSetRefusesBadValuesAllOrNoneInTheCallersLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, feature.Migrations); err != nil {
			t.Fatal(err)
		}
		b := bus.New(d)
		if err := b.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = b.Close() })
		tenant := uuid.New()
		s := feature.New(d, b, world{tenant: nil}.editionOf)
		s.Define(groups...)
		cat := localization.NewCatalog()
		cat.Add(feature.Texts)
		en := localization.WithCulture(ctx, localization.En)
		cases := []struct {
			name             string
			provider, key    string
			values           []feature.NameValue
			field, messageEn string
		}{
			{"not a switch", feature.Tenant, tenant.String(), []feature.NameValue{{"Kerf.Saw.MaxParts", "5"}, {"Kerf.Saw", "yes"}},
				"features[1].value", `The value of "Saw" must be true or false`},
			{"over the bound", feature.Tenant, tenant.String(), []feature.NameValue{{"Kerf.Saw", "false"}, {"Kerf.Saw.MaxParts", "1001"}},
				"features[1].value", `The value of "Parts" must be a whole number from 0 to 1000`},
			{"not a number", feature.Tenant, tenant.String(), []feature.NameValue{{"Kerf.Saw.MaxParts", "ten"}},
				"features[0].value", `The value of "Parts" must be a whole number from 0 to 1000`},
			{"too long", feature.Edition, uuid.NewString(), []feature.NameValue{{"Kerf.Saw.Note", strings.Repeat("x", feature.MaxTextLength+1)}},
				"features[0].value", `The value of "Note" may have at most 256 characters`},
			{"unknown name", feature.Tenant, tenant.String(), []feature.NameValue{{"Kerf.Nope", "true"}},
				"features[0].name", "Unknown feature Kerf.Nope"},
			{"bad provider", "G", tenant.String(), nil, "providerName", "providerName must be E (edition) or T (tenant)"},
			{"no such tenant", feature.Tenant, uuid.NewString(), nil, "providerKey", "There is no tenant"},
		}
		for _, c := range cases {
			err := s.Set(en, c.provider, c.key, c.values)
			var ve *apperr.ValidationError
			if !errors.As(err, &ve) || len(ve.Fields) != 1 || ve.Fields[0].Field != c.field {
				t.Fatalf("%s: %v", c.name, err)
			}
			if msg := cat.T(en, ve.Fields[0].Key, ve.Fields[0].Args...); !strings.HasPrefix(msg, c.messageEn) {
				t.Errorf("%s: message %q", c.name, msg)
			}
		}
		in := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenant})
		if on, _ := s.IsEnabled(in, "Kerf.Saw"); !on {
			t.Fatal("a refused PUT changed the switch: all or none")
		}
		if n, _ := s.Int(in, "Kerf.Saw.MaxParts"); n != 100 {
			t.Fatalf("a refused PUT changed the limit: %d", n)
		}
	})
}

func TestAnOffSwitchAndAnOverLimitAreRefusedWithTheFeaturesName(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, feature.Migrations); err != nil {
			t.Fatal(err)
		}
		b := bus.New(d)
		if err := b.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = b.Close() })
		tenant := uuid.New()
		s := feature.New(d, b, world{tenant: nil}.editionOf)
		s.Define(groups...)
		cat := localization.NewCatalog()
		cat.Add(feature.Texts)
		if err := s.Set(ctx, feature.Tenant, tenant.String(), []feature.NameValue{{"Kerf.Saw", "false"}, {"Kerf.Saw.MaxParts", "10"}}); err != nil {
			t.Fatal(err)
		}
		in := feature.WithService(tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenant}), s)
		host := feature.WithService(tenancy.WithTenant(ctx, tenancy.Tenant{}), s)
		for _, c := range []struct{ culture, want string }{
			{localization.ZhHans, "当前租户未启用功能「Saw（中）」"},
			{localization.En, `The feature "Saw" is not enabled for your tenant`},
		} {
			err := s.RequireFeatures(localization.WithCulture(in, c.culture), "Kerf.Saw")
			var k *apperr.Keyed
			if !errors.Is(err, apperr.ErrForbidden) || !errors.As(err, &k) {
				t.Fatalf("%s: %v", c.culture, err)
			}
			if got := cat.Get(c.culture, k.Key, k.Args...); got != c.want {
				t.Errorf("%s: %q", c.culture, got)
			}
		}
		if err := s.RequireFeatures(host, "Kerf.Saw"); err != nil {
			t.Fatalf("the host always has the defaults: %v", err)
		}
		if err := feature.CheckLimit(in, "Kerf.Saw.MaxParts", 10); err != nil {
			t.Fatalf("at the limit: %v", err)
		}
		err := feature.CheckLimit(localization.WithCulture(in, localization.En), "Kerf.Saw.MaxParts", 11)
		var ue *apperr.UserError
		if !errors.As(err, &ue) || cat.Get(localization.En, ue.Key, ue.Args...) != `Over the limit "Parts": the limit is 10, this is 11` {
			t.Fatalf("over the limit: %v", err)
		}
		if err := feature.CheckLimit(host, "Kerf.Saw.MaxParts", 11); err != nil {
			t.Fatalf("the host has the default limit (100): %v", err)
		}
		if err := feature.CheckLimit(context.Background(), "Kerf.Saw.MaxParts", 1e6); err != nil {
			t.Fatalf("without the service nothing is enforced: %v", err)
		}
	})
}
