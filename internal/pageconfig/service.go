package pageconfig

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// TopicRoutes announces that the rows of a route changed: the payload is "<tenant>/<routeKey>"
// (the tenant's id, or "host"), "<tenant>/*" for every route of a tenant, or "*". Every
// replica then drops what it cached of those routes.
const TopicRoutes = "pageconfig.routes"

// Directory is what the area needs of the identity area: the roles a user holds, whether they
// are the side's administrator, the roles that exist and users' names. *identity.Service is
// one.
type Directory interface {
	EffectiveRoles(ctx context.Context, userID uuid.UUID) ([]string, error)
	IsSystemAdmin(ctx context.Context, userID uuid.UUID) (bool, error)
	AllRoles(ctx context.Context) ([]identity.RoleDto, error)
	GetUser(ctx context.Context, id uuid.UUID) (*identity.User, error)
}

// Service holds the rules of page configurations: what applies to whom, what may be saved,
// and who may change which row. It knows no HTTP.
type Service struct {
	store store
	dir   Directory
	bus   *bus.Bus
	// rows caches, per tenant and route, the route's shared rows (user uuid.Nil) and each
	// user's own rows, dropped on every replica by TopicRoutes.
	rows *bus.Cache[cacheKey, []PageConfiguration]
}

type cacheKey struct {
	tenant uuid.UUID
	route  string
	user   uuid.UUID
}

// NewService returns the service on d; b carries cache invalidations between replicas.
func NewService(d *db.DB, b *bus.Bus, dir Directory) *Service {
	s := &Service{store: newStore(d), dir: dir, bus: b}
	s.rows = bus.NewCache[cacheKey, []PageConfiguration](b, TopicRoutes, func(k cacheKey, payload string) bool {
		tenant, route, _ := strings.Cut(payload, "/")
		return tenant == tenantName(k.tenant) && (route == bus.All || route == k.route)
	})
	return s
}

func tenantName(id uuid.UUID) string {
	if id == uuid.Nil {
		return "host"
	}
	return id.String()
}

func tenantOf(ctx context.Context) uuid.UUID {
	if id := tenancy.ID(ctx); id != nil {
		return *id
	}
	return uuid.Nil
}

// changed announces on every replica, once the transaction of ctx commits, that the rows of
// route (bus.All: of every route) of the ctx tenant changed.
func (s *Service) changed(ctx context.Context, route string) {
	if err := s.bus.Publish(ctx, TopicRoutes, tenantName(tenantOf(ctx))+"/"+route); err != nil {
		slog.ErrorContext(ctx, "pageconfig: announce a change", "route", route, "err", err)
	}
}

// cached reads the rows of key through the cache (not when ctx reads across tenants).
func (s *Service) cached(ctx context.Context, route string, user uuid.UUID, load func(ctx context.Context) ([]PageConfiguration, error)) ([]PageConfiguration, error) {
	if !tenancy.Filtered(ctx) {
		return load(ctx)
	}
	return s.rows.Get(ctx, cacheKey{tenant: tenantOf(ctx), route: route, user: user}, load)
}

// userOf answers the caller's user id; a caller without a user (a client's own token) has no
// configuration of its own.
func userOf(p *auth.Principal) (uuid.UUID, error) {
	if p == nil || p.UserID == uuid.Nil {
		return uuid.Nil, apperr.ErrForbidden
	}
	return p.UserID, nil
}

// ---- what applies to the caller ----

