package account_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"kerf/internal/account"
	"kerf/internal/app/apptest"
)

// testClock is the account area's clock in these tests, moved on by hand.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// accountClock gives the app's account area a clock the test moves.
func accountClock(t *testing.T, e *apptest.Env) *testClock {
	t.Helper()
	c := &testClock{t: time.Now().UTC()}
	for _, m := range e.App.Modules {
		if am, ok := m.(*account.Module); ok {
			am.SetClock(c.now)
			return c
		}
	}
	t.Fatal("the app has no account module")
	return nil
}

type mailItem struct {
	ID      string `json:"id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	HTML    string `json:"html"`
}

// mailbox reads the development mailbox as token until it holds n messages, and answers them
// newest first with their bodies.
func mailbox(t *testing.T, e *apptest.Env, token string, n int) []mailItem {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var p struct {
			Items      []mailItem `json:"items"`
			TotalCount int        `json:"totalCount"`
		}
		e.Get(t, "/api/setting-management/emailing/mailbox?maxResultCount=100", token).JSON(t, &p)
		if p.TotalCount >= n {
			if p.TotalCount != n {
				t.Fatalf("%d messages in the mailbox, want %d: %+v", p.TotalCount, n, p.Items)
			}
			for i := range p.Items {
				e.Get(t, "/api/setting-management/emailing/mailbox/"+p.Items[i].ID, token).JSON(t, &p.Items[i])
			}
			return p.Items
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d messages in the mailbox, want %d: %+v", p.TotalCount, n, p.Items)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// queuedMails counts the e-mails queued so far (delivered or not).
func queuedMails(t *testing.T, e *apptest.Env) int {
	t.Helper()
	var n int
	if err := e.App.DB.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM river_job WHERE kind = 'email.send'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var hrefPattern = regexp.MustCompile(`href="([^"]+)"`)

