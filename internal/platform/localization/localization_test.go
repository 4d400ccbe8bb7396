package localization

import (
	"context"
	"testing"
)

func TestNormalize(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ZhHans},
		{"zh-CN", ZhHans},
		{"zh-TW,zh;q=0.9", ZhHans},
		{"zh", ZhHans},
		{"en-US,en;q=0.9", En},
		{"EN", En},
		{"fr-FR", ZhHans},
		{"fr-FR, en;q=0.5", En},
	}
	for _, c := range cases {
		if got := Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCatalogSubstitutesArgumentsPerCulture(t *testing.T) {
	c := NewCatalog()
	ctx := WithCulture(context.Background(), En)
	if got := c.T(ctx, KeyTenantNotAvailable, "acme"); got != "Tenant is not available: acme" {
		t.Fatalf("en text = %q", got)
	}
	if got := c.Get(ZhHans, KeyTenantNotAvailable, "acme"); got != "租户不可用：acme" {
		t.Fatalf("zh text = %q", got)
	}
	if got := c.Get(En, "No:Such:Key"); got != "No:Such:Key" {
		t.Fatalf("unknown key = %q", got)
	}
}

type fakeOverrides struct {
	texts map[string]map[string]map[string]string
	langs []Language
}

func (f fakeOverrides) Overrides(_ context.Context, culture string) (map[string]map[string]string, error) {
	return f.texts[culture], nil
}

func (f fakeOverrides) Languages(context.Context) ([]Language, error) { return f.langs, nil }

func TestCatalogAnswersOverridesPerResourceAndFallsBackToEnglish(t *testing.T) {
	c := NewCatalog()
	c.AddResource("shop", Texts{"Shop:Hello": {ZhHans: "你好 {0}", En: "Hello {0}"}})
	c.AddBundled("Web.shop", En, map[string]string{"title": "Shop"})
	c.SetOverrides(fakeOverrides{
		texts: map[string]map[string]map[string]string{
			En:   {"shop": {"Shop:Hello": "Hi {0}"}},
			"ja": {"Web.shop": {"title": "店"}},
		},
		langs: []Language{{CultureName: ZhHans, IsDefault: true}, {CultureName: En}, {CultureName: "ja"}},
	})
	cases := []struct{ culture, want string }{{En, "Hi Ann"}, {ZhHans, "你好 Ann"}, {"ja", "Hello Ann"}}
	for _, tc := range cases {
		if got := c.T(WithCulture(context.Background(), tc.culture), "Shop:Hello", "Ann"); got != tc.want {
			t.Errorf("T in %s = %q, want %q", tc.culture, got, tc.want)
		}
	}
	ja := c.ResourceValues(context.Background(), "ja")
	if ja["Web.shop"]["title"] != "店" || ja["shop"]["Shop:Hello"] != "Hello {0}" {
		t.Fatalf("ja resources = %v / %v", ja["Web.shop"], ja["shop"])
	}
	if got := c.ResourceValues(context.Background(), ZhHans)["Web.shop"]["title"]; got != "Shop" {
		t.Fatalf("a bundled text without zh-Hans = %q, want the English one", got)
	}
	for in, want := range map[string]string{"ja-JP,en;q=0.5": "ja", "fr": ZhHans, "en-GB": En, "JA": "ja"} {
		if got := c.Normalize(context.Background(), in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}
