package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/account"
	"kerf/internal/auditdesign"
	"kerf/internal/auditlogging"
	"kerf/internal/catalog"
	"kerf/internal/chat"
	"kerf/internal/claimtypes"
	"kerf/internal/datadictionary"
	"kerf/internal/files"
	"kerf/internal/homedesign"
	"kerf/internal/identity"
	"kerf/internal/importmapping"
	"kerf/internal/language"
	"kerf/internal/menus"
	"kerf/internal/notifications"
	"kerf/internal/oidc"
	"kerf/internal/optimization"
	"kerf/internal/orderdetail"
	"kerf/internal/orgunits"
	"kerf/internal/pageconfig"
	"kerf/internal/permissions"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/email"
	"kerf/internal/platform/module"
	"kerf/internal/platform/tenancy"
	"kerf/internal/saas"
	"kerf/internal/salesorder"
	"kerf/internal/securitylog"
	"kerf/internal/session"
	"kerf/internal/settings"
	"kerf/internal/tenantdb"
	"kerf/internal/texttemplate"
	"kerf/internal/warehouse"
	"kerf/internal/wechat"
	"kerf/web"
)

// modules builds the areas in dependency order: one line per area.
func (a *App) modules(ctx context.Context) ([]module.Module, error) {
	_ = ctx
	// Secret settings (the SMTP password, client secrets) are sealed with the installation secret.
	if err := a.Settings.UseSecret(a.Config.Secret, a.Config.DataDir); err != nil {
		return nil, err
	}
	id := identity.New(identity.Deps{DB: a.DB, Registry: a.Registry, Permissions: a.Permissions, Bus: a.Bus, Settings: a.Settings, AdminPassword: a.Config.AdminPassword})
	a.Identity = id.Service()
	a.Permissions.Roles = a.Identity.EffectiveRoles // role changes reach a user's next request
	// Every module's menu entries, read when the menus area seeds (the list is complete then).
	menuEntries := func() []module.MenuEntry {
		var out []module.MenuEntry
		for _, m := range a.Modules {
			out = append(out, m.Menus()...)
		}
		return out
	}
	// Notifications: every module's kinds (notifications.DefinitionModule), read at the first use.
	notes := a.notifications()
	sec := securitylog.New(a.DB, nil)
	// E-mail: mail.Sender() queues a message (after the caller's commit); templates.Service().Render
	// renders its body from a text template in the caller's language.
	mail := email.New(email.Deps{DB: a.DB, Settings: a.Settings})
	templates := texttemplate.New(texttemplate.Deps{DB: a.DB, Catalog: a.Catalog})
	acc := account.New(account.Deps{DB: a.DB, Identity: a.Identity, SecurityLog: sec.Service(),
		Mail: mail.Sender(), Templates: templates.Service(), PublicURL: a.Config.Public(), Settings: a.Settings})
	weChat := wechat.New(wechat.Deps{DB: a.DB, Settings: a.Settings})
	oidcModule := oidc.New(oidc.Deps{DB: a.DB, Secret: a.Config.Secret, DataDir: a.Config.DataDir, KeyRotation: a.Config.KeyRotation, Bus: a.Bus, Identity: a.Identity, Permissions: a.Permissions, SecurityLog: sec.Service(), PhoneCodes: acc.PhoneCodes(), WeChat: weChat.Service(), Disconnect: a.Realtime.Disconnect})
	a.Identity.AddSignOutHook(oidcModule.SignOutUser) // locked, deleted or re-passworded users lose their logins
	a.Identity.AddSignOutHook(func(ctx context.Context, _ bun.IDB, id uuid.UUID) error {
		return a.Realtime.Disconnect(ctx, id) // and their hub connections, once the change commits
	})
	filesModule := files.New(files.Deps{DB: a.DB, Blob: a.Blob})
	dict := datadictionary.New(datadictionary.Deps{DB: a.DB, Bus: a.Bus, Catalog: a.Catalog, Permissions: a.Permissions, Tenants: a.Identity, ListTenants: a.Identity.Tenants})
	orders := salesorder.New(salesorder.Deps{DB: a.DB, Bus: a.Bus, Catalog: a.Catalog, Permissions: a.Permissions, Identity: a.Identity, Files: filesModule.Service(), Tenants: a.Identity,
		Notifier: notes.Service()})
	products := catalog.New(catalog.Deps{DB: a.DB, Catalog: a.Catalog, Permissions: a.Permissions, Tenants: a.Identity})
	plans := homedesign.New(homedesign.Deps{DB: a.DB, Settings: a.Settings, Tenants: a.Identity, Permissions: a.Permissions,
		UserID: a.userID})
	review := a.auditDesign(orders.Service(), plans.Service(), products.Service(), dict.Service(), notes.Service())
	stock := warehouse.New(warehouse.Deps{DB: a.DB, Tenants: a.Identity, UserID: a.userID})
	// The languages and text overrides: the catalog's source of overrides, with the web client's texts.
	langs, err := language.New(language.Deps{DB: a.DB, Bus: a.Bus, Catalog: a.Catalog, Web: web.Locales})
	if err != nil {
		return nil, err
	}
	// The settings page's groups; the client's configuration reads the stored values through it.
	settingsModule := settings.New(settings.Deps{DB: a.DB, Settings: a.Settings, Version: a.Config.Version})
	mappings := importmapping.New(importmapping.Deps{DB: a.DB, Bus: a.Bus, Catalog: a.Catalog, Permissions: a.Permissions, Dictionaries: dict, Tenants: a.Identity})
	return []module.Module{
		id,
		// Tenants on their own databases: connection strings, the move, platform/db's routing.
		tenantdb.New(tenantdb.Deps{DB: a.DB, Bus: a.Bus, Tenants: a.Identity, DataDir: a.Config.DataDir, Migrations: a.Migrations}),
		sec,
		acc,
		oidcModule,
		session.New(session.Deps{Catalog: a.Catalog, Registry: a.Registry, Permissions: a.Permissions, Directory: a.Identity, Features: a.Features, MultiTenancy: a.Config.MultiTenancy, Version: a.Config.Version,
			Settings: settingsModule.ClientSettings()}),
		langs,
		menus.New(menus.Deps{DB: a.DB, Registry: a.Registry, Permissions: a.Permissions, Entries: menuEntries, MultiTenancy: a.Config.MultiTenancy}),
		claimtypes.New(claimtypes.Deps{DB: a.DB, Identity: a.Identity, Bus: a.Bus}),
		orgunits.New(orgunits.Deps{DB: a.DB, Identity: a.Identity, Bus: a.Bus}),
		auditlogging.New(auditlogging.Deps{DB: a.DB, Identity: a.Identity, Settings: a.Settings}),
		permissions.New(permissions.Deps{DB: a.DB, Registry: a.Registry, Permissions: a.Permissions, Directory: a.Identity}),
		filesModule,
		chat.New(chat.Deps{DB: a.DB, Blob: a.Blob, Users: a.chatUser, Realtime: a.Realtime}), // friends and messages (area im)
		products,
		dict,
		pageconfig.New(pageconfig.Deps{DB: a.DB, Bus: a.Bus, Catalog: a.Catalog, Permissions: a.Permissions, Identity: a.Identity}),
		mappings,
		plans, // before orders: the demo orders choose its plans
		orders,
		orderdetail.New(orderdetail.Deps{DB: a.DB, Catalog: a.Catalog, Permissions: a.Permissions, Registry: a.Registry, Orders: orders.Service(),
			Products: products.Service(), Mappings: mappings.Service(), Tenants: a.Identity, ListTenants: a.Identity.Tenants}),
		review,
		stock,
		optimization.New(optimization.Deps{DB: a.DB, Catalog: a.Catalog, Permissions: a.Permissions, Tenants: a.Identity,
			Reviews: review.Service(), Stock: stock.Service(),
			Mail: mail.Sender(), Templates: templates.Service(), Recipient: a.recipient, PublicURL: a.Config.Public(), Settings: a.Settings, Notifier: notes.Service(), Progress: a.Realtime}),
		mail,
		templates,
		// Tenants and editions (host): a new tenant gets every module's TenantSeeder rows.
		saas.New(saas.Deps{DB: a.DB, Identity: a.Identity, Features: a.Features, SeedTenant: a.seedTenant,
			Templates: templates.Service(), Mail: mail.Sender(), Catalog: a.Catalog, PublicURL: a.Config.Public(), MultiTenancy: a.Config.MultiTenancy}),
		settingsModule,
		weChat,
		notes,
	}, nil
}

