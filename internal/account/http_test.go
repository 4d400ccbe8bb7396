package account_test

import (
	"net/http"
	"testing"

	"kerf/internal/app/apptest"
)

func TestChangePasswordOnBothPaths(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for i, path := range []string{"/api/account/my-profile/change-password", "/api/identity/my-profile/change-password"} {
			user := []string{"pw-a", "pw-b"}[i]
			token := e.CreateUser(t, "", user)
			cases := []struct {
				lang, want string
			}{{"en", "The current password is not correct"}, {"zh-CN", "当前密码不正确"}}
			for _, c := range cases {
				res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token,
					JSON:   map[string]string{"currentPassword": "wrong", "newPassword": "N3w-pass"},
					Header: http.Header{"Accept-Language": {c.lang}}})
				if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != c.want {
					t.Fatalf("%s wrong current password (%s): %d %s", path, c.lang, res.Status, res.Body)
				}
			}
			res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token,
				JSON: map[string]string{"currentPassword": apptest.Password, "newPassword": "x"}})
			if res.Status != http.StatusBadRequest {
				t.Fatalf("%s too short: %d %s", path, res.Status, res.Body)
			}
			res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token,
				JSON: map[string]string{"currentPassword": apptest.Password, "newPassword": "N3w-pass"}})
			if res.Status != http.StatusNoContent {
				t.Fatalf("%s: %d %s", path, res.Status, res.Body)
			}
			if tr := e.Login(t, user, "N3w-pass", ""); tr["access_token"] == nil {
				t.Fatal("no login with the new password")
			}
			if res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: path,
				JSON: map[string]string{"currentPassword": "a", "newPassword": "b"}}); res.Status != http.StatusUnauthorized {
				t.Fatalf("anonymous change: %d", res.Status)
			}
		}
		admin := e.Token(t, "admin", apptest.Password, "")
		res := e.Get(t, "/api/identity/security-logs?action=ChangePassword", admin)
		var page struct {
			Items []struct {
				UserName string `json:"userName"`
				Identity string `json:"identity"`
			} `json:"items"`
			TotalCount int `json:"totalCount"`
		}
		res.JSON(t, &page)
		if page.TotalCount != 2 || page.Items[0].Identity != "Identity" {
			t.Fatalf("security log of password changes: %s", res.Body)
		}
	})
}

func TestSendCodeEndpoints(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		post := func(path, phone, lang string) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, JSON: map[string]string{"phoneNumber": phone},
				Header: http.Header{"Accept-Language": {lang}}})
		}
		if res := post("/api/account/phone/send-signin-code", "13800000001", "en"); res.Status != http.StatusNoContent {
			t.Fatalf("sign-in code: %d %s", res.Status, res.Body)
		}
		if res := post("/api/account/phone/send-signin-code", "13800000001", "en"); res.Status != http.StatusTooManyRequests ||
			res.ErrorMessage(t) != "Operating too fast, please try again later" {
			t.Fatalf("again at once: %d %s", res.Status, res.Body)
		}
		if res := post("/api/account/phone/send-register-code", "13800000001", "en"); res.Status != http.StatusBadRequest ||
			res.ErrorMessage(t) != "This phone number is already registered" {
			t.Fatalf("register code for a known phone: %d %s", res.Status, res.Body)
		}
		if res := post("/api/account/phone/send-register-code", "13700000000", "zh"); res.Status != http.StatusNoContent {
			t.Fatalf("register code: %d %s", res.Status, res.Body)
		}
		if res := post("/api/account/phone/send-password-reset-code", "13700000001", "zh"); res.Status != http.StatusBadRequest ||
			res.ErrorMessage(t) != "该手机号未注册" {
			t.Fatalf("reset code for an unknown phone: %d %s", res.Status, res.Body)
		}
		if res := post("/api/account/phone/send-password-reset-code", "abc", "en"); res.Status != http.StatusBadRequest {
			t.Fatalf("bad phone: %d %s", res.Status, res.Body)
		}
		// Administrators who may log in as others read what the development sender kept.
		var kept struct {
			Items []struct {
				PhoneNumber string `json:"phoneNumber"`
				Text        string `json:"text"`
			} `json:"items"`
		}
		e.Get(t, "/api/account/development-sms", e.Token(t, "admin", apptest.Password, "")).JSON(t, &kept)
		if len(kept.Items) != 2 || kept.Items[0].PhoneNumber != "13700000000" || kept.Items[1].PhoneNumber != "13800000001" {
			t.Fatalf("kept messages: %+v", kept)
		}
		if res := e.Get(t, "/api/account/development-sms", e.Token(t, "sales", apptest.Password, "")); res.Status != http.StatusForbidden {
			t.Fatalf("sales reading codes: %d", res.Status)
		}
	})
}
