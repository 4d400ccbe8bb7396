package wechat

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strings"

	"kerf/internal/platform/apperr"
)

// Provider names, as qrcode answers them.
const (
	ProviderDevelopment = "development"
	ProviderWeChat      = "wechat"
)

// Provider shows a QR code for a state and exchanges the code WeChat sends back (to
// redirectURI, with the state) for the scanning account.
type Provider interface {
	Name() string
	// QRCode answers the address of the QR code for state; WeChat sends the browser back to
	// redirectURI?code=…&state=… once the account has scanned and agreed.
	QRCode(ctx context.Context, redirectURI, state string) (string, error)
	// Exchange answers the account's open id and nickname for the code. A code WeChat
	// refuses is an *apperr.UserError (KeyCodeInvalid).
	Exchange(ctx context.Context, code string) (openID, nickName string, err error)
}

// DevCodePrefix starts every code of the development provider.
const DevCodePrefix = "dev-"

// Development is the provider of a machine with no official account: its QR code is Kerf's own
// /auth-redirect address with a code "dev-<random>", so opening it (in the browser, or by
// scanning it with a phone on the same network) plays WeChat's redirect. It stands for one
// WeChat account per device: the /auth-redirect page appends "." and a random key it keeps in
// the browser's local storage to the code, and the open id is derived from that key — so a
// binding made in one browser signs in from that browser only, never from anybody's.
type Development struct{}

// Name implements Provider.
func (Development) Name() string { return ProviderDevelopment }

// QRCode implements Provider.
func (Development) QRCode(_ context.Context, redirectURI, state string) (string, error) {
	nonce := make([]byte, 12)
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	q := url.Values{"code": {DevCodePrefix + hex.EncodeToString(nonce)}, "state": {state}}
	return redirectURI + "?" + q.Encode(), nil
}

// minDeviceKey is the shortest device key a development code may carry.
const minDeviceKey = 16

// Exchange implements Provider: "dev-<random>.<device key>" is the account of that device.
func (Development) Exchange(_ context.Context, code string) (string, string, error) {
	rest, ok := strings.CutPrefix(code, DevCodePrefix)
	nonce, device, found := strings.Cut(rest, ".")
	if !ok || !found || nonce == "" || len(device) < minDeviceKey || len(code) > maxCode {
		return "", "", apperr.User(KeyCodeInvalid)
	}
	sum := sha256.Sum256([]byte("kerf wechat development device:" + device))
	id := hex.EncodeToString(sum[:])
	return "dev-" + id[:28], "WeChat (dev) " + id[:6], nil
}
