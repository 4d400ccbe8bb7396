package wechat

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/ratelimit"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// Limits of the inputs (the handlers' tags say the same).
const (
	maxCode  = 256
	maxState = 64
)

// SettingSignInEnabled switches WeChat sign-in: the account area's external provider switch,
// edited on the settings page's external providers tab (off by default). Where no area declares
// it (this package's own tests), sign-in is on whenever a provider is there.
const SettingSignInEnabled = "Abp.Account.ExternalProviders.WeChat.Enabled"

// Service binds users to WeChat accounts and signs them in with them.
type Service struct {
	db       *db.DB
	settings *setting.Service
	now      func() time.Time
	// provider answers ctx's provider: fixed (tests), or chosen by the official-account settings.
	provider func(ctx context.Context) (Provider, error)
	// qrLimit limits QR codes per client address (anonymous sign-in codes included), counted in
	// the database for every replica.
	qrLimit *ratelimit.Limiter
}

// NewService returns the service. official builds the provider of an official account from
// its app id and secret (the area's module passes NewOfficial with the HTTP client); fixed,
// when not nil, is used instead of the settings (tests). now may be nil for time.Now.
func NewService(d *db.DB, settings *setting.Service, official func(appID, secret string) Provider, fixed Provider, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{db: d, settings: settings, now: now,
		qrLimit: ratelimit.Every(d, "wechat.qrcode", 6*time.Second, 10).WithClock(now)}
	s.provider = func(ctx context.Context) (Provider, error) {
		if fixed != nil {
			return fixed, nil
		}
		appID, err := s.setting(ctx, SettingAppID)
		if err != nil || appID == "" {
			return Development{}, err
		}
		secret, err := s.setting(ctx, SettingAppSecret)
		if err != nil {
			return nil, err
		}
		return official(appID, secret), nil
	}
	return s
}

func (s *Service) setting(ctx context.Context, name string) (string, error) {
	if s.settings == nil {
		return "", nil
	}
	v, err := s.settings.Get(ctx, name)
	if err != nil {
		return "", fmt.Errorf("wechat setting %s: %w", name, err)
	}
	return strings.TrimSpace(v), nil
}

func (s *Service) store() store { return store{db: s.db} }

// CheckBind answers whether the user has a WeChat account bound in ctx's tenant.
func (s *Service) CheckBind(ctx context.Context, userID uuid.UUID) (*BindState, error) {
	b, err := s.store().bindingOfUser(ctx, userID)
	if errors.Is(err, db.ErrNotFound) {
		return &BindState{}, nil
	}
	if err != nil {
		return nil, err
	}
	return &BindState{IsBind: true, NickName: b.NickName}, nil
}

// NewQRCode makes a state for purpose (userID: the binding user; nil for a sign-in) and
// answers the provider's QR code for it. WeChat sends the browser back to redirectURI.
// clientIP limits how many codes one address may ask for.
func (s *Service) NewQRCode(ctx context.Context, purpose string, userID *uuid.UUID, redirectURI, clientIP string) (*QRCode, error) {
	switch {
	case purpose == PurposeBind && userID != nil, purpose == PurposeLogin && userID == nil:
	default:
		return nil, apperr.Invalid("purpose", KeyStateInvalid)
	}
	if ok, err := s.qrLimit.Allow(ctx, clientIP); err != nil {
		return nil, err
	} else if !ok {
		return nil, apperr.ErrTooManyRequests
	}
	p, err := s.provider(ctx)
	if err != nil {
		return nil, err
	}
	state := rand.Text() // 26 base32 characters, 130 bits
	now := s.clock()
	st := s.store()
	if err := st.sweepStates(ctx, now); err != nil {
		return nil, err
	}
	if err := st.insertState(ctx, &State{ID: db.NewID(), TenantID: tenancy.ID(ctx), StateHash: hashState(state),
		Purpose: purpose, UserID: userID, CreatedAt: now, ExpiresAt: now.Add(StateLifetime)}); err != nil {
		return nil, err
	}
	u, err := p.QRCode(ctx, redirectURI, state)
	if err != nil {
		return nil, fmt.Errorf("wechat qr code: %w", err)
	}
	return &QRCode{URL: u, State: state, ExpiresIn: int(StateLifetime / time.Second), Provider: p.Name()}, nil
}

