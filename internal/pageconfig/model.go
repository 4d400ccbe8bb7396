package pageconfig

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Kinds of configuration (docs/decisions/0010): a user's own columns, the columns of the
// users holding one of a list of roles, and the side's default for a route.
const (
	KindUser   = "user"
	KindRole   = "role"
	KindTenant = "tenant"
)

// Sources of the configuration that applies to a caller: the kinds, or none.
const SourceNone = "none"

// PageConfiguration is one row: which columns of a route's table are shown, in what order
// and how wide, for one user, for the holders of some roles, or for everyone of the side.
type PageConfiguration struct {
	bun.BaseModel `bun:"table:page_configurations,alias:pc"`
	db.Entity
	RouteKey     string     `bun:"route_key,notnull"`
	Kind         string     `bun:"kind,notnull"`
	UserID       *uuid.UUID `bun:"user_id,type:uuid"`
	Config       string     `bun:"config,notnull"`
	RoleList     string     `bun:"role_list,notnull"`     // JSON array of role names; "[]" unless Kind is role
	HiddenFields string     `bun:"hidden_fields,notnull"` // JSON array of column keys
}

// Column is one entry of a configuration's config: a column of the table, named by its
// field (key), whether it is shown, its place and width.
type Column struct {
	Key    string   `json:"key"`
	Title  string   `json:"title"`
	IsShow bool     `json:"isShow"`
	Order  int      `json:"order"`
	Width  *float64 `json:"width,omitempty"`
}

// ---- answers ----

// Applied is the configuration that applies to the caller on a route.
type Applied struct {
	ID           *uuid.UUID `json:"id,omitempty" doc:"The row that applies; absent when source is none"`
	RouteKey     string     `json:"routeKey"`
	Config       string     `json:"config" doc:"JSON array of {key, title, isShow, order, width?}; empty when source is none"`
	Source       string     `json:"source" enum:"user,role,tenant,none" doc:"Whose configuration it is: the caller's own, their role's, the side's default, or none"`
	Allowed      bool       `json:"allowed" doc:"False when the route has role configurations, none names one of the caller's roles and the caller is not the side's administrator: the table then shows no rows"`
	HiddenFields []string   `json:"hiddenFields" doc:"Column keys the caller may not show (from the role configuration that applies, else the side's default); empty for the side's administrator"`
}

// Saved answers a save: the row's id and its config.
type Saved struct {
	ID     uuid.UUID `json:"id"`
	Config string    `json:"config"`
}

// TenantConfig is the side's default configuration of a route.
type TenantConfig struct {
	ID       *uuid.UUID `json:"id,omitempty" doc:"Absent when the route has no default"`
	RouteKey string     `json:"routeKey"`
	Config   string     `json:"config" doc:"Empty when the route has no default"`
}

// Item is a row as the administrators' list shows it.
type Item struct {
	ID                   uuid.UUID  `json:"id"`
	RouteKey             string     `json:"routeKey"`
	Kind                 string     `json:"kind" enum:"user,role,tenant"`
	UserID               *uuid.UUID `json:"userId,omitempty" doc:"The owner of a user configuration"`
	UserName             string     `json:"userName,omitempty" doc:"The owner's user name"`
	Config               string     `json:"config" doc:"JSON array of {key, title, isShow, order, width?}"`
	RoleList             []string   `json:"roleList" doc:"Role names; empty unless kind is role"`
	HiddenFields         string     `json:"hiddenFields" doc:"JSON array of column keys users of the configuration may not show"`
	ColumnCount          int        `json:"columnCount" doc:"Columns in config"`
	ShownColumnCount     int        `json:"shownColumnCount" doc:"Columns of config that are shown"`
	CreationTime         time.Time  `json:"creationTime"`
	LastModificationTime time.Time  `json:"lastModificationTime"`
	ConcurrencyStamp     string     `json:"concurrencyStamp"`
}

// ---- inputs ----

// SaveConfigInput saves the caller's own configuration of a route.
type SaveConfigInput struct {
	ID       *uuid.UUID `json:"id,omitempty" format:"uuid" doc:"The caller's row being updated; absent: the caller's row of the route, created when missing"`
	RouteKey string     `json:"routeKey,omitempty" required:"true" maxLength:"256" pattern:"^[A-Za-z0-9_-]{1,256}$" doc:"The route path with every / replaced by zzz"`
	Config   string     `json:"config,omitempty" required:"true" maxLength:"65536" doc:"JSON array of {key, title, isShow, order, width?}"`
}

// SaveTenantConfigInput saves the side's default configuration of a route.
type SaveTenantConfigInput struct {
	RouteKey string `json:"routeKey,omitempty" required:"true" maxLength:"256" pattern:"^[A-Za-z0-9_-]{1,256}$" doc:"The route path with every / replaced by zzz"`
	Config   string `json:"config,omitempty" required:"true" maxLength:"65536" doc:"JSON array of {key, title, isShow, order, width?}"`
}

// CreateInput is an administrator's new configuration: a role configuration when roleList
// names roles, else the side's default of the route (one per route).
type CreateInput struct {
	RouteKey     string   `json:"routeKey,omitempty" required:"true" maxLength:"256" pattern:"^[A-Za-z0-9_-]{1,256}$" doc:"The route path with every / replaced by zzz"`
	Config       string   `json:"config,omitempty" required:"true" maxLength:"65536" doc:"JSON array of {key, title, isShow, order, width?}"`
	RoleList     []string `json:"roleList,omitempty" maxItems:"100" doc:"Role names; empty: the side's default"`
	HiddenFields string   `json:"hiddenFields,omitempty" maxLength:"16384" doc:"JSON array of column keys; absent: none"`
}

// UpdateInput changes a configuration; absent members keep their value. Giving a user's
// configuration a role list makes it a role configuration; emptying a role configuration's
// list makes it the side's default (refused when the route has one).
type UpdateInput struct {
	Config           *string   `json:"config,omitempty" maxLength:"65536" doc:"JSON array of {key, title, isShow, order, width?}"`
	RoleList         *[]string `json:"roleList,omitempty" maxItems:"100" doc:"Role names"`
	HiddenFields     *string   `json:"hiddenFields,omitempty" maxLength:"16384" doc:"JSON array of column keys"`
	ConcurrencyStamp string    `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// Query is a page of the administrators' list.
type Query struct {
	Filter   string // part of the route key
	RouteKey string // exactly this route
	Kind     string // user, role or tenant; empty: all
	Sorting  string
	Skip     int
	Limit    int
}
