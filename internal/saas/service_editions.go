package saas

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/localization"
)

// ListEditions answers a page of editions (display name containing the filter).
func (s *Service) ListEditions(ctx context.Context, q Query) ([]EditionDto, int, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, 0, err
	}
	p, err := page(q, editionSorting, "display_name")
	if err != nil {
		return nil, 0, err
	}
	rows, total, err := s.store.listEditions(ctx, p, q.Filter)
	if err != nil {
		return nil, 0, err
	}
	out := make([]EditionDto, len(rows))
	for i := range rows {
		out[i] = editionDto(&rows[i])
	}
	return out, total, nil
}

// GetEdition answers one edition.
func (s *Service) GetEdition(ctx context.Context, id uuid.UUID) (*EditionDto, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, err
	}
	e, err := s.store.edition(ctx, id)
	if err != nil {
		return nil, err
	}
	dto := editionDto(e)
	return &dto, nil
}

// checkEditionName answers the trimmed name, or the rule it breaks (required, length, taken).
func (s *Service) checkEditionName(ctx context.Context, st store, name string, self uuid.UUID) (string, error) {
	name = strings.TrimSpace(name)
	ve := &apperr.ValidationError{}
	if name == "" {
		ve.Add("displayName", localization.KeyRequired, KeyFieldEditionName)
	}
	tooLong(ve, "displayName", KeyFieldEditionName, name, MaxEditionName)
	if err := ve.OrNil(); err != nil {
		return "", err
	}
	taken, err := st.editionNamed(ctx, normalize(name), self)
	if err != nil {
		return "", err
	}
	if taken {
		return "", apperr.Invalid("displayName", KeyDuplicateEdition, name)
	}
	return name, nil
}

// duplicateEdition turns the unique index's refusal (two requests at once) into the
// check's message.
func duplicateEdition(err error, name string) error {
	if errors.Is(err, apperr.ErrDuplicate) {
		return apperr.Invalid("displayName", KeyDuplicateEdition, name)
	}
	return err
}

// CreateEdition adds an edition.
func (s *Service) CreateEdition(ctx context.Context, in CreateEditionInput) (*EditionDto, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, err
	}
	name, err := s.checkEditionName(ctx, s.store, in.DisplayName, uuid.Nil)
	if err != nil {
		return nil, err
	}
	e := &Edition{DisplayName: name, NormalizedDisplayName: normalize(name)}
	if err := s.store.insertEdition(ctx, e); err != nil {
		return nil, duplicateEdition(err, name)
	}
	dto := editionDto(e)
	return &dto, nil
}

// UpdateEdition renames an edition.
func (s *Service) UpdateEdition(ctx context.Context, id uuid.UUID, in UpdateEditionInput) (*EditionDto, error) {
	if err := hostOnly(ctx); err != nil {
		return nil, err
	}
	e, err := s.store.edition(ctx, id)
	if err != nil {
		return nil, err
	}
	name, err := s.checkEditionName(ctx, s.store, in.DisplayName, id)
	if err != nil {
		return nil, err
	}
	e.DisplayName, e.NormalizedDisplayName = name, normalize(name)
	if err := s.store.updateEdition(ctx, e, in.ConcurrencyStamp); err != nil {
		return nil, duplicateEdition(err, name)
	}
	dto := editionDto(e)
	return &dto, nil
}

// DeleteEdition deletes an edition no tenant uses, with its feature values.
func (s *Service) DeleteEdition(ctx context.Context, id uuid.UUID) error {
	if err := hostOnly(ctx); err != nil {
		return err
	}
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		e, err := tx.edition(ctx, id)
		if err != nil {
			return err
		}
		n, err := tx.tenantsOfEdition(ctx, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return apperr.User(KeyEditionInUse, e.DisplayName, n)
		}
		if err := tx.deleteEdition(ctx, e); err != nil {
			return err
		}
		if s.d.Features != nil {
			return s.d.Features.DeleteProvider(host(ctx), tx.idb, feature.Edition, id)
		}
		return nil
	})
}
