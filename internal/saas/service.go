package saas

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Service holds the rules of editions and tenants.
type Service struct {
	d     Deps
	store store
}

// NewService returns the service of d.
func NewService(d Deps) *Service { return &Service{d: d, store: newStore(d.DB)} }

// hostOnly refuses a caller acting in a tenant (a tenant's user, or the host's with
// __tenant): editions and tenants are the host's to manage.
func hostOnly(ctx context.Context) error {
	if tenancy.ID(ctx) != nil {
		return apperr.ErrForbidden
	}
	return nil
}

func normalize(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// page turns q into a db.Page ordered by sorting (whitelisted), def when empty.
func page(q Query, sorting map[string]string, def string) (db.Page, error) {
	order, err := db.Order(q.Sorting, sorting, def)
	if err != nil {
		return db.Page{}, err
	}
	return db.Page{Order: order, Skip: q.Skip, Limit: q.Limit}, nil
}

// tooLong adds a KeyTooLong message when s has more than max characters.
func tooLong(ve *apperr.ValidationError, field, label, s string, max int) {
	if utf8.RuneCountInString(s) > max {
		ve.Add(field, localization.KeyTooLong, label, max)
	}
}

// editionOf answers the edition an input names: nil for none (absent or the all-zero id).
func editionOf(id *uuid.UUID) *uuid.UUID {
	if id == nil || *id == uuid.Nil {
		return nil
	}
	v := *id
	return &v
}
