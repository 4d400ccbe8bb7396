package menus

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/module"
)

// Sync writes the menu entries every module declares into the menus table, in one
// transaction. For each entry, by name:
//   - no row: insert it;
//   - a deleted row, or a row an administrator created or edited (Customized): leave it;
//   - a row last written from a different declaration (SeedHash differs): rewrite it from
//     the declaration, so a new version's changes reach existing installations;
//   - otherwise: nothing (a normal start writes nothing).
//
// Rows of entries no module declares any more are left alone. An entry whose parent is
// neither declared nor stored is skipped with a warning (TestDeclaredEntries catches it).
func (s *Service) Sync(ctx context.Context) error {
	ctx = hostCtx(ctx)
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.sync(ctx, tx) })
}

// RestoreDeclared puts every declared entry back as its module declares it: deleted and
// customised rows of declared names are revived and rewritten. Rows administrators added
// themselves are left alone.
func (s *Service) RestoreDeclared(ctx context.Context) error {
	ctx = hostCtx(ctx)
	var names []string
	for _, e := range s.entries() {
		names = append(names, e.Name)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if len(names) > 0 {
			_, err := db.Update(db.WithDeleted(ctx), tx, (*Menu)(nil)).
				Set("customized = ?", false).Set("is_deleted = ?", false).Set("deletion_time = NULL").
				Set("deleter_id = NULL").Set("seed_hash = ''").
				Where("?TableAlias.name IN (?)", bun.In(names)).Exec(ctx)
			if err != nil {
				return fmt.Errorf("restore menus: %w", err)
			}
		}
		return s.sync(ctx, tx)
	})
}

func (s *Service) sync(ctx context.Context, tx bun.Tx) error {
	entries := s.entries()
	rows, err := listRowsWithDeleted(ctx, tx)
	if err != nil {
		return err
	}
	byName := make(map[string]*Menu, len(rows))
	for i := range rows {
		byName[rows[i].Name] = &rows[i]
	}
	for _, e := range parentsFirst(entries) {
		parentID := db.EmptyID
		if e.Parent != "" {
			p, ok := byName[e.Parent]
			if !ok {
				slog.WarnContext(ctx, "menu entry skipped: parent not found", "entry", e.Name, "parent", e.Parent)
				continue
			}
			parentID = p.ID
		}
		hash := entryHash(e)
		row, ok := byName[e.Name]
		switch {
		case !ok:
			m := rowOf(e, parentID, hash)
			// ON CONFLICT: another replica starting at the same time may insert it first.
			res, err := tx.NewInsert().Model(m).On("CONFLICT (name) DO NOTHING").Exec(ctx)
			if err != nil {
				return fmt.Errorf("insert menu %s: %w", e.Name, err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				m = new(Menu)
				if err := db.Select(db.WithDeleted(ctx), tx, m).Where("?TableAlias.name = ?", e.Name).Scan(ctx); err != nil {
					return fmt.Errorf("read menu %s: %w", e.Name, err)
				}
			}
			byName[e.Name] = m
		case row.IsDeleted || row.Customized || row.SeedHash == hash:
		default:
			m := rowOf(e, parentID, hash)
			m.Entity = row.Entity
			if err := db.UpdateStamped(ctx, tx, m, "", "parent_id", "path", "component", "icon", "sort_order",
				"permission", "hidden", "display_name_zh_hans", "display_name_en", "active_menu", "no_cache",
				"affix", "is_external", "host_only", "multi_tenancy_only", "seed_hash"); err != nil {
				return fmt.Errorf("update menu %s: %w", e.Name, err)
			}
			byName[e.Name] = m
		}
	}
	return nil
}

func rowOf(e module.MenuEntry, parentID uuid.UUID, hash string) *Menu {
	return &Menu{
		ParentID: parentID, Name: e.Name, Path: e.Path, Component: e.Component, Icon: e.Icon, Order: e.Order,
		Permission: e.Permission, Hidden: e.Hidden, DisplayNameZhHans: e.DisplayName.ZhHans,
		DisplayNameEn: e.DisplayName.En, ActiveMenu: e.ActiveMenu, NoCache: e.NoCache, Affix: e.Affix,
		IsExternal: e.External, HostOnly: e.HostOnly, MultiTenancyOnly: e.MultiTenancyOnly, SeedHash: hash,
	}
}

// entryHash fingerprints everything a declaration says.
func entryHash(e module.MenuEntry) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%q", []any{e.Name, e.Parent, e.Path, e.Component, e.Icon, e.Order,
		e.Permission, e.Hidden, e.DisplayName.ZhHans, e.DisplayName.En, e.ActiveMenu, e.NoCache, e.Affix,
		e.External, e.HostOnly, e.MultiTenancyOnly}))
	return hex.EncodeToString(h[:16])
}

// parentsFirst orders entries so that each comes after its parent (when the parent is
// declared); the first declaration of a name wins, later duplicates are dropped.
func parentsFirst(entries []module.MenuEntry) []module.MenuEntry {
	byName := map[string]module.MenuEntry{}
	var names []string
	for _, e := range entries {
		if _, dup := byName[e.Name]; dup {
			slog.Warn("menu entry declared twice; the first wins", "entry", e.Name)
			continue
		}
		byName[e.Name] = e
		names = append(names, e.Name)
	}
	out := make([]module.MenuEntry, 0, len(names))
	done := map[string]bool{}
	var visit func(name string, depth int)
	visit = func(name string, depth int) {
		e, ok := byName[name]
		if !ok || done[name] || depth > len(names) {
			return
		}
		done[name] = true
		visit(e.Parent, depth+1)
		out = append(out, e)
	}
	for _, n := range names {
		visit(n, 0)
	}
	return out
}
