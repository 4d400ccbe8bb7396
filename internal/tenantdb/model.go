package tenantdb

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// DefaultName is the connection string every tenant-scoped row of a tenant follows; other
// names are stored and listed (as ABP's modules' databases) but not used.
const DefaultName = "Default"

// Limits of the inputs.
const (
	MaxName             = 64
	MaxConnectionString = 1024
	MaxDatabases        = 20
)

// ConnectionString is one named connection string of a tenant: a host row (no tenant_id, so
// the data layer never scopes nor routes it; the tenant is owner_tenant_id).
type ConnectionString struct {
	bun.BaseModel        `bun:"table:saas_tenant_connection_strings"`
	ID                   uuid.UUID  `bun:"id,pk,type:uuid"`
	OwnerTenantID        uuid.UUID  `bun:"owner_tenant_id,type:uuid,notnull"`
	Name                 string     `bun:"name,notnull"`
	Value                string     `bun:"value,notnull"`
	Active               bool       `bun:"active,notnull"` // the tenant's rows live there (Default only)
	CreationTime         time.Time  `bun:"creation_time,notnull"`
	LastModificationTime *time.Time `bun:"last_modification_time"`
}

// Database is one named connection string of a tenant other than Default.
type Database struct {
	DatabaseName     string `json:"databaseName" maxLength:"64"`
	ConnectionString string `json:"connectionString" maxLength:"1024"`
}

// ConnectionStrings is a tenant's connection strings, in ABP's shape, and whether its rows
// live in its Default database already.
type ConnectionStrings struct {
	Default   string     `json:"default"`
	Databases []Database `json:"databases"`
	// Active: the tenant's rows live in its Default database (migrations applied and rows
	// moved); its Default can no longer be changed or deleted.
	Active bool `json:"active"`
}

// UpdateInput replaces a tenant's connection strings: Default ("" removes it) and the named
// others (those not listed are removed).
type UpdateInput struct {
	Default   string     `json:"default,omitempty" maxLength:"1024"`
	Databases []Database `json:"databases,omitempty" maxItems:"20"`
}

// ApplyResult is what apply-database-migrations did.
type ApplyResult struct {
	// MovedRows is how many of the tenant's rows were moved from the host database (0 when
	// they were there already).
	MovedRows int `json:"movedRows"`
	// MovedTables is how many tables those rows came from.
	MovedTables int `json:"movedTables"`
	// Active: the tenant's rows live in its own database now.
	Active bool `json:"active"`
}
