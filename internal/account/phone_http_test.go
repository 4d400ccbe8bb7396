package account_test

import (
	"net/http"
	"regexp"
	"testing"

	"kerf/internal/account"
	"kerf/internal/app/apptest"
)

var sixDigits = regexp.MustCompile(`\d{6}`)

// sentCode reads the newest code the development sender kept for phone (what the browser test
// reads through GET /api/account/development-sms).
func sentCode(t *testing.T, e *apptest.Env, phone string) string {
	t.Helper()
	var kept struct {
		Items []struct {
			PhoneNumber string `json:"phoneNumber"`
			Text        string `json:"text"`
		} `json:"items"`
	}
	e.Get(t, "/api/account/development-sms", e.Token(t, "admin", apptest.Password, "")).JSON(t, &kept)
	for _, m := range kept.Items {
		if m.PhoneNumber == phone {
			return sixDigits.FindString(m.Text)
		}
	}
	t.Fatalf("no code sent to %s: %+v", phone, kept.Items)
	return ""
}

// errText is what the client shows of an error: the details of a validation error (its
// fields' messages), else the message.
func errText(t *testing.T, res *apptest.Response) string {
	t.Helper()
	var b struct {
		Error struct {
			Message string `json:"message"`
			Details string `json:"details"`
		} `json:"error"`
	}
	res.JSON(t, &b)
	if b.Error.Details != "" {
		return b.Error.Details
	}
	return b.Error.Message
}

type securityRows struct {
	Items []struct {
		UserName string `json:"userName"`
		Action   string `json:"action"`
	} `json:"items"`
	TotalCount int `json:"totalCount"`
}

