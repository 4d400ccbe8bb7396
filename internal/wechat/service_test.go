package wechat

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/ratelimit"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// clock is a test clock the tests move.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newTestService(t *testing.T, d *db.DB) (*Service, *clock) {
	t.Helper()
	ctx := context.Background()
	if err := d.Migrate(ctx, append(append([]db.Migration{}, ratelimit.Migrations...), migrations...)); err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Now().UTC()}
	return NewService(d, nil, nil, nil, c.now), c
}

// devCode is what /auth-redirect sends for a development QR code opened on device.
func devCode(t *testing.T, qrURL, device string) (code, state string) {
	t.Helper()
	u, err := url.Parse(qrURL)
	if err != nil || u.Path != AuthRedirectPath {
		t.Fatalf("development QR code %q does not point at /auth-redirect", qrURL)
	}
	return u.Query().Get("code") + "." + device, u.Query().Get("state")
}

const (
	phoneA = "device-a-0123456789abcdef"
	phoneB = "device-b-0123456789abcdef"
)

func userErrKey(err error) string {
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		return ue.Key
	}
	return ""
}

func tenantCtx(id uuid.UUID) context.Context {
	return tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &id, Name: "t-" + id.String()[:4], IsActive: true})
}

func TestBindThenSignInWithTheSameAccountInTheSameTenantOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newTestService(t, d)
		a, b := tenantCtx(uuid.New()), tenantCtx(uuid.New())
		anna := uuid.New()
		qr, err := s.NewQRCode(a, PurposeBind, &anna, "http://kerf.test"+AuthRedirectPath, "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if qr.Provider != ProviderDevelopment || qr.ExpiresIn != 300 || !strings.HasPrefix(qr.URL, "http://kerf.test/auth-redirect?code=dev-") {
			t.Fatalf("development QR code: %+v", qr)
		}
		if st, err := s.CheckBind(a, anna); err != nil || st.IsBind {
			t.Fatalf("before binding: %+v %v", st, err)
		}
		code, state := devCode(t, qr.URL, phoneA)
		bound, err := s.Bind(a, anna, code, state)
		if err != nil || !bound.IsBind || !strings.HasPrefix(bound.NickName, "WeChat (dev) ") {
			t.Fatalf("bind: %+v %v", bound, err)
		}
		if st, _ := s.CheckBind(a, anna); !st.IsBind || st.NickName != bound.NickName {
			t.Fatalf("check-bind after binding: %+v", st)
		}
		// Sign in with the same device in tenant A: Anna.
		login, err := s.NewQRCode(a, PurposeLogin, nil, "http://kerf.test"+AuthRedirectPath, "10.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		code, state = devCode(t, login.URL, phoneA)
		if id, err := s.SignIn(a, code, state); err != nil || id != anna {
			t.Fatalf("sign in: %v %v", id, err)
		}
		// The same account in tenant B is bound to nobody there.
		login, _ = s.NewQRCode(b, PurposeLogin, nil, "http://kerf.test"+AuthRedirectPath, "10.0.0.1")
		code, state = devCode(t, login.URL, phoneA)
		if _, err := s.SignIn(b, code, state); userErrKey(err) != KeyNotBound {
			t.Fatalf("tenant B signed in with tenant A's binding: %v", err)
		}
		// A state of tenant A is unknown in tenant B.
		login, _ = s.NewQRCode(a, PurposeLogin, nil, "http://kerf.test"+AuthRedirectPath, "10.0.0.1")
		code, state = devCode(t, login.URL, phoneA)
		if _, err := s.SignIn(b, code, state); userErrKey(err) != KeyStateInvalid {
			t.Fatalf("tenant A's state in tenant B: %v", err)
		}
		// Another device is another account: bound to nobody.
		login, _ = s.NewQRCode(a, PurposeLogin, nil, "http://kerf.test"+AuthRedirectPath, "10.0.0.1")
		code, state = devCode(t, login.URL, phoneB)
		if _, err := s.SignIn(a, code, state); userErrKey(err) != KeyNotBound {
			t.Fatalf("another device signed in: %v", err)
		}
		// Unbinding ends it.
		if err := s.Unbind(a, anna); err != nil {
			t.Fatal(err)
		}
		login, _ = s.NewQRCode(a, PurposeLogin, nil, "http://kerf.test"+AuthRedirectPath, "10.0.0.1")
		code, state = devCode(t, login.URL, phoneA)
		if _, err := s.SignIn(a, code, state); userErrKey(err) != KeyNotBound {
			t.Fatalf("signed in after unbinding: %v", err)
		}
		if st, _ := s.CheckBind(a, anna); st.IsBind {
			t.Fatal("still bound after unbinding")
		}
	})
}

