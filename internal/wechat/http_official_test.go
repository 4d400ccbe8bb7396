package wechat

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// fakeWeChat is a local stand-in for api.weixin.qq.com: one good code, answering WeChat's
// documented shapes (errcode 40029 for a wrong code).
func fakeWeChat(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /sns/oauth2/access_token", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("appid") != "wx-app" || q.Get("secret") != "s3cret" || q.Get("grant_type") != "authorization_code" {
			_ = json.NewEncoder(w).Encode(map[string]any{"errcode": 40125, "errmsg": "invalid appsecret"})
			return
		}
		switch q.Get("code") {
		case "good-code":
			_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "at-1", "expires_in": 7200, "refresh_token": "rt",
				"openid": "o-anna", "scope": "snsapi_login", "unionid": "u-anna"})
		case "broken":
			http.Error(w, "upstream down", http.StatusBadGateway)
		default:
			_ = json.NewEncoder(w).Encode(map[string]any{"errcode": 40029, "errmsg": "invalid code"})
		}
	})
	mux.HandleFunc("GET /sns/userinfo", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("access_token") != "at-1" || r.URL.Query().Get("openid") != "o-anna" {
			_ = json.NewEncoder(w).Encode(map[string]any{"errcode": 40001, "errmsg": "invalid credential"})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"openid": "o-anna", "nickname": "安娜", "unionid": "u-anna"})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestTheOfficialProviderExchangesACodeAtWeChatsAPI(t *testing.T) {
	srv := fakeWeChat(t)
	p := NewOfficial("wx-app", "s3cret", srv.Client())
	p.APIBase = srv.URL
	ctx := context.Background()

	openID, nick, err := p.Exchange(ctx, "good-code")
	if err != nil || openID != "o-anna" || nick != "安娜" {
		t.Fatalf("exchange: %q %q %v", openID, nick, err)
	}
	if _, _, err := p.Exchange(ctx, "used-code"); userErrKey(err) != KeyCodeInvalid {
		t.Fatalf("a code WeChat refuses: %v", err)
	}
	_, _, err = p.Exchange(ctx, "broken")
	if err == nil || userErrKey(err) != "" || !strings.Contains(err.Error(), "HTTP 502") {
		t.Fatalf("an outage is an error of its own, never a wrong code: %v", err)
	}
	bad := NewOfficial("wx-app", "wrong", srv.Client())
	bad.APIBase = srv.URL
	_, _, err = bad.Exchange(ctx, "good-code")
	if err == nil || userErrKey(err) != "" || strings.Contains(err.Error(), "wrong") {
		t.Fatalf("a wrong secret is a server error that does not show the secret: %v", err)
	}
}

func TestTheOfficialProvidersQRCodeIsWeChatsQRConnectPage(t *testing.T) {
	p := NewOfficial("wx-app", "s3cret", nil)
	got, err := p.QRCode(context.Background(), "https://kerf.example.com/auth-redirect", "ST4TE")
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Host != "open.weixin.qq.com" || u.Path != "/connect/qrconnect" || u.Fragment != "wechat_redirect" ||
		q.Get("appid") != "wx-app" || q.Get("redirect_uri") != "https://kerf.example.com/auth-redirect" ||
		q.Get("response_type") != "code" || q.Get("scope") != "snsapi_login" || q.Get("state") != "ST4TE" || q.Has("secret") {
		t.Fatalf("qrconnect address: %s", got)
	}
}
