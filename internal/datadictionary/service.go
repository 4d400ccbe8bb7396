package datadictionary

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Topic is the bus topic on which a change of a side's dictionaries or details is announced;
// the payload names the side (a tenant id, or "host").
const Topic = "datadictionary"

// Service holds the rules of the data dictionaries: unique codes, static dictionaries, one
// default detail per dictionary. It knows no HTTP; its queries are the store's. What other
// areas read (Details, All) is cached per replica and dropped on every replica when anything
// of the side changes. Details are in service_details.go.
type Service struct {
	store   store
	bus     *bus.Bus
	choices *bus.Cache[cacheKey, []Detail]              // a dictionary's enabled details, by side and lower-case code
	all     *bus.Cache[string, []DictionaryWithDetails] // every dictionary of a side with its enabled details
}

// cacheKey names one dictionary of one side.
type cacheKey struct{ side, code string }

// NewService returns the service on d; b (may be nil: nothing is cached) carries the changes
// to every replica's cache.
func NewService(d *db.DB, b *bus.Bus) *Service {
	return &Service{
		store: newStore(d),
		bus:   b,
		choices: bus.NewCache[cacheKey, []Detail](b, Topic, func(k cacheKey, payload string) bool {
			return k.side == payload
		}),
		all: bus.NewCache[string, []DictionaryWithDetails](b, Topic, func(k, payload string) bool { return k == payload }),
	}
}

// changed announces on every replica (after the transaction of ctx commits) that the side's
// dictionaries changed. The change is made; a failed announcement is logged, and other
// replicas catch up within the cache's lifetime.
func (s *Service) changed(ctx context.Context) {
	if err := s.bus.Publish(ctx, Topic, side(ctx)); err != nil {
		slog.ErrorContext(ctx, "datadictionary: announce change", "side", side(ctx), "err", err)
	}
}

// ---- what other areas read ----

// Details answers the enabled details of the dictionary with code (without regard to case) in
// order, then label; an unknown code unwraps to db.ErrNotFound, naming the code.
func (s *Service) Details(ctx context.Context, code string) ([]Detail, error) {
	code = strings.TrimSpace(code)
	rows, err := s.choices.Get(ctx, cacheKey{side(ctx), strings.ToLower(code)}, func(ctx context.Context) ([]Detail, error) {
		d, err := s.store.dictionaryByCode(ctx, code)
		if err != nil {
			return nil, err
		}
		return s.store.enabledDetails(ctx, d.ID)
	})
	return slices.Clone(rows), err
}

// Default answers the default detail of the dictionary with code, or nil when it has no
// enabled default; an unknown code unwraps to db.ErrNotFound.
func (s *Service) Default(ctx context.Context, code string) (*Detail, error) {
	rows, err := s.Details(ctx, code)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if rows[i].IsDefault {
			return &rows[i], nil
		}
	}
	return nil, nil
}

// All answers every dictionary of the side, in code order, each with its enabled details in
// order (what dropdowns offer).
func (s *Service) All(ctx context.Context) ([]DictionaryWithDetails, error) {
	rows, err := s.all.Get(ctx, side(ctx), func(ctx context.Context) ([]DictionaryWithDetails, error) {
		dicts, err := s.store.allDictionaries(ctx)
		if err != nil {
			return nil, err
		}
		ids := make([]uuid.UUID, len(dicts))
		for i := range dicts {
			ids[i] = dicts[i].ID
		}
		details, err := s.store.enabledDetails(ctx, ids...)
		if err != nil {
			return nil, err
		}
		return withDetails(dicts, details), nil
	})
	out := make([]DictionaryWithDetails, len(rows))
	for i, r := range rows {
		out[i] = DictionaryWithDetails{Dictionary: r.Dictionary, Details: slices.Clone(r.Details)}
	}
	return out, err
}

// withDetails pairs each dictionary with its details, keeping both orders.
func withDetails(dicts []Dictionary, details []Detail) []DictionaryWithDetails {
	by := map[uuid.UUID][]Detail{}
	for _, d := range details {
		by[d.DataDictionaryID] = append(by[d.DataDictionaryID], d)
	}
	out := make([]DictionaryWithDetails, len(dicts))
	for i, d := range dicts {
		out[i] = DictionaryWithDetails{Dictionary: d, Details: by[d.ID]}
		if out[i].Details == nil {
			out[i].Details = []Detail{}
		}
	}
	return out
}

// ---- field rules ----

var codeRE = regexp.MustCompile(CodePattern)

// text checks one text field: required, at most max characters (counted as code points).
func text(ve *apperr.ValidationError, member, label, v string, required bool, max int) {
	switch {
	case required && v == "":
		ve.Add(member, localization.KeyRequired, label)
	case utf8.RuneCountInString(v) > max:
		ve.Add(member, localization.KeyTooLong, label, max)
	}
}

// code checks a code: required, at most MaxCode characters, letters, digits, ".", "_", "-".
func code(ve *apperr.ValidationError, member, label, v string) {
	n := len(ve.Fields)
	text(ve, member, label, v, true, MaxCode)
	if len(ve.Fields) == n && !codeRE.MatchString(v) {
		ve.Add(member, KeyCodeFormat, label)
	}
}

// normalize trims the fields of a dictionary.
func (in *DictionaryFieldsInput) normalize() {
	in.Code, in.DisplayName, in.Description = strings.TrimSpace(in.Code), strings.TrimSpace(in.DisplayName), strings.TrimSpace(in.Description)
}

// check records the broken rules of the dictionary's fields (trimmed).
func (in *DictionaryFieldsInput) check(ve *apperr.ValidationError) {
	in.normalize()
	code(ve, "code", FieldCode, in.Code)
	text(ve, "displayName", FieldDisplayName, in.DisplayName, true, MaxDisplayName)
	text(ve, "description", FieldDescription, in.Description, false, MaxDescription)
}

