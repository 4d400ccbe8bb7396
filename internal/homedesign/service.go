package homedesign

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/setting"
)

// MaxAccountLength is the longest account name a binding keeps.
const MaxAccountLength = 64

// Service is the design platform as the rest of Kerf sees it: the provider the settings
// choose, the current user's binding, and the plans and designs read through both.
type Service struct {
	db       *db.DB
	settings *setting.Service // nil: the development provider
	remote   RemoteFunc       // builds the http provider from its settings
	dev      *Development
}

// RemoteFunc builds the http provider from its URL, key and secret (module.go gives it the
// app's HTTP client; the service itself speaks no HTTP).
type RemoteFunc func(url, key, secret string) Provider

// NewService answers the platform on d; settings choose the provider (nil: development);
// remote builds the http provider (nil: one with a 10 s timeout).
func NewService(d *db.DB, settings *setting.Service, remote RemoteFunc) *Service {
	if remote == nil {
		remote = defaultRemote
	}
	return &Service{db: d, settings: settings, remote: remote, dev: NewDevelopment(d)}
}

// Development answers the development provider (the demo seed stores its plans through it).
func (s *Service) Development() *Development { return s.dev }

// Provider answers the provider the settings name for the current tenant.
func (s *Service) Provider(ctx context.Context) (Provider, error) {
	if s.settings == nil {
		return s.dev, nil
	}
	name, err := s.settings.Get(ctx, SettingProvider)
	if err != nil {
		return nil, fmt.Errorf("home design provider: %w", err)
	}
	if name != ProviderHTTP {
		return s.dev, nil
	}
	var url, key, secret string
	for _, v := range []struct {
		name string
		to   *string
	}{{SettingURL, &url}, {SettingKey, &key}, {SettingSecret, &secret}} {
		if *v.to, err = s.settings.Get(ctx, v.name); err != nil {
			return nil, fmt.Errorf("home design %s: %w", v.name, err)
		}
	}
	return s.remote(url, key, secret), nil
}

func userID(ctx context.Context) (*Binding, error) {
	id := auth.UserID(ctx)
	if id == nil {
		return nil, apperr.ErrUnauthorized
	}
	return &Binding{UserID: *id}, nil
}

// Binding answers the current user's binding, or nil when the user has none.
func (s *Service) Binding(ctx context.Context) (*Binding, error) {
	return s.binding(ctx, s.db)
}

func (s *Service) binding(ctx context.Context, idb bun.IDB) (*Binding, error) {
	b, err := userID(ctx)
	if err != nil {
		return nil, err
	}
	err = db.Select(ctx, idb, b).Where("a.user_id = ?", b.UserID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("home design binding: %w", err)
	}
	return b, nil
}

func checkAccount(account string) (string, error) {
	account = strings.TrimSpace(account)
	switch {
	case account == "":
		return "", apperr.Invalid("account", KeyAccountNeeded)
	case utf8.RuneCountInString(account) > MaxAccountLength:
		return "", apperr.Invalid("account", KeyAccountTooLong, MaxAccountLength)
	}
	return account, nil
}

// Bind binds the current user to account on the current provider; refused when the user
// is already bound (two binds at once: the unique index refuses the second).
func (s *Service) Bind(ctx context.Context, account string) (*Binding, error) {
	account, err := checkAccount(account)
	if err != nil {
		return nil, err
	}
	p, err := s.Provider(ctx)
	if err != nil {
		return nil, err
	}
	var out *Binding
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		old, err := s.binding(ctx, tx)
		if err != nil {
			return err
		}
		if old != nil {
			return apperr.User(KeyAlreadyBound)
		}
		out, _ = userID(ctx)
		out.Provider, out.Account = p.Name(), account
		return db.Insert(ctx, tx, out)
	})
	if errors.Is(err, db.ErrDuplicate) {
		return nil, apperr.User(KeyAlreadyBound)
	}
	return out, err
}

// Change moves the current user's binding to account; refused when the user is not bound.
func (s *Service) Change(ctx context.Context, account string) (*Binding, error) {
	account, err := checkAccount(account)
	if err != nil {
		return nil, err
	}
	p, err := s.Provider(ctx)
	if err != nil {
		return nil, err
	}
	var out *Binding
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.binding(ctx, tx)
		if err != nil {
			return err
		}
		if b == nil {
			return apperr.User(KeyNotBound)
		}
		b.Provider, b.Account = p.Name(), account
		out = b
		return db.UpdateStamped(ctx, tx, b, b.ConcurrencyStamp, "provider", "account")
	})
	return out, err
}

// Unbind removes the current user's binding; refused when the user is not bound.
func (s *Service) Unbind(ctx context.Context) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.binding(ctx, tx)
		if err != nil {
			return err
		}
		if b == nil {
			return apperr.User(KeyNotBound)
		}
		return db.SoftDelete(ctx, tx, b)
	})
}

// Plans answers a page of the current user's account's plans (Num 0: MaxNum); a user
// without a binding is told to bind first.
func (s *Service) Plans(ctx context.Context, q PlanQuery) ([]Plan, int, error) {
	if q.Num == 0 {
		q.Num = MaxNum
	}
	ve := &apperr.ValidationError{}
	if q.Num < 1 || q.Num > MaxNum {
		ve.Add("num", KeyNumRange, MaxNum)
	}
	if q.Start < 0 {
		ve.Add("start", KeyStartRange)
	}
	if err := ve.OrNil(); err != nil {
		return nil, 0, err
	}
	q.Keyword = strings.TrimSpace(q.Keyword)
	b, err := s.Binding(ctx)
	if err != nil {
		return nil, 0, err
	}
	if b == nil {
		return nil, 0, apperr.User(KeyNotBound)
	}
	p, err := s.Provider(ctx)
	if err != nil {
		return nil, 0, err
	}
	return p.Plans(ctx, b.Account, q)
}

// account is the current user's account, or "" without a binding.
func (s *Service) account(ctx context.Context) (string, error) {
	if auth.UserID(ctx) == nil {
		return "", nil
	}
	b, err := s.Binding(ctx)
	if err != nil || b == nil {
		return "", err
	}
	return b.Account, nil
}

// Design answers a plan's design, read with the current user's account when bound (""
// otherwise). The development provider answers any plan of the tenant whatever the
// account (see Development), so reviewers read the designs stored on sales orders.
func (s *Service) Design(ctx context.Context, planID string) (*Design, error) {
	account, err := s.account(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.Provider(ctx)
	if err != nil {
		return nil, err
	}
	return p.Design(ctx, account, planID)
}

// DesignURL answers where a plan's design is shown, as Design reads it.
func (s *Service) DesignURL(ctx context.Context, planID string) (string, error) {
	account, err := s.account(ctx)
	if err != nil {
		return "", err
	}
	p, err := s.Provider(ctx)
	if err != nil {
		return "", err
	}
	return p.DesignURL(ctx, account, planID)
}
