package account

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// fields returns the members a validation error names.
func fields(err error) []string {
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	for _, f := range ve.Fields {
		out = append(out, f.Field)
	}
	return out
}

// fieldKey returns the message key of the first error on field.
func fieldKey(err error, field string) string {
	var ve *apperr.ValidationError
	if errors.As(err, &ve) {
		for _, f := range ve.Fields {
			if f.Field == field {
				return f.Key
			}
		}
	}
	return ""
}

func countUsers(t *testing.T, ctx context.Context, d *db.DB) int64 {
	t.Helper()
	n, err := db.Select(ctx, d, (*identity.User)(nil)).Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

const newPhone = "13912345678"
const goodPassword = "Reg-1234"

func TestPhoneRegisterCreatesAConfirmedUserWithTheDefaultRolesAndUsesTheCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, dev, c := newService(t, d)
		ctx := context.Background()
		if _, err := s.identity.EnsureRole(ctx, "member", false, true); err != nil {
			t.Fatal(err)
		}
		if err := s.SendCode(ctx, PurposeRegister, newPhone, "ip"); err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, dev, newPhone)
		before := countUsers(t, ctx, d)

		// Mistakes in the input are answered before the code is looked at: it stays usable.
		_, err := s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: code, Password: "short"})
		if fieldKey(err, "password") != identity.KeyPasswordTooShort {
			t.Fatalf("a password breaking the rules: %v", err)
		}
		_, err = s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: code, UserName: "Admin", Password: goodPassword})
		if fieldKey(err, "userName") != identity.KeyDuplicateUserName {
			t.Fatalf("a taken user name (any case): %v", err)
		}
		_, err = s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: code, UserName: "bad name!", Password: goodPassword})
		if fieldKey(err, "userName") != identity.KeyInvalidUserName {
			t.Fatalf("a user name with bad characters: %v", err)
		}
		_, err = s.Register(ctx, RegisterInput{PhoneNumber: "", Code: "", Password: goodPassword})
		if got := fields(err); !slices.Equal(got, []string{"phoneNumber", "code"}) {
			t.Fatalf("missing phone and code: %v", err)
		}
		wrong := "000000"
		if wrong == code {
			wrong = "111111"
		}
		if _, err := s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: wrong, Password: goodPassword}); userKey(err) != KeyCodeWrong {
			t.Fatalf("a wrong code: %v", err)
		}
		if n := countUsers(t, ctx, d); n != before {
			t.Fatalf("refused registrations created users: %d, was %d", n, before)
		}

		u, err := s.Register(ctx, RegisterInput{PhoneNumber: "139-1234-5678", Code: code, Password: goodPassword, Name: " 新客户 "})
		if err != nil {
			t.Fatalf("register: %v", err)
		}
		if u.UserName != newPhone || u.PhoneNumber != newPhone || !u.PhoneNumberConfirmed || u.Name != "新客户" || u.TenantID != nil {
			t.Fatalf("registered user: %+v", u)
		}
		if roles, _ := s.identity.RoleNames(ctx, u.ID); !slices.Equal(roles, []string{"member"}) {
			t.Fatalf("roles of a registered user = %v, want the default roles", roles)
		}
		stored, _ := s.identity.FindByLogin(ctx, newPhone)
		if !s.identity.CheckPassword(ctx, stored, goodPassword) {
			t.Fatal("the registered password does not log in")
		}
		if err := s.CheckCode(ctx, PurposeRegister, newPhone, code); userKey(err) != KeyCodeMissing {
			t.Fatalf("the code is used up by the registration: %v", err)
		}

		// The phone is now taken, whatever the code.
		c.add(ResendInterval)
		if _, err := s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: code, UserName: "other", Password: goodPassword}); fieldKey(err, "phoneNumber") != KeyPhoneTaken {
			t.Fatalf("a taken phone: %v", err)
		}
	})
}

func TestPhoneRegisterWithAnExpiredOrMissingCodeCreatesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, dev, c := newService(t, d)
		ctx := context.Background()
		before := countUsers(t, ctx, d)
		if _, err := s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: "123456", Password: goodPassword}); userKey(err) != KeyCodeMissing {
			t.Fatalf("no code was sent: %v", err)
		}
		if err := s.SendCode(ctx, PurposeRegister, newPhone, "ip"); err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, dev, newPhone)
		c.add(CodeLifetime)
		if _, err := s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: code, Password: goodPassword}); userKey(err) != KeyCodeExpired {
			t.Fatalf("an expired code: %v", err)
		}
		// A sign-in code of the same phone is not a register code.
		if err := s.SendCode(ctx, PurposeSignin, "13800000002", "ip"); err != nil {
			t.Fatal(err)
		}
		if n := countUsers(t, ctx, d); n != before {
			t.Fatalf("users %d, was %d", n, before)
		}
	})
}

