package auditlogging

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
)

// Service reads and deletes the audit log of the current tenant (the host's own when no
// tenant is selected) and keeps it within its retention.
type Service struct {
	db       *db.DB
	store    store
	settings *setting.Service
}

// NewService returns the service.
func NewService(d *db.DB, settings *setting.Service) *Service {
	return &Service{db: d, store: store{idb: d}, settings: settings}
}

// Entity types whose history a user administrator may read with AbpIdentity.Users alone
// (the admin's "user change history" screen).
var (
	UserEntityType = db.EntityTypeName(identity.User{})
	RoleEntityType = db.EntityTypeName(identity.Role{})
)

// ListLogs answers a page of the logs in selects, newest first unless Sorting says
// otherwise, and their total. A sorting outside the whitelist is a validation error on
// "sorting".
func (s *Service) ListLogs(ctx context.Context, in ListInput) ([]audit.Log, int, error) {
	order, err := db.Order(in.Sorting, logSorting, logDefaultOrder)
	if err != nil {
		return nil, 0, err
	}
	return s.store.listLogs(ctx, in, order)
}

// GetLog answers one log with its actions and entity changes (each with its properties).
func (s *Service) GetLog(ctx context.Context, id uuid.UUID) (*AuditLog, error) {
	l, err := s.store.getLog(ctx, id)
	if err != nil {
		return nil, notFound(err)
	}
	out := &AuditLog{Log: *l}
	if out.Actions, err = s.store.actionsOf(ctx, id); err != nil {
		return nil, err
	}
	if out.EntityChanges, err = s.store.changesOf(ctx, id); err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteLog deletes one log with its actions and entity changes, in one transaction.
func (s *Service) DeleteLog(ctx context.Context, id uuid.UUID) error {
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return store{idb: tx}.deleteLog(ctx, id)
	})
	return notFound(err)
}

// ListEntityChanges answers a page of the entity changes q selects, newest first unless
// Sorting says otherwise, each with its properties, and their total.
func (s *Service) ListEntityChanges(ctx context.Context, q EntityChangeQuery) ([]audit.EntityChange, int, error) {
	if q.ChangeType != nil && (*q.ChangeType < db.ChangeCreated || *q.ChangeType > db.ChangeDeleted) {
		return nil, 0, apperr.Invalid("entityChangeType", KeyChangeType)
	}
	order, err := db.Order(q.Sorting, changeSorting, changeDefaultOrder)
	if err != nil {
		return nil, 0, err
	}
	return s.store.listChanges(ctx, q, order)
}

// EntityChangesWithUserName answers every change of one entity, newest first, each with the
// name of the user whose request made it.
func (s *Service) EntityChangesWithUserName(ctx context.Context, entityID uuid.UUID, entityType string) ([]EntityChangeWithUserName, error) {
	ve := &apperr.ValidationError{}
	if entityID == uuid.Nil {
		ve.Add("entityId", localization.KeyRequired, "entityId")
	}
	if entityType == "" {
		ve.Add("entityTypeFullName", localization.KeyRequired, "entityTypeFullName")
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	changes, _, err := s.store.listChanges(ctx, EntityChangeQuery{EntityID: &entityID, EntityTypeFullName: entityType}, changeDefaultOrder)
	if err != nil {
		return nil, err
	}
	var logIDs []uuid.UUID
	for _, c := range changes {
		if c.AuditLogID != nil {
			logIDs = append(logIDs, *c.AuditLogID)
		}
	}
	names, err := s.store.userNames(ctx, logIDs)
	if err != nil {
		return nil, err
	}
	out := make([]EntityChangeWithUserName, len(changes))
	for i, c := range changes {
		out[i].EntityChange = c
		if c.AuditLogID != nil {
			out[i].UserName = names[*c.AuditLogID]
		}
	}
	return out, nil
}

// IsIdentityType reports whether entityType is the identity user or role, whose history
// AbpIdentity.Users may read.
func IsIdentityType(entityType string) bool {
	return entityType == UserEntityType || entityType == RoleEntityType
}

// notFound gives a missing log the area's message.
func notFound(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyLogNotFound)
	}
	return err
}
