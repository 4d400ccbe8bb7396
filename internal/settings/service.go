package settings

import (
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
)

// Service reads and writes the settings groups.
type Service struct {
	db       *db.DB
	settings *setting.Service
}

// NewService returns the groups' service over settings.
func NewService(d *db.DB, settings *setting.Service) *Service {
	return &Service{db: d, settings: settings}
}

// field is one member of a group struct that names a setting.
type field struct {
	index  []int
	member string // the JSON path ("password.requiredLength")
	name   string // the setting
	isSet  bool   // a secret's "is set" flag, not a value
	tag    reflect.StructTag
	kind   reflect.Kind
}

// fieldsOf lists the setting fields of a group struct, nested structs included.
func fieldsOf(t reflect.Type) []field {
	var out []field
	var walk func(t reflect.Type, index []int, prefix string)
	walk = func(t reflect.Type, index []int, prefix string) {
		for i := range t.NumField() {
			f := t.Field(i)
			member := prefix + strings.Split(f.Tag.Get("json"), ",")[0]
			idx := append(append([]int(nil), index...), i)
			switch {
			case f.Tag.Get("setting") != "":
				out = append(out, field{index: idx, member: member, name: f.Tag.Get("setting"), tag: f.Tag, kind: f.Type.Kind()})
			case f.Tag.Get("isset") != "":
				out = append(out, field{index: idx, member: member, name: f.Tag.Get("isset"), isSet: true, tag: f.Tag, kind: f.Type.Kind()})
			case f.Type.Kind() == reflect.Struct:
				walk(f.Type, idx, member+".")
			}
		}
	}
	walk(t, nil, "")
	return out
}

// checkDefined panics when a group names a setting no area declared (at start-up).
func (s *Service) checkDefined(groups ...any) {
	for _, g := range groups {
		for _, f := range fieldsOf(reflect.TypeOf(g)) {
			if _, ok := s.settings.Definition(f.name); !ok {
				panic(fmt.Sprintf("settings: %T.%s names %s, which no area declares", g, f.member, f.name))
			}
		}
	}
}

// label is the setting's display name in the caller's language (the field of a message).
func (s *Service) label(ctx context.Context, name string) string {
	d, _ := s.settings.Definition(name)
	if localization.CultureFrom(ctx) == localization.ZhHans {
		return d.DisplayName.ZhHans
	}
	if d.DisplayName.En != "" {
		return d.DisplayName.En
	}
	return name
}

func (s *Service) secret(name string) bool {
	d, _ := s.settings.Definition(name)
	return d.Secret
}

// read answers group T with the values resolved for the caller of ctx; secrets are answered
// "" and their flag says whether one is stored.
func read[T any](ctx context.Context, s *Service) (*T, error) {
	out := new(T)
	v := reflect.ValueOf(out).Elem()
	for _, f := range fieldsOf(v.Type()) {
		dst := v.FieldByIndex(f.index)
		if f.isSet {
			set, err := s.settings.IsSet(ctx, f.name)
			if err != nil {
				return nil, fmt.Errorf("read setting %s: %w", f.name, err)
			}
			dst.SetBool(set)
			continue
		}
		if s.secret(f.name) {
			continue
		}
		raw, err := s.settings.Get(ctx, f.name)
		if err != nil {
			return nil, fmt.Errorf("read setting %s: %w", f.name, err)
		}
		decode(f, raw, dst)
	}
	return out, nil
}

// decode sets dst from a stored value (a value that does not parse answers the zero value).
func decode(f field, raw string, dst reflect.Value) {
	raw = strings.TrimSpace(raw)
	switch f.kind {
	case reflect.Bool:
		dst.SetBool(strings.EqualFold(raw, "true"))
	case reflect.Int:
		if names := f.tag.Get("names"); names != "" {
			for i, n := range strings.Split(names, ",") {
				if strings.EqualFold(n, raw) {
					dst.SetInt(int64(i))
				}
			}
			return
		}
		n, _ := strconv.Atoi(raw)
		dst.SetInt(int64(n))
	case reflect.Float64:
		x, _ := strconv.ParseFloat(raw, 64)
		dst.SetFloat(x)
	case reflect.String:
		dst.SetString(raw)
	}
}

