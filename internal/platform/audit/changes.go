package audit

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// EntityChange is one write of one audited row (ABP's EntityChange): what kind of write,
// which row, when, in the request of which audit log (nil outside a request: seeds, jobs).
// Rows belong to the tenant of the changed row.
type EntityChange struct {
	bun.BaseModel      `bun:"table:audit_log_entity_changes"`
	ID                 uuid.UUID        `bun:"id,pk,type:uuid" json:"id"`
	AuditLogID         *uuid.UUID       `bun:"audit_log_id,type:uuid" json:"auditLogId"`
	TenantID           *uuid.UUID       `bun:"tenant_id,type:uuid" json:"tenantId"`
	ChangeTime         time.Time        `bun:"change_time,notnull" json:"changeTime"`
	ChangeType         db.ChangeType    `bun:"change_type,notnull" json:"changeType" enum:"0,1,2" doc:"Created 0, Updated 1, Deleted 2"`
	EntityID           uuid.UUID        `bun:"entity_id,type:uuid,notnull" json:"entityId"`
	EntityTypeFullName string           `bun:"entity_type_full_name,notnull" json:"entityTypeFullName" doc:"<package>.<Type>, e.g. identity.User"`
	PropertyChanges    []PropertyChange `bun:"-" json:"propertyChanges"`
}

// PropertyChange is one property of an entity change: its value before and after, as JSON
// text (null when there is no such side: the original of a creation, the new value of a
// deletion).
type PropertyChange struct {
	bun.BaseModel        `bun:"table:audit_log_property_changes"`
	ID                   uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	TenantID             *uuid.UUID `bun:"tenant_id,type:uuid" json:"tenantId"`
	EntityChangeID       uuid.UUID  `bun:"entity_change_id,type:uuid,notnull" json:"entityChangeId"`
	PropertyName         string     `bun:"property_name,notnull" json:"propertyName"`
	PropertyTypeFullName string     `bun:"property_type_full_name,notnull" json:"propertyTypeFullName"`
	OriginalValue        *string    `bun:"original_value" json:"originalValue"`
	NewValue             *string    `bun:"new_value" json:"newValue"`
}

// Recorder stores the entity changes platform/db computes (db.DB.SetChangeRecorder) in the
// transaction of the write, each naming the audit log of the request it happened in.
type Recorder struct{}

// NewRecorder returns the recorder the app sets on its database.
func NewRecorder() *Recorder { return &Recorder{} }

// recordBatch is how many rows one INSERT of changes carries.
const recordBatch = 1000

// RecordChanges inserts changes and their properties with one statement per table (per
// recordBatch rows). Once they commit, the request's log is written even if it was a read.
func (*Recorder) RecordChanges(ctx context.Context, idb bun.IDB, changes []db.EntityChange) error {
	logID := LogID(ctx)
	rows := make([]EntityChange, len(changes))
	n := 0
	for _, c := range changes {
		n += len(c.Properties)
	}
	props := make([]PropertyChange, 0, n)
	for i, c := range changes {
		rows[i] = EntityChange{ID: db.NewID(), AuditLogID: logID, TenantID: c.TenantID,
			ChangeTime: c.Time.UTC().Truncate(time.Microsecond), ChangeType: c.Type, EntityID: c.EntityID,
			EntityTypeFullName: c.EntityType}
		for _, p := range c.Properties {
			props = append(props, PropertyChange{ID: db.NewID(), TenantID: c.TenantID, EntityChangeID: rows[i].ID,
				PropertyName: p.Name, PropertyTypeFullName: truncate(p.Type, 256), OriginalValue: p.Original, NewValue: p.New})
		}
	}
	if err := insertChunks(ctx, idb, rows); err != nil {
		return fmt.Errorf("entity changes: %w", err)
	}
	if err := insertChunks(ctx, idb, props); err != nil {
		return fmt.Errorf("property changes: %w", err)
	}
	if logID != nil {
		db.AfterCommit(ctx, func() { markChanged(ctx) })
	}
	return nil
}

func insertChunks[T any](ctx context.Context, idb bun.IDB, rows []T) error {
	for start := 0; start < len(rows); start += recordBatch {
		chunk := rows[start:min(start+recordBatch, len(rows))]
		if _, err := idb.NewInsert().Model(&chunk).Returning("NULL").Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
