package wechat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"kerf/internal/platform/apperr"
)

// The official provider is a client of WeChat's HTTP API (beside the area's handlers, as the
// design platform's remote client is: http_remote.go there).

// Official is the WeChat open platform's web sign-in ("网站应用微信登录"): the QR code is
// WeChat's qrconnect page, the code is exchanged at sns/oauth2/access_token and the nickname
// read from sns/userinfo.
type Official struct {
	AppID, AppSecret string
	Client           *http.Client
	// OpenBase and APIBase are https://open.weixin.qq.com and https://api.weixin.qq.com
	// (tests point them at a local server).
	OpenBase, APIBase string
}

// The open platform's addresses.
const (
	DefaultOpenBase = "https://open.weixin.qq.com"
	DefaultAPIBase  = "https://api.weixin.qq.com"
)

// NewOfficial returns the provider of an official account with the production addresses and
// client (nil: a client with a 10 s timeout).
func NewOfficial(appID, secret string, client *http.Client) *Official {
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &Official{AppID: appID, AppSecret: secret, Client: client, OpenBase: DefaultOpenBase, APIBase: DefaultAPIBase}
}

// Name implements Provider.
func (o *Official) Name() string { return ProviderWeChat }

// QRCode implements Provider: WeChat's QR login page for the app.
func (o *Official) QRCode(_ context.Context, redirectURI, state string) (string, error) {
	q := url.Values{"appid": {o.AppID}, "redirect_uri": {redirectURI}, "response_type": {"code"},
		"scope": {"snsapi_login"}, "state": {state}}
	return o.OpenBase + "/connect/qrconnect?" + q.Encode() + "#wechat_redirect", nil
}

// wxError is the error part of every answer of WeChat's API.
type wxError struct {
	ErrCode int    `json:"errcode"`
	ErrMsg  string `json:"errmsg"`
}

// Codes WeChat answers for a code that is wrong, used or expired.
var invalidCodeErrors = map[int]bool{40029: true, 40163: true, 41008: true, 42003: true}

// Exchange implements Provider.
func (o *Official) Exchange(ctx context.Context, code string) (string, string, error) {
	if code == "" || len(code) > maxCode {
		return "", "", apperr.User(KeyCodeInvalid)
	}
	var tok struct {
		wxError
		AccessToken string `json:"access_token"`
		OpenID      string `json:"openid"`
	}
	q := url.Values{"appid": {o.AppID}, "secret": {o.AppSecret}, "code": {code}, "grant_type": {"authorization_code"}}
	if err := o.get(ctx, "/sns/oauth2/access_token?"+q.Encode(), &tok); err != nil {
		return "", "", err
	}
	if tok.ErrCode != 0 || tok.OpenID == "" {
		if invalidCodeErrors[tok.ErrCode] {
			return "", "", apperr.User(KeyCodeInvalid)
		}
		return "", "", fmt.Errorf("wechat: access_token: %d %s", tok.ErrCode, tok.ErrMsg)
	}
	var info struct {
		wxError
		NickName string `json:"nickname"`
	}
	q = url.Values{"access_token": {tok.AccessToken}, "openid": {tok.OpenID}}
	if err := o.get(ctx, "/sns/userinfo?"+q.Encode(), &info); err != nil {
		return "", "", err
	}
	if info.ErrCode != 0 {
		// The open id is what binds; a nickname WeChat will not tell is left empty.
		return tok.OpenID, "", nil
	}
	return tok.OpenID, info.NickName, nil
}

// get reads one JSON answer of WeChat's API.
func (o *Official) get(ctx context.Context, pathAndQuery string, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, o.APIBase+pathAndQuery, nil)
	if err != nil {
		return fmt.Errorf("wechat: %w", err)
	}
	res, err := o.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL carries the app secret: never logged
		}
		return fmt.Errorf("wechat: %s: %w", strings.SplitN(pathAndQuery, "?", 2)[0], err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("wechat: %s: HTTP %d", strings.SplitN(pathAndQuery, "?", 2)[0], res.StatusCode)
	}
	if err := json.NewDecoder(http.MaxBytesReader(nil, res.Body, 1<<20)).Decode(into); err != nil {
		return fmt.Errorf("wechat: %s: %w", strings.SplitN(pathAndQuery, "?", 2)[0], err)
	}
	return nil
}
