// Package auditdesign keeps the design review of sales orders: one review sheet per solution
// of an order's design, the seven-state workflow of decision 0012 (transitions.go), and the
// sheets' operation logs. It is wired by the app; it depends on no other area: the order and
// the plan's solutions come in as values, and the actor's name and roles, the SeparatePallet
// dictionary and the assignee's claim permission through functions in Deps.
package auditdesign

import (
	"context"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB          *db.DB
	Catalog     *localization.Catalog
	Permissions *permission.Service
	// Actor answers the caller's name and role names (operation logs).
	Actor func(ctx context.Context) (name string, roles []string)
	// SeparatePallet reports whether code is a value of the SeparatePallet dictionary.
	SeparatePallet func(ctx context.Context, code string) bool
	// Assignee answers a user's name and whether the user holds AuditDesign.Claim.
	Assignee func(ctx context.Context, userID uuid.UUID) (name string, canClaim bool, err error)
}

var _ module.Module = (*Module)(nil)

// Module is the design-review area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(deps Deps) *Module { return &Module{deps: deps, svc: NewService(deps)} }

// Service returns the area's service (the order's design id creates sheets through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "auditdesign" }
func (m *Module) Migrations() []db.Migration      { return migrations }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Texts() localization.Texts       { return texts }
