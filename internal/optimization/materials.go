package optimization

import (
	"context"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// The materials part: materials and their boards (the stock sheets a run cuts), with Excel in
// and out, the batch upsert and the boards query of spec 002 §7.11 (decision 0013). The rows
// and inputs are in materials_model.go, the queries in materials_store.go, the rules in
// materials_service.go and boards_service.go, the workbook in materials_excel.go, the demo rows
// in materials_seed.go and the calls in http_materials.go and http_boards.go.

// materialsMigrations are the part's schema changes, in order; each is frozen once released.
var materialsMigrations = []db.Migration{{
	// Materials and their boards.
	//   - A material's code is unique among the live materials of its tenant without regard to
	//     case (the host is indexed as the all-zero UUID: NULLs never clash in a unique index);
	//     a board's code is unique among the live boards of its material, likewise.
	//   - Every sortable column of the two lists has an index led by the tenant and is_deleted
	//     (the lists' filter), then the column and id (the tie-break); a material's boards are
	//     read through ix_opt_boards_material.
	ID: "optimization/0002_materials",
	Up: db.DDL(materialsDDL("TIMESTAMP", "REAL"), materialsDDL("TIMESTAMPTZ", "DOUBLE PRECISION")),
}}

// materialsDDL is the first materials migration for a dialect's timestamp and float types
// (the statements are otherwise the same on both databases). Frozen: never edit.
func materialsDDL(ts, float string) string {
	return `
CREATE TABLE "opt_materials" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" ` + ts + ` NOT NULL,
	"creator_id" uuid,
	"last_modification_time" ` + ts + `,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" ` + ts + `,
	"concurrency_stamp" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"thickness" ` + float + ` NOT NULL,
	"grain" BOOLEAN NOT NULL,
	"color" VARCHAR NOT NULL,
	"edge_allowance" ` + float + ` NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_boards" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" ` + ts + ` NOT NULL,
	"creator_id" uuid,
	"last_modification_time" ` + ts + `,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" ` + ts + `,
	"concurrency_stamp" VARCHAR NOT NULL,
	"material_id" uuid NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" ` + float + ` NOT NULL,
	"width" ` + float + ` NOT NULL,
	"cost" ` + float + ` NOT NULL,
	"quantity" INTEGER,
	"is_offcut" BOOLEAN NOT NULL,
	"plan_no" VARCHAR NOT NULL,
	"bin_code" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_opt_materials_code" ON "opt_materials" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_opt_boards_code" ON "opt_boards" ("material_id", lower("code")) WHERE "is_deleted" = false;
CREATE INDEX "ix_opt_boards_material" ON "opt_boards" ("tenant_id", "is_deleted", "material_id", "is_offcut", "code", "id");
CREATE INDEX "ix_opt_materials_sort_id" ON "opt_materials" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_materials_sort_code" ON "opt_materials" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_opt_materials_sort_name" ON "opt_materials" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_opt_materials_sort_thickness" ON "opt_materials" ("tenant_id", "is_deleted", "thickness", "id");
CREATE INDEX "ix_opt_materials_sort_color" ON "opt_materials" ("tenant_id", "is_deleted", "color", "id");
CREATE INDEX "ix_opt_materials_sort_is_enable" ON "opt_materials" ("tenant_id", "is_deleted", "is_enable", "id");
CREATE INDEX "ix_opt_materials_sort_creation_time" ON "opt_materials" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_opt_boards_sort_id" ON "opt_boards" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_boards_sort_code" ON "opt_boards" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_opt_boards_sort_length" ON "opt_boards" ("tenant_id", "is_deleted", "length", "id");
CREATE INDEX "ix_opt_boards_sort_width" ON "opt_boards" ("tenant_id", "is_deleted", "width", "id");
CREATE INDEX "ix_opt_boards_sort_cost" ON "opt_boards" ("tenant_id", "is_deleted", "cost", "id");
CREATE INDEX "ix_opt_boards_sort_quantity" ON "opt_boards" ("tenant_id", "is_deleted", "quantity", "id");
CREATE INDEX "ix_opt_boards_sort_plan_no" ON "opt_boards" ("tenant_id", "is_deleted", "plan_no", "id");
CREATE INDEX "ix_opt_boards_sort_bin_code" ON "opt_boards" ("tenant_id", "is_deleted", "bin_code", "id");
CREATE INDEX "ix_opt_boards_sort_creation_time" ON "opt_boards" ("tenant_id", "is_deleted", "creation_time", "id")
`
}

// Message keys of the materials part.
const (
	KeyMaterialNotFound     = "Optimization:Materials:NotFound"
	KeyMaterialCodeNotFound = "Optimization:Materials:CodeNotFound"
	KeyBoardNotFound        = "Optimization:Boards:NotFound"
	KeyMaterialDuplicate    = "Optimization:Materials:DuplicateCode"
	KeyBoardDuplicate       = "Optimization:Boards:DuplicateCode"
	KeyMaterialOffcutStock  = "Optimization:Materials:OffcutInStock"
	KeyBoardOffcutStock     = "Optimization:Boards:OffcutInStock"
	KeyMaterialsMin         = "Optimization:Materials:Min"
	KeyMaterialsMax         = "Optimization:Materials:Max"
	KeyMaterialsPositive    = "Optimization:Materials:Positive"
	KeyMaterialsWhole       = "Optimization:Materials:Whole"
	KeyMaterialsTooMany     = "Optimization:Materials:TooMany"
	KeyMaterialsBatchEmpty  = "Optimization:Materials:BatchEmpty"
	KeyMaterialsBatchDup    = "Optimization:Materials:BatchDuplicate"
	KeyBoardsBatchDup       = "Optimization:Boards:BatchDuplicate"
	KeyMaterialsItem        = "Optimization:Materials:Item"

	// The workbook.
	KeyMaterialsSheetMaterials = "Optimization:Materials:SheetMaterials"
	KeyMaterialsSheetBoards    = "Optimization:Materials:SheetBoards"
	KeyMaterialsXlsxOnly       = "Optimization:Materials:XlsxOnly"
	KeyMaterialsNoFile         = "Optimization:Materials:NoFile"
	KeyMaterialsBadWorkbook    = "Optimization:Materials:BadWorkbook"
	KeyMaterialsNoSheet        = "Optimization:Materials:NoSheet"
	KeyMaterialsNoColumn       = "Optimization:Materials:NoColumn"
	KeyMaterialsImportEmpty    = "Optimization:Materials:ImportEmpty"
	KeyMaterialsTooManyRows    = "Optimization:Materials:TooManyRows"
	KeyMaterialsCell           = "Optimization:Materials:Cell"
	KeyMaterialsCellRow        = "Optimization:Materials:CellRow"
	KeyMaterialsMoreErrors     = "Optimization:Materials:MoreErrors"
	KeyMaterialsNotNumber      = "Optimization:Materials:NotNumber"
	KeyMaterialsNotBool        = "Optimization:Materials:NotBool"
	KeyMaterialsUnknownCode    = "Optimization:Materials:UnknownCode"
	KeyMaterialsRowDuplicate   = "Optimization:Materials:RowDuplicate"
	KeyMaterialsYes            = "Optimization:Materials:Yes"
	KeyMaterialsNo             = "Optimization:Materials:No"
	KeyMaterialsUnlimited      = "Optimization:Materials:Unlimited"

	// Field labels, used in messages and as the workbook's headers.
	FieldMatCode           = "Optimization:Materials:Field:Code"
	FieldMatName           = "Optimization:Materials:Field:Name"
	FieldMatThickness      = "Optimization:Materials:Field:Thickness"
	FieldMatGrain          = "Optimization:Materials:Field:Grain"
	FieldMatColor          = "Optimization:Materials:Field:Color"
	FieldMatEdgeAllowance  = "Optimization:Materials:Field:EdgeAllowance"
	FieldMatIsEnable       = "Optimization:Materials:Field:IsEnable"
	FieldBoardMaterialCode = "Optimization:Boards:Field:MaterialCode"
	FieldBoardMaterialID   = "Optimization:Boards:Field:MaterialId"
	FieldBoardCode         = "Optimization:Boards:Field:Code"
	FieldBoardLength       = "Optimization:Boards:Field:Length"
	FieldBoardWidth        = "Optimization:Boards:Field:Width"
	FieldBoardCost         = "Optimization:Boards:Field:Cost"
	FieldBoardQuantity     = "Optimization:Boards:Field:Quantity"
	FieldBoardIsOffcut     = "Optimization:Boards:Field:IsOffcut"
	FieldBoardPlanNo       = "Optimization:Boards:Field:PlanNo"
	FieldBoardBinCode      = "Optimization:Boards:Field:BinCode"
)

var materialsTexts = localization.Texts{
	KeyMaterialNotFound:     {ZhHans: "材料不存在", En: "The material does not exist"},
	KeyMaterialCodeNotFound: {ZhHans: "没有编码为“{0}”的材料", En: "There is no material with the code \"{0}\""},
	KeyBoardNotFound:        {ZhHans: "板材不存在", En: "The board does not exist"},
	KeyMaterialDuplicate:    {ZhHans: "材料编码“{0}”已存在", En: "The material code \"{0}\" is already taken"},
	KeyBoardDuplicate:       {ZhHans: "板材编码“{0}”在此材料中已存在", En: "The board code \"{0}\" is already taken in this material"},
	KeyMaterialOffcutStock: {ZhHans: "材料“{0}”的余料板“{1}”尚有库存（{2} 张），不能删除",
		En: "The material \"{0}\" cannot be deleted: its offcut \"{1}\" is in stock ({2} sheets)"},
	KeyBoardOffcutStock: {ZhHans: "余料板“{0}”尚有库存（{1} 张），不能删除",
		En: "The offcut \"{0}\" cannot be deleted: it is in stock ({1} sheets)"},
	KeyMaterialsMin:        {ZhHans: "{0}不能小于 {1}", En: "{0} must be at least {1}"},
	KeyMaterialsMax:        {ZhHans: "{0}不能大于 {1}", En: "{0} must be at most {1}"},
	KeyMaterialsPositive:   {ZhHans: "{0}必须大于 0", En: "{0} must be greater than 0"},
	KeyMaterialsWhole:      {ZhHans: "{0}必须是整数", En: "{0} must be a whole number"},
	KeyMaterialsTooMany:    {ZhHans: "一次最多提交 {0} 条", En: "At most {0} rows can be sent at once"},
	KeyMaterialsBatchEmpty: {ZhHans: "没有要保存的材料", En: "There are no materials to save"},
	KeyMaterialsBatchDup:   {ZhHans: "材料编码“{0}”重复出现", En: "The material code \"{0}\" appears more than once"},
	KeyBoardsBatchDup:      {ZhHans: "材料“{0}”的板材编码“{1}”重复出现", En: "The board code \"{1}\" of the material \"{0}\" appears more than once"},
	KeyMaterialsItem:       {ZhHans: "第 {0} 项：{1}", En: "Item {0}: {1}"},

	KeyMaterialsSheetMaterials: {ZhHans: "材料", En: "Materials"},
	KeyMaterialsSheetBoards:    {ZhHans: "板材", En: "Boards"},
	KeyMaterialsXlsxOnly:       {ZhHans: "请上传一个 .xlsx 文件", En: "Please upload one .xlsx file"},
	KeyMaterialsNoFile:         {ZhHans: "没有收到文件", En: "No file was received"},
	KeyMaterialsBadWorkbook:    {ZhHans: "无法读取该 Excel 文件", En: "The Excel file cannot be read"},
	KeyMaterialsNoSheet: {ZhHans: "工作簿中没有“材料”（Materials）工作表，请使用导出的文件作为模板",
		En: "The workbook has no \"Materials\" (材料) sheet; please use an exported file as the template"},
	KeyMaterialsNoColumn:    {ZhHans: "工作表“{0}”第 1 行没有“{1}”列", En: "Row 1 of the sheet \"{0}\" has no \"{1}\" column"},
	KeyMaterialsImportEmpty: {ZhHans: "工作簿中没有材料", En: "The workbook holds no materials"},
	KeyMaterialsTooManyRows: {ZhHans: "工作表“{0}”最多 {1} 行", En: "The sheet \"{0}\" may hold at most {1} rows"},
	KeyMaterialsCell:        {ZhHans: "工作表“{0}”第 {1} 行“{2}”列：{3}", En: "Sheet \"{0}\", row {1}, column \"{2}\": {3}"},
	KeyMaterialsCellRow:     {ZhHans: "工作表“{0}”第 {1} 行：{2}", En: "Sheet \"{0}\", row {1}: {2}"},
	KeyMaterialsMoreErrors:  {ZhHans: "还有 {0} 个错误未列出", En: "{0} more errors not listed"},
	KeyMaterialsNotNumber:   {ZhHans: "必须是数字", En: "must be a number"},
	KeyMaterialsNotBool:     {ZhHans: "只能填写“是”或“否”", En: "must be yes or no"},
	KeyMaterialsUnknownCode: {ZhHans: "没有编码为“{0}”的材料", En: "there is no material with the code \"{0}\""},
	KeyMaterialsRowDuplicate: {ZhHans: "与第 {0} 行重复",
		En: "duplicates row {0}"},
	KeyMaterialsYes:       {ZhHans: "是", En: "Yes"},
	KeyMaterialsNo:        {ZhHans: "否", En: "No"},
	KeyMaterialsUnlimited: {ZhHans: "不限", En: "Unlimited"},

	FieldMatCode:           {ZhHans: "材料编码", En: "Material code"},
	FieldMatName:           {ZhHans: "材料名称", En: "Material name"},
	FieldMatThickness:      {ZhHans: "厚度", En: "Thickness"},
	FieldMatGrain:          {ZhHans: "纹理", En: "Grain"},
	FieldMatColor:          {ZhHans: "颜色", En: "Colour"},
	FieldMatEdgeAllowance:  {ZhHans: "封边余量", En: "Edge allowance"},
	FieldMatIsEnable:       {ZhHans: "启用", En: "Enabled"},
	FieldBoardMaterialCode: {ZhHans: "材料编码", En: "Material code"},
	FieldBoardMaterialID:   {ZhHans: "所属材料", En: "Material"},
	FieldBoardCode:         {ZhHans: "板材编码", En: "Board code"},
	FieldBoardLength:       {ZhHans: "长度", En: "Length"},
	FieldBoardWidth:        {ZhHans: "宽度", En: "Width"},
	FieldBoardCost:         {ZhHans: "单价", En: "Cost"},
	FieldBoardQuantity:     {ZhHans: "数量", En: "Quantity"},
	FieldBoardIsOffcut:     {ZhHans: "余料", En: "Offcut"},
	FieldBoardPlanNo:       {ZhHans: "方案号", En: "Plan no."},
	FieldBoardBinCode:      {ZhHans: "库位", En: "Bin"},
}

// materialsMenus is the materials page, in the optimisation group.
var materialsMenus = []module.MenuEntry{{
	Name: MenuGroup + ".materials", Parent: MenuGroup, Path: "/engineOptimization/materials",
	Component: "optimization-materials/index", Icon: "material", Order: 4, Permission: PermMaterials,
	DisplayName: menuText("材料", "Materials"),
}}

// seedMaterials writes, with demo, the demo tenant's materials and boards (materials_seed.go).
func (m *Module) seedMaterials(ctx context.Context, demo bool) error {
	if !demo {
		return nil
	}
	return m.seedDemoMaterials(ctx)
}
