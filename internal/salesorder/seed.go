package salesorder

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

type seedType struct{ code, name string }

// The types every side starts with (stored in the default language, as users type them).
var (
	defaultOrderTypes   = []seedType{{"STANDARD", "标准订单"}, {"SAMPLE", "样品单"}, {"PROJECT", "工程单"}}
	defaultProductTypes = []seedType{{"CABINET", "橱柜"}, {"WARDROBE", "衣柜"}, {"BOOKCASE", "书柜"}, {"DOOR", "门板"}}
)

// SalesPermissions are what the demo's sales role holds: reading orders and their types,
// and the clerk's own moves (create, edit, delete drafts, submit, withdraw, cancel, files).
var SalesPermissions = []string{PermOrders, PermOrdersCreate, PermOrdersEdit, PermOrdersDelete, PermOrdersSubmit,
	PermOrdersCancel, PermOrdersFiles, PermOrderTypes, PermProductTypes}

// seed gives the host and every tenant the default order and product types (a side that has
// ever had types of a kind keeps what it has), and with demo the sales role its permissions
// on the host and in the demo tenant, and the demo tenant a handful of orders.
func (m *Module) seed(ctx context.Context, demo bool) error {
	sides := []tenancy.Tenant{{}}
	if m.deps.Identity != nil {
		tenants, err := m.deps.Identity.Tenants(ctx)
		if err != nil {
			return fmt.Errorf("list tenants: %w", err)
		}
		sides = append(sides, tenants...)
	}
	for _, t := range sides {
		if err := m.seedTypes(tenancy.WithTenant(ctx, t)); err != nil {
			return fmt.Errorf("sales order types of %q: %w", t.Name, err)
		}
	}
	if !demo {
		return nil
	}
	scopes := []context.Context{tenancy.WithTenant(ctx, tenancy.Tenant{})}
	var demoTenant context.Context
	if m.deps.Tenants != nil {
		t, err := m.deps.Tenants.ResolveTenant(ctx, identity.DemoTenantName)
		switch {
		case err == nil:
			demoTenant = tenancy.WithTenant(ctx, t)
			scopes = append(scopes, demoTenant)
		case errors.Is(err, tenancy.ErrTenantNotAvailable):
			slog.InfoContext(ctx, "salesorder seed: no demo tenant, no demo orders")
		default:
			return err
		}
	}
	if m.deps.Permissions != nil {
		changes := make([]permission.Change, len(SalesPermissions))
		for i, n := range SalesPermissions {
			changes[i] = permission.Change{Name: n, IsGranted: true}
		}
		for _, sc := range scopes {
			err := m.deps.DB.InTx(sc, func(ctx context.Context, tx bun.Tx) error {
				return m.deps.Permissions.Set(ctx, tx, permission.Role, identity.SalesRole, changes)
			})
			if err != nil {
				return fmt.Errorf("grant sales role: %w", err)
			}
		}
	}
	if demoTenant != nil && m.deps.Identity != nil {
		return m.seedDemoOrders(demoTenant)
	}
	return nil
}

// seedTypes writes the default types of each kind the side has never had.
func (m *Module) seedTypes(ctx context.Context) error { return seedTypesIn(ctx, m.svc.store) }

// seedTypesIn is seedTypes through st (in the transaction st is bound to, if any).
func seedTypesIn(ctx context.Context, st store) error {
	return st.inTx(ctx, func(ctx context.Context, tx store) error {
		had, err := db.Select(db.WithDeleted(ctx), tx.idb, (*OrderType)(nil)).Exists(ctx)
		if err != nil {
			return fmt.Errorf("order types: %w", err)
		}
		for i, t := range defaultOrderTypes {
			if had {
				break
			}
			row := &OrderType{TypeFields: TypeFields{Code: t.code, Name: t.name, Sort: i + 1, IsEnable: true}}
			if err := db.Insert(ctx, tx.idb, row); err != nil {
				return fmt.Errorf("order type %s: %w", t.code, err)
			}
		}
		had, err = db.Select(db.WithDeleted(ctx), tx.idb, (*ProductType)(nil)).Exists(ctx)
		if err != nil {
			return fmt.Errorf("product types: %w", err)
		}
		for i, t := range defaultProductTypes {
			if had {
				break
			}
			row := &ProductType{TypeFields: TypeFields{Code: t.code, Name: t.name, Sort: i + 1, IsEnable: true}}
			if err := db.Insert(ctx, tx.idb, row); err != nil {
				return fmt.Errorf("product type %s: %w", t.code, err)
			}
		}
		return nil
	})
}

type demoOrder struct {
	orderType, productType           string
	dealer, customer, phone, address string
	remark                           string
	urgent                           bool
	discount, logistics, pay         float64
	deliveryInDays                   int
	moves                            []Action // made by the tenant's admin after the clerk creates it
}

