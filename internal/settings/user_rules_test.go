package settings_test

import (
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/settings"
)

// TestIdentityReadsTheUserRulesAtOnce: the identity settings' user rules (unique e-mail, user name
// and e-mail changes) take effect at the next request of the tenant that set them.
func TestIdentityReadsTheUserRulesAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		demo := e.Token(t, "admin", apptest.Password, "demo")
		user := e.CreateUser(t, "demo", "rules-user")
		create := func(name, email string) *apptest.Response {
			return do(t, e, "POST", "/api/identity/users", demo, row{"userName": name, "password": "1q2w3E*!", "email": email}, "en")
		}
		if res := create("first-mail", "shared@rules.test"); res.Status != 200 {
			t.Fatalf("first user: %d %s", res.Status, res.Body)
		}
		if res := create("second-mail", "shared@rules.test"); res.Status != 400 || !strings.Contains(string(res.Body), "already taken") {
			t.Fatalf("a second user with the address while e-mails must be unique: %d %s", res.Status, res.Body)
		}

		var id settings.IdentitySettings
		do(t, e, "GET", idSet, demo, nil, "").JSON(t, &id)
		if !id.User.RequireUniqueEmail || !id.User.IsUserNameUpdateEnabled || !id.User.IsEmailUpdateEnabled {
			t.Fatalf("default user rules: %+v", id.User)
		}
		id.User.RequireUniqueEmail, id.User.IsUserNameUpdateEnabled, id.User.IsEmailUpdateEnabled = false, false, false
		if res := do(t, e, "PUT", idSet, demo, id, ""); res.Status != 204 {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}

		res := create("second-mail", "shared@rules.test")
		if res.Status != 200 {
			t.Fatalf("a second user with the address once e-mails need not be unique: %d %s", res.Status, res.Body)
		}
		second := res.Map(t)
		second["userName"] = "renamed"
		res = do(t, e, "PUT", "/api/identity/users/"+second["id"].(string), demo, second, "en")
		if res.Status != 400 || !strings.Contains(string(res.Body), `"message":"User names cannot be changed (identity settings)","members":["userName"]`) {
			t.Fatalf("a rename while user names are fixed: %d %s", res.Status, res.Body)
		}
		res = do(t, e, "PUT", "/api/identity/my-profile", user, row{"name": "Rules", "surname": "User", "phoneNumber": "", "email": "new@rules.test"}, "zh-Hans")
		if res.Status != 400 || !strings.Contains(string(res.Body), "邮箱不允许修改") {
			t.Fatalf("an e-mail change while e-mails are fixed: %d %s", res.Status, res.Body)
		}
		// Another tenant keeps the defaults.
		host := e.Token(t, "admin", apptest.Password, "")
		do(t, e, "GET", idSet, host, nil, "").JSON(t, &id)
		if !id.User.RequireUniqueEmail || !id.User.IsUserNameUpdateEnabled {
			t.Fatalf("the host reads the tenant's user rules: %+v", id.User)
		}
	})
}

// TestSelfRegistrationFollowsTheAccountSettings: a tenant that switches self-registration off
// gets no register code and registers nobody; the host, untouched, still does.
func TestSelfRegistrationFollowsTheAccountSettings(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		demo := e.Token(t, "admin", apptest.Password, "demo")
		var acc settings.AccountSettings
		do(t, e, "GET", account, demo, nil, "").JSON(t, &acc)
		if !acc.IsSelfRegistrationEnabled {
			t.Fatalf("self-registration is on by default: %+v", acc)
		}
		acc.IsSelfRegistrationEnabled = false
		if res := do(t, e, "PUT", account, demo, acc, ""); res.Status != 204 {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		inDemo := func(path string, body row, lang string) *apptest.Response {
			h := http.Header{"__tenant": {"demo"}, "Accept-Language": {lang}}
			return e.Do(t, apptest.Request{Method: "POST", Path: path, JSON: body, Header: h})
		}
		res := inDemo("/api/account/phone/send-register-code", row{"phoneNumber": "13955550000"}, "zh-Hans")
		if res.Status != 403 && res.Status != 400 || !strings.Contains(string(res.Body), "未开放自行注册") {
			t.Fatalf("a register code while self-registration is off: %d %s", res.Status, res.Body)
		}
		res = inDemo("/api/account/phone/register", row{"phoneNumber": "13955550000", "code": "123456", "password": "Reg-1234"}, "en")
		if !strings.Contains(string(res.Body), "Self-registration is switched off") {
			t.Fatalf("a registration while self-registration is off: %d %s", res.Status, res.Body)
		}
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/account/phone/send-register-code", JSON: row{"phoneNumber": "13955550000"}})
		if res.Status != 204 {
			t.Fatalf("the host still registers: %d %s", res.Status, res.Body)
		}
	})
}
