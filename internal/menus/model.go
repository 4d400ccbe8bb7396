// Package menus stores the menu rows the web shell is built from. Every module declares
// its entries in code (module.MenuEntry); at each start they are written into the
// `menus` table, where administrators may edit them. getWebMenu answers the tree the
// caller may see.
package menus

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Menu is one stored menu row. Rows are host rows (tenant_id is always NULL): the menu is
// the same for every tenant, filtered per request by permission and by whether a tenant
// is selected.
type Menu struct {
	bun.BaseModel `bun:"table:menus,alias:menu"`
	db.Entity
	ParentID          uuid.UUID `bun:"parent_id,type:uuid,notnull"`
	Name              string    `bun:"name,notnull"`
	Path              string    `bun:"path,notnull,default:''"`
	Component         string    `bun:"component,notnull,default:''"`
	Icon              string    `bun:"icon,notnull,default:''"`
	Order             int       `bun:"sort_order,notnull,default:0"`
	Permission        string    `bun:"permission,notnull,default:''"`
	Hidden            bool      `bun:"hidden,notnull,default:false"`
	DisplayNameZhHans string    `bun:"display_name_zh_hans,notnull,default:''"`
	DisplayNameEn     string    `bun:"display_name_en,notnull,default:''"`
	ActiveMenu        string    `bun:"active_menu,notnull,default:''"`
	NoCache           bool      `bun:"no_cache,notnull,default:false"`
	Affix             bool      `bun:"affix,notnull,default:false"`
	IsExternal        bool      `bun:"is_external,notnull,default:false"`
	HostOnly          bool      `bun:"host_only,notnull,default:false"`
	MultiTenancyOnly  bool      `bun:"multi_tenancy_only,notnull,default:false"`
	// Customized is set once an administrator creates or edits the row; the start-up sync
	// never touches such a row again.
	Customized bool `bun:"customized,notnull,default:false"`
	// SeedHash fingerprints the module entry the sync last wrote into the row, so the sync
	// only writes when a module changed its entry.
	SeedHash string `bun:"seed_hash,notnull,default:''"`

	ChildCount int `bun:"child_count,scanonly"`
}

// MenuItem is one entry of the web menu tree (GET /api/menu/getWebMenu).
type MenuItem struct {
	ID          uuid.UUID  `json:"id"`
	ParentID    uuid.UUID  `json:"parentId"`
	Name        string     `json:"name"`
	DisplayName string     `json:"displayName"`
	Path        string     `json:"path"`
	Component   string     `json:"component"`
	Icon        string     `json:"icon"`
	Order       int        `json:"order"`
	Permission  string     `json:"permission"`
	ActiveMenu  string     `json:"activeMenu"`
	NoCache     bool       `json:"noCache"`
	Affix       bool       `json:"affix"`
	IsExternal  bool       `json:"isExternal"`
	Children    []MenuItem `json:"children"`
}

// MenuDto is a stored row as administrators see and edit it.
type MenuDto struct {
	ID                   uuid.UUID  `json:"id"`
	ParentID             uuid.UUID  `json:"parentId"`
	Name                 string     `json:"name"`
	DisplayName          string     `json:"displayName" doc:"In the request's culture"`
	DisplayNameZhHans    string     `json:"displayNameZhHans"`
	DisplayNameEn        string     `json:"displayNameEn"`
	Path                 string     `json:"path"`
	Component            string     `json:"component"`
	Icon                 string     `json:"icon"`
	Order                int        `json:"order"`
	Permission           string     `json:"permission"`
	Hidden               bool       `json:"hidden"`
	ActiveMenu           string     `json:"activeMenu"`
	NoCache              bool       `json:"noCache"`
	Affix                bool       `json:"affix"`
	IsExternal           bool       `json:"isExternal"`
	HostOnly             bool       `json:"hostOnly"`
	MultiTenancyOnly     bool       `json:"multiTenancyOnly"`
	ChildCount           int        `json:"childCount"`
	Customized           bool       `json:"customized" doc:"Edited by an administrator: start-up no longer rewrites it from the module's declaration"`
	CreationTime         time.Time  `json:"creationTime"`
	LastModificationTime *time.Time `json:"lastModificationTime"`
	ConcurrencyStamp     string     `json:"concurrencyStamp"`
}