// notifications builds the notifications area: the kinds every module declares, the active
// users a broadcast reaches, and the roles given the realtime connection at seed (the default
// roles new users get and, with demo, the sales role).
func (a *App) notifications() *notifications.Module {
	return notifications.New(notifications.Deps{DB: a.DB, Realtime: a.Realtime, Permissions: a.Permissions,
		Definitions: func() []notifications.Definition {
			var out []notifications.Definition
			for _, m := range a.Modules {
				if d, ok := m.(notifications.DefinitionModule); ok {
					out = append(out, d.Notifications()...)
				}
			}
			return out
		},
		ActiveUsers: func(ctx context.Context) ([]uuid.UUID, error) {
			var out []uuid.UUID
			for skip := 0; ; skip += 1000 {
				page, total, err := a.Identity.ListUsers(ctx, identity.UserQuery{Skip: skip, Limit: 1000})
				if err != nil {
					return nil, err
				}
				for _, u := range page {
					if u.IsActive {
						out = append(out, u.ID)
					}
				}
				if len(page) == 0 || skip+len(page) >= total {
					return out, nil
				}
			}
		},
		Tenants: a.Identity.Tenants,
		SeedRoles: func(ctx context.Context, demo bool) ([]string, error) {
			roles, err := a.Identity.AllRoles(ctx)
			if err != nil {
				return nil, err
			}
			var out []string
			for _, r := range roles {
				if r.IsDefault || (demo && r.Name == identity.SalesRole) {
					out = append(out, r.Name)
				}
			}
			return out, nil
		},
	})
}

