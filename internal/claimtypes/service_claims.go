package claimtypes

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// UserClaims answers the claims of a user of the tenant, in the order they were given.
func (s *Service) UserClaims(ctx context.Context, userID uuid.UUID) ([]Claim, error) {
	return s.claims(ctx, owner{id: userID})
}

// RoleClaims answers the claims of a role of the tenant, in the order they were given.
func (s *Service) RoleClaims(ctx context.Context, roleID uuid.UUID) ([]Claim, error) {
	return s.claims(ctx, owner{role: true, id: roleID})
}

// AddUserClaim gives a user of the tenant one claim, checked against its type.
func (s *Service) AddUserClaim(ctx context.Context, userID uuid.UUID, in ClaimInput) error {
	return s.addClaim(ctx, owner{id: userID}, in)
}

// AddRoleClaim gives a role of the tenant one claim, checked against its type.
func (s *Service) AddRoleClaim(ctx context.Context, roleID uuid.UUID, in ClaimInput) error {
	return s.addClaim(ctx, owner{role: true, id: roleID}, in)
}

// SetUserClaims makes claims the whole set of a user's claims, each checked against its type.
func (s *Service) SetUserClaims(ctx context.Context, userID uuid.UUID, claims []ClaimInput) error {
	return s.setClaims(ctx, owner{id: userID}, claims)
}

// SetRoleClaims makes claims the whole set of a role's claims, each checked against its type.
func (s *Service) SetRoleClaims(ctx context.Context, roleID uuid.UUID, claims []ClaimInput) error {
	return s.setClaims(ctx, owner{role: true, id: roleID}, claims)
}

// RemoveUserClaim takes one claim from a user of the tenant; a claim the user does not hold
// is not an error.
func (s *Service) RemoveUserClaim(ctx context.Context, userID uuid.UUID, claimType, claimValue string) error {
	return s.removeClaim(ctx, owner{id: userID}, claimType, claimValue)
}

// RemoveRoleClaim takes one claim from a role of the tenant, like RemoveUserClaim.
func (s *Service) RemoveRoleClaim(ctx context.Context, roleID uuid.UUID, claimType, claimValue string) error {
	return s.removeClaim(ctx, owner{role: true, id: roleID}, claimType, claimValue)
}

// ---- the rules, for users and roles alike ----

// exists answers db.ErrNotFound (with identity's message) when the owner is not a live user
// or role of the tenant.
func (s *Service) exists(ctx context.Context, o owner) error {
	if o.role {
		_, err := s.identity.GetRole(ctx, o.id)
		return err
	}
	_, err := s.identity.GetUser(ctx, o.id)
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("user %s: %w", o.id, db.ErrNotFound), identity.KeyUserNotFound)
	}
	return err
}

func (s *Service) claims(ctx context.Context, o owner) ([]Claim, error) {
	if err := s.exists(ctx, o); err != nil {
		return nil, err
	}
	return s.store.claims(ctx, o)
}

func (s *Service) addClaim(ctx context.Context, o owner, in ClaimInput) error {
	if err := s.exists(ctx, o); err != nil {
		return err
	}
	var c Claim
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockOwner(ctx, o); err != nil {
			return err
		}
		checked, err := checkClaims(ctx, tx, []ClaimInput{in}, func(_ int, member string) string { return member })
		if err != nil {
			return err
		}
		c = checked[0]
		held, err := tx.hasClaim(ctx, o, c)
		if err != nil {
			return err
		}
		if held {
			return apperr.Invalid("claimValue", KeyDuplicateClaim, c.ClaimType, c.ClaimValue)
		}
		return tx.insertClaims(ctx, o, checked)
	})
	if errors.Is(err, db.ErrDuplicate) { // the same claim given at the same moment
		return apperr.Invalid("claimValue", KeyDuplicateClaim, c.ClaimType, c.ClaimValue)
	}
	return err
}