func TestAStateWorksOnceForItsPurposeAndUserBeforeItExpires(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, c := newTestService(t, d)
		ctx := tenantCtx(uuid.New())
		anna, bob := uuid.New(), uuid.New()
		uri := "http://kerf.test" + AuthRedirectPath
		qr, _ := s.NewQRCode(ctx, PurposeBind, &anna, uri, "")
		code, state := devCode(t, qr.URL, phoneA)
		// Bob cannot use Anna's state, nor can a sign-in.
		if _, err := s.Bind(ctx, bob, code, state); userErrKey(err) != KeyStateInvalid {
			t.Fatalf("another user's state: %v", err)
		}
		if _, err := s.SignIn(ctx, code, state); userErrKey(err) != KeyStateInvalid {
			t.Fatalf("a bind state signed in: %v", err)
		}
		if _, err := s.Bind(ctx, anna, code, state); err != nil {
			t.Fatalf("the refused uses spent the state: %v", err)
		}
		if _, err := s.Bind(ctx, anna, code, state); userErrKey(err) != KeyStateInvalid {
			t.Fatalf("a state used twice: %v", err)
		}
		// Expiry.
		qr, _ = s.NewQRCode(ctx, PurposeLogin, nil, uri, "")
		code, state = devCode(t, qr.URL, phoneA)
		c.add(StateLifetime + time.Second)
		if _, err := s.SignIn(ctx, code, state); userErrKey(err) != KeyStateInvalid {
			t.Fatalf("an expired state: %v", err)
		}
		// A state used by two requests at once works for one of them.
		c.add(time.Minute)
		qr, _ = s.NewQRCode(ctx, PurposeLogin, nil, uri, "")
		code, state = devCode(t, qr.URL, phoneA)
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				if _, err := s.SignIn(ctx, code, state); userErrKey(err) == KeyNotBound || err == nil {
					wins.Add(1)
				}
			})
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d concurrent uses of one state went through", wins.Load())
		}
		// A code the provider refuses, an unknown state, a wrong purpose.
		qr, _ = s.NewQRCode(ctx, PurposeLogin, nil, uri, "")
		_, state = devCode(t, qr.URL, phoneA)
		if _, err := s.SignIn(ctx, "dev-x", state); userErrKey(err) != KeyCodeInvalid {
			t.Fatalf("a development code without its device: %v", err)
		}
		if _, err := s.SignIn(ctx, "dev-x."+phoneA, "no-such-state"); userErrKey(err) != KeyStateInvalid {
			t.Fatalf("an unknown state: %v", err)
		}
		var ve *apperr.ValidationError
		if _, err := s.NewQRCode(ctx, "other", nil, uri, ""); !errors.As(err, &ve) {
			t.Fatalf("an unknown purpose: %v", err)
		}
		if _, err := s.NewQRCode(ctx, PurposeBind, nil, uri, ""); !errors.As(err, &ve) {
			t.Fatalf("a bind code without a user: %v", err)
		}
	})
}

