package auditlogging

import (
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
)

// AuditLog is one request with the operation it ran and the entity changes its writes
// made (ABP's AuditLogDto with details).
type AuditLog struct {
	audit.Log
	Actions       []audit.Action       `json:"actions"`
	EntityChanges []audit.EntityChange `json:"entityChanges"`
}

// EntityChangeWithUserName is one change of an entity and the user whose request made it
// ("" when no request did: seeds, jobs).
type EntityChangeWithUserName struct {
	EntityChange audit.EntityChange `json:"entityChange"`
	UserName     string             `json:"userName"`
}

// ListInput filters the audit log.
type ListInput struct {
	StartTime, EndTime   *time.Time
	URL                  string // a substring, without regard to case
	UserName             string // a substring, without regard to case
	ApplicationName      string
	CorrelationID        string
	HTTPMethod           string // without regard to case
	HTTPStatusCode       *int
	MinExecutionDuration *int // milliseconds
	MaxExecutionDuration *int
	HasException         *bool
	Sorting              string // the client's sorting, checked against a whitelist
	Skip, Limit          int    // Limit 0: every row
}

// EntityChangeQuery filters entity changes.
type EntityChangeQuery struct {
	AuditLogID         *uuid.UUID
	ChangeType         *db.ChangeType
	EntityID           *uuid.UUID
	EntityTypeFullName string
	StartDate, EndDate *time.Time
	Sorting            string
	Skip, Limit        int
}
