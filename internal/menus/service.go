package menus

import (
	"context"
	"regexp"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Service holds the rules of the menu rows.
type Service struct {
	db           *db.DB
	registry     *permission.Registry
	permissions  *permission.Service
	entries      func() []module.MenuEntry
	multiTenancy bool
}

// ListMenusQuery selects a page of rows for the admin list.
type ListMenusQuery struct {
	ParentID    *uuid.UUID // only the children of this row (uuid.Nil: the roots)
	Filter      string     // a substring of the name, path, display names or component
	Sorting     string     // the client's sorting, checked against sortable
	Skip, Limit int
}

var sortable = map[string]string{
	"name":              "menu.name",
	"order":             "menu.sort_order",
	"path":              "menu.path",
	"component":         "menu.component",
	"displayNameZhHans": "menu.display_name_zh_hans",
	"displayNameEn":     "menu.display_name_en",
	"creationTime":      "menu.creation_time",
}

// ListMenus returns a page of rows and how many rows q selects.
func (s *Service) ListMenus(ctx context.Context, q ListMenusQuery) ([]MenuDto, int, error) {
	order, err := db.Order(q.Sorting, sortable, "menu.sort_order ASC, menu.name ASC")
	if err != nil {
		return nil, 0, err
	}
	rows, n, err := pageRows(ctx, s.db, strings.TrimSpace(q.Filter), q.ParentID, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit})
	if err != nil {
		return nil, 0, err
	}
	out := make([]MenuDto, len(rows))
	for i := range rows {
		out[i] = dtoOf(ctx, &rows[i])
	}
	return out, n, nil
}

// GetMenu returns one row.
func (s *Service) GetMenu(ctx context.Context, id uuid.UUID) (*MenuDto, error) {
	m, err := getRow(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	d := dtoOf(ctx, m)
	return &d, nil
}

// CreateMenu adds a row an administrator made.
func (s *Service) CreateMenu(ctx context.Context, in CreateMenuInput) (*MenuDto, error) {
	m := &Menu{
		ParentID: in.ParentID, Name: strings.TrimSpace(in.Name),
		DisplayNameZhHans: strings.TrimSpace(in.DisplayNameZhHans), DisplayNameEn: strings.TrimSpace(in.DisplayNameEn),
		Path: strings.TrimSpace(in.Path), Component: strings.TrimSpace(in.Component), Icon: strings.TrimSpace(in.Icon),
		Order: in.Order, Permission: strings.TrimSpace(in.Permission), Hidden: in.Hidden, ActiveMenu: strings.TrimSpace(in.ActiveMenu),
		NoCache: in.NoCache, Affix: in.Affix, IsExternal: in.IsExternal, HostOnly: in.HostOnly,
		MultiTenancyOnly: in.MultiTenancyOnly, Customized: true,
	}
	ctx = hostCtx(ctx)
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ve := &apperr.ValidationError{}
		if m.Name != "" && !namePattern.MatchString(m.Name) {
			ve.Add("name", KeyInvalidName)
		} else if m.Name != "" {
			taken, err := nameTaken(ctx, tx, m.Name)
			if err != nil {
				return err
			}
			if taken {
				ve.Add("name", KeyDuplicateName, m.Name)
			}
		}
		if err := s.validate(ctx, tx, m, ve); err != nil {
			return err
		}
		if err := ve.OrNil(); err != nil {
			return err
		}
		return db.Insert(ctx, tx, m)
	})
	if err != nil {
		return nil, err
	}
	return s.GetMenu(ctx, m.ID)
}

// UpdateMenu changes a row; the row counts as customised from then on.
func (s *Service) UpdateMenu(ctx context.Context, id uuid.UUID, in UpdateMenuInput) (*MenuDto, error) {
	ctx = hostCtx(ctx)
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		m, err := getRow(ctx, tx, id)
		if err != nil {
			return err
		}
		in.Apply(m)
		trim(&m.DisplayNameZhHans, &m.DisplayNameEn, &m.Path, &m.Component, &m.Icon, &m.Permission, &m.ActiveMenu)
		m.Customized = true
		ve := &apperr.ValidationError{}
		if err := s.validate(ctx, tx, m, ve); err != nil {
			return err
		}
		if err := ve.OrNil(); err != nil {
			return err
		}
		return db.UpdateStamped(ctx, tx, m, in.ConcurrencyStamp, "parent_id", "path", "component", "icon", "sort_order",
			"permission", "hidden", "display_name_zh_hans", "display_name_en", "active_menu", "no_cache", "affix",
			"is_external", "host_only", "multi_tenancy_only", "customized")
	})
	if err != nil {
		return nil, err
	}
	return s.GetMenu(ctx, id)
}

