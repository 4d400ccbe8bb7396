package pageconfig

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// The administrators' list and edits of every row of the side.

// List answers a page of the side's configurations and their count.
func (s *Service) List(ctx context.Context, q Query) ([]Item, int, error) {
	order, err := db.Order(q.Sorting, sorting, defaultOrder)
	if err != nil {
		return nil, 0, err
	}
	q.Kind = strings.TrimSpace(q.Kind)
	switch q.Kind {
	case "", KindUser, KindRole, KindTenant:
	default:
		return nil, 0, apperr.Invalid("kind", KeyKind)
	}
	q.RouteKey, q.Filter = strings.TrimSpace(q.RouteKey), strings.TrimSpace(q.Filter)
	rows, total, err := s.store.list(ctx, q, order)
	if err != nil {
		return nil, 0, err
	}
	names := map[uuid.UUID]string{}
	items := make([]Item, len(rows))
	for i := range rows {
		items[i] = item(&rows[i])
		if u := rows[i].UserID; u != nil {
			name, ok := names[*u]
			if !ok {
				name, err = s.userName(ctx, *u)
				if err != nil {
					return nil, 0, err
				}
				names[*u] = name
			}
			items[i].UserName = name
		}
	}
	return items, total, nil
}

// userName answers a user's name; a user of another side (a host user who saved columns while
// acting in the tenant) has none here.
func (s *Service) userName(ctx context.Context, id uuid.UUID) (string, error) {
	u, err := s.dir.GetUser(ctx, id)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return "", nil
	case err != nil:
		return "", err
	}
	return u.UserName, nil
}

// item is a row as the list shows it.
func item(r *PageConfiguration) Item {
	all, shown := countColumns(r.Config)
	it := Item{ID: r.ID, RouteKey: r.RouteKey, Kind: r.Kind, UserID: r.UserID, Config: r.Config,
		RoleList: decodeList(r.RoleList), HiddenFields: r.HiddenFields, ColumnCount: all, ShownColumnCount: shown,
		CreationTime: r.CreationTime.UTC(), LastModificationTime: r.CreationTime.UTC(), ConcurrencyStamp: r.ConcurrencyStamp}
	if r.LastModificationTime != nil {
		it.LastModificationTime = r.LastModificationTime.UTC()
	}
	return it
}

// Get answers one row of the side.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*Item, error) {
	r, err := s.store.get(ctx, id)
	if err != nil {
		return nil, err
	}
	it := item(r)
	if r.UserID != nil {
		if it.UserName, err = s.userName(ctx, *r.UserID); err != nil {
			return nil, err
		}
	}
	return &it, nil
}

// checkRoles answers the role names of list as the identity area spells them, adding to ve
// the names that do not exist or are given twice.
func (s *Service) checkRoles(ctx context.Context, ve *apperr.ValidationError, list []string) ([]string, error) {
	if len(list) == 0 {
		return nil, nil
	}
	if len(list) > MaxRoles {
		ve.Add("roleList", KeyTooManyRoles, MaxRoles)
		return nil, nil
	}
	all, err := s.dir.AllRoles(ctx)
	if err != nil {
		return nil, err
	}
	known := map[string]string{}
	for _, r := range all {
		known[normalize(r.Name)] = r.Name
	}
	out := make([]string, 0, len(list))
	seen := map[string]bool{}
	for _, name := range list {
		n := normalize(name)
		switch {
		case known[n] == "":
			ve.Add("roleList", KeyRoleUnknown, strings.TrimSpace(name))
		case seen[n]:
			ve.Add("roleList", KeyRoleDuplicate, known[n])
		default:
			seen[n] = true
			out = append(out, known[n])
		}
	}
	return out, nil
}

// tenantExists is the refusal of a second default of a route.
func tenantExists(route string) error { return apperr.Invalid("roleList", KeyTenantExists, route) }

// Create adds a configuration: a role configuration when the role list names roles, else the
// side's default of the route (refused when it has one).
func (s *Service) Create(ctx context.Context, in CreateInput) (*Item, error) {
	ve := &apperr.ValidationError{}
	route, err := checkRouteKey(in.RouteKey)
	if err != nil {
		addAll(ve, err)
	}
	parseConfig(ve, "config", in.Config)
	hidden, _ := parseHidden(ve, "hiddenFields", in.HiddenFields)
	roles, err := s.checkRoles(ctx, ve, in.RoleList)
	if err != nil {
		return nil, err
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	row := &PageConfiguration{RouteKey: route, Kind: KindRole, Config: strings.TrimSpace(in.Config),
		RoleList: encodeList(roles), HiddenFields: hidden}
	if len(roles) == 0 {
		row.Kind = KindTenant
	}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if row.Kind == KindTenant {
			if _, err := tx.tenantDefault(ctx, route); err == nil {
				return tenantExists(route)
			} else if !errors.Is(err, db.ErrNotFound) {
				return err
			}
		}
		if err := tx.insert(ctx, row); err != nil {
			if errors.Is(err, db.ErrDuplicate) {
				return tenantExists(route)
			}
			return err
		}
		s.changed(ctx, route)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, row.ID)
}

// Update changes a configuration (absent members keep their value). A role list given to a
// user's configuration makes it a role configuration; an emptied role list makes a role
// configuration the side's default of its route (refused when the route has one).
func (s *Service) Update(ctx context.Context, id uuid.UUID, in UpdateInput) (*Item, error) {
	ve := &apperr.ValidationError{}
	if in.Config != nil {
		parseConfig(ve, "config", *in.Config)
	}
	var hidden string
	if in.HiddenFields != nil {
		hidden, _ = parseHidden(ve, "hiddenFields", *in.HiddenFields)
	}
	var roles []string
	if in.RoleList != nil {
		var err error
		if roles, err = s.checkRoles(ctx, ve, *in.RoleList); err != nil {
			return nil, err
		}
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		r, err := tx.get(ctx, id)
		if err != nil {
			return err
		}
		if in.Config != nil {
			r.Config = strings.TrimSpace(*in.Config)
		}
		if in.HiddenFields != nil {
			r.HiddenFields = hidden
		}
		if in.RoleList != nil {
			switch {
			case len(roles) > 0:
				r.Kind, r.UserID, r.RoleList = KindRole, nil, encodeList(roles)
			case r.Kind == KindRole:
				if other, err := tx.tenantDefault(ctx, r.RouteKey); err == nil && other.ID != r.ID {
					return tenantExists(r.RouteKey)
				} else if err != nil && !errors.Is(err, db.ErrNotFound) {
					return err
				}
				r.Kind, r.RoleList = KindTenant, "[]"
			}
		}
		if err := tx.update(ctx, r, in.ConcurrencyStamp, "config", "hidden_fields", "role_list", "kind", "user_id"); err != nil {
			if errors.Is(err, db.ErrDuplicate) {
				return tenantExists(r.RouteKey)
			}
			return err
		}
		s.changed(ctx, r.RouteKey)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Delete removes a configuration of the side.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		r, err := tx.get(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.remove(ctx, r); err != nil {
			return err
		}
		s.changed(ctx, r.RouteKey)
		return nil
	})
}
