package identity

import (
	"context"
	"io"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
)

// Deps is what the identity area needs from the app.
type Deps struct {
	DB          *db.DB
	Registry    *permission.Registry
	Permissions *permission.Service
	Bus         *bus.Bus         // invalidates the user and tenant caches on every replica; nil: no caches
	Settings    *setting.Service // password rules
	// AdminPassword is the first host admin's password (--admin-password). Empty: the demo
	// password with demo data, otherwise a random one written once to Notice.
	AdminPassword string
	Notice        io.Writer // nil: os.Stderr
}

// Module is the identity area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(deps Deps) *Module {
	svc := NewService(deps.DB, nil)
	svc.cacheThrough(deps.Bus)
	svc.settings, svc.perms = deps.Settings, deps.Permissions
	return &Module{deps: deps, svc: svc}
}

// Service returns the area's service for other areas.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "identity" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
func (m *Module) Menus() []module.MenuEntry                 { return menus }

// FeatureMaxUsers limits a tenant's live users (docs/decisions/0014; 0: no limit).
const FeatureMaxUsers = "Kerf.Identity.MaxUsers"

// Features declares the users limit.
func (m *Module) Features() []feature.Group {
	t := func(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }
	return []feature.Group{{Name: "Kerf.Identity", DisplayName: t("身份认证", "Identity"),
		Features: []feature.Definition{{Name: FeatureMaxUsers, Type: feature.TypeInt, Default: "0", Min: 0, Max: 1_000_000,
			DisplayName: t("最多用户数", "Users"),
			Description: t("租户的用户数上限（0 为不限）", "The most users a tenant may have (0: no limit)")}}}}
}
func (m *Module) Settings() []setting.Definition { return settingDefinitions }

// Register mounts the area's operations and makes it the API's tenant resolver.
func (m *Module) Register(api *httpapi.API) {
	api.SetTenants(m.svc)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/identity/my-profile",
		Summary: "The caller's own profile", Tags: []string{"identity"}}, httpapi.LoggedIn(), m.getProfile)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: "/api/identity/my-profile",
		Summary: "Change the caller's own name, surname, e-mail and phone", Tags: []string{"identity"}}, httpapi.LoggedIn(), m.updateProfile)
	m.registerUsers(api)
	m.registerRoles(api)
}

// Profile is the caller's own profile.
type Profile struct {
	UserName         string `json:"userName"`
	Name             string `json:"name"`
	Surname          string `json:"surname"`
	Email            string `json:"email"`
	PhoneNumber      string `json:"phoneNumber"`
	ConcurrencyStamp string `json:"concurrencyStamp"`
}

func profileOf(u *User) Profile {
	return Profile{UserName: u.UserName, Name: u.Name, Surname: u.Surname, Email: u.Email,
		PhoneNumber: u.PhoneNumber, ConcurrencyStamp: u.ConcurrencyStamp}
}

func (m *Module) getProfile(ctx context.Context, _ *struct{}) (*httpapi.Body[Profile], error) {
	p := auth.FromContext(ctx)
	if p.ClientOnly {
		return nil, apperr.ErrForbidden
	}
	u, err := m.svc.GetUser(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[Profile]{Body: profileOf(u)}, nil
}

func (m *Module) updateProfile(ctx context.Context, in *httpapi.Body[ProfileInput]) (*httpapi.Body[Profile], error) {
	p := auth.FromContext(ctx)
	if p.ClientOnly {
		return nil, apperr.ErrForbidden
	}
	u, err := m.svc.UpdateProfile(ctx, p.UserID, in.Body)
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[Profile]{Body: profileOf(u)}, nil
}
