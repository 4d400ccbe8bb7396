package homedesign

import (
	"context"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

func TestDemoPlansAreTwelveGeneratedDesigns(t *testing.T) {
	plans := DemoPlans()
	if len(plans) != 12 {
		t.Fatalf("%d demo plans", len(plans))
	}
	for _, p := range plans {
		if n := len(p.Solutions); n < 1 || n > 3 {
			t.Errorf("%s: %d solutions", p.Name, n)
		}
		for _, s := range p.Solutions {
			for _, c := range s.Cabinets {
				if len(c.Panels) < 4 || len(c.Hardware) == 0 {
					t.Errorf("%s/%s: %d panels", p.Name, c.Name, len(c.Panels))
				}
			}
		}
		svg := Picture(p)
		if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "<rect") {
			t.Errorf("%s: picture %.80s", p.Name, svg)
		}
		dec := xml.NewDecoder(strings.NewReader(svg))
		for {
			if _, err := dec.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s: the picture is not XML: %v", p.Name, err)
			}
		}
	}
}

func TestDevelopmentProviderListsTheBoundAccountsPlansWithinTheTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		tenant := newTenant()
		ctx := userCtx(tenant)
		if err := SeedDemo(ctx, d, s.Development()); err != nil {
			t.Fatal(err)
		}
		if err := SeedDemo(ctx, d, s.Development()); err != nil { // again: nothing more
			t.Fatal(err)
		}
		if _, _, err := s.Plans(ctx, PlanQuery{Num: 8}); errKey(err) != KeyNotBound {
			t.Fatalf("unbound plans: %v", err)
		}
		if _, err := s.Bind(ctx, " "+DemoAccount+" "); err != nil {
			t.Fatal(err)
		}
		all, total, err := s.Plans(ctx, PlanQuery{})
		if err != nil || total != 12 || len(all) != 12 {
			t.Fatalf("plans %d of %d: %v", len(all), total, err)
		}
		page, total, err := s.Plans(ctx, PlanQuery{Num: 8, Start: 8})
		if err != nil || total != 12 || len(page) != 4 || page[0].PlanID != all[8].PlanID {
			t.Fatalf("second page %d of %d: %v", len(page), total, err)
		}
		found, total, err := s.Plans(ctx, PlanQuery{Num: 8, Keyword: "Wardrobe"})
		if err != nil || total != 3 || len(found) != 3 {
			t.Fatalf("keyword: %d of %d: %v", len(found), total, err)
		}
		p := all[0]
		if !strings.HasPrefix(p.PlanPic, "data:image/svg+xml;base64,") || p.DesignID != p.PlanID {
			t.Errorf("plan %+v", p)
		}
		design, err := s.Design(ctx, p.PlanID)
		if err != nil || design.PlanID != p.PlanID || len(design.Solutions) == 0 {
			t.Fatalf("design %v", err)
		}
		if u, err := s.DesignURL(ctx, p.PlanID); err != nil || u != ViewerPath+p.PlanID {
			t.Fatalf("url %q %v", u, err)
		}

		// Another user of the tenant, bound elsewhere or not at all, reads the design
		// (the order's reviewers) but lists no plans of the demo account.
		other := userCtx(tenant)
		if _, err := s.Design(other, p.PlanID); err != nil {
			t.Fatalf("unbound reader: %v", err)
		}
		if _, err := s.Bind(other, "someone-else"); err != nil {
			t.Fatal(err)
		}
		if rows, total, err := s.Plans(other, PlanQuery{}); err != nil || total != 0 || len(rows) != 0 {
			t.Fatalf("other account: %d %v", total, err)
		}

		// Another tenant sees none of it.
		stranger := userCtx(newTenant())
		if _, err := s.Design(stranger, p.PlanID); errKey(err) != KeyPlanNotFound {
			t.Fatalf("cross-tenant design: %v", err)
		}
		if _, err := s.DesignURL(stranger, p.PlanID); errKey(err) != KeyPlanNotFound {
			t.Fatalf("cross-tenant url: %v", err)
		}
		if _, err := s.Bind(stranger, DemoAccount); err != nil {
			t.Fatal(err)
		}
		if _, total, err := s.Plans(stranger, PlanQuery{}); err != nil || total != 0 {
			t.Fatalf("cross-tenant plans: %d %v", total, err)
		}
	})
}

func TestBindChangeUnbindFollowTheRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		ctx := userCtx(newTenant())
		if _, err := s.Change(ctx, "a"); errKey(err) != KeyNotBound {
			t.Fatalf("change unbound: %v", err)
		}
		if err := s.Unbind(ctx); errKey(err) != KeyNotBound {
			t.Fatalf("unbind unbound: %v", err)
		}
		for in, key := range map[string]string{"": KeyAccountNeeded, "  ": KeyAccountNeeded, strings.Repeat("x", 65): KeyAccountTooLong} {
			if _, err := s.Bind(ctx, in); errKey(err) != key {
				t.Errorf("bind %q: %v", in, err)
			}
		}
		b, err := s.Bind(ctx, "acme")
		if err != nil || b.Account != "acme" || b.Provider != ProviderDevelopment {
			t.Fatalf("bind %+v %v", b, err)
		}
		if _, err := s.Bind(ctx, "other"); errKey(err) != KeyAlreadyBound {
			t.Fatalf("bind twice: %v", err)
		}
		if b, err = s.Change(ctx, "acme-2"); err != nil || b.Account != "acme-2" {
			t.Fatalf("change %+v %v", b, err)
		}
		if got, _ := s.Binding(ctx); got == nil || got.Account != "acme-2" {
			t.Fatalf("binding after change %+v", got)
		}
		if err := s.Unbind(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Binding(ctx); got != nil {
			t.Fatalf("binding after unbind %+v", got)
		}
		if _, err := s.Bind(ctx, "acme-3"); err != nil {
			t.Fatalf("bind after unbind: %v", err)
		}
		if _, err := s.Bind(context.Background(), "x"); err == nil {
			t.Fatal("anonymous bind accepted")
		}
	})
}

func TestPlansRefuseBadPaging(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		ctx := userCtx(nil)
		for _, q := range []struct {
			q   PlanQuery
			key string
		}{{PlanQuery{Num: 1000}, KeyNumRange}, {PlanQuery{Num: -1}, KeyNumRange}, {PlanQuery{Num: 8, Start: -1}, KeyStartRange}} {
			if _, _, err := s.Plans(ctx, q.q); errKey(err) != q.key {
				t.Errorf("%+v: %v", q.q, err)
			}
		}
	})
}

func TestTheHTTPProviderIsChosenBySettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, st := newService(t, d)
		srv := fakePlatform(t, "k1", "s3cret")
		host := context.Background()
		for name, v := range map[string]string{SettingProvider: ProviderHTTP, SettingURL: srv.URL, SettingKey: "k1", SettingSecret: "s3cret"} {
			if err := st.Set(host, d, name, v, false); err != nil {
				t.Fatal(err)
			}
		}
		ctx := userCtx(newTenant())
		b, err := s.Bind(ctx, "acme")
		if err != nil || b.Provider != ProviderHTTP {
			t.Fatalf("bind %+v %v", b, err)
		}
		plans, total, err := s.Plans(ctx, PlanQuery{Num: 8, Keyword: "厨"})
		if err != nil || total != 11 || plans[0].PlanID != "P-1" {
			t.Fatalf("plans %+v %v", plans, err)
		}
		if _, err := s.Design(ctx, "broken"); errKey(err) != KeyPlatformDown {
			t.Fatalf("broken: %v", err)
		}
		if err := st.Set(host, d, SettingSecret, "wrong", false); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Design(ctx, "P-1"); errKey(err) != KeyPlatformDown {
			t.Fatalf("bad signature: %v", err)
		}
	})
}

func TestOfTwoBindsAtOnceOneWinsAndTheOtherIsToldItIsBound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		ctx := userCtx(newTenant())
		errs := make(chan error, 2)
		for _, a := range []string{"a", "b"} {
			go func() { _, err := s.Bind(ctx, a); errs <- err }()
		}
		ok, bound := 0, 0
		for i := 0; i < 2; i++ {
			err := <-errs
			switch {
			case err == nil:
				ok++
			case errKey(err) == KeyAlreadyBound:
				bound++
			default:
				t.Errorf("bind: %v", err)
			}
		}
		if ok != 1 || bound != 1 {
			t.Fatalf("%d bound, %d refused", ok, bound)
		}
	})
}