func TestPhoneRegisterCreatesTheUserInTheRequestsTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, dev, _ := newService(t, d)
		ctx := context.Background()
		demo, err := s.identity.ResolveTenant(ctx, identity.DemoTenantName)
		if err != nil {
			t.Fatal(err)
		}
		tctx := tenancy.WithTenant(ctx, demo)
		if err := s.SendCode(tctx, PurposeRegister, newPhone, "ip"); err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, dev, newPhone)
		// The tenant's code does not register on the host.
		if _, err := s.Register(ctx, RegisterInput{PhoneNumber: newPhone, Code: code, Password: goodPassword}); userKey(err) != KeyCodeMissing {
			t.Fatalf("a tenant's code on the host: %v", err)
		}
		u, err := s.Register(tctx, RegisterInput{PhoneNumber: newPhone, Code: code, UserName: "dealer1", Password: goodPassword})
		if err != nil {
			t.Fatal(err)
		}
		if u.TenantID == nil || *u.TenantID != *demo.ID {
			t.Fatalf("tenant of the user = %v, want demo", u.TenantID)
		}
		if _, err := s.identity.FindByLogin(ctx, "dealer1"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("the host sees the tenant's user: %v", err)
		}
	})
}

func TestPhoneResetPasswordSetsThePasswordSignsOutAndUsesTheCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, dev, c := newService(t, d)
		ctx := context.Background()
		var mu sync.Mutex
		var signedOut []uuid.UUID
		s.identity.AddSignOutHook(func(_ context.Context, _ bun.IDB, id uuid.UUID) error {
			mu.Lock()
			signedOut = append(signedOut, id)
			mu.Unlock()
			return nil
		})
		const phone = "13800000002" // the demo user sales
		sales, _ := s.identity.FindByPhone(ctx, phone)
		if _, err := s.ResetPassword(ctx, ResetPasswordInput{PhoneNumber: "13700000009", Code: "123456", NewPassword: goodPassword}); fieldKey(err, "phoneNumber") != KeyPhoneNotRegistered {
			t.Fatalf("an unknown phone: %v", err)
		}
		if err := s.SendCode(ctx, PurposeResetPassword, phone, "ip"); err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, dev, phone)
		if _, err := s.ResetPassword(ctx, ResetPasswordInput{PhoneNumber: phone, Code: code, NewPassword: "weak"}); fieldKey(err, "newPassword") != identity.KeyPasswordTooShort {
			t.Fatalf("a password breaking the rules: %v", err)
		}
		wrong := "000000"
		if wrong == code {
			wrong = "111111"
		}
		if _, err := s.ResetPassword(ctx, ResetPasswordInput{PhoneNumber: phone, Code: wrong, NewPassword: goodPassword}); userKey(err) != KeyCodeWrong {
			t.Fatalf("a wrong code: %v", err)
		}
		u, _ := s.identity.FindByPhone(ctx, phone)
		if !s.identity.CheckPassword(ctx, u, identity.DefaultPassword) || len(signedOut) != 0 {
			t.Fatal("a refused reset changed the password or signed the user out")
		}

		if _, err := s.ResetPassword(ctx, ResetPasswordInput{PhoneNumber: phone, Code: code, NewPassword: goodPassword}); err != nil {
			t.Fatalf("reset: %v", err)
		}
		u, _ = s.identity.FindByPhone(ctx, phone)
		if !s.identity.CheckPassword(ctx, u, goodPassword) || s.identity.CheckPassword(ctx, u, identity.DefaultPassword) {
			t.Fatal("the new password is not the user's")
		}
		if !slices.Equal(signedOut, []uuid.UUID{sales.ID}) {
			t.Fatalf("signed out %v, want the user %v everywhere", signedOut, sales.ID)
		}
		if _, err := s.ResetPassword(ctx, ResetPasswordInput{PhoneNumber: phone, Code: code, NewPassword: "Again-123"}); userKey(err) != KeyCodeMissing {
			t.Fatalf("the code works once: %v", err)
		}
		// Expired codes change nothing either.
		c.add(ResendInterval)
		if err := s.SendCode(ctx, PurposeResetPassword, phone, "ip"); err != nil {
			t.Fatal(err)
		}
		code = lastCode(t, dev, phone)
		c.add(CodeLifetime)
		if _, err := s.ResetPassword(ctx, ResetPasswordInput{PhoneNumber: phone, Code: code, NewPassword: "Again-123"}); userKey(err) != KeyCodeExpired {
			t.Fatalf("an expired code: %v", err)
		}
		u, _ = s.identity.FindByPhone(ctx, phone)
		if !s.identity.CheckPassword(ctx, u, goodPassword) {
			t.Fatal("an expired code changed the password")
		}
	})
}