// values checks every field of in against its rules and answers the values to store (a
// secret left empty is not among them), or a validation error naming every broken rule.
func values[T any](ctx context.Context, s *Service, in *T) ([]nameValue, error) {
	v := reflect.ValueOf(in).Elem()
	ve := &apperr.ValidationError{}
	var out []nameValue
	for _, f := range fieldsOf(v.Type()) {
		if f.isSet {
			continue
		}
		src := v.FieldByIndex(f.index)
		label := s.label(ctx, f.name)
		var value string
		switch f.kind {
		case reflect.Bool:
			value = strconv.FormatBool(src.Bool())
		case reflect.Int:
			n := src.Int()
			if !inBounds(ve, f, label, float64(n)) {
				continue
			}
			value = strconv.FormatInt(n, 10)
			if names := f.tag.Get("names"); names != "" {
				value = strings.Split(names, ",")[n]
			}
		case reflect.Float64:
			x := src.Float()
			if !inBounds(ve, f, label, x) {
				continue
			}
			value = strconv.FormatFloat(x, 'f', -1, 64)
		case reflect.String:
			value = src.String()
			if s.secret(f.name) {
				if value == "" {
					continue // empty keeps the stored secret
				}
			} else {
				value = strings.TrimSpace(value)
			}
			if !checkString(ve, f.member, f.tag, label, value) {
				continue
			}
		default:
			return nil, fmt.Errorf("settings: %s: unsupported kind %s", f.member, f.kind)
		}
		out = append(out, nameValue{f.name, value})
	}
	return out, ve.OrNil()
}

type nameValue struct{ name, value string }

// inBounds checks a number against the field's minimum and maximum.
func inBounds(ve *apperr.ValidationError, f field, label string, x float64) bool {
	if m := f.tag.Get("minimum"); m != "" {
		if lo, _ := strconv.ParseFloat(m, 64); x < lo {
			ve.Add(f.member, localization.KeyMinimum, label, m)
			return false
		}
	}
	if m := f.tag.Get("maximum"); m != "" {
		if hi, _ := strconv.ParseFloat(m, 64); x > hi {
			ve.Add(f.member, localization.KeyMaximum, label, m)
			return false
		}
	}
	return true
}

// checkString checks a text against minLength, maxLength, enum and check (email, url, uuid;
// an empty optional value passes).
func checkString(ve *apperr.ValidationError, member string, tag reflect.StructTag, label, value string) bool {
	n := utf8.RuneCountInString(value)
	if m, _ := strconv.Atoi(tag.Get("minLength")); m > 0 && n < m {
		if n == 0 {
			ve.Add(member, localization.KeyRequired, label)
		} else {
			ve.Add(member, localization.KeyTooShort, label, m)
		}
		return false
	}
	if m, _ := strconv.Atoi(tag.Get("maxLength")); m > 0 && n > m {
		ve.Add(member, localization.KeyTooLong, label, m)
		return false
	}
	if enum := tag.Get("enum"); enum != "" && !contains(strings.Split(enum, ","), value) {
		ve.Add(member, localization.KeyOneOf, label, strings.ReplaceAll(enum, ",", ", "))
		return false
	}
	if value == "" {
		return true
	}
	ok := true
	var kind string
	switch tag.Get("check") {
	case "email":
		a, err := mail.ParseAddress(value)
		ok, kind = err == nil && a.Address == value, localization.KeyKindEmail
	case "url":
		u, err := url.Parse(value)
		ok, kind = err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "", localization.KeyKindURI
	case "uuid":
		_, err := uuid.Parse(value)
		ok, kind = err == nil, localization.KeyKindUUID
	}
	if !ok {
		ve.Add(member, localization.KeyExpected, label, kind)
	}
	return ok
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// write checks group T and stores every value at the caller's provider in one transaction;
// nothing is stored when any field breaks its rule.
func write[T any](ctx context.Context, s *Service, in *T) error {
	vals, err := values(ctx, s, in)
	if err != nil {
		return err
	}
	return s.store(ctx, vals)
}

// store writes vals at the caller's provider (the tenant's, or the installation's on the host
// and for a global-only setting) in one transaction. Settings are host rows (setting_values
// has no tenant_id), so the transaction is the host database's even for a tenant on its own.
func (s *Service) store(ctx context.Context, vals []nameValue) error {
	return s.db.InHostTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for _, v := range vals {
			provider, err := s.settings.ProviderOf(ctx, v.name)
			if err != nil {
				return err
			}
			if err := s.settings.Write(ctx, tx, provider, v.name, v.value); err != nil {
				return fmt.Errorf("save settings: %w", err)
			}
		}
		return nil
	})
}