// auditDesign builds the design review: the actor's name and roles for its logs, the
// SeparatePallet and quotation-type dictionaries, an assignee's claim permission, and its
// steps on sales orders (a deleted draft takes its sheets; the last pass confirms the order).
func (a *App) auditDesign(orders *salesorder.Service, plans *homedesign.Service, parts *catalog.Service, dict *datadictionary.Service,
	notes *notifications.Service) *auditdesign.Module {
	m := auditdesign.New(auditdesign.Deps{DB: a.DB, Catalog: a.Catalog, Permissions: a.Permissions, Settings: a.Settings,
		Orders: orders, Plans: plans, Parts: parts, Tenants: a.Identity, UserID: a.userID, Notifier: notes,
		Actor: func(ctx context.Context) (string, []string) {
			p := auth.FromContext(ctx)
			if p == nil {
				return "", nil
			}
			name := p.UserName
			if u, err := a.Identity.GetUser(ctx, p.UserID); err == nil && u.Name != "" {
				name = u.Name
			}
			roles, err := a.Identity.EffectiveRoles(ctx, p.UserID)
			if err != nil {
				roles = p.Roles
			}
			return name, roles
		},
		SeparatePallet: func(ctx context.Context, code string) bool {
			rows, err := dict.Details(ctx, datadictionary.CodeSeparatePallet)
			if err != nil {
				return false
			}
			for _, r := range rows {
				if r.Code == code || r.Value == code {
					return true
				}
			}
			return false
		},
		QuotationTypes: func(ctx context.Context) ([]auditdesign.QuotationType, error) {
			rows, err := dict.Details(ctx, datadictionary.CodeQuotationType)
			if err != nil {
				return nil, err
			}
			out := make([]auditdesign.QuotationType, len(rows))
			for i, r := range rows {
				out[i] = auditdesign.QuotationType{Value: r.Value, Label: r.Label, IsDefault: r.IsDefault}
			}
			return out, nil
		},
		Assignee: func(ctx context.Context, id uuid.UUID) (string, bool, error) {
			u, err := a.Identity.GetUser(ctx, id)
			if errors.Is(err, db.ErrNotFound) {
				return "", false, nil // another tenant's user, or none: not one who may claim here
			}
			if err != nil {
				return "", false, err
			}
			name := u.Name
			if name == "" {
				name = u.UserName
			}
			ok, err := a.Permissions.IsGranted(ctx, &auth.Principal{UserID: id, TenantID: tenancy.ID(ctx), UserName: u.UserName}, auditdesign.PermClaim)
			return name, ok, err
		},
	})
	return m
}

// seedTenant runs every module's TenantSeeder for ctx's tenant (a new one) inside tx, in the
// modules' order (identity's admin role first).
func (a *App) seedTenant(ctx context.Context, tx bun.Tx) error {
	for _, m := range a.Modules {
		if s, ok := m.(module.TenantSeeder); ok {
			if err := s.SeedTenant(ctx, tx); err != nil {
				return fmt.Errorf("%s: %w", m.Name(), err)
			}
		}
	}
	return nil
}

// recipient answers the name and e-mail address of a user of ctx's tenant (an e-mail's recipient).
func (a *App) recipient(ctx context.Context, id uuid.UUID) (string, string, error) {
	u, err := a.Identity.GetUser(ctx, id)
	if err != nil {
		return "", "", err
	}
	name := strings.TrimSpace(u.Name + " " + u.Surname)
	if name == "" {
		name = u.UserName
	}
	return name, u.Email, nil
}

// chatUser answers the names of a user of ctx's tenant, for the chat (db.ErrNotFound for
// another tenant's user or none).
func (a *App) chatUser(ctx context.Context, id uuid.UUID) (chat.UserInfo, error) {
	u, err := a.Identity.GetUser(ctx, id)
	if err != nil {
		return chat.UserInfo{}, err
	}
	return chat.UserInfo{ID: u.ID, UserName: u.UserName, Name: u.Name}, nil
}

// userID finds a user of ctx's tenant by user name (the demo seeds act as their users).
func (a *App) userID(ctx context.Context, userName string) (uuid.UUID, error) {
	u, err := a.Identity.UserByName(ctx, userName)
	if err != nil {
		return uuid.Nil, err
	}
	return u.ID, nil
}