func (s *Service) setClaims(ctx context.Context, o owner, in []ClaimInput) error {
	if len(in) > MaxClaims {
		return apperr.Invalid("claims", localization.KeyMaxItems, FieldClaims, MaxClaims)
	}
	if err := s.exists(ctx, o); err != nil {
		return err
	}
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockOwner(ctx, o); err != nil {
			return err
		}
		checked, err := checkClaims(ctx, tx, in, func(i int, member string) string { return fmt.Sprintf("[%d].%s", i, member) })
		if err != nil {
			return err
		}
		if err := tx.removeClaims(ctx, o, nil); err != nil {
			return err
		}
		return tx.insertClaims(ctx, o, checked)
	})
}

func (s *Service) removeClaim(ctx context.Context, o owner, claimType, claimValue string) error {
	c := Claim{ClaimType: strings.TrimSpace(claimType), ClaimValue: strings.TrimSpace(claimValue)}
	if c.ClaimType == "" {
		return apperr.Invalid("claimType", localization.KeyRequired, FieldClaimType)
	}
	if err := s.exists(ctx, o); err != nil {
		return err
	}
	return s.store.removeClaims(ctx, o, &c)
}

// checkClaims trims the claims and checks each against its type (read in tx): the type
// exists in the tenant; a required type has a value; a value of an Int, Boolean or DateTime
// type parses; a value matches the type's regex. An empty value of a type that is not
// required is kept without further checks. The same claim (type and value) may not be given
// twice. Every broken rule is reported, on the member member(i, "claimType"|"claimValue").
func checkClaims(ctx context.Context, tx store, in []ClaimInput, member func(i int, field string) string) ([]Claim, error) {
	out := make([]Claim, len(in))
	var names []string
	for i, c := range in {
		out[i] = Claim{ClaimType: strings.TrimSpace(c.ClaimType), ClaimValue: strings.TrimSpace(c.ClaimValue)}
		names = append(names, out[i].ClaimType)
	}
	types, err := tx.typesNamedShared(ctx, names)
	if err != nil {
		return nil, err
	}
	ve := &apperr.ValidationError{}
	seen := make(map[Claim]bool, len(out))
	for i, c := range out {
		if c.ClaimType == "" {
			ve.Add(member(i, "claimType"), localization.KeyRequired, FieldClaimType)
			continue
		}
		t, ok := types[c.ClaimType]
		if !ok {
			ve.Add(member(i, "claimType"), KeyUnknownType, c.ClaimType)
			continue
		}
		if key, args := checkValue(t, c.ClaimValue); key != "" {
			ve.Add(member(i, "claimValue"), key, args...)
			continue
		}
		if seen[c] {
			ve.Add(member(i, "claimValue"), KeyDuplicateClaim, c.ClaimType, c.ClaimValue)
		}
		seen[c] = true
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	return out, nil
}

// checkValue answers the message key (and its arguments) of what is wrong with a trimmed
// value of the type t, or "" when nothing is.
func checkValue(t ClaimType, v string) (string, []any) {
	if utf8.RuneCountInString(v) > MaxClaimValue {
		return KeyValueTooLong, []any{t.Name, MaxClaimValue}
	}
	if v == "" {
		if t.Required {
			return KeyValueRequired, []any{t.Name}
		}
		return "", nil
	}
	switch t.ValueType {
	case ValueInt:
		if _, err := strconv.ParseInt(v, 10, 64); err != nil {
			return KeyValueNotInt, []any{t.Name}
		}
	case ValueBoolean:
		if !strings.EqualFold(v, "true") && !strings.EqualFold(v, "false") {
			return KeyValueNotBoolean, []any{t.Name}
		}
	case ValueDateTime:
		if !isDateTime(v) {
			return KeyValueNotDateTime, []any{t.Name}
		}
	}
	if t.Regex != "" {
		// The regex compiled when the type was saved (checkFields).
		if re, err := regexp.Compile(t.Regex); err == nil && !re.MatchString(v) {
			if t.RegexDescription != "" {
				return KeyValueNoMatchWhy, []any{t.Name, t.RegexDescription}
			}
			return KeyValueNoMatch, []any{t.Name}
		}
	}
	return "", nil
}

// dateTimeLayouts are the forms a DateTime claim value may take: RFC 3339 (what the web app
// sends), a date and time without a zone, or a date.
var dateTimeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"}

func isDateTime(v string) bool {
	for _, l := range dateTimeLayouts {
		if _, err := time.Parse(l, v); err == nil {
			return true
		}
	}
	return false
}