// resetLink reads the link of a reset e-mail.
func resetLink(t *testing.T, m mailItem) *url.URL {
	t.Helper()
	match := hrefPattern.FindStringSubmatch(m.HTML)
	if match == nil {
		t.Fatalf("no link in %q", m.HTML)
	}
	u, err := url.Parse(strings.ReplaceAll(match[1], "&amp;", "&"))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// tokenLogin runs the password grant and answers its status.
func tokenLogin(t *testing.T, e *apptest.Env, user, password, tenant string) int {
	t.Helper()
	h := http.Header{}
	if tenant != "" {
		h.Set("__tenant", tenant)
	}
	return e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Header: h, Form: url.Values{
		"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {user}, "password": {password}}}).Status
}

func lang(l, tenant string) http.Header {
	h := http.Header{"Accept-Language": {l}}
	if tenant != "" {
		h.Set("__tenant", tenant)
	}
	return h
}

func TestPasswordResetByEmail(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		clock := accountClock(t, e)
		admin := e.Token(t, "admin", apptest.Password, "")
		e.CreateUser(t, "", "forgetful") // forgetful@test.local
		userID := e.UserID(t, "forgetful", "")
		before := e.Login(t, "forgetful", apptest.Password, "")
		post := func(path string, body any, h http.Header) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, JSON: body, Header: h})
		}
		send := func(addr string, h http.Header) *apptest.Response {
			return post("/api/account/send-password-reset-code", map[string]string{"email": addr, "appName": "kerf-web"}, h)
		}
		verify := func(id, token string, h http.Header) bool {
			t.Helper()
			res := post("/api/account/verify-password-reset-token", map[string]string{"userId": id, "resetToken": token}, h)
			if res.Status != http.StatusOK {
				t.Fatalf("verify: %d %s", res.Status, res.Body)
			}
			return strings.TrimSpace(string(res.Body)) == "true"
		}
		reset := func(id, token, password string, h http.Header) *apptest.Response {
			return post("/api/account/reset-password", map[string]string{"userId": id, "resetToken": token, "password": password}, h)
		}

		// A malformed address is refused in the caller's language; an unknown one answers as a known one and sends nothing.
		if res := send("not an address", lang("en", "")); res.Status != http.StatusBadRequest || errText(t, res) != "The e-mail address is not valid" {
			t.Fatalf("a malformed address: %d %s", res.Status, res.Body)
		}
		if res := send("nobody@test.local", lang("en", "")); res.Status != http.StatusNoContent {
			t.Fatalf("an unknown address: %d %s", res.Status, res.Body)
		}
		if n := queuedMails(t, e); n != 0 {
			t.Fatalf("an unknown address queued %d e-mails", n)
		}
		if res := send("Forgetful@test.local", lang("en", "")); res.Status != http.StatusNoContent {
			t.Fatalf("a known address: %d %s", res.Status, res.Body)
		}
		if res := send("forgetful@test.local", lang("en", "")); res.Status != http.StatusTooManyRequests {
			t.Fatalf("a second link within a minute: %d %s", res.Status, res.Body)
		}
		mails := mailbox(t, e, admin, 1)
		if m := mails[0]; m.To != "forgetful@test.local" || m.Subject != "Reset your Kerf password" || !strings.Contains(m.HTML, "valid for 24 hours") {
			t.Fatalf("the reset e-mail: %+v", m)
		}
		link := resetLink(t, mails[0])
		token := link.Query().Get("resetToken")
		if origin := link.Scheme + "://" + link.Host; origin != e.App.Config.Public() || link.Path != "/reset-password" ||
			link.Query().Get("userId") != userID.String() || len(token) < 40 || link.Query().Has("__tenant") {
			t.Fatalf("the link: %s (public URL %s)", link, e.App.Config.Public())
		}
		if queuedMails(t, e) != 1 {
			t.Fatalf("queued %d e-mails, want 1", queuedMails(t, e))
		}

		// The link verifies in its own tenant only; a wrong token does not.
		if !verify(userID.String(), token, nil) {
			t.Fatal("the e-mailed link does not verify")
		}
		for name, ok := range map[string]bool{
			"a wrong token":       verify(userID.String(), token+"x", nil),
			"another user":        verify(e.UserID(t, "admin", "").String(), token, nil),
			"in the demo tenant":  verify(userID.String(), token, lang("en", "demo")),
			"no token":            verify(userID.String(), "", nil),
			"the all-zero userId": verify("00000000-0000-0000-0000-000000000000", token, nil),
		} {
			if ok {
				t.Errorf("%s verifies", name)
			}
		}

		// Refused resets, in both languages, change nothing and leave the link working.
		for _, c := range []struct {
			name, token, password string
			h                     http.Header
			want                  string
		}{
			{"a wrong token", "wrong", "Reset-123", lang("en", ""), "The password reset link is not valid; please ask for a new one"},
			{"a wrong token (zh)", "wrong", "Reset-123", lang("zh-CN", ""), "重置密码链接无效，请重新获取"},
			{"another tenant", token, "Reset-123", lang("en", "demo"), "The password reset link is not valid; please ask for a new one"},
			{"a weak password", token, "abc", lang("en", ""), ""},
			{"no password", token, "", lang("en", ""), ""},
		} {
			if res := reset(userID.String(), c.token, c.password, c.h); res.Status != http.StatusBadRequest || (c.want != "" && errText(t, res) != c.want) {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		res := reset(userID.String(), token, "abc", lang("en", ""))
		if fs := res.Map(t)["error"].(map[string]any)["validationErrors"].([]any); len(fs) == 0 ||
			fs[0].(map[string]any)["members"].([]any)[0] != "password" {
			t.Fatalf("a weak password names the field: %s", res.Body)
		}
		if tokenLogin(t, e, "forgetful", apptest.Password, "") != http.StatusOK || !verify(userID.String(), token, nil) {
			t.Fatal("refused resets changed the password or used the link")
		}

		// The link sets the password: the new one logs in, the old one not, earlier logins end.
		if res := reset(userID.String(), token, "Reset-123", nil); res.Status != http.StatusNoContent {
			t.Fatalf("reset: %d %s", res.Status, res.Body)
		}
		if tokenLogin(t, e, "forgetful", "Reset-123", "") != http.StatusOK {
			t.Fatal("the new password does not log in")
		}
		if tokenLogin(t, e, "forgetful", apptest.Password, "") != http.StatusBadRequest {
			t.Fatal("the old password still logs in")
		}
		if res := e.Get(t, "/api/identity/my-profile", before["access_token"].(string)); res.Status != http.StatusUnauthorized {
			t.Fatalf("a login from before the reset: %d, want 401", res.Status)
		}
		// Once only.
		if verify(userID.String(), token, nil) {
			t.Fatal("a used link verifies")
		}
		for l, want := range map[string]string{"en": "The password reset link has already been used; please ask for a new one",
			"zh-Hans": "重置密码链接已被使用，请重新获取"} {
			if res := reset(userID.String(), token, "Other-123", lang(l, "")); res.Status != http.StatusBadRequest || errText(t, res) != want {
				t.Errorf("a used link (%s): %d %s", l, res.Status, res.Body)
			}
		}
		var rows securityRows
		e.Get(t, "/api/identity/security-logs?action="+account.ActionResetPassword, admin).JSON(t, &rows)
		if rows.TotalCount != 1 || rows.Items[0].UserName != "forgetful" {
			t.Fatalf("security log: %+v", rows)
		}

		// A link expires after 24 hours.
		clock.add(2 * time.Minute)
		if res := send("forgetful@test.local", lang("zh-Hans", "")); res.Status != http.StatusNoContent {
			t.Fatalf("a second link: %d %s", res.Status, res.Body)
		}
		mails = mailbox(t, e, admin, 2)
		if mails[0].Subject != "重置您的 Kerf 密码" || !strings.Contains(mails[0].HTML, "24 小时内有效") {
			t.Fatalf("the e-mail in the caller's language: %+v", mails[0])
		}
		expiring := resetLink(t, mails[0]).Query().Get("resetToken")
		clock.add(account.ResetTokenLifetime)
		if verify(userID.String(), expiring, nil) {
			t.Fatal("an expired link verifies")
		}
		for l, want := range map[string]string{"en": "The password reset link has expired; please ask for a new one",
			"zh-Hans": "重置密码链接已过期，请重新获取"} {
			if res := reset(userID.String(), expiring, "Other-123", lang(l, "")); res.Status != http.StatusBadRequest || errText(t, res) != want {
				t.Errorf("an expired link (%s): %d %s", l, res.Status, res.Body)
			}
		}
		if tokenLogin(t, e, "forgetful", "Reset-123", "") != http.StatusOK {
			t.Fatal("an expired link changed the password")
		}
	})
}

