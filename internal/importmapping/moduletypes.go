package importmapping

import (
	"context"

	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// Module types: what a mapping fills (the API's moduleType of a rule mapping and
// mappingType of a form field mapping). The numbers are the contract; never renumber.
const (
	ModuleSalesOrderProducts         = 1 // lines of a sales order's product table (and the split-order import)
	ModuleSalesOrderParts            = 2 // lines of a sales order's parts (matter) table
	ModuleSalesOrderStandardProducts = 3 // lines of a sales order's standard-product table
	ModuleCatalogProducts            = 4 // the product catalogue
	ModuleCatalogParts               = 5 // the parts (materials) catalogue
	ModuleCutList                    = 6 // an optimisation cut list from design software
)

// FieldDef is one field a module type offers to mappings.
type FieldDef struct {
	Name      string             // the field's name (API: fieldName)
	Label     localization.Text  // shown in the rule editor and in messages
	ValueType sheetmap.ValueType // how its values are read; a rule may also map it as an enumeration
	Required  bool               // every mapping of the module type maps it, and every row has it
}

// ModuleTypeDef is one module type.
type ModuleTypeDef struct {
	Value  int
	Name   string // a stable name for code (camelCase)
	Label  localization.Text
	Fields []FieldDef
}

// Field answers the field named name.
func (m *ModuleTypeDef) Field(name string) (FieldDef, bool) {
	for _, f := range m.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return FieldDef{}, false
}

func fd(name string, t sheetmap.ValueType, required bool, zh, en string) FieldDef {
	return FieldDef{Name: name, Label: localization.Text{ZhHans: zh, En: en}, ValueType: t, Required: required}
}

const (
	txt = sheetmap.Text
	num = sheetmap.Decimal
	itg = sheetmap.Integer
	bln = sheetmap.Boolean
	dat = sheetmap.Date
)

// Fields of a catalogue item (spec 001 §3 "Product" and "Sales part").
func itemFields(nameLabelZh, nameLabelEn string) []FieldDef {
	return []FieldDef{
		fd("name", txt, true, nameLabelZh, nameLabelEn),
		fd("code", txt, false, "编码", "Code"),
		fd("erpCode", txt, false, "ERP编码", "ERP code"),
		fd("stockCode", txt, false, "存货编码", "Stock code"),
		fd("workshopCode", txt, false, "车间编码", "Workshop code"),
		fd("factoryCode", txt, false, "工厂编码", "Factory code"),
		fd("length", num, false, "长", "Length"),
		fd("width", num, false, "宽", "Width"),
		fd("height", num, false, "高", "Height"),
		fd("price", num, false, "板材成本", "Board cost"),
		fd("describe", txt, false, "描述", "Description"),
		fd("color", txt, false, "颜色", "Colour"),
		fd("unit", txt, false, "单位", "Unit"),
	}
}

// Fields every sales-order line has (spec 000 §3 "Sales order detail row": amount from the
// price, a count).
var lineFields = []FieldDef{
	fd("count", num, false, "数量", "Count"),
	fd("price", num, false, "单价", "Unit price"),
	fd("amount", num, false, "金额", "Amount"),
	fd("remark", txt, false, "备注", "Remark"),
	fd("cabinet", txt, false, "柜体", "Cabinet"),
	fd("category", txt, false, "类别", "Category"),
	fd("isUrgent", bln, false, "是否加急", "Urgent"),
	fd("deliveryDate", dat, false, "交货日期", "Delivery date"),
}

// withLine appends the line fields item does not already have.
func withLine(item []FieldDef) []FieldDef {
	out := append([]FieldDef{}, item...)
	for _, l := range lineFields {
		found := false
		for _, f := range out {
			if f.Name == l.Name {
				found = true
			}
		}
		if !found {
			out = append(out, l)
		}
	}
	return out
}

var standardFields = []FieldDef{
	fd("productName", txt, true, "产品名称", "Product name"),
	fd("productCode", txt, false, "产品编码", "Product code"),
	fd("productWidth", num, false, "宽", "Width"),
	fd("productHeight", num, false, "高", "Height"),
	fd("productDepth", num, false, "深", "Depth"),
	fd("productMaterial", txt, false, "柜体材质", "Carcass material"),
	fd("doorMaterial", txt, false, "门板材质", "Door material"),
	fd("productStyle", txt, false, "风格", "Style"),
	fd("productVersion", txt, false, "版本", "Version"),
	fd("levelName", txt, false, "等级", "Level"),
	fd("batchSize", num, false, "批量", "Batch size"),
}

// ModuleTypes are every module type, in the order the rule editor offers them.
var ModuleTypes = []ModuleTypeDef{
	{ModuleSalesOrderProducts, "salesOrderProducts", localization.Text{ZhHans: "销售订单产品明细", En: "Sales-order products"},
		withLine(itemFields("产品名称", "Product name"))},
	{ModuleSalesOrderParts, "salesOrderParts", localization.Text{ZhHans: "销售订单物料明细", En: "Sales-order parts"},
		withLine(append(itemFields("物料名称", "Material name"), fd("size", txt, false, "规格", "Size")))},
	{ModuleSalesOrderStandardProducts, "salesOrderStandardProducts", localization.Text{ZhHans: "销售订单标准产品明细", En: "Sales-order standard products"},
		withLine(standardFields)},
	{ModuleCatalogProducts, "catalogProducts", localization.Text{ZhHans: "产品目录", En: "Catalogue products"},
		append(itemFields("产品名称", "Product name"), fd("images", txt, false, "图片", "Image"), fd("isEnable", bln, false, "是否启用", "Enabled"))},
	{ModuleCatalogParts, "catalogParts", localization.Text{ZhHans: "物料目录", En: "Catalogue parts"},
		append(itemFields("物料名称", "Material name"), fd("images", txt, false, "图片", "Image"), fd("isEnable", bln, false, "是否启用", "Enabled"),
			fd("count", num, false, "数量", "Count"), fd("size", txt, false, "规格", "Size"))},
	{ModuleCutList, "cutList", localization.Text{ZhHans: "优化开料清单", En: "Optimisation cut list"}, []FieldDef{
		fd("partName", txt, true, "板件名称", "Part name"),
		fd("partCode", txt, false, "板件编码", "Part code"),
		fd("materialCode", txt, true, "材料编码", "Material code"),
		fd("thickness", num, true, "厚度", "Thickness"),
		fd("length", num, true, "长度", "Length"),
		fd("width", num, true, "宽度", "Width"),
		fd("count", itg, true, "数量", "Count"),
		fd("grain", txt, false, "纹路", "Grain"),
		fd("edgeBanding", txt, false, "封边", "Edge banding"),
		fd("edgeL1", txt, false, "长边1封边", "Edge L1"),
		fd("edgeL2", txt, false, "长边2封边", "Edge L2"),
		fd("edgeW1", txt, false, "短边1封边", "Edge W1"),
		fd("edgeW2", txt, false, "短边2封边", "Edge W2"),
		fd("orderNumber", txt, false, "订单号", "Order number"),
		fd("cabinet", txt, false, "柜体", "Cabinet"),
		fd("remark", txt, false, "备注", "Remark"),
	}},
}

// ModuleType answers the module type of value.
func ModuleType(value int) (*ModuleTypeDef, bool) {
	for i := range ModuleTypes {
		if ModuleTypes[i].Value == value {
			return &ModuleTypes[i], true
		}
	}
	return nil, false
}

// splitFields are the fields a split rule may test: those of the sales-order line types.
func splitField(name string) bool {
	for _, v := range []int{ModuleSalesOrderProducts, ModuleSalesOrderParts, ModuleSalesOrderStandardProducts} {
		mt, _ := ModuleType(v)
		if _, ok := mt.Field(name); ok {
			return true
		}
	}
	return false
}

// ---- the answer of GET …/module-types ----

// ModuleTypeInfo is a module type with its fields, in the caller's language.
type ModuleTypeInfo struct {
	ModuleType  int         `json:"moduleType" doc:"The number mappings store (moduleType, mappingType)"`
	Name        string      `json:"name" doc:"A stable name, e.g. salesOrderProducts"`
	DisplayName string      `json:"displayName"`
	Fields      []FieldInfo `json:"fields"`
}

// FieldInfo is one field of a module type, in the caller's language.
type FieldInfo struct {
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
	ValueType   int    `json:"valueType" doc:"0 text, 1 integer, 2 decimal, 3 boolean, 4 date; a rule may also map the field as 5 (enumeration)"`
	Required    bool   `json:"required" doc:"Every mapping of the module type maps it, and every row must have it"`
}

func pick(ctx context.Context, t localization.Text) string {
	if localization.CultureFrom(ctx) == localization.En && t.En != "" {
		return t.En
	}
	return t.ZhHans
}

// moduleTypeInfos answers every module type in the caller's language.
func moduleTypeInfos(ctx context.Context) []ModuleTypeInfo {
	out := make([]ModuleTypeInfo, len(ModuleTypes))
	for i, mt := range ModuleTypes {
		fs := make([]FieldInfo, len(mt.Fields))
		for j, f := range mt.Fields {
			fs[j] = FieldInfo{Name: f.Name, DisplayName: pick(ctx, f.Label), ValueType: int(f.ValueType), Required: f.Required}
		}
		out[i] = ModuleTypeInfo{ModuleType: mt.Value, Name: mt.Name, DisplayName: pick(ctx, mt.Label), Fields: fs}
	}
	return out
}
