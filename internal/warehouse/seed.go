package warehouse

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

const (
	demoTenantName = "demo"
	demoUser       = "admin"
	demoReason     = "采购入库 / purchase receipt"
)

// seed writes, with demo, the demo tenant's factory, rows, shelves and bins, and receives
// its boards through Book (the real flow), once: a tenant with a factory is left alone.
func (m *Module) seed(ctx context.Context, demo bool) error {
	if !demo {
		return nil
	}
	scope := tenancy.WithTenant(ctx, tenancy.Tenant{})
	if m.deps.Tenants != nil {
		t, err := m.deps.Tenants.ResolveTenant(ctx, demoTenantName)
		switch {
		case err == nil:
			scope = tenancy.WithTenant(ctx, t)
		case errors.Is(err, tenancy.ErrTenantNotAvailable):
			slog.InfoContext(ctx, "warehouse seed: no demo tenant, seeding the host")
		default:
			return err
		}
	}
	if m.deps.UserID != nil {
		id, err := m.deps.UserID(scope, demoUser)
		switch {
		case err == nil:
			scope = auth.WithPrincipal(scope, &auth.Principal{UserID: id, TenantID: tenancy.ID(scope), UserName: demoUser})
		case !errors.Is(err, apperr.ErrNotFound):
			return fmt.Errorf("warehouse seed: user %s: %w", demoUser, err)
		}
	}
	return SeedDemo(scope, m.deps.DB, m.svc)
}

// SeedDemo sets up ctx's tenant's demo warehouse unless it has a factory.
func SeedDemo(ctx context.Context, d *db.DB, s *Service) error {
	return d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := db.Select(ctx, tx, (*Factory)(nil)).Count(ctx)
		if err != nil || n > 0 {
			return err
		}
		f := &Factory{Code: "HZ01", Name: "杭州一厂 / Hangzhou plant 1", Address: "浙江省杭州市 / Hangzhou, Zhejiang", IsDefault: true}
		if err := insertFactory(ctx, tx, f); err != nil {
			return err
		}
		a, err := insertRow(ctx, tx, f.ID, "A", "A 排 / Row A", 1)
		if err != nil {
			return err
		}
		b, err := insertRow(ctx, tx, f.ID, "B", "B 排 / Row B", 2)
		if err != nil {
			return err
		}
		for _, sh := range []struct {
			row  *Row
			spec ShelfSpec
		}{
			{a, ShelfSpec{Code: "A01", Name: "板材货架 A01 / Boards A01", StorageType: StorageBoards, Levels: 4, BinsPerLevel: 5}},
			{b, ShelfSpec{Code: "B01", Name: "余料货架 B01 / Offcuts B01", StorageType: StorageOffcuts, Levels: 5, BinsPerLevel: 6}},
			{b, ShelfSpec{Code: "B02", Name: "余料货架 B02 / Offcuts B02", StorageType: StorageOffcuts, Levels: 5, BinsPerLevel: 6}},
		} {
			if _, err := insertShelf(ctx, tx, sh.row.ID, sh.spec); err != nil {
				return err
			}
		}
		receipt := func(material string, thickness, length, width float64, q int, bin string) Move {
			return Move{Kind: KindBoard, MaterialCode: material, Thickness: thickness, Length: length, Width: width,
				BinCode: bin, Quantity: q, Direction: DirectionIn, Reason: demoReason}
		}
		if err := s.Book(ctx, tx, "", []Move{
			receipt("PB18-WW", 18, 2800, 2070, 40, "A01-1-1"),
			receipt("PB18-OK", 18, 2440, 1220, 25, "A01-1-2"),
			receipt("HDF5-W", 5, 2440, 1220, 60, "A01-2-1"),
		}); err != nil {
			return fmt.Errorf("warehouse seed: receive boards: %w", err)
		}
		return nil
	})
}
