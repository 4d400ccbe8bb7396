package app_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/optimization"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/permission"
)

const featuresPath = "/api/feature-management/features"

type featureList struct {
	Groups []struct {
		Name     string
		Features []struct {
			Name, Value string
			Provider    struct{ Name, Key string }
		}
	}
}

// value finds a feature's value and provider in a list.
func (l featureList) value(name string) (string, string) {
	for _, g := range l.Groups {
		for _, f := range g.Features {
			if f.Name == name {
				return f.Value, f.Provider.Name
			}
		}
	}
	return "", ""
}

func en() http.Header { return http.Header{"Accept-Language": {"en"}} }

// putFeatures stores values for a tenant as the host admin would, failing on anything but 204.
func putFeatures(t *testing.T, e *apptest.Env, host, tenantID string, values map[string]string) {
	t.Helper()
	var fs []map[string]string
	for n, v := range values {
		fs = append(fs, map[string]string{"name": n, "value": v})
	}
	res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: featuresPath + "?providerName=T&providerKey=" + tenantID,
		Token: host, JSON: map[string]any{"features": fs}})
	if res.Status != http.StatusNoContent {
		t.Fatalf("put features: %d %s", res.Status, res.Body)
	}
}

// grantRole gives a role of a tenant permissions, as the permissions screen would.
func grantRole(t *testing.T, e *apptest.Env, tenant, role string, names ...string) {
	t.Helper()
	var ch []permission.Change
	for _, n := range names {
		ch = append(ch, permission.Change{Name: n, IsGranted: true})
	}
	err := e.App.DB.InTx(e.In(t, tenant), func(ctx context.Context, tx bun.Tx) error {
		return e.App.Permissions.Set(ctx, tx, permission.Role, role, ch)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFeaturesAreManagedByTheHostOnly: the host admin reads a tenant's features (defaults, then
// its own values) and stores them; bad values are refused all or none in the caller's
// language; a tenant's admin gets 403 and an anonymous caller 401.
func TestFeaturesAreManagedByTheHostOnly(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, identity.DemoTenantName)
		path := featuresPath + "?providerName=T&providerKey=" + demoID(t, e)
		read := func() featureList {
			t.Helper()
			res := e.Get(t, path, host)
			if res.Status != http.StatusOK {
				t.Fatalf("get features: %d %s", res.Status, res.Body)
			}
			var l featureList
			res.JSON(t, &l)
			return l
		}
		if v, p := read().value(optimization.FeatureMaxPartsPerRun); v != "20000" || p != "D" {
			t.Fatalf("the default parts per run: %q from %q", v, p)
		}
		putFeatures(t, e, host, demoID(t, e), map[string]string{optimization.FeatureMaxPartsPerRun: "500"})
		if v, p := read().value(optimization.FeatureMaxPartsPerRun); v != "500" || p != "T" {
			t.Fatalf("the tenant's parts per run: %q from %q", v, p)
		}
		bad := e.Do(t, apptest.Request{Method: http.MethodPut, Path: path, Token: host, Header: en(), JSON: map[string]any{"features": []map[string]string{
			{"name": optimization.FeatureOptimization, "value": "false"},
			{"name": optimization.FeatureMaxPartsPerRun, "value": "lots"}}}})
		if bad.Status != http.StatusBadRequest || !strings.Contains(string(bad.Body), `The value of \"Parts per run\" must be a whole number`) {
			t.Fatalf("a bad value: %d %s", bad.Status, bad.Body)
		}
		if v, _ := read().value(optimization.FeatureOptimization); v != "true" {
			t.Fatal("a refused PUT switched optimisation off: all or none")
		}
		if res := e.Do(t, apptest.Request{Method: http.MethodDelete, Path: path, Token: host}); res.Status != http.StatusNoContent {
			t.Fatalf("reset: %d %s", res.Status, res.Body)
		}
		if v, p := read().value(optimization.FeatureMaxPartsPerRun); v != "20000" || p != "D" {
			t.Fatalf("after the reset: %q from %q", v, p)
		}
		if res := e.Do(t, apptest.Request{Method: http.MethodDelete, Path: path, Token: demo}); res.Status != http.StatusForbidden {
			t.Fatalf("a tenant's admin resets features: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, path, demo); res.Status != http.StatusForbidden {
			t.Fatalf("a tenant's admin reads features: %d %s", res.Status, res.Body)
		}
		if res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: path, Token: demo, JSON: map[string]any{"features": []any{}}}); res.Status != http.StatusForbidden {
			t.Fatalf("a tenant's admin stores features: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, path, ""); res.Status != http.StatusUnauthorized {
			t.Fatalf("anonymous: %d", res.Status)
		}
	})
}

