package claimtypes

import (
	"context"
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Service holds the rules of claim types and of the claims users and roles carry. It knows no
// HTTP. The claims are in service_claims.go.
type Service struct {
	store    store
	identity *identity.Service // finds the users and roles whose claims are asked for
}

// NewService returns the service on d; id finds users and roles (nil only in tests that touch
// claim types alone).
func NewService(d *db.DB, id *identity.Service) *Service {
	return &Service{store: newStore(d), identity: id}
}

// ListTypes answers a page of the tenant's claim types (sorting default name), filtered on the
// name and the description.
func (s *Service) ListTypes(ctx context.Context, q Query) ([]ClaimType, int, error) {
	order, err := db.Order(q.Sorting, typeSorting, typeOrder)
	if err != nil {
		return nil, 0, err
	}
	return s.store.listTypes(ctx, q, order)
}

// AllTypes answers every claim type of the tenant, by name.
func (s *Service) AllTypes(ctx context.Context) ([]ClaimType, error) {
	return s.store.allTypes(ctx)
}

// AllTypeDtos answers every claim type of the tenant, by name, as the users' and roles' claim
// editors read them.
func (s *Service) AllTypeDtos(ctx context.Context) ([]ClaimTypeDto, error) {
	rows, err := s.store.allTypes(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]ClaimTypeDto, len(rows))
	for i, r := range rows {
		out[i] = dto(r)
	}
	return out, nil
}

// GetType answers one claim type of the tenant.
func (s *Service) GetType(ctx context.Context, id uuid.UUID) (*ClaimType, error) {
	return s.store.getType(ctx, id)
}

// checkFields trims and checks the editable fields of a claim type: a name, a known value
// type, a regex that compiles, and the lengths. Every broken rule is reported at once.
func checkFields(in ClaimTypeFieldsInput) (ClaimTypeFieldsInput, error) {
	in.Name = strings.TrimSpace(in.Name)
	in.RegexDescription = strings.TrimSpace(in.RegexDescription)
	in.Description = strings.TrimSpace(in.Description)
	ve := &apperr.ValidationError{}
	switch {
	case in.Name == "":
		ve.Add("name", localization.KeyRequired, FieldName)
	case utf8.RuneCountInString(in.Name) > MaxName:
		ve.Add("name", localization.KeyTooLong, FieldName, MaxName)
	}
	if in.ValueType < ValueString || in.ValueType > ValueDateTime {
		ve.Add("valueType", localization.KeyOneOf, FieldValueType, "0, 1, 2, 3")
	}
	if utf8.RuneCountInString(in.Regex) > MaxRegex {
		ve.Add("regex", localization.KeyTooLong, FieldRegex, MaxRegex)
	} else if in.Regex != "" {
		if _, err := regexp.Compile(in.Regex); err != nil {
			ve.Add("regex", KeyInvalidRegex, in.Regex, regexProblem(err))
		}
	}
	if utf8.RuneCountInString(in.RegexDescription) > MaxRegexDescription {
		ve.Add("regexDescription", localization.KeyTooLong, FieldRegexDescription, MaxRegexDescription)
	}
	if utf8.RuneCountInString(in.Description) > MaxDescription {
		ve.Add("description", localization.KeyTooLong, FieldDescription, MaxDescription)
	}
	return in, ve.OrNil()
}

// regexProblem is what is wrong with a regex, without Go's "error parsing regexp:" prefix.
func regexProblem(err error) string {
	var re *syntax.Error
	if errors.As(err, &re) {
		return string(re.Code)
	}
	return err.Error()
}

// uniqueName refuses a name another live claim type of the tenant has.
func uniqueName(ctx context.Context, tx store, name string, self uuid.UUID) error {
	taken, err := tx.nameTaken(ctx, name, self)
	if err != nil {
		return err
	}
	if taken {
		return apperr.Invalid("name", KeyDuplicateName, name)
	}
	return nil
}

// duplicateName turns the unique index's refusal (a type of that name created at the same
// moment) into the same message as the check before it.
func duplicateName(err error, name string) error {
	if errors.Is(err, db.ErrDuplicate) {
		return apperr.Invalid("name", KeyDuplicateName, name)
	}
	return err
}

// CreateType adds a claim type to the tenant. Types created here are never static.
func (s *Service) CreateType(ctx context.Context, in CreateClaimTypeInput) (*ClaimType, error) {
	f, err := checkFields(in.ClaimTypeFieldsInput)
	if err != nil {
		return nil, err
	}
	t := &ClaimType{Name: f.Name, ValueType: f.ValueType, Required: f.Required, Regex: f.Regex,
		RegexDescription: f.RegexDescription, Description: f.Description}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := uniqueName(ctx, tx, t.Name, uuid.Nil); err != nil {
			return err
		}
		return tx.insertType(ctx, t)
	})
	if err != nil {
		return nil, duplicateName(err, t.Name)
	}
	return t, nil
}

// UpdateType replaces a claim type's fields. A static type keeps its name; renaming another
// type renames the claims of that type its users and roles hold, in the same transaction.
// Claims held already are not checked again against a changed value type or regex: they are
// checked when they are next saved.
func (s *Service) UpdateType(ctx context.Context, id uuid.UUID, in UpdateClaimTypeInput) (*ClaimType, error) {
	f, err := checkFields(in.ClaimTypeFieldsInput)
	if err != nil {
		return nil, err
	}
	var out *ClaimType
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		t, err := tx.typeForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if f.Name != t.Name {
			if t.IsStatic {
				return apperr.Invalid("name", KeyStaticRename, t.Name)
			}
			if err := uniqueName(ctx, tx, f.Name, t.ID); err != nil {
				return err
			}
			if err := tx.renameClaims(ctx, t.Name, f.Name); err != nil {
				return err
			}
		}
		t.Name, t.ValueType, t.Required, t.Regex, t.RegexDescription, t.Description =
			f.Name, f.ValueType, f.Required, f.Regex, f.RegexDescription, f.Description
		if err := tx.updateType(ctx, t, in.ConcurrencyStamp); err != nil {
			return err
		}
		out = t
		return nil
	})
	if err != nil {
		return nil, duplicateName(err, f.Name)
	}
	return out, nil
}

// DeleteType soft-deletes a claim type that is not static and removes the claims of that
// type its users and roles hold, in one transaction.
func (s *Service) DeleteType(ctx context.Context, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		t, err := tx.typeForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if t.IsStatic {
			return apperr.User(KeyStaticDelete, t.Name)
		}
		if err := tx.deleteClaimsOfType(ctx, t.Name); err != nil {
			return err
		}
		return tx.deleteType(ctx, t)
	})
}
