package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/tenancy"
)

// Entity is embedded by every table row of a module: a UUID id, the owning tenant,
// audit fields, soft delete and a concurrency stamp. Its hook fills the id, tenant and
// audit fields on insert and update, so stores never set them by hand.
type Entity struct {
	ID                   uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	TenantID             *uuid.UUID `bun:"tenant_id,type:uuid" json:"tenantId"`
	CreationTime         time.Time  `bun:"creation_time,notnull" json:"creationTime"`
	CreatorID            *uuid.UUID `bun:"creator_id,type:uuid" json:"creatorId"`
	LastModificationTime *time.Time `bun:"last_modification_time" json:"lastModificationTime"`
	LastModifierID       *uuid.UUID `bun:"last_modifier_id,type:uuid" json:"lastModifierId"`
	IsDeleted            bool       `bun:"is_deleted,notnull,default:false" json:"isDeleted"`
	DeleterID            *uuid.UUID `bun:"deleter_id,type:uuid" json:"-"`
	DeletionTime         *time.Time `bun:"deletion_time" json:"-"`
	ConcurrencyStamp     string     `bun:"concurrency_stamp,notnull" json:"concurrencyStamp"`
}

// BeforeAppendModel fills id, tenant and audit fields.
func (e *Entity) BeforeAppendModel(ctx context.Context, query bun.Query) error {
	now := time.Now().UTC().Truncate(time.Microsecond)
	switch query.(type) {
	case *bun.InsertQuery:
		if e.ID == uuid.Nil {
			e.ID = NewID()
		}
		if e.TenantID == nil && tenancy.Filtered(ctx) {
			e.TenantID = tenancy.ID(ctx)
		}
		if e.CreationTime.IsZero() {
			e.CreationTime = now
		}
		if e.CreatorID == nil {
			e.CreatorID = auth.UserID(ctx)
		}
		if e.ConcurrencyStamp == "" {
			e.ConcurrencyStamp = NewStamp()
		}
	case *bun.UpdateQuery:
		e.LastModificationTime = &now
		e.LastModifierID = auth.UserID(ctx)
	}
	return nil
}

// NewID returns a new random UUID.
func NewID() uuid.UUID { return uuid.Must(uuid.NewV7()) }

// NewStamp returns a new concurrency stamp.
func NewStamp() string { return uuid.NewString() }

// EmptyID is the all-zero UUID: the "empty id" and the parent of roots.
var EmptyID = uuid.Nil
