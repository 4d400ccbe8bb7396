package homedesign

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// DemoAccount is the design platform account the demo's plans belong to: a demo user
// binds it to see them.
const DemoAccount = "demo"

const demoTenantName = "demo"

// seed writes, with demo, the development provider's demo plans into the demo tenant (the
// host when there is none), once.
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
			slog.InfoContext(ctx, "homedesign seed: no demo tenant, seeding the host")
		default:
			return err
		}
	}
	if m.deps.Permissions != nil {
		host := tenancy.WithTenant(ctx, tenancy.Tenant{})
		err := m.deps.DB.InTx(host, func(ctx context.Context, tx bun.Tx) error {
			return m.deps.Permissions.Set(ctx, tx, permission.Role, salesRole, []permission.Change{{Name: PermPlans, IsGranted: true}})
		})
		if err != nil {
			return fmt.Errorf("homedesign seed: grant sales role: %w", err)
		}
	}
	if err := SeedDemo(scope, m.deps.DB, m.svc.Development()); err != nil {
		return err
	}
	if m.deps.UserID == nil {
		return nil
	}
	for _, name := range demoUsers {
		id, err := m.deps.UserID(scope, name)
		if errors.Is(err, apperr.ErrNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("homedesign seed: user %s: %w", name, err)
		}
		if err := m.svc.bindDemo(scope, id); err != nil {
			return err
		}
	}
	return nil
}

// The demo users bound to DemoAccount, and the role granted the plans.
var demoUsers = []string{"admin", "sales"}

const salesRole = "sales"

// bindDemo binds user to DemoAccount on the development provider unless it is bound.
func (s *Service) bindDemo(ctx context.Context, user uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := db.Select(ctx, tx, (*Binding)(nil)).Where("a.user_id = ?", user).Count(ctx)
		if err != nil || n > 0 {
			return err
		}
		return db.Insert(ctx, tx, &Binding{UserID: user, Provider: ProviderDevelopment, Account: DemoAccount})
	})
}

// SeedDemo stores the demo plans under DemoAccount in ctx's tenant unless it has plans.
func SeedDemo(ctx context.Context, d *db.DB, dev *Development) error {
	return d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := db.Select(ctx, tx, (*planRow)(nil)).Count(ctx)
		if err != nil {
			return fmt.Errorf("homedesign seed: %w", err)
		}
		if n > 0 {
			return nil
		}
		for _, p := range DemoPlans() {
			if err := dev.AddPlan(ctx, tx, DemoAccount, p); err != nil {
				return fmt.Errorf("homedesign seed %s: %w", p.PlanID, err)
			}
		}
		return nil
	})
}

// The demo plans' boards are the demo parts catalogue's codes (a platform exports the
// factory's material codes), so their quotations are priced (decision 0012).
const (
	white = "PB18-WW"
	oak   = "PB18-OK"
	grey  = "PB18-LG"
)

type demoSolution struct {
	name     string
	cabinets []CabinetSpec
}

func base(name string, w float64, doors, shelves int, mat string) CabinetSpec {
	return CabinetSpec{Name: name, Kind: KindBase, Width: w, Height: 720, Depth: 560, Doors: doors, Shelves: shelves, Material: mat}
}

func wall(name string, w float64, doors, shelves int, mat string) CabinetSpec {
	return CabinetSpec{Name: name, Kind: KindWall, Width: w, Height: 720, Depth: 350, Doors: doors, Shelves: shelves, Material: mat}
}

func drawers(name string, w, h float64, n int, mat string) CabinetSpec {
	return CabinetSpec{Name: name, Kind: KindDrawer, Width: w, Height: h, Depth: 560, Drawers: n, Material: mat}
}

func wardrobe(name string, w, h float64, doors, shelves int, mat string) CabinetSpec {
	return CabinetSpec{Name: name, Kind: KindWardrobe, Width: w, Height: h, Depth: 600, Doors: doors, Shelves: shelves, Material: mat}
}