// TestAFeatureOffClosesItsCallsAndMenusForThatTenantOnly: optimisation switched off for the demo
// tenant answers its calls 403 naming the feature and drops its menu there; another tenant
// keeps both.
func TestAFeatureOffClosesItsCallsAndMenusForThatTenantOnly(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, identity.DemoTenantName)
		if _, err := e.App.Identity.CreateTenant(context.Background(), "acme"); err != nil {
			t.Fatal(err)
		}
		acme := e.CreateUser(t, "acme", "planner", "planner")
		grantRole(t, e, "acme", "planner", optimization.PermImportFiles)
		const call = "/api/optimization/import-files"
		hasMenu := func(token string) bool {
			t.Helper()
			res := e.Get(t, "/api/menu/getWebMenu", token)
			if res.Status != http.StatusOK {
				t.Fatalf("menu: %d %s", res.Status, res.Body)
			}
			return strings.Contains(string(res.Body), `"name":"`+optimization.MenuGroup+`"`)
		}
		for who, token := range map[string]string{"demo": demo, "acme": acme} {
			if res := e.Get(t, call, token); res.Status != http.StatusOK {
				t.Fatalf("%s before: %d %s", who, res.Status, res.Body)
			}
			if !hasMenu(token) {
				t.Fatalf("%s before: no optimisation menu", who)
			}
		}
		treeBefore := e.Get(t, "/api/permission-management/permissions?providerName=R&providerKey=admin", demo)
		putFeatures(t, e, host, demoID(t, e), map[string]string{optimization.FeatureOptimization: "false"})
		res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: call, Token: demo, Header: en()})
		if res.Status != http.StatusForbidden || res.ErrorMessage(t) != `The feature "Optimisation" is not enabled for your tenant` {
			t.Fatalf("demo after: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, call, demo); res.ErrorMessage(t) != "当前租户未启用功能「优化排版」" {
			t.Fatalf("demo after, in Chinese: %s", res.Body)
		}
		if hasMenu(demo) {
			t.Fatal("demo still sees the optimisation menu")
		}
		// Its permissions are neither granted (the client hides their buttons) nor offered on the
		// permissions dialog; the client reads the switch itself.
		type config struct {
			Auth     struct{ GrantedPolicies map[string]bool }
			Features struct{ Values map[string]string }
		}
		var demoCfg, acmeCfg config
		e.Get(t, "/api/abp/application-configuration", demo).JSON(t, &demoCfg)
		e.Get(t, "/api/abp/application-configuration", acme).JSON(t, &acmeCfg)
		if demoCfg.Auth.GrantedPolicies[optimization.PermImportFiles] || demoCfg.Features.Values[optimization.FeatureOptimization] != "false" {
			t.Fatalf("demo's configuration with optimisation off: import files granted %v, switch %q",
				demoCfg.Auth.GrantedPolicies[optimization.PermImportFiles], demoCfg.Features.Values[optimization.FeatureOptimization])
		}
		if !acmeCfg.Auth.GrantedPolicies[optimization.PermImportFiles] || acmeCfg.Features.Values[optimization.FeatureOptimization] != "true" {
			t.Fatalf("acme's configuration: import files granted %v, switch %q",
				acmeCfg.Auth.GrantedPolicies[optimization.PermImportFiles], acmeCfg.Features.Values[optimization.FeatureOptimization])
		}
		tree := e.Get(t, "/api/permission-management/permissions?providerName=R&providerKey=admin", demo)
		if tree.Status != http.StatusOK || strings.Contains(string(tree.Body), optimization.PermImportFiles) ||
			!strings.Contains(string(tree.Body), `"AbpIdentity"`) {
			t.Fatalf("demo's permission tree with optimisation off: %d, offers import files %v", tree.Status,
				strings.Contains(string(tree.Body), optimization.PermImportFiles))
		}
		if !strings.Contains(string(treeBefore.Body), optimization.PermImportFiles) {
			t.Fatal("demo's permission tree did not offer optimisation before")
		}
		if res := e.Get(t, call, acme); res.Status != http.StatusOK {
			t.Fatalf("acme after: %d %s", res.Status, res.Body)
		}
		if !hasMenu(acme) {
			t.Fatal("acme lost the optimisation menu")
		}
	})
}

// TestMaxUsersRefusesOneUserTooMany: with the limit at the tenant's live users, creating one
// more is refused with the limit's name; another tenant may still create users.
func TestMaxUsersRefusesOneUserTooMany(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, identity.DemoTenantName)
		var users struct{ TotalCount int }
		e.Get(t, "/api/identity/users", demo).JSON(t, &users)
		if users.TotalCount == 0 {
			t.Fatal("the demo tenant has no users")
		}
		putFeatures(t, e, host, demoID(t, e), map[string]string{identity.FeatureMaxUsers: strconv.Itoa(users.TotalCount)})
		body := map[string]any{"userName": "onemore", "password": "Onemore-1", "email": "onemore@test.local"}
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/identity/users", Token: demo, Header: en(), JSON: body})
		want := `Over the limit "Users": the limit is ` + strconv.Itoa(users.TotalCount) + ", this is " + strconv.Itoa(users.TotalCount+1)
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != want {
			t.Fatalf("one user too many: %d %s", res.Status, res.Body)
		}
		if _, err := e.App.Identity.UserByName(e.In(t, identity.DemoTenantName), "onemore"); err == nil {
			t.Fatal("the refused user was created")
		}
		if res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/identity/users", Token: host, JSON: body}); res.Status != http.StatusOK {
			t.Fatalf("the host is not limited: %d %s", res.Status, res.Body)
		}
	})
}

// demoID is the demo tenant's id.
func demoID(t *testing.T, e *apptest.Env) string {
	t.Helper()
	tn, err := e.App.Identity.ResolveTenant(context.Background(), identity.DemoTenantName)
	if err != nil || tn.ID == nil {
		t.Fatalf("demo tenant: %v", err)
	}
	return tn.ID.String()
}

// TestEveryFeatureAnOperationNeedsIsADeclaredSwitch: a misspelt feature would close a call for
// every tenant.
func TestEveryFeatureAnOperationNeedsIsADeclaredSwitch(t *testing.T) {
	e := apptest.New(t, "sqlite://"+t.TempDir()+"/kerf.db")
	marked := 0
	for _, op := range e.App.API.Ops() {
		for _, name := range op.Access.Features() {
			marked++
			if d, ok := e.App.Features.Definition(name); !ok || d.Type != feature.TypeBool {
				t.Errorf("%s %s needs %q, which is not a declared switch", op.Method, op.Path, name)
			}
		}
	}
	if marked == 0 {
		t.Fatal("no operation needs a feature")
	}
}