// ConfigFor answers the configuration of routeKey that applies to the caller (0010): their
// own, else the first role configuration naming one of their roles (oldest first), else the
// side's default, else none. Allowed is false when the route has role configurations, none
// names one of the caller's roles and the caller is not the side's administrator. The hidden
// fields are those of the role configuration that applies (else of the default) and of the
// caller's own row; the administrator has none.
func (s *Service) ConfigFor(ctx context.Context, p *auth.Principal, routeKey string) (*Applied, error) {
	route, err := checkRouteKey(routeKey)
	if err != nil {
		return nil, err
	}
	shared, err := s.cached(ctx, route, uuid.Nil, func(ctx context.Context) ([]PageConfiguration, error) {
		return s.store.shared(ctx, route)
	})
	if err != nil {
		return nil, err
	}
	var own *PageConfiguration
	var roles []string
	if p != nil && p.UserID != uuid.Nil {
		mine, err := s.cached(ctx, route, p.UserID, func(ctx context.Context) ([]PageConfiguration, error) {
			return s.store.own(ctx, p.UserID, route)
		})
		if err != nil {
			return nil, err
		}
		if len(mine) > 0 {
			own = &mine[0]
		}
		if roles, err = s.callerRoles(ctx, p); err != nil {
			return nil, err
		}
	}
	held := map[string]bool{}
	for _, r := range roles {
		held[normalize(r)] = true
	}
	var byRole, byTenant *PageConfiguration
	hasRoleRows := false
	for i := range shared {
		r := &shared[i]
		switch r.Kind {
		case KindTenant:
			if byTenant == nil {
				byTenant = r
			}
		case KindRole:
			hasRoleRows = true
			if byRole == nil && namesAny(r.RoleList, held) {
				byRole = r
			}
		}
	}
	out := &Applied{RouteKey: route, Source: SourceNone, Allowed: true, HiddenFields: []string{}}
	governing := byRole
	if governing == nil {
		governing = byTenant
	}
	switch {
	case own != nil:
		out.ID, out.Config, out.Source = &own.ID, own.Config, KindUser
	case byRole != nil:
		out.ID, out.Config, out.Source = &byRole.ID, byRole.Config, KindRole
	case byTenant != nil:
		out.ID, out.Config, out.Source = &byTenant.ID, byTenant.Config, KindTenant
	}
	var hidden []string
	if governing != nil {
		hidden = decodeList(governing.HiddenFields)
	}
	if own != nil {
		hidden = union(hidden, decodeList(own.HiddenFields))
	}
	excluded := hasRoleRows && byRole == nil
	if !excluded && len(hidden) == 0 {
		return out, nil // nothing an administrator would see differently
	}
	admin := false
	if p != nil && p.UserID != uuid.Nil {
		if admin, err = s.dir.IsSystemAdmin(ctx, p.UserID); err != nil {
			return nil, err
		}
	}
	if !admin {
		out.Allowed = !excluded
		out.HiddenFields = hidden
	}
	return out, nil
}

// callerRoles answers the roles the caller holds now; a host user acting in a tenant holds
// the roles of its own side, as the permission checks read them.
func (s *Service) callerRoles(ctx context.Context, p *auth.Principal) ([]string, error) {
	own := ctx
	if !tenancy.Same(p.TenantID, tenancy.ID(ctx)) {
		own = tenancy.WithTenant(ctx, tenancy.Tenant{ID: p.TenantID})
	}
	roles, err := s.dir.EffectiveRoles(own, p.UserID)
	if err != nil {
		return nil, fmt.Errorf("roles of %s: %w", p.UserID, err)
	}
	return roles, nil
}

// normalize is how role names compare: without regard to case or surrounding spaces, as the
// identity area compares them.
func normalize(name string) string { return strings.ToUpper(strings.TrimSpace(name)) }

// namesAny reports whether a stored role list names one of held (normalised names).
func namesAny(roleList string, held map[string]bool) bool {
	for _, r := range decodeList(roleList) {
		if held[normalize(r)] {
			return true
		}
	}
	return false
}

func union(a, b []string) []string {
	out := append([]string{}, a...)
	for _, k := range b {
		found := false
		for _, x := range out {
			found = found || x == k
		}
		if !found {
			out = append(out, k)
		}
	}
	return out
}

// ---- the caller's own configuration ----

