package orgunits

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Service holds the rules of organisation units: the tree and its codes, members and roles.
// It knows no HTTP. Members and roles are in service_links.go.
type Service struct {
	store    store
	identity *identity.Service // told of every membership change; nil in tests that need not be
}

// NewService returns the service on d; id (may be nil) hears of membership changes, so the
// permission checks see them on the user's next request.
func NewService(d *db.DB, id *identity.Service) *Service {
	return &Service{store: newStore(d), identity: id}
}

// membershipsChanged tells identity that the roles of user (uuid.Nil: of any number of users)
// changed, once the transaction of ctx commits.
func (s *Service) membershipsChanged(ctx context.Context, user uuid.UUID) {
	if s.identity != nil {
		s.identity.MembershipsChanged(ctx, user)
	}
}

// ListUnits answers a page of the tenant's units (sorting default code: the tree depth first),
// filtered on the display name.
func (s *Service) ListUnits(ctx context.Context, q Query) ([]OrganizationUnit, int, error) {
	order, err := db.Order(q.Sorting, unitSorting, unitOrder)
	if err != nil {
		return nil, 0, err
	}
	return s.store.listUnits(ctx, q, order)
}

// GetUnit answers one unit of the tenant.
func (s *Service) GetUnit(ctx context.Context, id uuid.UUID) (*OrganizationUnit, error) {
	return s.store.getUnit(ctx, id)
}

// checkName trims a display name and checks its length.
func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", apperr.Invalid("displayName", localization.KeyRequired, FieldDisplayName)
	case utf8.RuneCountInString(name) > MaxDisplayName:
		return "", apperr.Invalid("displayName", localization.KeyTooLong, FieldDisplayName, MaxDisplayName)
	}
	return name, nil
}

// parentOf reads the parent a request names (nil or the all-zero UUID: the root); a unit that
// does not exist is a validation error on parentId.
func parentOf(ctx context.Context, tx store, id *uuid.UUID) (*OrganizationUnit, error) {
	if id == nil || *id == uuid.Nil {
		return nil, nil
	}
	p, err := tx.getUnit(ctx, *id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, apperr.Invalid("parentId", KeyParentNotFound)
	}
	return p, err
}

// placeUnder checks that no other unit under parent (nil: the roots) has the name, and
// answers the code of a new child of parent: one more than its highest live child's.
func placeUnder(ctx context.Context, tx store, parent *OrganizationUnit, self uuid.UUID, name string) (string, error) {
	var parentID *uuid.UUID
	prefix := ""
	if parent != nil {
		parentID, prefix = &parent.ID, parent.Code+"."
	}
	siblings, err := tx.children(ctx, parentID)
	if err != nil {
		return "", err
	}
	last := 0
	for _, c := range siblings {
		if c.ID == self {
			continue
		}
		if c.DisplayName == name {
			return "", apperr.Invalid("displayName", KeyDuplicateName, name)
		}
		if n, err := strconv.Atoi(c.Code[strings.LastIndexByte(c.Code, '.')+1:]); err == nil && n > last {
			last = n
		}
	}
	return fmt.Sprintf("%s%0*d", prefix, CodeDigits, last+1), nil
}

// codeAttempts is how often CreateUnit tries when a unit created at the same moment took the
// code it chose (possible only in a tenant without units, which lockTree cannot lock).
const codeAttempts = 5

// CreateUnit adds a unit under in.ParentID (a root when none), with the next code there.
func (s *Service) CreateUnit(ctx context.Context, in CreateOrganizationUnitInput) (*OrganizationUnit, error) {
	name, err := checkName(in.DisplayName)
	if err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		u := &OrganizationUnit{DisplayName: name}
		err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
			if err := tx.lockTree(ctx); err != nil {
				return err
			}
			parent, err := parentOf(ctx, tx, in.ParentID)
			if err != nil {
				return err
			}
			if u.Code, err = placeUnder(ctx, tx, parent, uuid.Nil, name); err != nil {
				return err
			}
			if parent != nil {
				u.ParentID = &parent.ID
			}
			return tx.insertUnit(ctx, u)
		})
		if errors.Is(err, db.ErrDuplicate) && attempt < codeAttempts {
			continue
		}
		if err != nil {
			return nil, err
		}
		return u, nil
	}
}

// UpdateUnit renames a unit and, when in.ParentID names another parent, moves it there: it
// takes the next code under its new parent and the codes of its whole subtree follow, in one
// transaction. A unit cannot move under itself or one of its descendants.
func (s *Service) UpdateUnit(ctx context.Context, id uuid.UUID, in UpdateOrganizationUnitInput) (*OrganizationUnit, error) {
	name, err := checkName(in.DisplayName)
	if err != nil {
		return nil, err
	}
	var out *OrganizationUnit
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if in.ParentID != nil {
			if err := tx.lockTree(ctx); err != nil {
				return err
			}
		}
		u, err := tx.getUnit(ctx, id)
		if err != nil {
			return err
		}
		moving := in.ParentID != nil && !sameParent(u.ParentID, *in.ParentID)
		var parent *OrganizationUnit
		if moving {
			if parent, err = parentOf(ctx, tx, in.ParentID); err != nil {
				return err
			}
			if parent != nil && (parent.ID == u.ID || strings.HasPrefix(parent.Code, u.Code+".")) {
				return apperr.Invalid("parentId", KeyMoveUnderItself, u.DisplayName)
			}
		} else if u.ParentID != nil {
			if parent, err = tx.getUnit(ctx, *u.ParentID); err != nil {
				return err
			}
		}
		code, err := placeUnder(ctx, tx, parent, u.ID, name)
		if err != nil {
			return err
		}
		u.DisplayName = name
		if moving {
			if err := tx.recode(ctx, u.Code, code); err != nil {
				return err
			}
			u.Code, u.ParentID = code, nil
			if parent != nil {
				u.ParentID = &parent.ID
			}
		}
		if err := tx.updateUnit(ctx, u, in.ConcurrencyStamp); err != nil {
			return err
		}
		out = u
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sameParent reports whether a unit whose parent is current stays where it is when a request
// names parent (the all-zero UUID: the root).
func sameParent(current *uuid.UUID, parent uuid.UUID) bool {
	if current == nil {
		return parent == uuid.Nil
	}
	return *current == parent
}

// DeleteUnit soft-deletes a unit and every unit below it, and ends their memberships and
// roles, in one transaction. Their members lose the units' roles on their next request.
func (s *Service) DeleteUnit(ctx context.Context, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockTree(ctx); err != nil {
			return err
		}
		u, err := tx.getUnit(ctx, id)
		if err != nil {
			return err
		}
		ids, err := tx.subtree(ctx, u.Code)
		if err != nil {
			return err
		}
		if err := tx.deleteUnits(ctx, append(ids, u.ID)); err != nil {
			return err
		}
		s.membershipsChanged(ctx, uuid.Nil)
		return nil
	})
}
