package account

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/ratelimit"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/sms"
	"kerf/internal/platform/tenancy"
)

// Service sends and checks phone codes.
type Service struct {
	db       *db.DB
	identity *identity.Service
	sms      sms.Sender
	catalog  *localization.Catalog // for the SMS text; set when the area registers
	now      func() time.Time
	// resend limits codes per phone and purpose (one a minute); ip limits codes per
	// client address. Both count in the database, for every replica.
	resend, ip *ratelimit.Limiter
	// mailer sends the password-reset links (set by the area's New).
	mailer mailer
	// settings answers Abp.Account.IsSelfRegistrationEnabled; nil: on.
	settings *setting.Service
}

// NewService returns the service; now may be nil for time.Now.
func NewService(d *db.DB, ids *identity.Service, sender sms.Sender, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, identity: ids, sms: sender, now: now,
		resend: ratelimit.Every(d, "account.resend", ResendInterval, 1).WithClock(now),
		ip:     ratelimit.Every(d, "account.ip", 6*time.Second, 10).WithClock(now)}
}

var phonePattern = regexp.MustCompile(`^\+?[0-9][0-9 -]{4,19}$`)

// normalizePhone trims a phone number and drops spaces and dashes.
func normalizePhone(p string) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(p))
}

// SendCode sends a new code for purpose to phone in the ctx tenant, replacing any
// earlier one. Sign-in and reset codes need a user with that phone; register codes need
// none. clientIP limits how many codes one address may ask for.
func (s *Service) SendCode(ctx context.Context, purpose int, phone, clientIP string) error {
	raw := phone
	phone = normalizePhone(phone)
	if !phonePattern.MatchString(raw) || phone == "" {
		return apperr.Invalid("phoneNumber", KeyPhoneInvalid)
	}
	switch purpose {
	case PurposeRegister:
		if err := s.checkSelfRegistration(ctx); err != nil {
			return err
		}
	case PurposeSignin, PurposeResetPassword:
	default:
		return apperr.Invalid("purpose", localization.KeyInvalidValue, "purpose")
	}
	_, err := s.identity.FindByPhone(ctx, phone)
	switch {
	case err != nil && !errors.Is(err, db.ErrNotFound):
		return err
	case purpose == PurposeRegister && err == nil:
		return apperr.User(KeyPhoneTaken)
	case purpose != PurposeRegister && err != nil:
		return apperr.User(KeyPhoneNotRegistered)
	}
	tenant := "host"
	if id := tenancy.ID(ctx); id != nil {
		tenant = id.String()
	}
	if ok, err := s.ip.Allow(ctx, clientIP); err != nil || !ok {
		return cmp.Or(err, apperr.ErrTooManyRequests)
	}
	if ok, err := s.resend.Allow(ctx, fmt.Sprintf("%s|%d|%s", tenant, purpose, phone)); err != nil || !ok {
		return cmp.Or(err, apperr.ErrTooManyRequests)
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	now := s.now().UTC()
	row := &PhoneCode{ID: db.NewID(), TenantID: tenancy.ID(ctx), PhoneNumber: phone, Purpose: purpose,
		CreatedAt: now, ExpiresAt: now.Add(CodeLifetime)}
	row.CodeHash = hashCode(row.ID, code)
	if _, err := db.Update(ctx, s.db, (*PhoneCode)(nil)).Set("used_at = ?", now).
		Where("phone_number = ?", phone).Where("purpose = ?", purpose).Where("used_at IS NULL").Exec(ctx); err != nil {
		return fmt.Errorf("replace phone codes: %w", err)
	}
	if err := db.Insert(ctx, s.db, row); err != nil {
		return err
	}
	text := KeySMSText
	if s.catalog != nil {
		text = s.catalog.T(ctx, KeySMSText, code, int(CodeLifetime/time.Minute))
	}
	return s.sms.Send(ctx, sms.Message{PhoneNumber: phone, Text: text, Template: "Kerf.PhoneCode." + strconv.Itoa(purpose),
		Params: map[string]string{"code": code}})
}

// CheckCode uses the latest code sent for purpose to phone in the ctx tenant. A code
// works once, for CodeLifetime, and allows MaxCodeTries wrong guesses. It implements
// oidc.PhoneCodeChecker.
func (s *Service) CheckCode(ctx context.Context, purpose int, phone, code string) error {
	_, err := s.takeCode(ctx, purpose, phone, code)
	return err
}

// takeCode is CheckCode answering the id of the code it used, so that a caller whose next
// step fails can give the code back (restoreCode).
func (s *Service) takeCode(ctx context.Context, purpose int, phone, code string) (uuid.UUID, error) {
	phone, code = normalizePhone(phone), strings.TrimSpace(code)
	if code == "" {
		return uuid.Nil, apperr.Invalid("code", localization.KeyRequired, KeyFieldCode)
	}
	row := new(PhoneCode)
	err := db.Select(ctx, s.db, row).Where("phone_number = ?", phone).Where("purpose = ?", purpose).
		Where("used_at IS NULL").OrderExpr("created_at DESC").Limit(1).Scan(ctx)
	if errors.Is(db.NotFound(err, ""), db.ErrNotFound) {
		return uuid.Nil, apperr.User(KeyCodeMissing)
	}
	if err != nil {
		return uuid.Nil, fmt.Errorf("read phone code: %w", err)
	}
	now := s.now().UTC()
	if !now.Before(row.ExpiresAt) {
		s.spend(ctx, row.ID, now)
		return uuid.Nil, apperr.User(KeyCodeExpired)
	}
	if subtle.ConstantTimeCompare([]byte(row.CodeHash), []byte(hashCode(row.ID, code))) != 1 {
		res, err := db.Update(ctx, s.db, (*PhoneCode)(nil)).Set("tries = tries + 1").
			Where("?TableAlias.id = ?", row.ID).Where("tries < ?", MaxCodeTries).Where("used_at IS NULL").Exec(ctx)
		if err != nil {
			return uuid.Nil, fmt.Errorf("count phone code try: %w", err)
		}
		left := MaxCodeTries - row.Tries - 1
		if n, _ := res.RowsAffected(); n == 0 || left <= 0 {
			s.spend(ctx, row.ID, now)
			return uuid.Nil, apperr.User(KeyCodeTooManyTries)
		}
		return uuid.Nil, apperr.User(KeyCodeWrong, left)
	}
	if !s.spend(ctx, row.ID, now) {
		return uuid.Nil, apperr.User(KeyCodeMissing) // used by a concurrent request
	}
	return row.ID, nil
}

// restoreCode gives back a code takeCode used, when what it was used for failed (a
// validation error the caller may correct). A newer code, if one was sent meanwhile, still
// wins: CheckCode takes the latest unused code.
func (s *Service) restoreCode(ctx context.Context, id uuid.UUID) {
	if id == uuid.Nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	if _, err := db.Update(ctx, s.db, (*PhoneCode)(nil)).Set("used_at = NULL").
		Where("?TableAlias.id = ?", id).Exec(ctx); err != nil {
		slog.ErrorContext(ctx, "account: give back a phone code", "err", err)
	}
}

// spend marks a code used; it reports whether this call did.
func (s *Service) spend(ctx context.Context, id uuid.UUID, now time.Time) bool {
	res, err := db.Update(ctx, s.db, (*PhoneCode)(nil)).Set("used_at = ?", now).
		Where("?TableAlias.id = ?", id).Where("used_at IS NULL").Exec(ctx)
	if err != nil {
		return false
	}
	n, _ := res.RowsAffected()
	return n == 1
}

func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%0*d", codeDigits, n.Int64()), nil
}

func hashCode(id uuid.UUID, code string) string {
	sum := sha256.Sum256([]byte(id.String() + ":" + code))
	return hex.EncodeToString(sum[:])
}

// checkSelfRegistration refuses a registration while the ctx tenant's account settings
// switch self-registration off (Abp.Account.IsSelfRegistrationEnabled).
func (s *Service) checkSelfRegistration(ctx context.Context) error {
	if s.settings == nil {
		return nil
	}
	on, err := s.settings.Bool(ctx, SettingIsSelfRegistrationEnabled)
	if err != nil {
		return fmt.Errorf("self-registration setting: %w", err)
	}
	if !on {
		return apperr.User(KeySelfRegistrationDisabled)
	}
	return nil
}