// The groups, for the HTTP edge and other callers.

// Emailing answers the e-mailing group.
func (s *Service) Emailing(ctx context.Context) (*EmailingSettings, error) {
	return read[EmailingSettings](ctx, s)
}

// UpdateEmailing stores the e-mailing group.
func (s *Service) UpdateEmailing(ctx context.Context, in EmailingSettings) error {
	return write(ctx, s, &in)
}

// Identity answers the identity group.
func (s *Service) Identity(ctx context.Context) (*IdentitySettings, error) {
	return read[IdentitySettings](ctx, s)
}

// UpdateIdentity stores the identity group.
func (s *Service) UpdateIdentity(ctx context.Context, in IdentitySettings) error {
	return write(ctx, s, &in)
}

// Account answers the account group.
func (s *Service) Account(ctx context.Context) (*AccountSettings, error) {
	return read[AccountSettings](ctx, s)
}

// UpdateAccount stores the account group.
func (s *Service) UpdateAccount(ctx context.Context, in AccountSettings) error {
	return write(ctx, s, &in)
}

// TwoFactor answers the two-factor group.
func (s *Service) TwoFactor(ctx context.Context) (*TwoFactorSettings, error) {
	return read[TwoFactorSettings](ctx, s)
}

// UpdateTwoFactor stores the two-factor group.
func (s *Service) UpdateTwoFactor(ctx context.Context, in TwoFactorSettings) error {
	return write(ctx, s, &in)
}

// Recaptcha answers the reCAPTCHA group.
func (s *Service) Recaptcha(ctx context.Context) (*RecaptchaSettings, error) {
	return read[RecaptchaSettings](ctx, s)
}

// UpdateRecaptcha stores the reCAPTCHA group.
func (s *Service) UpdateRecaptcha(ctx context.Context, in RecaptchaSettings) error {
	return write(ctx, s, &in)
}

// SalesOrder answers the sales order group.
func (s *Service) SalesOrder(ctx context.Context) (*SalesOrderSettings, error) {
	return read[SalesOrderSettings](ctx, s)
}

// UpdateSalesOrder stores the sales order group.
func (s *Service) UpdateSalesOrder(ctx context.Context, in SalesOrderSettings) error {
	return write(ctx, s, &in)
}

// Optimization answers the optimisation group.
func (s *Service) Optimization(ctx context.Context) (*OptimizationSettings, error) {
	return read[OptimizationSettings](ctx, s)
}

// UpdateOptimization stores the optimisation group.
func (s *Service) UpdateOptimization(ctx context.Context, in OptimizationSettings) error {
	return write(ctx, s, &in)
}

// BasicSetup answers the basic setup.
func (s *Service) BasicSetup(ctx context.Context) (*BasicSetupSettings, error) {
	return read[BasicSetupSettings](ctx, s)
}

// UpdateBasicSetup stores the basic setup.
func (s *Service) UpdateBasicSetup(ctx context.Context, in BasicSetupSettings) error {
	return write(ctx, s, &in)
}

// WeChat answers the WeChat official account group.
func (s *Service) WeChat(ctx context.Context) (*WeChatSettings, error) {
	return read[WeChatSettings](ctx, s)
}

// UpdateWeChat stores the WeChat official account group.
func (s *Service) UpdateWeChat(ctx context.Context, in WeChatSettings) error {
	return write(ctx, s, &in)
}

// ClientValues are the settings the web client reads from the application configuration
// (session.Settings): the request timeout, the web logo, the app download address and the
// product version.
type ClientValues struct {
	svc     *Service
	version string
}

// Values implements session.Settings.
func (c ClientValues) Values(ctx context.Context) (map[string]string, error) {
	out := map[string]string{"App.Version": c.version}
	// Abp.Account.IsSelfRegistrationEnabled: the login page links to /register only when on.
	for _, name := range []string{SettingHTTPTimeoutPeriod, SettingWebLogo, SettingAppDownloadURL, "Abp.Account.IsSelfRegistrationEnabled"} {
		v, err := c.svc.settings.Get(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("client settings: %w", err)
		}
		out[name] = v
	}
	return out, nil
}
