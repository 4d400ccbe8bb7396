package session_test

import (
	"net/http"
	"slices"
	"testing"

	"kerf/internal/app/apptest"
)

// currentUser.roles are the roles the user holds now, directly and through organisation
// units: a change shows without a new token.
func TestCurrentUserRolesAreTheRolesHeldNowWithoutANewToken(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		token := e.CreateUser(t, "", "roleless")
		id := e.UserID(t, "roleless", "")
		if got := getConfig(t, e, token, nil).CurrentUser.Roles; len(got) != 0 {
			t.Fatalf("roles before = %v, want none", got)
		}
		role, err := e.App.Identity.EnsureRole(e.In(t, ""), "auditor", false, false)
		if err != nil {
			t.Fatal(err)
		}
		do := func(method, path string, body any) *apptest.Response {
			t.Helper()
			res := e.Do(t, apptest.Request{Method: method, Path: path, Token: admin, JSON: body})
			if res.Status >= 300 {
				t.Fatalf("%s %s: %d %s", method, path, res.Status, res.Body)
			}
			return res
		}
		unit := do(http.MethodPost, "/api/identity/organization-units", map[string]any{"displayName": "审计部"}).Map(t)["id"].(string)
		do(http.MethodPut, "/api/identity/organization-units/"+unit+"/members", map[string]any{"userIds": []string{id.String()}})
		do(http.MethodPut, "/api/identity/organization-units/"+unit+"/roles", map[string]any{"roleIds": []string{role.ID.String()}})
		if got := getConfig(t, e, token, nil).CurrentUser.Roles; !slices.Equal(got, []string{"auditor"}) {
			t.Fatalf("roles through a unit = %v, want [auditor]", got)
		}
		do(http.MethodPut, "/api/identity/users/"+id.String()+"/roles", map[string]any{"roleNames": []string{"sales"}})
		if got := getConfig(t, e, token, nil).CurrentUser.Roles; !slices.Equal(got, []string{"auditor", "sales"}) {
			t.Fatalf("roles after an administrator's change = %v, want [auditor sales]", got)
		}
	})
}