var demoOrders = []demoOrder{
	{orderType: "STANDARD", productType: "CABINET", dealer: "杭州西湖展厅", customer: "王先生", phone: "13900000001",
		address: "杭州市西湖区文三路 100 号 3 单元 501", remark: "厨房 L 型橱柜", logistics: 200, deliveryInDays: 30},
	{orderType: "STANDARD", productType: "WARDROBE", dealer: "杭州西湖展厅", customer: "李女士", phone: "13900000002",
		address: "杭州市拱墅区莫干山路 88 号", remark: "主卧整墙衣柜", discount: 500, pay: 3000, deliveryInDays: 25,
		moves: []Action{ActionSubmit}},
	{orderType: "STANDARD", productType: "CABINET", dealer: "宁波鄞州展厅", customer: "张先生", phone: "13900000003",
		address: "宁波市鄞州区天童南路 9 号", remark: "新房交付前安装，加急", urgent: true, logistics: 300, pay: 5000,
		deliveryInDays: 10, moves: []Action{ActionSubmit, ActionReview}},
	{orderType: "PROJECT", productType: "BOOKCASE", dealer: "上海徐汇工程部", customer: "赵女士", phone: "021-55550004",
		address: "上海市徐汇区漕溪北路 18 号", remark: "样板间书柜 12 套", discount: 2000, logistics: 800, pay: 20000,
		deliveryInDays: 45, moves: []Action{ActionSubmit, ActionReview, ActionConfirm}},
	{orderType: "SAMPLE", productType: "DOOR", dealer: "苏州园区展厅", customer: "陈先生", phone: "13900000005",
		address: "苏州市工业园区星湖街 328 号", remark: "门板色样", deliveryInDays: 7},
}

// seedDemoOrders creates the demo tenant's orders through the service, as its sales clerk
// would, and moves some on as its admin would; a tenant that has ever had orders is left as
// it is.
func (m *Module) seedDemoOrders(ctx context.Context) error {
	had, err := db.Select(db.WithDeleted(ctx), m.deps.DB, (*SalesOrder)(nil)).Exists(ctx)
	if err != nil || had {
		return err
	}
	as := func(userName string) (context.Context, error) {
		u, err := m.deps.Identity.FindByLogin(ctx, userName)
		if err != nil {
			return nil, fmt.Errorf("demo user %s: %w", userName, err)
		}
		return auth.WithPrincipal(ctx, &auth.Principal{UserID: u.ID, TenantID: tenancy.ID(ctx), UserName: u.UserName}), nil
	}
	clerk, err := as(identity.SalesRole)
	if err != nil {
		return err
	}
	admin, err := as(identity.AdminUserName)
	if err != nil {
		return err
	}
	typeID := func(code string, order bool) (uuid.UUID, error) {
		var id uuid.UUID
		var err error
		if order {
			var t OrderType
			err = db.Select(ctx, m.deps.DB, &t).Where("lower(?TableAlias.code) = lower(?)", code).Scan(ctx)
			id = t.ID
		} else {
			var t ProductType
			err = db.Select(ctx, m.deps.DB, &t).Where("lower(?TableAlias.code) = lower(?)", code).Scan(ctx)
			id = t.ID
		}
		return id, err
	}
	today := now()
	for _, d := range demoOrders {
		ot, err := typeID(d.orderType, true)
		if err != nil {
			return fmt.Errorf("demo order type %s: %w", d.orderType, err)
		}
		pt, err := typeID(d.productType, false)
		if err != nil {
			return fmt.Errorf("demo product type %s: %w", d.productType, err)
		}
		delivery := today.AddDate(0, 0, d.deliveryInDays).Truncate(24 * time.Hour)
		o, err := m.svc.Create(clerk, SalesOrderInput{OrderTypeID: ot, ProductTypeID: &pt, DealerName: d.dealer,
			CustomerName: d.customer, CustomerPhone: d.phone, CustomerAddress: d.address, Remark: d.remark,
			IsUrgent: d.urgent, DiscountTotal: d.discount, LogisticsPrice: d.logistics, PayTotal: d.pay,
			DeliveryDate: &delivery})
		if err != nil {
			return fmt.Errorf("demo order %s: %w", d.customer, err)
		}
		for _, fill := range m.svc.demoHooks {
			if err := fill(clerk, o); err != nil {
				return fmt.Errorf("demo order %s: %w", d.customer, err)
			}
		}
		for _, a := range d.moves {
			_, err := m.svc.Move(admin, o.ID, StatusMoveInput{Action: a})
			var ue *apperr.UserError
			if errors.As(err, &ue) { // a submit check refused it (no lines): leave it where it is
				slog.WarnContext(ctx, "salesorder seed: demo order not moved", "order", o.SalesOrderID, "action", a, "err", err)
				break
			}
			if err != nil {
				return fmt.Errorf("demo order %s, %s: %w", d.customer, a, err)
			}
		}
	}
	slog.InfoContext(ctx, "seeded demo sales orders", "tenant", tenancy.ID(ctx), "orders", len(demoOrders))
	return nil
}