// SaveOwn saves the caller's own configuration of a route and answers its id and config. With
// an id it updates that row, which must be the caller's own (another's is not found) and of
// the same route; without, it updates the caller's row of the route or creates it.
func (s *Service) SaveOwn(ctx context.Context, p *auth.Principal, in SaveConfigInput) (*Saved, error) {
	user, err := userOf(p)
	if err != nil {
		return nil, err
	}
	ve := &apperr.ValidationError{}
	route, err := checkRouteKey(in.RouteKey)
	if err != nil {
		addAll(ve, err)
	}
	parseConfig(ve, "config", in.Config)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	config := strings.TrimSpace(in.Config)
	var out *Saved
	save := func() error {
		return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
			var row *PageConfiguration
			if in.ID != nil {
				r, err := tx.get(ctx, *in.ID)
				if err != nil {
					return err
				}
				if r.Kind != KindUser || r.UserID == nil || *r.UserID != user {
					return notFound(db.ErrNotFound, "page configuration "+in.ID.String())
				}
				if r.RouteKey != route {
					return apperr.Invalid("routeKey", KeyRouteKeyMismatch)
				}
				row = r
			} else {
				mine, err := tx.own(ctx, user, route)
				if err != nil {
					return err
				}
				if len(mine) > 0 {
					row = &mine[0]
				}
			}
			if row == nil {
				row = &PageConfiguration{RouteKey: route, Kind: KindUser, UserID: &user, Config: config, RoleList: "[]", HiddenFields: "[]"}
				if err := tx.insert(ctx, row); err != nil {
					return err
				}
			} else {
				row.Config = config
				if err := tx.update(ctx, row, "", "config"); err != nil {
					return err
				}
			}
			s.changed(ctx, route)
			out = &Saved{ID: row.ID, Config: row.Config}
			return nil
		})
	}
	err = save()
	if errors.Is(err, db.ErrDuplicate) {
		err = save() // the caller's first save of the route, twice at once: the second updates
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ResetOwn drops the caller's own configuration of a route: what applies to them is then the
// role's, the side's or none. Dropping none is not an error.
func (s *Service) ResetOwn(ctx context.Context, p *auth.Principal, routeKey string) error {
	user, err := userOf(p)
	if err != nil {
		return err
	}
	route, err := checkRouteKey(routeKey)
	if err != nil {
		return err
	}
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		mine, err := tx.own(ctx, user, route)
		if err != nil {
			return err
		}
		for i := range mine {
			if err := tx.remove(ctx, &mine[i]); err != nil {
				return err
			}
		}
		s.changed(ctx, route)
		return nil
	})
}

// addAll adds the fields of a validation error to ve.
func addAll(ve *apperr.ValidationError, err error) {
	var other *apperr.ValidationError
	if errors.As(err, &other) {
		ve.Fields = append(ve.Fields, other.Fields...)
	}
}

// ---- the side's default ----

// TenantConfig answers the side's default configuration of a route (no id and an empty
// config when it has none).
func (s *Service) TenantConfig(ctx context.Context, routeKey string) (*TenantConfig, error) {
	route, err := checkRouteKey(routeKey)
	if err != nil {
		return nil, err
	}
	r, err := s.store.tenantDefault(ctx, route)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return &TenantConfig{RouteKey: route}, nil
	case err != nil:
		return nil, err
	}
	return &TenantConfig{ID: &r.ID, RouteKey: route, Config: r.Config}, nil
}

// SaveTenant saves the side's default configuration of a route, creating it when missing,
// and answers its id and config.
func (s *Service) SaveTenant(ctx context.Context, in SaveTenantConfigInput) (*Saved, error) {
	ve := &apperr.ValidationError{}
	route, err := checkRouteKey(in.RouteKey)
	if err != nil {
		addAll(ve, err)
	}
	parseConfig(ve, "config", in.Config)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	config := strings.TrimSpace(in.Config)
	var out *Saved
	save := func() error {
		return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
			row, err := tx.tenantDefault(ctx, route)
			switch {
			case errors.Is(err, db.ErrNotFound):
				row = &PageConfiguration{RouteKey: route, Kind: KindTenant, Config: config, RoleList: "[]", HiddenFields: "[]"}
				err = tx.insert(ctx, row)
			case err == nil:
				row.Config = config
				err = tx.update(ctx, row, "", "config")
			}
			if err != nil {
				return err
			}
			s.changed(ctx, route)
			out = &Saved{ID: row.ID, Config: row.Config}
			return nil
		})
	}
	err = save()
	if errors.Is(err, db.ErrDuplicate) {
		err = save() // created at the same moment by another request: update it
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}