func TestPhoneRegisterEndpoint(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const phone = "13911110000"
		en := http.Header{"Accept-Language": {"en"}}
		send := func(h http.Header) {
			t.Helper()
			res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/account/phone/send-register-code",
				JSON: map[string]string{"phoneNumber": phone}, Header: h})
			if res.Status != http.StatusNoContent {
				t.Fatalf("send code: %d %s", res.Status, res.Body)
			}
		}
		register := func(body map[string]string, h http.Header) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/account/phone/register", JSON: body, Header: h})
		}
		send(nil)
		code := sentCode(t, e, phone)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		cases := []struct {
			name string
			body map[string]string
			lang string
			want string
		}{
			{"a wrong code", map[string]string{"phoneNumber": phone, "code": wrong, "password": "Reg-1234"}, "en", "Wrong verification code; 4 tries left"},
			{"a wrong code (zh)", map[string]string{"phoneNumber": phone, "code": wrong, "password": "Reg-1234"}, "zh-CN", "验证码错误，还可以尝试 3 次"},
			{"no code", map[string]string{"phoneNumber": phone, "password": "Reg-1234"}, "en", ""},
			{"a weak password", map[string]string{"phoneNumber": phone, "code": code, "password": "abc"}, "en", ""},
			{"a taken phone", map[string]string{"phoneNumber": "13800000002", "code": code, "password": "Reg-1234"}, "en", ""},
			{"a taken user name", map[string]string{"phoneNumber": phone, "code": code, "userName": "sales", "password": "Reg-1234"}, "zh-CN", "用户名 sales 已被使用"},
		}
		for _, c := range cases {
			res := register(c.body, http.Header{"Accept-Language": {c.lang}})
			if res.Status != http.StatusBadRequest || (c.want != "" && errText(t, res) != c.want) {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		res := register(map[string]string{"phoneNumber": "13800000002", "code": code, "password": "Reg-1234"}, en)
		var body struct {
			Error struct {
				ValidationErrors []struct {
					Message string   `json:"message"`
					Members []string `json:"members"`
				} `json:"validationErrors"`
			} `json:"error"`
		}
		res.JSON(t, &body)
		if len(body.Error.ValidationErrors) != 1 || body.Error.ValidationErrors[0].Message != "This phone number is already registered" ||
			body.Error.ValidationErrors[0].Members[0] != "phoneNumber" {
			t.Fatalf("a taken phone's message: %s", res.Body)
		}

		res = register(map[string]string{"phoneNumber": phone, "code": code, "userName": "newcomer", "password": "Reg-1234", "name": "新客户"}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("register: %d %s", res.Status, res.Body)
		}
		var user account.RegisteredUser
		res.JSON(t, &user)
		if user.UserName != "newcomer" || user.PhoneNumber != phone || user.TenantID != nil || user.Name != "新客户" {
			t.Fatalf("registered: %+v", user)
		}
		if tr := e.Login(t, "newcomer", "Reg-1234", ""); tr["access_token"] == nil {
			t.Fatal("the new account does not log in")
		}
		if res := register(map[string]string{"phoneNumber": "13911110001", "code": code, "password": "Reg-1234"}, en); res.Status != http.StatusBadRequest ||
			res.ErrorMessage(t) != "Please request a verification code first" {
			t.Fatalf("the code is used up: %d %s", res.Status, res.Body)
		}

		// In a tenant (the __tenant header); the user name defaults to the phone number.
		demo := http.Header{"__tenant": {"demo"}}
		send(demo)
		res = register(map[string]string{"phoneNumber": phone, "code": sentCode(t, e, phone), "password": "Reg-1234"}, demo)
		if res.Status != http.StatusOK {
			t.Fatalf("register in demo: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &user)
		if user.UserName != phone || user.TenantID == nil {
			t.Fatalf("registered in demo: %+v", user)
		}
		if tr := e.Login(t, phone, "Reg-1234", "demo"); tr["access_token"] == nil {
			t.Fatal("the tenant's new account does not log in")
		}

		var rows securityRows
		e.Get(t, "/api/identity/security-logs?action="+account.ActionRegister, e.Token(t, "admin", apptest.Password, "")).JSON(t, &rows)
		if rows.TotalCount != 1 || rows.Items[0].UserName != "newcomer" {
			t.Fatalf("host security log: %+v", rows)
		}
		e.Get(t, "/api/identity/security-logs?action="+account.ActionRegister, e.Token(t, "admin", apptest.Password, "demo")).JSON(t, &rows)
		if rows.TotalCount != 1 || rows.Items[0].UserName != phone {
			t.Fatalf("tenant security log: %+v", rows)
		}
	})
}

func TestPhoneResetPasswordEndpoint(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const phone = "13800000002" // the demo user sales
		en := http.Header{"Accept-Language": {"en"}}
		before := e.Login(t, "sales", apptest.Password, "")
		reset := func(body map[string]string, h http.Header) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/account/phone/reset-password", JSON: body, Header: h})
		}
		if res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/account/phone/send-password-reset-code",
			JSON: map[string]string{"phoneNumber": phone}}); res.Status != http.StatusNoContent {
			t.Fatalf("send code: %d %s", res.Status, res.Body)
		}
		code := sentCode(t, e, phone)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		for name, c := range map[string]struct {
			body map[string]string
			want string
		}{
			"a wrong code":     {map[string]string{"phoneNumber": phone, "code": wrong, "newPassword": "Reset-123"}, "Wrong verification code; 4 tries left"},
			"an unknown phone": {map[string]string{"phoneNumber": "13700000099", "code": code, "newPassword": "Reset-123"}, "No user is registered with this phone number"},
			"a weak password":  {map[string]string{"phoneNumber": phone, "code": code, "newPassword": "abc"}, ""},
			"nothing":          {map[string]string{}, ""},
		} {
			if res := reset(c.body, en); res.Status != http.StatusBadRequest || (c.want != "" && errText(t, res) != c.want) {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		if tr := e.Login(t, "sales", apptest.Password, ""); tr["access_token"] == nil {
			t.Fatal("refused resets changed the password")
		}
		if res := reset(map[string]string{"phoneNumber": phone, "code": code, "newPassword": "Reset-123"}, nil); res.Status != http.StatusNoContent {
			t.Fatalf("reset: %d %s", res.Status, res.Body)
		}
		if tr := e.Login(t, "sales", "Reset-123", ""); tr["access_token"] == nil {
			t.Fatal("the new password does not log in")
		}
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: map[string][]string{
			"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {"sales"}, "password": {apptest.Password}}})
		if res.Status != http.StatusBadRequest {
			t.Fatalf("the old password still logs in: %d", res.Status)
		}
		// Signed out everywhere: the login from before the reset has ended.
		if res := e.Get(t, "/api/identity/my-profile", before["access_token"].(string)); res.Status != http.StatusUnauthorized {
			t.Fatalf("a login from before the reset: %d, want 401", res.Status)
		}
		if res := reset(map[string]string{"phoneNumber": phone, "code": code, "newPassword": "Other-123"}, en); res.Status != http.StatusBadRequest {
			t.Fatalf("the code works once: %d %s", res.Status, res.Body)
		}
		var rows securityRows
		e.Get(t, "/api/identity/security-logs?action="+account.ActionResetPassword, e.Token(t, "admin", apptest.Password, "")).JSON(t, &rows)
		if rows.TotalCount != 1 || rows.Items[0].UserName != "sales" {
			t.Fatalf("security log: %+v", rows)
		}
	})
}
