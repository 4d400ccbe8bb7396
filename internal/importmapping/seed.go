package importmapping

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// demoTenantName is the identity area's demo tenant.
const demoTenantName = "demo"

// seed writes, with demo, an enabled default rule mapping for sales-order products and a
// split mapping into the host and the demo tenant, through the service (so they obey its
// rules), when the side has no mapping of that kind yet.
func (m *Module) seed(ctx context.Context, demo bool) error {
	if !demo {
		return nil
	}
	scopes := []context.Context{tenancy.WithTenant(ctx, tenancy.Tenant{})}
	if m.deps.Tenants != nil {
		t, err := m.deps.Tenants.ResolveTenant(ctx, demoTenantName)
		switch {
		case err == nil:
			scopes = append(scopes, tenancy.WithTenant(ctx, t))
		case errors.Is(err, tenancy.ErrTenantNotAvailable):
			slog.InfoContext(ctx, "importmapping seed: no demo tenant, seeding the host only")
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

func ptr[T any](v T) *T { return &v }

// DemoRuleMapping is the demo's sales-order products mapping: one header row, then name,
// code, length, width, height, count, colour, unit, price, category and remark in columns
// A to K.
var DemoRuleMapping = ImportRuleMappingInput{
	Name: "销售订单产品导入（示例）", ModuleType: ModuleSalesOrderProducts, ImportFileType: ptr(0), ImportFileEncoding: ptr(3),
	ReadRows: ptr(1), IsDefault: true, IsEnable: ptr(true),
	Description: "示例：A 名称、B 编码、C 长、D 宽、E 高、F 数量、G 颜色、H 单位、I 单价、J 类别、K 备注",
	MappingRules: []MappingRule{
		{ColumnIndex: 0, FieldName: "name", ValueType: 0, Required: true},
		{ColumnIndex: 1, FieldName: "code", ValueType: 0},
		{ColumnIndex: 2, FieldName: "length", ValueType: 2},
		{ColumnIndex: 3, FieldName: "width", ValueType: 2},
		{ColumnIndex: 4, FieldName: "height", ValueType: 2},
		{ColumnIndex: 5, FieldName: "count", ValueType: 2, DefaultValue: "1"},
		{ColumnIndex: 6, FieldName: "color", ValueType: 0},
		{ColumnIndex: 7, FieldName: "unit", ValueType: 0, DefaultValue: "件"},
		{ColumnIndex: 8, FieldName: "price", ValueType: 2},
		{ColumnIndex: 9, FieldName: "category", ValueType: 5,
			ItemsMapping: `[{"source":"柜体","target":"柜体"},{"source":"门板","target":"门板"},{"source":"五金","target":"五金"},{"source":"标准品","target":"标准品"},{"source":"hardware","target":"五金"}]`},
		{ColumnIndex: 10, FieldName: "remark", ValueType: 0},
	},
}

// DemoSplitMapping splits by category: hardware (五金) and codes starting HW- are parts,
// standard products (标准品) are standard products, the rest products.
var DemoSplitMapping = ImportSplitMappingInput{
	Name: "按类别拆单（示例）", IsDefault: true, IsEnable: ptr(true), DefaultLineType: LineProduct,
	Description: "示例：类别为五金或编码以 HW- 开头的行是物料，类别为标准品的行是标准产品，其余是产品",
	Rules: []SplitRule{
		{Order: 1, FieldName: "category", Operator: OpEquals, Value: "五金", LineType: LinePart},
		{Order: 2, FieldName: "code", Operator: OpStartsWith, Value: "HW-", LineType: LinePart},
		{Order: 3, FieldName: "category", Operator: OpEquals, Value: "标准品", LineType: LineStandardProduct},
	},
}

func (m *Module) seedDemo(ctx context.Context) error {
	n, err := m.svc.store.count(db.WithDeleted(ctx), (*ImportRuleMapping)(nil), "1 = 1")
	if err != nil {
		return fmt.Errorf("importmapping seed: %w", err)
	}
	if n == 0 {
		if _, err := m.svc.CreateRuleMapping(ctx, DemoRuleMapping); err != nil {
			return fmt.Errorf("importmapping seed: %w", err)
		}
	}
	n, err = m.svc.store.count(db.WithDeleted(ctx), (*ImportSplitMapping)(nil), "1 = 1")
	if err != nil {
		return fmt.Errorf("importmapping seed: %w", err)
	}
	if n == 0 {
		if _, err := m.svc.CreateSplitMapping(ctx, DemoSplitMapping); err != nil {
			return fmt.Errorf("importmapping seed: %w", err)
		}
	}
	return nil
}