// CreateMenuInput is a new menu row.
type CreateMenuInput struct {
	ParentID          uuid.UUID `json:"parentId,omitempty" doc:"All-zero UUID (or absent) for a root"`
	Name              string    `json:"name,omitempty" maxLength:"128" doc:"Unique key, e.g. catalog.products; also the route name"`
	DisplayNameZhHans string    `json:"displayNameZhHans,omitempty" maxLength:"128"`
	DisplayNameEn     string    `json:"displayNameEn,omitempty" maxLength:"128"`
	Path              string    `json:"path,omitempty" maxLength:"512" doc:"/absolute/path, or http(s):// for an external link"`
	Component         string    `json:"component,omitempty" maxLength:"256" doc:"Component key of the web registry; Layout for a group"`
	Icon              string    `json:"icon,omitempty" maxLength:"128"`
	Order             int       `json:"order,omitempty"`
	Permission        string    `json:"permission,omitempty" maxLength:"256" doc:"Needed to see the entry; empty: any logged-in user"`
	Hidden            bool      `json:"hidden,omitempty"`
	ActiveMenu        string    `json:"activeMenu,omitempty" maxLength:"512"`
	NoCache           bool      `json:"noCache,omitempty"`
	Affix             bool      `json:"affix,omitempty"`
	IsExternal        bool      `json:"isExternal,omitempty"`
	HostOnly          bool      `json:"hostOnly,omitempty"`
	MultiTenancyOnly  bool      `json:"multiTenancyOnly,omitempty"`
}

// UpdateMenuInput changes a menu row; absent fields keep their value. The name is the
// row's key and cannot change.
type UpdateMenuInput struct {
	ParentID          *uuid.UUID `json:"parentId,omitempty"`
	DisplayNameZhHans *string    `json:"displayNameZhHans,omitempty" maxLength:"128"`
	DisplayNameEn     *string    `json:"displayNameEn,omitempty" maxLength:"128"`
	Path              *string    `json:"path,omitempty" maxLength:"512"`
	Component         *string    `json:"component,omitempty" maxLength:"256"`
	Icon              *string    `json:"icon,omitempty" maxLength:"128"`
	Order             *int       `json:"order,omitempty"`
	Permission        *string    `json:"permission,omitempty" maxLength:"256"`
	Hidden            *bool      `json:"hidden,omitempty"`
	ActiveMenu        *string    `json:"activeMenu,omitempty" maxLength:"512"`
	NoCache           *bool      `json:"noCache,omitempty"`
	Affix             *bool      `json:"affix,omitempty"`
	IsExternal        *bool      `json:"isExternal,omitempty"`
	HostOnly          *bool      `json:"hostOnly,omitempty"`
	MultiTenancyOnly  *bool      `json:"multiTenancyOnly,omitempty"`
	ConcurrencyStamp  string     `json:"concurrencyStamp,omitempty" doc:"When given, a stale stamp answers 409"`
}

// Apply copies the given fields onto m.
func (in UpdateMenuInput) Apply(m *Menu) {
	set(&m.ParentID, in.ParentID)
	set(&m.DisplayNameZhHans, in.DisplayNameZhHans)
	set(&m.DisplayNameEn, in.DisplayNameEn)
	set(&m.Path, in.Path)
	set(&m.Component, in.Component)
	set(&m.Icon, in.Icon)
	set(&m.Order, in.Order)
	set(&m.Permission, in.Permission)
	set(&m.Hidden, in.Hidden)
	set(&m.ActiveMenu, in.ActiveMenu)
	set(&m.NoCache, in.NoCache)
	set(&m.Affix, in.Affix)
	set(&m.IsExternal, in.IsExternal)
	set(&m.HostOnly, in.HostOnly)
	set(&m.MultiTenancyOnly, in.MultiTenancyOnly)
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
