package session_test

import (
	"net/http"
	"net/url"
	"os"
	"testing"
	"time"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/permission"
)

const perm = identity.PermRoles // the demo seed grants it to the admins only

func grant(t *testing.T, e *apptest.Env, token, role string, granted bool) {
	t.Helper()
	q := url.Values{"providerName": {"R"}, "providerKey": {role}}
	res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/permission-management/permissions?" + q.Encode(),
		Token: token, JSON: map[string]any{"permissions": []map[string]any{{"name": perm, "isGranted": granted}}}})
	if res.Status != http.StatusNoContent && res.Status != http.StatusOK {
		t.Fatalf("grant: %d %s", res.Status, res.Body)
	}
}

func TestConfigurationFollowsGrantAndProfileChangesAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		sales := e.Token(t, "sales", apptest.Password, "")
		if getConfig(t, e, sales, nil).Auth.GrantedPolicies[perm] {
			t.Fatalf("sales holds %s before the grant", perm)
		}
		grant(t, e, admin, identity.SalesRole, true)
		if !getConfig(t, e, sales, nil).Auth.GrantedPolicies[perm] {
			t.Fatal("a granted permission is missing from the next configuration")
		}
		grant(t, e, admin, identity.SalesRole, false)
		if getConfig(t, e, sales, nil).Auth.GrantedPolicies[perm] {
			t.Fatal("a revoked permission is still in the next configuration")
		}
		res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/identity/my-profile", Token: sales,
			JSON: map[string]any{"name": "Grace", "surname": "", "email": "sales@kerf.local", "phoneNumber": ""}})
		if res.Status != http.StatusOK {
			t.Fatalf("profile: %d %s", res.Status, res.Body)
		}
		if n := getConfig(t, e, sales, nil).CurrentUser.Name; n == nil || *n != "Grace" {
			t.Fatalf("current user name %v after the profile change", n)
		}
	})
}

// Two replicas on one PostgreSQL: a change made through one is in the other's next answer
// once the bus has carried it (waited for, not slept on).
func TestConfigurationOnOneReplicaFollowsChangesMadeOnAnother(t *testing.T) {
	pg := os.Getenv(dbtest.EnvPostgres)
	if pg == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s must be set in CI so the PostgreSQL suite runs", dbtest.EnvPostgres)
		}
		t.Skipf("%s is not set: replicas share a PostgreSQL database", dbtest.EnvPostgres)
	}
	u := dbtest.PostgresURL(t, pg)
	t.Setenv("KERF_SECRET", "replicas share one secret") // as replicas share the signing keys
	a, b := apptest.New(t, u), apptest.New(t, u)
	seen := make(chan string, 100)
	b.App.Bus.Subscribe(permission.TopicGrants, func(p string) { seen <- "grants " + p })
	b.App.Bus.Subscribe(identity.TopicUsers, func(p string) { seen <- "users " + p })
	wait := func(msg string) {
		t.Helper()
		deadline := time.After(20 * time.Second)
		for {
			select {
			case m := <-seen:
				if m == msg {
					return
				}
			case <-deadline:
				t.Fatalf("%q never reached the second replica", msg)
			}
		}
	}
	admin := a.Token(t, "admin", apptest.Password, "")
	sales := a.Token(t, "sales", apptest.Password, "") // a token of one replica, used on the other
	if getConfig(t, b, sales, nil).Auth.GrantedPolicies[perm] {
		t.Fatalf("sales holds %s before the grant", perm)
	}
	grant(t, a, admin, identity.SalesRole, true)
	wait("grants host/R/" + identity.SalesRole)
	if !getConfig(t, b, sales, nil).Auth.GrantedPolicies[perm] {
		t.Fatal("the second replica still answers the old grants")
	}
	res := a.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/identity/my-profile", Token: sales,
		JSON: map[string]any{"name": "Grace", "surname": "", "email": "sales@kerf.local", "phoneNumber": ""}})
	if res.Status != http.StatusOK {
		t.Fatalf("profile: %d %s", res.Status, res.Body)
	}
	wait("users " + a.UserID(t, "sales", "").String())
	if n := getConfig(t, b, sales, nil).CurrentUser.Name; n == nil || *n != "Grace" {
		t.Fatalf("the second replica answers name %v", n)
	}
}
