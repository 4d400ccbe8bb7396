package account

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"sync"
	"testing"
	"time"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/ratelimit"
	"kerf/internal/platform/sms"
	"kerf/internal/platform/tenancy"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newService(t *testing.T, d *db.DB) (*Service, *sms.Development, *clock) {
	t.Helper()
	ctx := context.Background()
	reg := permission.NewRegistry()
	id := identity.New(identity.Deps{DB: d, Registry: reg, Permissions: &permission.Service{DB: d, Registry: reg}})
	reg.Add(id.Permissions()...)
	ms := append(append(append([]db.Migration{}, permission.Migrations...), ratelimit.Migrations...), id.Migrations()...)
	ms = append(ms, migrations...)
	if err := d.Migrate(ctx, ms); err != nil {
		t.Fatal(err)
	}
	if err := id.Seed(ctx, true); err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)}
	dev := &sms.Development{Keep: 50, Log: slog.New(slog.DiscardHandler)}
	return NewService(d, id.Service(), dev, c.now), dev, c
}

var digits = regexp.MustCompile(`\d{6}`)

func lastCode(t *testing.T, dev *sms.Development, phone string) string {
	t.Helper()
	m, ok := dev.Last(phone)
	if !ok {
		t.Fatalf("no SMS to %s", phone)
	}
	return digits.FindString(m.Params["code"])
}

func userKey(err error) string {
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		return ue.Key
	}
	return ""
}

func TestPhoneCodeRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, dev, c := newService(t, d)
		ctx := context.Background()
		const phone = "13800000002" // the demo user sales

		if err := s.SendCode(ctx, PurposeSignin, "138-0000-0002", "ip"); err != nil {
			t.Fatalf("dashes and spaces are allowed: %v", err)
		}
		code := lastCode(t, dev, phone)
		if len(code) != 6 {
			t.Fatalf("code %q", code)
		}
		if err := s.CheckCode(ctx, PurposeResetPassword, phone, code); userKey(err) != KeyCodeMissing {
			t.Fatalf("a sign-in code must not reset a password: %v", err)
		}
		if err := s.CheckCode(ctx, PurposeSignin, phone, code); err != nil {
			t.Fatalf("right code: %v", err)
		}
		if err := s.CheckCode(ctx, PurposeSignin, phone, code); userKey(err) != KeyCodeMissing {
			t.Fatalf("a code works once: %v", err)
		}

		c.add(ResendInterval)
		if err := s.SendCode(ctx, PurposeSignin, phone, "ip"); err != nil {
			t.Fatal(err)
		}
		code = lastCode(t, dev, phone)
		wrong := "999999"
		if wrong == code {
			wrong = "888888"
		}
		for i := 1; i < MaxCodeTries; i++ {
			err := s.CheckCode(ctx, PurposeSignin, phone, wrong)
			var ue *apperr.UserError
			if !errors.As(err, &ue) || ue.Key != KeyCodeWrong || ue.Args[0] != MaxCodeTries-i {
				t.Fatalf("wrong try %d: %v", i, err)
			}
		}
		if err := s.CheckCode(ctx, PurposeSignin, phone, wrong); userKey(err) != KeyCodeTooManyTries {
			t.Fatalf("5th wrong try: %v", err)
		}
		if err := s.CheckCode(ctx, PurposeSignin, phone, code); userKey(err) != KeyCodeMissing {
			t.Fatalf("the code is gone after 5 wrong tries: %v", err)
		}

		c.add(ResendInterval)
		if err := s.SendCode(ctx, PurposeSignin, phone, "ip"); err != nil {
			t.Fatal(err)
		}
		code = lastCode(t, dev, phone)
		c.add(CodeLifetime)
		if err := s.CheckCode(ctx, PurposeSignin, phone, code); userKey(err) != KeyCodeExpired {
			t.Fatalf("a code dies after 5 minutes: %v", err)
		}

		// Resending too soon is refused; the register purpose wants an unknown phone.
		if err := s.SendCode(ctx, PurposeSignin, phone, "ip"); err != nil {
			t.Fatal(err)
		}
		if err := s.SendCode(ctx, PurposeSignin, phone, "ip"); !errors.Is(err, apperr.ErrTooManyRequests) {
			t.Fatalf("second code within a minute: %v", err)
		}
		if err := s.SendCode(ctx, PurposeRegister, phone, "ip"); userKey(err) != KeyPhoneTaken {
			t.Fatalf("register code for a known phone: %v", err)
		}
		if err := s.SendCode(ctx, PurposeRegister, "13912345678", "ip"); err != nil {
			t.Fatalf("register code for a new phone: %v", err)
		}
		if err := s.SendCode(ctx, PurposeResetPassword, "13912345678", "ip"); userKey(err) != KeyPhoneNotRegistered {
			t.Fatalf("reset code for an unknown phone: %v", err)
		}
		var ve *apperr.ValidationError
		if err := s.SendCode(ctx, PurposeSignin, "not a phone", "ip"); !errors.As(err, &ve) || ve.Fields[0].Field != "phoneNumber" {
			t.Fatalf("bad phone: %v", err)
		}

		// Codes belong to a tenant.
		demo, _ := identity.NewService(d, nil).ResolveTenant(ctx, identity.DemoTenantName)
		tctx := tenancy.WithTenant(ctx, demo)
		if err := s.SendCode(tctx, PurposeSignin, "13800000011", "ip2"); err != nil {
			t.Fatal(err)
		}
		tcode := lastCode(t, dev, "13800000011")
		if err := s.CheckCode(ctx, PurposeSignin, "13800000011", tcode); userKey(err) != KeyCodeMissing {
			t.Fatalf("a tenant's code checked on the host: %v", err)
		}
		if err := s.CheckCode(tctx, PurposeSignin, "13800000011", tcode); err != nil {
			t.Fatalf("tenant code in its tenant: %v", err)
		}
	})
}

func TestResendLimitHoldsAcrossReplicas(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			first, dev, c := newService(t, dbtest.Open(t, u))
			other := dbtest.Open(t, u) // a second replica: its own pool and services, one database
			second := NewService(other, identity.NewService(other, c.now), dev, c.now)
			const phone = "13800000002"
			if err := first.SendCode(ctx, PurposeSignin, phone, "ip-a"); err != nil {
				t.Fatal(err)
			}
			if err := second.SendCode(ctx, PurposeSignin, phone, "ip-b"); !errors.Is(err, apperr.ErrTooManyRequests) {
				t.Fatalf("a second code within a minute through another replica: %v, want too many requests", err)
			}
			c.add(ResendInterval)
			if err := second.SendCode(ctx, PurposeSignin, phone, "ip-b"); err != nil {
				t.Fatalf("a minute later: %v", err)
			}
		})
	}
}