// problems checks a dictionary's fields alone.
func (in *DictionaryFieldsInput) problems() error {
	ve := &apperr.ValidationError{}
	in.check(ve)
	return ve.OrNil()
}

// duplicateCode turns the unique index's refusal (a dictionary of that code made at the same
// moment) into the same message as the check before it.
func duplicateCode(err error, code string) error {
	if errors.Is(err, db.ErrDuplicate) {
		return apperr.Invalid("code", KeyDuplicateCode, code)
	}
	return err
}

// uniqueCode refuses a code another live dictionary of the side has.
func uniqueCode(ctx context.Context, tx store, code string, self uuid.UUID) error {
	taken, err := tx.codeTaken(ctx, code, self)
	if err != nil {
		return err
	}
	if taken {
		return apperr.Invalid("code", KeyDuplicateCode, code)
	}
	return nil
}

// ---- dictionaries ----

// ListDictionaries returns the dictionaries q selects, and how many there are.
func (s *Service) ListDictionaries(ctx context.Context, q DictionaryQuery) ([]Dictionary, int, error) {
	order, err := db.Order(q.Sorting, dictionarySorting, dictionaryOrder)
	if err != nil {
		return nil, 0, err
	}
	return s.store.listDictionaries(ctx, q, order)
}

// GetDictionary returns a dictionary with every detail (enabled or not), in order.
func (s *Service) GetDictionary(ctx context.Context, id uuid.UUID) (*DictionaryWithDetails, error) {
	d, err := s.store.getDictionary(ctx, id)
	if err != nil {
		return nil, err
	}
	details, err := s.store.allDetails(ctx, id)
	if err != nil {
		return nil, err
	}
	return &DictionaryWithDetails{Dictionary: *d, Details: details}, nil
}

// CreateDictionary adds a dictionary and the details given with it, in one transaction.
// Dictionaries created here are never static.
func (s *Service) CreateDictionary(ctx context.Context, in CreateDictionaryInput) (*DictionaryWithDetails, error) {
	ve := &apperr.ValidationError{}
	in.check(ve)
	if len(in.Details) > MaxDetails {
		ve.Add("details", KeyTooManyDetails, MaxDetails)
	} else {
		checkDetailList(ve, in.Details)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	d := &Dictionary{Code: in.Code, DisplayName: in.DisplayName, Description: in.Description}
	var out *DictionaryWithDetails
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := uniqueCode(ctx, tx, d.Code, uuid.Nil); err != nil {
			return err
		}
		if err := tx.insertDictionary(ctx, d); err != nil {
			return duplicateCode(err, d.Code)
		}
		if len(in.Details) > 0 {
			rows := make([]Detail, len(in.Details))
			for i := range in.Details {
				rows[i] = Detail{DataDictionaryID: d.ID, IsEnable: true}
				in.Details[i].apply(&rows[i])
			}
			if err := tx.insertDetails(ctx, rows); err != nil {
				return err
			}
		}
		details, err := tx.allDetails(ctx, d.ID)
		if err != nil {
			return err
		}
		out = &DictionaryWithDetails{Dictionary: *d, Details: details}
		s.changed(ctx)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkDetailList checks the details given with a new dictionary: each one's fields, codes
// distinct, at most one default.
func checkDetailList(ve *apperr.ValidationError, details []DetailFieldsInput) {
	seen := map[string]bool{}
	defaults := 0
	for i := range details {
		prefix := fmt.Sprintf("details[%d].", i)
		n := len(ve.Fields)
		details[i].check(ve, prefix)
		if len(ve.Fields) > n {
			continue
		}
		c := strings.ToLower(details[i].Code)
		if seen[c] {
			ve.Add(prefix+"code", KeyDuplicateDetail, details[i].Code)
		}
		seen[c] = true
		if details[i].IsDefault {
			defaults++
			if details[i].IsEnable != nil && !*details[i].IsEnable {
				ve.Add(prefix+"isDefault", KeyDefaultDisabled)
			} else if defaults > 1 {
				ve.Add(prefix+"isDefault", KeyOneDefault)
			}
		}
	}
}

// UpdateDictionary changes a dictionary's code, name and description. A static dictionary
// keeps its code.
func (s *Service) UpdateDictionary(ctx context.Context, id uuid.UUID, in UpdateDictionaryInput) (*Dictionary, error) {
	if err := in.problems(); err != nil {
		return nil, err
	}
	var d *Dictionary
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		var err error
		if d, err = tx.getDictionary(ctx, id); err != nil {
			return err
		}
		if d.IsStatic && in.Code != d.Code {
			return apperr.Invalid("code", KeyStaticCode, d.Code)
		}
		if !strings.EqualFold(in.Code, d.Code) {
			if err := uniqueCode(ctx, tx, in.Code, d.ID); err != nil {
				return err
			}
		}
		d.Code, d.DisplayName, d.Description = in.Code, in.DisplayName, in.Description
		if err := tx.updateDictionary(ctx, d, in.ConcurrencyStamp); err != nil {
			return duplicateCode(err, d.Code)
		}
		s.changed(ctx)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// DeleteDictionary removes a dictionary and its details. Static dictionaries cannot be
// deleted.
func (s *Service) DeleteDictionary(ctx context.Context, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		d, err := tx.getDictionary(ctx, id)
		if err != nil {
			return err
		}
		if d.IsStatic {
			return apperr.User(KeyStaticDelete, d.DisplayName)
		}
		if err := tx.deleteDictionary(ctx, d); err != nil {
			return err
		}
		s.changed(ctx)
		return nil
	})
}
