package datadictionary

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// normalize trims the text fields of a detail.
func (in *DetailFieldsInput) normalize() {
	in.Code, in.Label = strings.TrimSpace(in.Code), strings.TrimSpace(in.Label)
	in.Value, in.Description = strings.TrimSpace(in.Value), strings.TrimSpace(in.Description)
}

// check records the broken rules of a detail's fields (trimmed); members are prefixed (the
// details of a new dictionary: "details[0].").
func (in *DetailFieldsInput) check(ve *apperr.ValidationError, prefix string) {
	in.normalize()
	code(ve, prefix+"code", FieldDetailCode, in.Code)
	text(ve, prefix+"label", FieldLabel, in.Label, true, MaxLabel)
	text(ve, prefix+"value", FieldValue, in.Value, true, MaxValue)
	switch {
	case in.Order < 0:
		ve.Add(prefix+"order", KeyMin, FieldOrder, 0)
	case in.Order > MaxOrder:
		ve.Add(prefix+"order", KeyMax, FieldOrder, MaxOrder)
	}
	text(ve, prefix+"description", FieldDescription, in.Description, false, MaxDescription)
}

// problems checks a detail's fields alone.
func (in *DetailFieldsInput) problems() error {
	ve := &apperr.ValidationError{}
	in.check(ve, "")
	return ve.OrNil()
}

// apply writes in onto d (every field; isEnable only when given).
func (in *DetailFieldsInput) apply(d *Detail) {
	d.Code, d.Label, d.Value, d.Order, d.Description = in.Code, in.Label, in.Value, in.Order, in.Description
	if in.IsEnable != nil {
		d.IsEnable = *in.IsEnable
	}
	d.IsDefault = in.IsDefault
}

// duplicateDetail turns the unique index's refusal (a detail of that code made at the same
// moment) into the same message as the check before it.
func duplicateDetail(err error, code string) error {
	if errors.Is(err, db.ErrDuplicate) {
		return apperr.Invalid("code", KeyDuplicateDetail, code)
	}
	return err
}

// ListDetails returns the details of one dictionary q selects (by order, then label, unless
// sorted otherwise), and how many there are.
func (s *Service) ListDetails(ctx context.Context, q DetailQuery) ([]Detail, int, error) {
	order, err := db.Order(q.Sorting, detailSorting, detailOrder)
	if err != nil {
		return nil, 0, err
	}
	if _, err := s.store.getDictionary(ctx, q.DataDictionaryID); err != nil {
		return nil, 0, err
	}
	return s.store.listDetails(ctx, q, order)
}

// GetDetail returns one detail.
func (s *Service) GetDetail(ctx context.Context, id uuid.UUID) (*Detail, error) {
	return s.store.getDetail(ctx, id)
}

// CreateDetail adds a detail to the dictionary its body names; a dictionary that does not
// exist is a validation error on dataDictionaryId.
func (s *Service) CreateDetail(ctx context.Context, in CreateDetailInput) (*Detail, error) {
	if in.DataDictionaryID == uuid.Nil {
		return nil, apperr.Invalid("dataDictionaryId", localization.KeyRequired, FieldDataDictionaryID)
	}
	return s.addDetail(ctx, in.DataDictionaryID, in.DetailFieldsInput, func(err error) error {
		if errors.Is(err, db.ErrNotFound) {
			return apperr.Invalid("dataDictionaryId", KeyDictionaryNotFound)
		}
		return err
	})
}

// AddItem adds a detail to the dictionary id (a path names it: one that does not exist is
// not found).
func (s *Service) AddItem(ctx context.Context, id uuid.UUID, in DetailFieldsInput) (*Detail, error) {
	return s.addDetail(ctx, id, in, func(err error) error { return err })
}

func (s *Service) addDetail(ctx context.Context, dictionaryID uuid.UUID, in DetailFieldsInput, missing func(error) error) (*Detail, error) {
	if err := in.problems(); err != nil {
		return nil, err
	}
	if in.IsDefault && in.IsEnable != nil && !*in.IsEnable {
		return nil, apperr.Invalid("isDefault", KeyDefaultDisabled)
	}
	d := &Detail{DataDictionaryID: dictionaryID, IsEnable: true}
	in.apply(d)
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if _, err := tx.getDictionary(ctx, dictionaryID); err != nil {
			return missing(err)
		}
		if err := s.checkDetail(ctx, tx, d); err != nil {
			return err
		}
		if err := tx.insertDetail(ctx, d); err != nil {
			return duplicateDetail(err, d.Code)
		}
		s.changed(ctx)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// checkDetail locks the dictionary's details for this transaction, refuses a code another of
// its details has, and makes d the only default when it is one.
func (s *Service) checkDetail(ctx context.Context, tx store, d *Detail) error {
	if err := tx.lockDictionary(ctx, d.DataDictionaryID); err != nil {
		return err
	}
	taken, err := tx.detailCodeTaken(ctx, d.DataDictionaryID, d.Code, d.ID)
	if err != nil {
		return err
	}
	if taken {
		return apperr.Invalid("code", KeyDuplicateDetail, d.Code)
	}
	if d.IsDefault {
		return tx.clearDefault(ctx, d.DataDictionaryID, d.ID)
	}
	return nil
}

// UpdateDetail replaces a detail's fields. When in names a dictionary, the detail must be one
// of its (else it is not found); details never move between dictionaries.
func (s *Service) UpdateDetail(ctx context.Context, id uuid.UUID, in UpdateDetailInput) (*Detail, error) {
	if err := in.problems(); err != nil {
		return nil, err
	}
	var d *Detail
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		var err error
		if d, err = tx.detailOf(ctx, id, in.DataDictionaryID); err != nil {
			return err
		}
		in.apply(d)
		if d.IsDefault && !d.IsEnable {
			return apperr.Invalid("isDefault", KeyDefaultDisabled)
		}
		if err := s.checkDetail(ctx, tx, d); err != nil {
			return err
		}
		if err := tx.updateDetail(ctx, d, in.ConcurrencyStamp); err != nil {
			return duplicateDetail(err, d.Code)
		}
		s.changed(ctx)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// UpdateItem replaces the fields of the detail itemID of the dictionary id.
func (s *Service) UpdateItem(ctx context.Context, id, itemID uuid.UUID, in UpdateDetailInput) (*Detail, error) {
	in.DataDictionaryID = &id
	return s.UpdateDetail(ctx, itemID, in)
}

// DeleteDetail removes a detail; with dictionaryID set, it must be one of that dictionary's.
func (s *Service) DeleteDetail(ctx context.Context, id uuid.UUID, dictionaryID *uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		d, err := tx.detailOf(ctx, id, dictionaryID)
		if err != nil {
			return err
		}
		if err := tx.deleteDetail(ctx, d); err != nil {
			return err
		}
		s.changed(ctx)
		return nil
	})
}
