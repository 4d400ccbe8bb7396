package account

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/email"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
	"kerf/internal/texttemplate"
)

// ResetTokenLifetime is how long an e-mailed password-reset link works.
const ResetTokenLifetime = 24 * time.Hour

// resetTokenBytes is the randomness of a reset token.
const resetTokenBytes = 32

// Limits of the e-mail reset inputs (the tags below say the same).
const (
	maxEmailInput = 256
	maxResetToken = 128
)

// PasswordResetToken is one e-mailed password-reset link (table account_password_reset_tokens):
// only the SHA-256 of its token is kept, with the user's security stamp when it was made, so a
// password changed since voids it.
type PasswordResetToken struct {
	bun.BaseModel `bun:"table:account_password_reset_tokens"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	UserID        uuid.UUID  `bun:"user_id,type:uuid,notnull"`
	TokenHash     string     `bun:"token_hash,notnull"`
	SecurityStamp string     `bun:"security_stamp,notnull"`
	CreatedAt     time.Time  `bun:"created_at,notnull"`
	ExpiresAt     time.Time  `bun:"expires_at,notnull"`
	// UsedAt is set when the link reset the password (every link of the user is then used up).
	UsedAt *time.Time `bun:"used_at"`
}

// SendPasswordResetCodeInput is the body of POST /api/account/send-password-reset-code (ABP's
// SendPasswordResetCodeDto).
type SendPasswordResetCodeInput struct {
	Email         string `json:"email" maxLength:"256" doc:"The e-mail address of the user"`
	AppName       string `json:"appName,omitempty" maxLength:"64" doc:"Accepted for ABP clients; not used"`
	ReturnURL     string `json:"returnUrl,omitempty" maxLength:"1024" doc:"Accepted for ABP clients; not used: the link always opens Kerf's /reset-password"`
	ReturnURLHash string `json:"returnUrlHash,omitempty" maxLength:"1024" doc:"Accepted for ABP clients; not used"`
}

// VerifyPasswordResetTokenInput is the body of POST /api/account/verify-password-reset-token.
type VerifyPasswordResetTokenInput struct {
	UserID     uuid.UUID `json:"userId" doc:"The userId of the e-mailed link"`
	ResetToken string    `json:"resetToken" maxLength:"128" doc:"The resetToken of the e-mailed link"`
}

// ResetPasswordWithTokenInput is the body of POST /api/account/reset-password (ABP's ResetPasswordDto).
type ResetPasswordWithTokenInput struct {
	UserID     uuid.UUID `json:"userId" doc:"The userId of the e-mailed link"`
	ResetToken string    `json:"resetToken" maxLength:"128" doc:"The resetToken of the e-mailed link"`
	Password   string    `json:"password" maxLength:"128" doc:"The new password, checked against the password rules"`
}

// mailer is what the e-mailed reset needs besides the service's own parts.
type mailer struct {
	mail      email.Sender
	templates *texttemplate.Service
	// publicURL is where users reach Kerf (config.Public), the links' origin; never a request's Host.
	publicURL string
}

// SendPasswordResetCode e-mails a password-reset link to the active user of the ctx tenant
// with that address, in the ctx culture. An address no user of the tenant has gets no e-mail
// and the same answer, so the call tells nobody which addresses are known; only a malformed
// address and the rate limits (per client address, and one a minute per address) are refused.
func (s *Service) SendPasswordResetCode(ctx context.Context, in SendPasswordResetCodeInput, clientIP string) error {
	addr := strings.TrimSpace(in.Email)
	switch {
	case addr == "":
		return apperr.Invalid("email", localization.KeyRequired, KeyFieldEmail)
	case utf8.RuneCountInString(addr) > maxEmailInput:
		return apperr.Invalid("email", localization.KeyTooLong, KeyFieldEmail, maxEmailInput)
	}
	if a, err := mail.ParseAddress(addr); err != nil || a.Address != addr {
		return apperr.Invalid("email", KeyEmailInvalid)
	}
	tenant := "host"
	if id := tenancy.ID(ctx); id != nil {
		tenant = id.String()
	}
	if ok, err := s.ip.Allow(ctx, clientIP); err != nil || !ok {
		return cmp.Or(err, apperr.ErrTooManyRequests)
	}
	if ok, err := s.resend.Allow(ctx, "mail|"+tenant+"|"+strings.ToUpper(addr)); err != nil || !ok {
		return cmp.Or(err, apperr.ErrTooManyRequests)
	}
	u, err := s.userByEmail(ctx, addr)
	if errors.Is(err, db.ErrNotFound) {
		slog.InfoContext(ctx, "account: password reset asked for an unknown address")
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.mailResetLink(ctx, u); err != nil {
		// The answer stays the same: it must not tell that the address is known.
		slog.ErrorContext(ctx, "account: password reset e-mail", "user", u.ID, "err", err)
	}
	return nil
}

// userByEmail finds the active user of the ctx tenant whose e-mail address is addr.
func (s *Service) userByEmail(ctx context.Context, addr string) (*identity.User, error) {
	u, err := s.identity.FindByLogin(ctx, addr)
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(strings.TrimSpace(u.Email), addr) || !u.IsActive {
		return nil, db.ErrNotFound
	}
	return u, nil
}

// mailResetLink stores a new token for u and queues the Kerf.PasswordReset e-mail with its link.
func (s *Service) mailResetLink(ctx context.Context, u *identity.User) error {
	if s.mailer.mail == nil || s.mailer.templates == nil {
		return errors.New("no e-mail sender")
	}
	raw := make([]byte, resetTokenBytes)
	if _, err := rand.Read(raw); err != nil {
		return fmt.Errorf("reset token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now().UTC()
	row := &PasswordResetToken{ID: db.NewID(), TenantID: tenancy.ID(ctx), UserID: u.ID, TokenHash: hashResetToken(token),
		SecurityStamp: u.SecurityStamp, CreatedAt: now, ExpiresAt: now.Add(ResetTokenLifetime)}
	if err := db.Insert(ctx, s.db, row); err != nil {
		return err
	}
	link := s.resetLink(ctx, u.ID, token)
	name := strings.TrimSpace(u.Name + " " + u.Surname)
	if name == "" {
		name = u.UserName
	}
	html, err := s.mailer.templates.Render(ctx, texttemplate.PasswordReset, texttemplate.PasswordResetModel{
		UserName: name, ResetLink: link, ValidHours: int(ResetTokenLifetime / time.Hour)})
	if err != nil {
		return err
	}
	subject := KeyResetMailSubject
	if s.catalog != nil {
		subject = s.catalog.T(ctx, KeyResetMailSubject)
	}
	return s.mailer.mail.Send(ctx, email.Message{To: strings.TrimSpace(u.Email), Subject: subject, HTML: html})
}

// resetLink is the page that sets the new password: <public URL>/reset-password with the
// user, the token and (for a tenant's user) the tenant's name.
func (s *Service) resetLink(ctx context.Context, userID uuid.UUID, token string) string {
	q := url.Values{"userId": {userID.String()}, "resetToken": {token}}
	if t := tenancy.FromContext(ctx); t.ID != nil {
		name := t.Name
		if name == "" {
			name = t.ID.String()
		}
		q.Set(tenancy.Header, name)
	}
	return strings.TrimRight(s.mailer.publicURL, "/") + "/reset-password?" + q.Encode()
}

func hashResetToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// VerifyPasswordResetToken reports whether the link (userID, token) would reset the password
// of a user of the ctx tenant now: it exists, is not used or expired, and the user's password
// has not changed since it was sent.
func (s *Service) VerifyPasswordResetToken(ctx context.Context, userID uuid.UUID, token string) (bool, error) {
	_, err := s.resetToken(ctx, userID, token)
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		return false, nil
	}
	return err == nil, err
}

// resetToken finds the live token of the link; a link that does not reset answers a
// UserError saying why (not valid, expired, used).
func (s *Service) resetToken(ctx context.Context, userID uuid.UUID, token string) (*PasswordResetToken, error) {
	token = strings.TrimSpace(token)
	if userID == uuid.Nil || token == "" || utf8.RuneCountInString(token) > maxResetToken {
		return nil, apperr.User(KeyResetLinkInvalid)
	}
	row := new(PasswordResetToken)
	err := db.Select(ctx, s.db, row).Where("token_hash = ?", hashResetToken(token)).Where("user_id = ?", userID).Limit(1).Scan(ctx)
	if err = db.NotFound(err, "read password reset token"); errors.Is(err, db.ErrNotFound) {
		return nil, apperr.User(KeyResetLinkInvalid)
	}
	if err != nil {
		return nil, err
	}
	if row.UsedAt != nil {
		return nil, apperr.User(KeyResetLinkUsed)
	}
	if !s.now().UTC().Before(row.ExpiresAt) {
		return nil, apperr.User(KeyResetLinkExpired)
	}
	u, err := s.identity.GetUser(ctx, userID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, apperr.User(KeyResetLinkInvalid)
	}
	if err != nil {
		return nil, err
	}
	if !u.IsActive || u.SecurityStamp != row.SecurityStamp {
		return nil, apperr.User(KeyResetLinkInvalid) // deactivated, or the password changed since
	}
	return row, nil
}

// ResetPasswordWithToken sets the password of the link's user of the ctx tenant and signs the
// user out everywhere (identity's ResetPassword). The password rules are checked first; the
// link is used up only when the password is set, and then every other link of the user too.
// A link that is wrong, expired or used answers 400 and changes nothing.
func (s *Service) ResetPasswordWithToken(ctx context.Context, in ResetPasswordWithTokenInput) (*identity.User, error) {
	ve := &apperr.ValidationError{}
	if in.Password == "" {
		ve.Add("password", localization.KeyRequired, identity.KeyFieldPassword)
	} else if err := s.checkPassword(ctx, ve, "password", identity.KeyFieldPassword, in.Password); err != nil {
		return nil, err
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	row, err := s.resetToken(ctx, in.UserID, in.ResetToken)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	res, err := db.Update(ctx, s.db, (*PasswordResetToken)(nil)).Set("used_at = ?", now).
		Where("?TableAlias.id = ?", row.ID).Where("used_at IS NULL").Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("use password reset token: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, apperr.User(KeyResetLinkUsed) // used by a concurrent request
	}
	if err := s.identity.ResetPassword(ctx, row.UserID, in.Password); err != nil {
		s.restoreResetToken(ctx, row.ID)
		return nil, fmt.Errorf("reset password by e-mail: %w", err)
	}
	if _, err := db.Update(ctx, s.db, (*PasswordResetToken)(nil)).Set("used_at = ?", now).
		Where("user_id = ?", row.UserID).Where("used_at IS NULL").Exec(ctx); err != nil {
		// The password changed, so its security stamp voids these links anyway.
		slog.WarnContext(ctx, "account: use up the other reset links", "user", row.UserID, "err", err)
	}
	u, err := s.identity.GetUser(ctx, row.UserID)
	if err != nil {
		// The password is set; the security log takes what it has.
		slog.WarnContext(ctx, "account: read the reset user", "user", row.UserID, "err", err)
		u = &identity.User{Entity: db.Entity{ID: row.UserID}}
	}
	return u, nil
}

// restoreResetToken gives back a link whose password could not be set.
func (s *Service) restoreResetToken(ctx context.Context, id uuid.UUID) {
	ctx = context.WithoutCancel(ctx)
	if _, err := db.Update(ctx, s.db, (*PasswordResetToken)(nil)).Set("used_at = NULL").
		Where("?TableAlias.id = ?", id).Exec(ctx); err != nil {
		slog.ErrorContext(ctx, "account: give back a password reset link", "err", err)
	}
}