// DemoPlans are the twelve demo plans, each generated from its cabinets' dimensions.
func DemoPlans() []*Design {
	plans := []struct {
		name      string
		solutions []demoSolution
	}{
		{"L 形厨房 Kitchen L-shape", []demoSolution{
			{"地柜 Base run", []CabinetSpec{base("水槽柜", 800, 2, 0, white), drawers("三抽柜", 400, 720, 3, white), base("转角柜", 900, 1, 1, white), base("地柜 600", 600, 1, 1, white)}},
			{"吊柜 Wall run", []CabinetSpec{wall("吊柜 800", 800, 2, 1, white), wall("吊柜 600", 600, 1, 1, white), wall("吊柜 900", 900, 2, 1, white)}},
		}},
		{"一字形厨房 Kitchen straight", []demoSolution{
			{"地柜 Base run", []CabinetSpec{base("水槽柜", 800, 2, 0, grey), base("灶台柜", 900, 2, 1, grey), drawers("抽屉柜", 600, 720, 4, grey)}},
			{"吊柜 Wall run", []CabinetSpec{wall("吊柜 800", 800, 2, 1, grey), wall("吊柜 900", 900, 2, 1, grey)}},
		}},
		{"衣柜 2 米 Wardrobe 2 m", []demoSolution{
			{"衣柜 Wardrobe", []CabinetSpec{wardrobe("左柜", 1000, 2000, 2, 3, white), wardrobe("右柜", 1000, 2000, 2, 4, white)}},
		}},
		{"衣柜 2.4 米带顶柜 Wardrobe 2.4 m with top boxes", []demoSolution{
			{"衣柜 Wardrobe", []CabinetSpec{wardrobe("左柜", 1200, 2000, 2, 3, oak), wardrobe("右柜", 1200, 2000, 2, 4, oak)}},
			{"顶柜 Top boxes", []CabinetSpec{wall("顶柜左", 1200, 2, 0, oak), wall("顶柜右", 1200, 2, 0, oak)}},
		}},
		{"浴室柜 Bathroom vanity", []demoSolution{
			{"浴室柜 Vanity", []CabinetSpec{{Name: "台盆柜", Kind: KindBase, Width: 800, Height: 500, Depth: 460, Doors: 2, Material: grey}}},
			{"镜柜 Mirror cabinet", []CabinetSpec{{Name: "镜柜", Kind: KindWall, Width: 800, Height: 700, Depth: 150, Doors: 2, Shelves: 2, Material: grey}}},
		}},
		{"电视柜 TV unit", []demoSolution{
			{"电视柜 TV unit", []CabinetSpec{drawers("左抽屉", 600, 400, 2, oak), {Name: "中柜", Kind: KindBase, Width: 1000, Height: 400, Depth: 400, Doors: 2, Material: oak}, drawers("右抽屉", 600, 400, 2, oak)}},
		}},
		{"书柜 Bookcase", []demoSolution{
			{"书柜 Bookcase", []CabinetSpec{{Name: "书柜", Kind: KindTall, Width: 800, Height: 2000, Depth: 300, Shelves: 5, Material: oak}, {Name: "书柜带门", Kind: KindTall, Width: 800, Height: 2000, Depth: 300, Shelves: 5, Doors: 2, Material: oak}}},
		}},
		{"鞋柜 Shoe cabinet", []demoSolution{
			{"鞋柜 Shoe cabinet", []CabinetSpec{{Name: "鞋柜", Kind: KindTall, Width: 900, Height: 1200, Depth: 350, Shelves: 4, Doors: 2, Material: white}}},
		}},
		{"书桌 Study desk", []demoSolution{
			{"书桌 Desk", []CabinetSpec{drawers("书桌抽屉柜", 400, 720, 3, white), {Name: "书桌上柜", Kind: KindWall, Width: 1200, Height: 600, Depth: 300, Shelves: 1, Material: white}}},
		}},
		{"儿童衣柜 Children's wardrobe", []demoSolution{
			{"衣柜 Wardrobe", []CabinetSpec{wardrobe("儿童衣柜", 900, 1600, 2, 3, grey)}},
			{"抽屉柜 Drawers", []CabinetSpec{drawers("儿童抽屉柜", 600, 800, 4, grey)}},
			{"玩具柜 Toy box", []CabinetSpec{base("玩具柜", 800, 2, 0, grey)}},
		}},
		{"阳台柜 Balcony cabinet", []demoSolution{
			{"阳台柜 Balcony", []CabinetSpec{{Name: "洗衣机柜", Kind: KindTall, Width: 700, Height: 1800, Depth: 600, Doors: 2, Shelves: 1, Material: grey}, {Name: "储物柜", Kind: KindTall, Width: 600, Height: 1800, Depth: 450, Doors: 2, Shelves: 4, Material: grey}}},
		}},
		{"餐边柜 Sideboard", []demoSolution{
			{"餐边柜 Sideboard", []CabinetSpec{base("餐边柜左", 800, 2, 1, oak), drawers("餐边柜中", 600, 720, 3, oak), base("餐边柜右", 800, 2, 1, oak)}},
			{"餐边吊柜 Wall", []CabinetSpec{wall("餐边吊柜", 1200, 2, 1, oak)}},
		}},
	}
	out := make([]*Design, 0, len(plans))
	for i, p := range plans {
		d := &Design{PlanID: fmt.Sprintf("DEV-%04d", i+1), Name: p.name}
		for j, s := range p.solutions {
			sol := Solution{Code: fmt.Sprintf("%s-S%d", d.PlanID, j+1), Name: s.name}
			for _, c := range s.cabinets {
				sol.Cabinets = append(sol.Cabinets, Generate(c))
			}
			d.Solutions = append(d.Solutions, sol)
		}
		out = append(out, d)
	}
	return out
}
