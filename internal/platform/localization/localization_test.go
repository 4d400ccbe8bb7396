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
