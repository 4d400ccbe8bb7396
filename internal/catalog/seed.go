package catalog

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Demo names the seed looks for (they belong to the identity area's demo seed).
const (
	demoTenantName = "demo"
	salesRole      = "sales"
)

// seed gives the sales role its read permissions and, with demo, writes the demo
// catalogue into the host and the demo tenant when they have none yet. The admin roles
// receive every permission from the identity area's seed.
func (m *Module) seed(ctx context.Context, demo bool) error {
	if !demo {
		return nil
	}
	host := tenancy.WithTenant(ctx, tenancy.Tenant{})
	if m.deps.Permissions != nil {
		changes := make([]permission.Change, len(ReadPermissions))
		for i, n := range ReadPermissions {
			changes[i] = permission.Change{Name: n, IsGranted: true}
		}
		err := m.deps.DB.InTx(host, func(ctx context.Context, tx bun.Tx) error {
			return m.deps.Permissions.Set(ctx, tx, permission.Role, salesRole, changes)
		})
		if err != nil {
			return fmt.Errorf("grant sales role: %w", err)
		}
	}
	scopes := []context.Context{host}
	if m.deps.Tenants != nil {
		t, err := m.deps.Tenants.ResolveTenant(ctx, demoTenantName)
		switch {
		case err == nil:
			scopes = append(scopes, tenancy.WithTenant(ctx, t))
		case errors.Is(err, tenancy.ErrTenantNotAvailable):
			slog.InfoContext(ctx, "catalog seed: no demo tenant, seeding the host only")
		default:
			return err
		}
	}
	for _, sc := range scopes {
		if err := m.seedDemo(sc); err != nil {
			return err
		}
	}
	return nil
}

func n(v float64) *float64 { return &v }

type demoItem struct {
	name, code, color, unit, describe string
	l, w, h, price                    float64
	count                             float64
	size                              string
}

type demoDir struct {
	name     string
	items    []demoItem
	children []demoDir
}

var demoParts = []demoDir{
	{name: "板材 Boards", children: []demoDir{
		{name: "颗粒板 18mm Particle board", items: []demoItem{
			{name: "颗粒板18 暖白 PB18 Warm white", code: "PB18-WW", color: "暖白", unit: "张", l: 2440, w: 1220, h: 18, price: 138, count: 1, size: "2440*1220*18"},
			{name: "颗粒板18 橡木 PB18 Oak", code: "PB18-OK", color: "橡木", unit: "张", l: 2440, w: 1220, h: 18, price: 156, count: 1, size: "2440*1220*18"},
			{name: "颗粒板18 胡桃木 PB18 Walnut", code: "PB18-WN", color: "胡桃木", unit: "张", l: 2440, w: 1220, h: 18, price: 168, count: 1, size: "2440*1220*18"},
			{name: "颗粒板18 浅灰 PB18 Light grey", code: "PB18-LG", color: "浅灰", unit: "张", l: 2440, w: 1220, h: 18, price: 145, count: 1, size: "2440*1220*18"},
		}},
		{name: "中纤板 18mm MDF", items: []demoItem{
			{name: "中纤板18 白色 MDF18 White", code: "MDF18-W", color: "白色", unit: "张", l: 2440, w: 1220, h: 18, price: 185, count: 1, size: "2440*1220*18"},
			{name: "中纤板18 素板 MDF18 Raw", code: "MDF18-R", color: "原色", unit: "张", l: 2440, w: 1220, h: 18, price: 150, count: 1, size: "2440*1220*18"},
		}},
		{name: "多层板 18mm Plywood", items: []demoItem{
			{name: "多层板18 桦木 PLY18 Birch", code: "PLY18-BI", color: "桦木", unit: "张", l: 2440, w: 1220, h: 18, price: 260, count: 1, size: "2440*1220*18"},
			{name: "多层板18 白色 PLY18 White", code: "PLY18-W", color: "白色", unit: "张", l: 2440, w: 1220, h: 18, price: 245, count: 1, size: "2440*1220*18"},
		}},
		{name: "背板 Back panels", items: []demoItem{
			{name: "高密度板5 白色 HDF5 White", code: "HDF5-W", color: "白色", unit: "张", l: 2440, w: 1220, h: 5, price: 48, count: 1, size: "2440*1220*5"},
		}},
	}},
	{name: "封边条 Edge banding", items: []demoItem{
		{name: "PVC封边 1mm 暖白 Edge Warm white", code: "EB1-WW", color: "暖白", unit: "米", w: 22, h: 1, price: 0.8, count: 1, size: "22*1"},
		{name: "PVC封边 1mm 橡木 Edge Oak", code: "EB1-OK", color: "橡木", unit: "米", w: 22, h: 1, price: 0.9, count: 1, size: "22*1"},
		{name: "PVC封边 1mm 胡桃木 Edge Walnut", code: "EB1-WN", color: "胡桃木", unit: "米", w: 22, h: 1, price: 0.9, count: 1, size: "22*1"},
		{name: "PVC封边 1mm 浅灰 Edge Light grey", code: "EB1-LG", color: "浅灰", unit: "米", w: 22, h: 1, price: 0.8, count: 1, size: "22*1"},
		{name: "PVC封边 2mm 暖白 Edge Warm white", code: "EB2-WW", color: "暖白", unit: "米", w: 22, h: 2, price: 1.5, count: 1, size: "22*2"},
		{name: "PVC封边 2mm 橡木 Edge Oak", code: "EB2-OK", color: "橡木", unit: "米", w: 22, h: 2, price: 1.7, count: 1, size: "22*2"},
		{name: "PVC封边 2mm 浅灰 Edge Light grey", code: "EB2-LG", color: "浅灰", unit: "米", w: 22, h: 2, price: 1.5, count: 1, size: "22*2"},
	}},
	{name: "五金 Hardware", items: []demoItem{
		{name: "阻尼铰链 110° Soft-close hinge", code: "HW-HG110", unit: "个", price: 6.5, count: 1},
		{name: "三节滑轨 450 Drawer slide 450", code: "HW-SL450", unit: "副", l: 450, price: 28, count: 1},
		{name: "三节滑轨 500 Drawer slide 500", code: "HW-SL500", unit: "副", l: 500, price: 31, count: 1},
		{name: "拉手 128mm Handle 128", code: "HW-HD128", color: "黑色", unit: "个", l: 150, price: 9, count: 1},
		{name: "拉手 160mm Handle 160", code: "HW-HD160", color: "黑色", unit: "个", l: 182, price: 11, count: 1},
		{name: "调节脚 100mm Adjustable leg", code: "HW-LG100", unit: "个", h: 100, price: 2.2, count: 1},
		{name: "三合一连接件 Cam connector", code: "HW-CAM", unit: "套", price: 0.6, count: 1},
		{name: "层板托 Shelf support", code: "HW-SS", unit: "个", price: 0.2, count: 1},
		{name: "木榫 8×30 Dowel", code: "HW-DW8", unit: "个", l: 30, price: 0.05, count: 1},
		{name: "挂衣杆 Hanging rail", code: "HW-RAIL25", unit: "根", price: 18, count: 1},
	}},
}

type demoLink struct {
	part  string // code of the part
	count float64
}

type demoProduct struct {
	item  demoItem
	links []demoLink
}

type demoProductDir struct {
	name     string
	products []demoProduct
	children []demoProductDir
}

func baseCabinet(w float64, price float64) demoProduct {
	return demoProduct{item: demoItem{name: fmt.Sprintf("地柜 %.0f Base cabinet", w), code: fmt.Sprintf("DG-%.0f", w),
		color: "暖白", unit: "件", l: w, w: 560, h: 720, price: price, describe: "18mm 颗粒板柜体，5mm 背板，带调节脚"},
		links: []demoLink{{"PB18-WW", 1}, {"HDF5-W", 0.25}, {"EB1-WW", 6}, {"HW-LG100", 4}, {"HW-CAM", 8}, {"HW-SS", 4}}}
}

func wallCabinet(w float64, price float64) demoProduct {
	return demoProduct{item: demoItem{name: fmt.Sprintf("吊柜 %.0f Wall cabinet", w), code: fmt.Sprintf("DIAO-%.0f", w),
		color: "暖白", unit: "件", l: w, w: 320, h: 720, price: price, describe: "18mm 颗粒板柜体，带吊码"},
		links: []demoLink{{"PB18-WW", 0.7}, {"HDF5-W", 0.25}, {"EB1-WW", 5}, {"HW-CAM", 8}, {"HW-SS", 4}}}
}

var demoProducts = []demoProductDir{
	{name: "柜体 Carcasses", children: []demoProductDir{
		{name: "地柜 Base cabinets", products: []demoProduct{baseCabinet(300, 420), baseCabinet(400, 480), baseCabinet(450, 510),
			baseCabinet(600, 580), baseCabinet(800, 690), baseCabinet(900, 760)}},
		{name: "吊柜 Wall cabinets", products: []demoProduct{wallCabinet(300, 300), wallCabinet(400, 340), wallCabinet(600, 410), wallCabinet(800, 490)}},
		{name: "高柜 Tall cabinets", products: []demoProduct{
			{item: demoItem{name: "高柜 600 Tall cabinet", code: "GG-600", color: "暖白", unit: "件", l: 600, w: 560, h: 2100, price: 1280},
				links: []demoLink{{"PB18-WW", 2.2}, {"HDF5-W", 0.5}, {"EB1-WW", 14}, {"HW-LG100", 4}, {"HW-CAM", 12}, {"HW-SS", 12}}},
			{item: demoItem{name: "冰箱高柜 700 Fridge housing", code: "GG-FR700", color: "暖白", unit: "件", l: 700, w: 580, h: 2100, price: 1150},
				links: []demoLink{{"PB18-WW", 2}, {"EB1-WW", 12}, {"HW-LG100", 4}, {"HW-CAM", 10}}},
		}},
	}},
	{name: "门板 Doors", children: []demoProductDir{
		{name: "平板门 Flat doors", products: []demoProduct{
			{item: demoItem{name: "平板门 396×716 白 Door White", code: "DR-F-400-W", color: "白色", unit: "扇", l: 396, w: 18, h: 716, price: 95},
				links: []demoLink{{"MDF18-W", 0.1}, {"HW-HG110", 2}, {"HW-HD128", 1}}},
			{item: demoItem{name: "平板门 596×716 白 Door White", code: "DR-F-600-W", color: "白色", unit: "扇", l: 596, w: 18, h: 716, price: 128},
				links: []demoLink{{"MDF18-W", 0.15}, {"HW-HG110", 2}, {"HW-HD160", 1}}},
			{item: demoItem{name: "平板门 596×716 橡木 Door Oak", code: "DR-F-600-OK", color: "橡木", unit: "扇", l: 596, w: 18, h: 716, price: 142},
				links: []demoLink{{"PB18-OK", 0.15}, {"EB1-OK", 2.7}, {"HW-HG110", 2}, {"HW-HD160", 1}}},
		}},
		{name: "实木贴皮门 Veneered doors", products: []demoProduct{
			{item: demoItem{name: "桦木门 596×716 Birch door", code: "DR-V-600-BI", color: "桦木", unit: "扇", l: 596, w: 18, h: 716, price: 260},
				links: []demoLink{{"PLY18-BI", 0.15}, {"HW-HG110", 2}, {"HW-HD160", 1}}},
		}},
	}},
	{name: "抽屉 Drawers", products: []demoProduct{
		{item: demoItem{name: "抽屉 450 Drawer", code: "DW-450", color: "暖白", unit: "个", l: 450, w: 450, h: 150, price: 160},
			links: []demoLink{{"PB18-WW", 0.25}, {"HDF5-W", 0.08}, {"HW-SL450", 1}, {"HW-HD128", 1}}},
		{item: demoItem{name: "抽屉 600 Drawer", code: "DW-600", color: "暖白", unit: "个", l: 600, w: 500, h: 150, price: 195},
			links: []demoLink{{"PB18-WW", 0.3}, {"HDF5-W", 0.1}, {"HW-SL500", 1}, {"HW-HD160", 1}}},
	}},
	{name: "五金 Hardware", products: []demoProduct{
		{item: demoItem{name: "铰链套装 Hinge set ×2", code: "KIT-HG2", unit: "套", price: 15},
			links: []demoLink{{"HW-HG110", 2}}},
		{item: demoItem{name: "调节脚套装 Leg set ×4", code: "KIT-LG4", unit: "套", price: 10},
			links: []demoLink{{"HW-LG100", 4}}},
	}},
}

var demoStandard = []CreateStandardProductInput{
	{ProductName: "标准衣柜 1800 Wardrobe", CatalogProductInput: CatalogProductInput{ProductCode: "STD-WR1800",
		ProductWidth: n(1800), ProductHeight: n(2400), ProductDepth: n(600), ProductMaterial: "颗粒板 18mm 暖白",
		DoorMaterial: "中纤板 18mm 白色", ProductStyle: "现代简约", ProductVersion: "V1", LevelName: "标准", BatchSize: n(1)}},
	{ProductName: "书柜 800 Bookcase", CatalogProductInput: CatalogProductInput{ProductCode: "STD-BK800",
		ProductWidth: n(800), ProductHeight: n(2000), ProductDepth: n(350), ProductMaterial: "颗粒板 18mm 橡木",
		ProductStyle: "北欧", ProductVersion: "V2", LevelName: "标准", BatchSize: n(1)}},
	{ProductName: "鞋柜 1000 Shoe cabinet", CatalogProductInput: CatalogProductInput{ProductCode: "STD-SC1000",
		ProductWidth: n(1000), ProductHeight: n(1100), ProductDepth: n(360), ProductMaterial: "颗粒板 18mm 浅灰",
		DoorMaterial: "颗粒板 18mm 浅灰", ProductStyle: "现代简约", ProductVersion: "V1", LevelName: "经济", BatchSize: n(2)}},
	{ProductName: "电视柜 1800 TV unit", CatalogProductInput: CatalogProductInput{ProductCode: "STD-TV1800",
		ProductWidth: n(1800), ProductHeight: n(450), ProductDepth: n(400), ProductMaterial: "颗粒板 18mm 胡桃木",
		DoorMaterial: "颗粒板 18mm 胡桃木", ProductStyle: "新中式", ProductVersion: "V1", LevelName: "高端", BatchSize: n(1)}},
}

// seedDemo writes the demo catalogue into the tenant of ctx unless it has directories.
func (m *Module) seedDemo(ctx context.Context) error {
	has, err := m.svc.store.hasCatalogs(ctx)
	if err != nil {
		return fmt.Errorf("catalog seed: %w", err)
	}
	if has {
		return nil
	}
	parts := map[string]uuid.UUID{}
	var addParts func(parent uuid.UUID, dirs []demoDir) error
	addParts = func(parent uuid.UUID, dirs []demoDir) error {
		for _, d := range dirs {
			c, err := m.svc.CreateCatalog(ctx, CreateCatalogInput{DisplayName: d.name, ModuleName: ModuleMatter, ParentID: parent})
			if err != nil {
				return err
			}
			for _, it := range d.items {
				p, err := m.svc.CreatePart(ctx, CreatePartInput{CatalogID: c.ID, PartFieldsInput: PartFieldsInput{ItemFieldsInput: it.input(), Count: n(it.count), Size: it.size}})
				if err != nil {
					return fmt.Errorf("part %s: %w", it.name, err)
				}
				parts[it.code] = p.ID
			}
			if err := addParts(c.ID, d.children); err != nil {
				return err
			}
		}
		return nil
	}
	if err := addParts(uuid.Nil, demoParts); err != nil {
		return fmt.Errorf("catalog seed: %w", err)
	}
	var addProducts func(parent uuid.UUID, dirs []demoProductDir) error
	addProducts = func(parent uuid.UUID, dirs []demoProductDir) error {
		for _, d := range dirs {
			c, err := m.svc.CreateCatalog(ctx, CreateCatalogInput{DisplayName: d.name, ModuleName: ModuleProduct, ParentID: parent})
			if err != nil {
				return err
			}
			for _, dp := range d.products {
				p, err := m.svc.CreateProduct(ctx, CreateProductInput{CatalogID: c.ID, ItemFieldsInput: dp.item.input()})
				if err != nil {
					return fmt.Errorf("product %s: %w", dp.item.name, err)
				}
				for _, l := range dp.links {
					partID, ok := parts[l.part]
					if !ok {
						return fmt.Errorf("product %s: no demo part %s", dp.item.name, l.part)
					}
					if _, err := m.svc.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: partID, Count: n(l.count)}); err != nil {
						return err
					}
				}
			}
			if err := addProducts(c.ID, d.children); err != nil {
				return err
			}
		}
		return nil
	}
	if err := addProducts(uuid.Nil, demoProducts); err != nil {
		return fmt.Errorf("catalog seed: %w", err)
	}
	for _, sp := range demoStandard {
		if _, err := m.svc.CreateStandardProduct(ctx, sp); err != nil {
			return fmt.Errorf("catalog seed: %w", err)
		}
	}
	slog.InfoContext(ctx, "seeded demo catalogue", "tenant", tenancy.FromContext(ctx).Name, "parts", len(parts))
	return nil
}

func (it demoItem) input() ItemFieldsInput {
	opt := func(v float64) *float64 {
		if v == 0 {
			return nil
		}
		return n(v)
	}
	return ItemFieldsInput{Name: it.name, Code: it.code, Color: it.color, Unit: it.unit, Describe: it.describe,
		Length: opt(it.l), Width: opt(it.w), Height: opt(it.h), Price: opt(it.price)}
}