// DeleteMenu soft-deletes a row without children. A deleted module entry stays deleted:
// the start-up sync does not bring it back.
func (s *Service) DeleteMenu(ctx context.Context, id uuid.UUID) error {
	ctx = hostCtx(ctx)
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		m, err := getRow(ctx, tx, id)
		if err != nil {
			return err
		}
		if m.ChildCount > 0 {
			return apperr.User(KeyHasChildren, m.ChildCount)
		}
		return db.SoftDelete(ctx, tx, m)
	})
}

var namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/-]*$`)

// validate checks m's fields (all but the name) and its parent.
func (s *Service) validate(ctx context.Context, tx bun.IDB, m *Menu, ve *apperr.ValidationError) error {
	if m.Name == "" {
		ve.Add("name", localization.KeyRequired, KeyFieldName)
	}
	if m.DisplayNameZhHans == "" {
		ve.Add("displayNameZhHans", localization.KeyRequired, KeyFieldDisplayName)
	}
	switch {
	case m.Path == "":
		ve.Add("path", localization.KeyRequired, KeyFieldPath)
	case m.IsExternal && !strings.HasPrefix(m.Path, "http://") && !strings.HasPrefix(m.Path, "https://"):
		ve.Add("path", KeyExternalPath)
	case !m.IsExternal && !strings.HasPrefix(m.Path, "/"):
		ve.Add("path", KeyInvalidPath)
	}
	if m.Component == "" && !m.IsExternal {
		ve.Add("component", localization.KeyRequired, KeyFieldComponent)
	}
	if m.Permission != "" {
		if _, ok := s.registry.Lookup(m.Permission); !ok {
			ve.Add("permission", KeyUnknownPermission, m.Permission)
		}
	}
	if m.ParentID == uuid.Nil {
		return nil
	}
	rows, err := listRows(ctx, tx)
	if err != nil {
		return err
	}
	parents := make(map[uuid.UUID]uuid.UUID, len(rows))
	for _, r := range rows {
		parents[r.ID] = r.ParentID
	}
	if _, ok := parents[m.ParentID]; !ok {
		ve.Add("parentId", KeyParentNotFound)
		return nil
	}
	// Walk up from the new parent; meeting m means m would become its own ancestor.
	for p, steps := m.ParentID, 0; p != uuid.Nil && steps <= len(rows); p, steps = parents[p], steps+1 {
		if p == m.ID {
			ve.Add("parentId", KeyParentCycle)
			break
		}
	}
	return nil
}

func trim(ss ...*string) {
	for _, s := range ss {
		*s = strings.TrimSpace(*s)
	}
}

// displayName is the row's name in the culture of ctx, falling back to the other culture
// and then to the key.
func displayName(ctx context.Context, m *Menu) string {
	first, second := m.DisplayNameZhHans, m.DisplayNameEn
	if localization.CultureFrom(ctx) == localization.En {
		first, second = second, first
	}
	switch {
	case first != "":
		return first
	case second != "":
		return second
	}
	return m.Name
}

func dtoOf(ctx context.Context, m *Menu) MenuDto {
	return MenuDto{
		ID: m.ID, ParentID: m.ParentID, Name: m.Name, DisplayName: displayName(ctx, m),
		DisplayNameZhHans: m.DisplayNameZhHans, DisplayNameEn: m.DisplayNameEn, Path: m.Path, Component: m.Component,
		Icon: m.Icon, Order: m.Order, Permission: m.Permission, Hidden: m.Hidden, ActiveMenu: m.ActiveMenu,
		NoCache: m.NoCache, Affix: m.Affix, IsExternal: m.IsExternal, HostOnly: m.HostOnly,
		MultiTenancyOnly: m.MultiTenancyOnly, ChildCount: m.ChildCount, Customized: m.Customized,
		CreationTime: m.CreationTime, LastModificationTime: m.LastModificationTime, ConcurrencyStamp: m.ConcurrencyStamp,
	}
}