func TestAnAccountBoundToAnotherUserIsRefusedAndRebindingReplaces(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newTestService(t, d)
		ctx := tenantCtx(uuid.New())
		anna, bob := uuid.New(), uuid.New()
		uri := "http://kerf.test" + AuthRedirectPath
		bind := func(user uuid.UUID, device string) (*BindState, error) {
			qr, err := s.NewQRCode(ctx, PurposeBind, &user, uri, "")
			if err != nil {
				t.Fatal(err)
			}
			code, state := devCode(t, qr.URL, device)
			return s.Bind(ctx, user, code, state)
		}
		if _, err := bind(anna, phoneA); err != nil {
			t.Fatal(err)
		}
		if _, err := bind(bob, phoneA); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("Anna's WeChat bound to Bob: %v", err)
		}
		if st, _ := s.CheckBind(ctx, bob); st.IsBind {
			t.Fatal("the refused binding was stored")
		}
		// Binding the same account again is fine; binding another replaces the first.
		if _, err := bind(anna, phoneA); err != nil {
			t.Fatalf("bind again: %v", err)
		}
		second, err := bind(anna, phoneB)
		if err != nil {
			t.Fatal(err)
		}
		if st, _ := s.CheckBind(ctx, anna); st.NickName != second.NickName {
			t.Fatalf("the new binding did not replace the old: %+v", st)
		}
		// Phone A is free again: Bob may bind it now.
		if _, err := bind(bob, phoneA); err != nil {
			t.Fatalf("a freed account: %v", err)
		}
	})
}

func TestQRCodesAreRateLimitedPerClientAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newTestService(t, d)
		ctx := tenantCtx(uuid.New())
		uri := "http://kerf.test" + AuthRedirectPath
		var err error
		for range 11 {
			if _, err = s.NewQRCode(ctx, PurposeLogin, nil, uri, "10.9.9.9"); err != nil {
				break
			}
		}
		if !errors.Is(err, apperr.ErrTooManyRequests) {
			t.Fatalf("the 11th code in a moment: %v", err)
		}
		if _, err := s.NewQRCode(ctx, PurposeLogin, nil, uri, "10.9.9.10"); err != nil {
			t.Fatalf("another address: %v", err)
		}
	})
}

func TestATenantWithAnAppIDUsesTheOfficialProviderAndOthersTheDevelopmentOne(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, append(append(append([]db.Migration{}, setting.Migrations...), ratelimit.Migrations...), migrations...)); err != nil {
			t.Fatal(err)
		}
		settings := setting.New(d, nil)
		if err := settings.UseSecret("a-test-installation-secret", ""); err != nil {
			t.Fatal(err)
		}
		settings.Define(Settings()...)
		var got []string
		official := func(appID, secret string) Provider {
			got = append(got, appID+"/"+secret)
			return NewOfficial(appID, secret, nil)
		}
		s := NewService(d, settings, official, nil, nil)
		a, b := tenantCtx(uuid.New()), tenantCtx(uuid.New())
		if err := settings.Set(a, d, SettingAppID, "wx-a", true); err != nil {
			t.Fatal(err)
		}
		if err := settings.Set(a, d, SettingAppSecret, "secret-a", true); err != nil {
			t.Fatal(err)
		}
		qr, err := s.NewQRCode(a, PurposeLogin, nil, "https://kerf.example.com/auth-redirect", "")
		if err != nil || qr.Provider != ProviderWeChat || !strings.HasPrefix(qr.URL, DefaultOpenBase+"/connect/qrconnect?appid=wx-a&") {
			t.Fatalf("tenant A: %+v %v", qr, err)
		}
		if len(got) != 1 || got[0] != "wx-a/secret-a" {
			t.Fatalf("the official provider was built with %v", got)
		}
		if qr, err := s.NewQRCode(b, PurposeLogin, nil, "https://kerf.example.com/auth-redirect", ""); err != nil || qr.Provider != ProviderDevelopment {
			t.Fatalf("tenant B: %+v %v", qr, err)
		}
		if o, err := s.SignInOptions(a); err != nil || !o.Enabled || o.Provider != ProviderWeChat {
			t.Fatalf("sign-in options: %+v %v", o, err)
		}
	})
}