func TestPasswordResetByEmailInATenant(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		e.CreateUser(t, "demo", "tenantuser") // tenantuser@test.local of demo
		e.CreateUser(t, "", "tenantuser")     // the host's user of the same name and address
		demoAdmin := e.Token(t, "admin", apptest.Password, "demo")
		hostAdmin := e.Token(t, "admin", apptest.Password, "")
		userID := e.UserID(t, "tenantuser", "demo")
		if res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/account/send-password-reset-code",
			JSON: map[string]string{"email": "tenantuser@test.local"}, Header: lang("en", "demo")}); res.Status != http.StatusNoContent {
			t.Fatalf("send: %d %s", res.Status, res.Body)
		}
		link := resetLink(t, mailbox(t, e, demoAdmin, 1)[0])
		q := link.Query()
		if q.Get("__tenant") != "demo" || q.Get("userId") != userID.String() {
			t.Fatalf("the tenant's link: %s", link)
		}
		var host struct{ TotalCount int }
		e.Get(t, "/api/setting-management/emailing/mailbox", hostAdmin).JSON(t, &host)
		if host.TotalCount != 0 {
			t.Fatalf("the host's mailbox has the tenant's message")
		}
		// On the host (no __tenant), the tenant's link is refused and the host's user keeps its password.
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/account/reset-password",
			JSON: map[string]string{"userId": userID.String(), "resetToken": q.Get("resetToken"), "password": "Tenant-123"}, Header: lang("en", "")})
		if res.Status != http.StatusBadRequest {
			t.Fatalf("the tenant's link on the host: %d %s", res.Status, res.Body)
		}
		// The link's query names the tenant, as the page sends it.
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/account/reset-password?__tenant=" + q.Get("__tenant"),
			JSON: map[string]string{"userId": userID.String(), "resetToken": q.Get("resetToken"), "password": "Tenant-123"}})
		if res.Status != http.StatusNoContent {
			t.Fatalf("reset in the tenant: %d %s", res.Status, res.Body)
		}
		if tokenLogin(t, e, "tenantuser", "Tenant-123", "demo") != http.StatusOK || tokenLogin(t, e, "tenantuser", apptest.Password, "") != http.StatusOK {
			t.Fatal("the tenant's reset went wrong: the tenant's user has the new password, the host's its own")
		}
	})
}