// Bind binds the WeChat account that scanned the bind QR code of state to the user (whose
// state it must be). An account bound to another user of the tenant is refused (409); the
// user's earlier binding, if any, is replaced.
func (s *Service) Bind(ctx context.Context, userID uuid.UUID, code, state string) (*BindState, error) {
	openID, nick, err := s.redeem(ctx, PurposeBind, &userID, code, state)
	if err != nil {
		return nil, err
	}
	conflict := apperr.WithKey(apperr.ErrConflict, KeyBoundToAnother)
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		st := store{db: tx}
		b, err := st.bindingOfOpenID(ctx, openID)
		switch {
		case err == nil && b.UserID != userID:
			return conflict
		case err == nil:
			return st.renameBinding(ctx, b.ID, nick)
		case !errors.Is(err, db.ErrNotFound):
			return err
		}
		if _, err := st.deleteBindingOfUser(ctx, userID); err != nil {
			return err
		}
		return st.insertBinding(ctx, &Binding{ID: db.NewID(), TenantID: tenancy.ID(ctx), UserID: userID, OpenID: openID,
			NickName: nick, CreationTime: s.now().UTC()})
	})
	if errors.Is(err, db.ErrDuplicate) {
		return nil, conflict // bound to another user a moment ago
	}
	if err != nil {
		return nil, err
	}
	return &BindState{IsBind: true, NickName: nick}, nil
}

// Unbind removes the user's binding (none is fine).
func (s *Service) Unbind(ctx context.Context, userID uuid.UUID) error {
	_, err := s.store().deleteBindingOfUser(ctx, userID)
	return err
}

// SignIn answers the user of ctx's tenant bound to the WeChat account that scanned the
// sign-in QR code of state. It implements the OIDC area's ExternalSignIn (the wechat grant).
func (s *Service) SignIn(ctx context.Context, code, state string) (uuid.UUID, error) {
	if on, err := s.signInEnabled(ctx); err != nil {
		return uuid.Nil, err
	} else if !on {
		return uuid.Nil, apperr.User(KeySignInOff)
	}
	openID, _, err := s.redeem(ctx, PurposeLogin, nil, code, state)
	if err != nil {
		return uuid.Nil, err
	}
	b, err := s.store().bindingOfOpenID(ctx, openID)
	if errors.Is(err, db.ErrNotFound) {
		return uuid.Nil, apperr.User(KeyNotBound)
	}
	if err != nil {
		return uuid.Nil, err
	}
	return b.UserID, nil
}

// SignInOptions tells the login page whether WeChat sign-in is offered in ctx's tenant, and
// by which provider.
func (s *Service) SignInOptions(ctx context.Context) (*SignInOptions, error) {
	p, err := s.provider(ctx)
	if err != nil {
		return nil, err
	}
	enabled, err := s.signInEnabled(ctx)
	if err != nil {
		return nil, err
	}
	return &SignInOptions{Enabled: enabled, Provider: p.Name()}, nil
}

// signInEnabled reports whether WeChat sign-in is switched on (SettingSignInEnabled).
func (s *Service) signInEnabled(ctx context.Context) (bool, error) {
	if _, declared := s.settingDefinition(SettingSignInEnabled); !declared {
		return true, nil
	}
	raw, err := s.setting(ctx, SettingSignInEnabled)
	if err != nil {
		return false, err
	}
	return raw == "true", nil
}

func (s *Service) settingDefinition(name string) (setting.Definition, bool) {
	if s.settings == nil {
		return setting.Definition{}, false
	}
	return s.settings.Definition(name)
}

// redeem uses the state (once, before it expires, for that purpose and user) and exchanges the
// code for the scanning account.
func (s *Service) redeem(ctx context.Context, purpose string, userID *uuid.UUID, code, state string) (openID, nick string, err error) {
	code, state = strings.TrimSpace(code), strings.TrimSpace(state)
	if code == "" || len(code) > maxCode {
		return "", "", apperr.User(KeyCodeInvalid)
	}
	if state == "" || len(state) > maxState {
		return "", "", apperr.User(KeyStateInvalid)
	}
	ok, err := s.store().takeState(ctx, hashState(state), purpose, userID, s.clock())
	if err != nil {
		return "", "", err
	}
	if !ok {
		return "", "", apperr.User(KeyStateInvalid)
	}
	p, err := s.provider(ctx)
	if err != nil {
		return "", "", err
	}
	openID, nick, err = p.Exchange(ctx, code)
	if err != nil {
		return "", "", err
	}
	if p.Name() == ProviderDevelopment {
		slog.WarnContext(ctx, "wechat: the development provider answered (no official account app id is set): "+
			"this is a simulated WeChat account, not WeChat", "purpose", purpose, "openId", openID)
	}
	return openID, nick, nil
}

// clock is the time states are stored and compared at, in whole seconds (SQLite compares the
// stored texts).
func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Second) }

func hashState(state string) string {
	sum := sha256.Sum256([]byte("kerf wechat state:" + state))
	return hex.EncodeToString(sum[:])
}
