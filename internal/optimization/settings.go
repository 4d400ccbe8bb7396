package optimization

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/tenancy"
)

// The settings part: import-file settings and their details, optimise parameters, machine
// parameters (decision 0013). Model in settings_model.go, queries in settings_store.go,
// rules in settings_service.go and settings_params.go, Excel in and out in
// settings_excel.go, handlers in http_settings.go.

// settingsMigrations are the settings' schema changes (odd numbers; the materials' are
// even). Each is frozen once released: never edit one, add the next at the end.
//
// One default per tenant (import-file settings, parameters, machines) and the uniqueness of
// a setting's name and of a detail's column and field are held by partial unique indexes
// over live rows (the host's tenant_id is NULL, hence the COALESCE). Every sortable column of
// the lists has an index led by the tenant and is_deleted, then the column and the id.
var settingsMigrations = []db.Migration{{
	ID: "optimization/0001_settings",
	Up: db.DDL(`
CREATE TABLE "opt_import_file_settings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"file_type" INTEGER NOT NULL,
	"header_rows" INTEGER NOT NULL,
	"encoding" INTEGER NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_import_file_setting_details" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"setting_id" uuid NOT NULL,
	"column_index" INTEGER NOT NULL,
	"field" VARCHAR NOT NULL,
	"title" VARCHAR NOT NULL,
	"value_type" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_parameter_settings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"kerf" DOUBLE PRECISION NOT NULL,
	"trim" DOUBLE PRECISION NOT NULL,
	"stages" INTEGER NOT NULL,
	"first_cut" INTEGER NOT NULL,
	"min_offcut_length" DOUBLE PRECISION NOT NULL,
	"min_offcut_width" DOUBLE PRECISION NOT NULL,
	"time_limit_seconds" INTEGER NOT NULL,
	"rotate" BOOLEAN NOT NULL,
	"use_stock_offcuts" BOOLEAN NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_machine_settings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"max_length" DOUBLE PRECISION NOT NULL,
	"max_width" DOUBLE PRECISION NOT NULL,
	"stages" INTEGER NOT NULL,
	"kerf" DOUBLE PRECISION NOT NULL,
	"channels" INTEGER NOT NULL,
	"book_height" DOUBLE PRECISION NOT NULL,
	"feed_speed" DOUBLE PRECISION NOT NULL,
	"return_speed" DOUBLE PRECISION NOT NULL,
	"cut_time" DOUBLE PRECISION NOT NULL,
	"load_time" DOUBLE PRECISION NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_opt_import_file_settings_name" ON "opt_import_file_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "name") WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_opt_import_file_settings_default" ON "opt_import_file_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_opt_import_file_settings_sort_id" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_import_file_settings_sort_name" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_opt_import_file_settings_sort_file_type" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "file_type", "id");
CREATE INDEX "ix_opt_import_file_settings_sort_creation_time" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE UNIQUE INDEX "ux_opt_import_file_setting_details_column" ON "opt_import_file_setting_details" ("setting_id", "column_index") WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_opt_import_file_setting_details_field" ON "opt_import_file_setting_details" ("setting_id", "field") WHERE "is_deleted" = false;
CREATE INDEX "ix_opt_import_file_setting_details_setting" ON "opt_import_file_setting_details" ("tenant_id", "is_deleted", "setting_id", "column_index", "id");
CREATE UNIQUE INDEX "ux_opt_parameter_settings_default" ON "opt_parameter_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_opt_parameter_settings_sort_id" ON "opt_parameter_settings" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_parameter_settings_sort_name" ON "opt_parameter_settings" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_opt_parameter_settings_sort_creation_time" ON "opt_parameter_settings" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE UNIQUE INDEX "ux_opt_machine_settings_default" ON "opt_machine_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_opt_machine_settings_sort_id" ON "opt_machine_settings" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_machine_settings_sort_name" ON "opt_machine_settings" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_opt_machine_settings_sort_creation_time" ON "opt_machine_settings" ("tenant_id", "is_deleted", "creation_time", "id")
`, `
CREATE TABLE "opt_import_file_settings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"file_type" INTEGER NOT NULL,
	"header_rows" INTEGER NOT NULL,
	"encoding" INTEGER NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_import_file_setting_details" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"setting_id" uuid NOT NULL,
	"column_index" INTEGER NOT NULL,
	"field" VARCHAR NOT NULL,
	"title" VARCHAR NOT NULL,
	"value_type" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_parameter_settings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"kerf" DOUBLE PRECISION NOT NULL,
	"trim" DOUBLE PRECISION NOT NULL,
	"stages" INTEGER NOT NULL,
	"first_cut" INTEGER NOT NULL,
	"min_offcut_length" DOUBLE PRECISION NOT NULL,
	"min_offcut_width" DOUBLE PRECISION NOT NULL,
	"time_limit_seconds" INTEGER NOT NULL,
	"rotate" BOOLEAN NOT NULL,
	"use_stock_offcuts" BOOLEAN NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "opt_machine_settings" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"max_length" DOUBLE PRECISION NOT NULL,
	"max_width" DOUBLE PRECISION NOT NULL,
	"stages" INTEGER NOT NULL,
	"kerf" DOUBLE PRECISION NOT NULL,
	"channels" INTEGER NOT NULL,
	"book_height" DOUBLE PRECISION NOT NULL,
	"feed_speed" DOUBLE PRECISION NOT NULL,
	"return_speed" DOUBLE PRECISION NOT NULL,
	"cut_time" DOUBLE PRECISION NOT NULL,
	"load_time" DOUBLE PRECISION NOT NULL,
	"is_default" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_opt_import_file_settings_name" ON "opt_import_file_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "name") WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_opt_import_file_settings_default" ON "opt_import_file_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_opt_import_file_settings_sort_id" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_import_file_settings_sort_name" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_opt_import_file_settings_sort_file_type" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "file_type", "id");
CREATE INDEX "ix_opt_import_file_settings_sort_creation_time" ON "opt_import_file_settings" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE UNIQUE INDEX "ux_opt_import_file_setting_details_column" ON "opt_import_file_setting_details" ("setting_id", "column_index") WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_opt_import_file_setting_details_field" ON "opt_import_file_setting_details" ("setting_id", "field") WHERE "is_deleted" = false;
CREATE INDEX "ix_opt_import_file_setting_details_setting" ON "opt_import_file_setting_details" ("tenant_id", "is_deleted", "setting_id", "column_index", "id");
CREATE UNIQUE INDEX "ux_opt_parameter_settings_default" ON "opt_parameter_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_opt_parameter_settings_sort_id" ON "opt_parameter_settings" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_parameter_settings_sort_name" ON "opt_parameter_settings" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_opt_parameter_settings_sort_creation_time" ON "opt_parameter_settings" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE UNIQUE INDEX "ux_opt_machine_settings_default" ON "opt_machine_settings" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_default" = true AND "is_deleted" = false;
CREATE INDEX "ix_opt_machine_settings_sort_id" ON "opt_machine_settings" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_opt_machine_settings_sort_name" ON "opt_machine_settings" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_opt_machine_settings_sort_creation_time" ON "opt_machine_settings" ("tenant_id", "is_deleted", "creation_time", "id")
`),
}}

// settingsMenus are the three settings pages of the optimisation group.
var settingsMenus = []module.MenuEntry{
	{Name: MenuGroup + ".importFileSettings", Parent: MenuGroup, Path: "/engineOptimization/import-file-settings",
		Component: "optimization-settings/import-files", Icon: "file-excel", Order: 1, Permission: PermImportFileSettings,
		DisplayName: menuText("导入文件设置", "Import file settings")},
	{Name: MenuGroup + ".optimizeParameters", Parent: MenuGroup, Path: "/engineOptimization/optimize-parameters",
		Component: "optimization-settings/parameters", Icon: "control", Order: 2, Permission: PermParameters,
		DisplayName: menuText("优化参数", "Optimise parameters")},
	{Name: MenuGroup + ".machineParameters", Parent: MenuGroup, Path: "/engineOptimization/machine-parameters",
		Component: "optimization-settings/machines", Icon: "tool", Order: 3, Permission: PermMachines,
		DisplayName: menuText("锯参数", "Saw parameters")},
}

// demoTenantName is the identity area's demo tenant.
const demoTenantName = "demo"

// seedSettings writes, with demo, the demo tenant's import-file settings, default
// parameters and default machine (the host's when there is no demo tenant), each kind only
// when the tenant has none yet, through the service so they obey its rules.
func (m *Module) seedSettings(ctx context.Context, demo bool) error {
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
			slog.InfoContext(ctx, "optimization seed: no demo tenant, seeding the host")
		default:
			return fmt.Errorf("optimization seed: demo tenant: %w", err)
		}
	}
	if err := m.svc.seedSettingsDemo(scope); err != nil {
		return fmt.Errorf("optimization seed: %w", err)
	}
	return nil
}

// Message keys and labels of the settings part.
const (
	KeySettingsColumnIndex           = "Optimization:Settings:ColumnIndex"
	KeySettingsColumnText            = "Optimization:Settings:ColumnText"
	KeySettingsUnknownField          = "Optimization:Settings:UnknownField"
	KeySettingsDuplicateColumn       = "Optimization:Settings:DuplicateColumn"
	KeySettingsDuplicateField        = "Optimization:Settings:DuplicateField"
	KeySettingsFileType              = "Optimization:Settings:FileType"
	KeySettingsHeaderRows            = "Optimization:Settings:HeaderRows"
	KeySettingsEncoding              = "Optimization:Settings:Encoding"
	KeySettingsDesignJSONNoDetails   = "Optimization:Settings:DesignJSONNoDetails"
	KeySettingsRequiredFieldsMissing = "Optimization:Settings:RequiredFieldsMissing"
	KeySettingsNameTaken             = "Optimization:Settings:NameTaken"
	KeySettingsNotASheet             = "Optimization:Settings:NotASheet"
	KeySettingsNoTemplate            = "Optimization:Settings:NoTemplate"
	KeySettingsTemplateEncoding      = "Optimization:Settings:TemplateEncoding"
	KeySettingsKeepOneDefault        = "Optimization:Settings:KeepOneDefault"
	KeySettingsNoDefaultParameters   = "Optimization:Settings:NoDefaultParameters"
	KeySettingsNoDefaultMachine      = "Optimization:Settings:NoDefaultMachine"
	KeySettingsImportRow             = "Optimization:Settings:ImportRow"
	KeySettingsImportEmpty           = "Optimization:Settings:ImportEmpty"
	KeySettingsImportNoReplace       = "Optimization:Settings:ImportNoReplace"
	KeySettingsImportInconsistent    = "Optimization:Settings:ImportInconsistent"
	KeySettingsNoFile                = "Optimization:Settings:NoFile"
	KeySettingsXlsxOnly              = "Optimization:Settings:XlsxOnly"

	LabelSettingsName            = "Optimization:Settings:Field:Name"
	LabelSettingsRemark          = "Optimization:Settings:Field:Remark"
	LabelSettingsFileType        = "Optimization:Settings:Field:FileType"
	LabelSettingsHeaderRows      = "Optimization:Settings:Field:HeaderRows"
	LabelSettingsEncoding        = "Optimization:Settings:Field:Encoding"
	LabelSettingsColumn          = "Optimization:Settings:Field:Column"
	LabelSettingsField           = "Optimization:Settings:Field:Field"
	LabelSettingsTitle           = "Optimization:Settings:Field:Title"
	LabelSettingsDetails         = "Optimization:Settings:Field:Details"
	LabelSettingsSetting         = "Optimization:Settings:Field:Setting"
	LabelSettingsSheet           = "Optimization:Settings:Sheet"
	LabelSettingsKerf            = "Optimization:Settings:Field:Kerf"
	LabelSettingsTrim            = "Optimization:Settings:Field:Trim"
	LabelSettingsStages          = "Optimization:Settings:Field:Stages"
	LabelSettingsFirstCut        = "Optimization:Settings:Field:FirstCut"
	LabelSettingsMinOffcutLength = "Optimization:Settings:Field:MinOffcutLength"
	LabelSettingsMinOffcutWidth  = "Optimization:Settings:Field:MinOffcutWidth"
	LabelSettingsTimeLimit       = "Optimization:Settings:Field:TimeLimitSeconds"
	LabelSettingsMaxLength       = "Optimization:Settings:Field:MaxLength"
	LabelSettingsMaxWidth        = "Optimization:Settings:Field:MaxWidth"
	LabelSettingsChannels        = "Optimization:Settings:Field:Channels"
	LabelSettingsBookHeight      = "Optimization:Settings:Field:BookHeight"
	LabelSettingsFeedSpeed       = "Optimization:Settings:Field:FeedSpeed"
	LabelSettingsReturnSpeed     = "Optimization:Settings:Field:ReturnSpeed"
	LabelSettingsCutTime         = "Optimization:Settings:Field:CutTime"
	LabelSettingsLoadTime        = "Optimization:Settings:Field:LoadTime"
)

var settingsTexts = localization.Texts{
	KeySettingsColumnIndex:           {ZhHans: "列序号必须在 0 到 {0} 之间（0 是 A 列）", En: "The column index must be between 0 and {0} (0 is column A)"},
	KeySettingsColumnText:            {ZhHans: "列“{0}”无效：请填写列字母（如 A）或列号（从 1 开始）", En: "Column \"{0}\" is not valid: write a column letter (e.g. A) or a column number (from 1)"},
	KeySettingsUnknownField:          {ZhHans: "“{0}”不是可映射的字段", En: "\"{0}\" is not a field a column can fill"},
	KeySettingsDuplicateColumn:       {ZhHans: "{0} 列已经映射过了", En: "Column {0} is mapped twice"},
	KeySettingsDuplicateField:        {ZhHans: "字段“{0}”只能映射一次", En: "The field \"{0}\" may be mapped only once"},
	KeySettingsFileType:              {ZhHans: "文件类型只能是 xlsx、csv 或 json", En: "The file type must be xlsx, csv or json"},
	KeySettingsHeaderRows:            {ZhHans: "表头行数必须是 0 到 {0} 之间的整数", En: "The header rows must be a whole number from 0 to {0}"},
	KeySettingsEncoding:              {ZhHans: "编码只能是 GB18030、UTF-16LE 或 UTF-8", En: "The encoding must be GB18030, UTF-16LE or UTF-8"},
	KeySettingsDesignJSONNoDetails:   {ZhHans: "设计 JSON 按设计方案读取，不需要列映射", En: "A design JSON is read as the design says: it has no column mapping"},
	KeySettingsRequiredFieldsMissing: {ZhHans: "还没有映射必填字段：{0}", En: "Required fields not mapped yet: {0}"},
	KeySettingsNameTaken:             {ZhHans: "名称“{0}”已被另一个设置使用", En: "The name \"{0}\" is used by another setting"},
	KeySettingsNotASheet:             {ZhHans: "设置“{0}”读取设计 JSON，不是表格文件", En: "The setting \"{0}\" reads a design JSON, not a spreadsheet"},
	KeySettingsNoTemplate:            {ZhHans: "设置“{0}”读取设计 JSON，没有模板", En: "The setting \"{0}\" reads a design JSON: it has no template"},
	KeySettingsTemplateEncoding:      {ZhHans: "列标题不能用 {0} 编码写出", En: "The titles cannot be written in {0}"},
	KeySettingsKeepOneDefault:        {ZhHans: "必须有一个默认设置：请把另一个设置设为默认", En: "One setting must be the default: make another one the default instead"},
	KeySettingsNoDefaultParameters:   {ZhHans: "还没有默认的优化参数", En: "There are no default optimise parameters yet"},
	KeySettingsNoDefaultMachine:      {ZhHans: "还没有默认的锯参数", En: "There are no default saw parameters yet"},
	KeySettingsImportRow:             {ZhHans: "第 {0} 行：{1}", En: "Row {0}: {1}"},
	KeySettingsImportEmpty:           {ZhHans: "文件中没有任何设置", En: "The file holds no setting"},
	KeySettingsImportNoReplace:       {ZhHans: "设置“{0}”已存在，没有编辑权限不能覆盖", En: "The setting \"{0}\" exists; replacing it needs the edit permission"},
	KeySettingsImportInconsistent:    {ZhHans: "设置“{0}”的文件类型、表头行数或编码与第 {1} 行不同", En: "The file type, header rows or encoding of \"{0}\" differ from row {1}"},
	KeySettingsNoFile:                {ZhHans: "请选择一个 .xlsx 文件", En: "Choose one .xlsx file"},
	KeySettingsXlsxOnly:              {ZhHans: "只能导入一个 .xlsx 文件", En: "Only one .xlsx file can be imported"},

	LabelSettingsName:            {ZhHans: "名称", En: "Name"},
	LabelSettingsRemark:          {ZhHans: "备注", En: "Remark"},
	LabelSettingsFileType:        {ZhHans: "文件类型", En: "File type"},
	LabelSettingsHeaderRows:      {ZhHans: "表头行数", En: "Header rows"},
	LabelSettingsEncoding:        {ZhHans: "编码", En: "Encoding"},
	LabelSettingsColumn:          {ZhHans: "列", En: "Column"},
	LabelSettingsField:           {ZhHans: "字段", En: "Field"},
	LabelSettingsTitle:           {ZhHans: "标题", En: "Title"},
	LabelSettingsDetails:         {ZhHans: "列映射", En: "Columns"},
	LabelSettingsSetting:         {ZhHans: "导入文件设置", En: "Import file setting"},
	LabelSettingsSheet:           {ZhHans: "导入文件设置", En: "Import file settings"},
	LabelSettingsKerf:            {ZhHans: "锯缝", En: "Kerf"},
	LabelSettingsTrim:            {ZhHans: "修边", En: "Trim"},
	LabelSettingsStages:          {ZhHans: "切割级数", En: "Stages"},
	LabelSettingsFirstCut:        {ZhHans: "首刀方向", En: "First cut"},
	LabelSettingsMinOffcutLength: {ZhHans: "余料最小长度", En: "Minimum offcut length"},
	LabelSettingsMinOffcutWidth:  {ZhHans: "余料最小宽度", En: "Minimum offcut width"},
	LabelSettingsTimeLimit:       {ZhHans: "优化时限（秒）", En: "Time limit (s)"},
	LabelSettingsMaxLength:       {ZhHans: "最大板长", En: "Maximum length"},
	LabelSettingsMaxWidth:        {ZhHans: "最大板宽", En: "Maximum width"},
	LabelSettingsChannels:        {ZhHans: "通道数", En: "Channels"},
	LabelSettingsBookHeight:      {ZhHans: "叠切高度", En: "Book height"},
	LabelSettingsFeedSpeed:       {ZhHans: "进给速度", En: "Feed speed"},
	LabelSettingsReturnSpeed:     {ZhHans: "返回速度", En: "Return speed"},
	LabelSettingsCutTime:         {ZhHans: "每刀辅助时间", En: "Time per cut"},
	LabelSettingsLoadTime:        {ZhHans: "每叠上料时间", En: "Load time per book"},

	fieldLabel(FieldPartName):     {ZhHans: "板件名称", En: "Part name"},
	fieldLabel(FieldPartCode):     {ZhHans: "板件编码", En: "Part code"},
	fieldLabel(FieldMaterialCode): {ZhHans: "材料编码", En: "Material code"},
	fieldLabel(FieldThickness):    {ZhHans: "厚度", En: "Thickness"},
	fieldLabel(FieldLength):       {ZhHans: "长度", En: "Length"},
	fieldLabel(FieldWidth):        {ZhHans: "宽度", En: "Width"},
	fieldLabel(FieldCount):        {ZhHans: "数量", En: "Count"},
	fieldLabel(FieldGrain):        {ZhHans: "纹理", En: "Grain"},
	fieldLabel(FieldEdgeTop):      {ZhHans: "上封边", En: "Top edge"},
	fieldLabel(FieldEdgeBottom):   {ZhHans: "下封边", En: "Bottom edge"},
	fieldLabel(FieldEdgeLeft):     {ZhHans: "左封边", En: "Left edge"},
	fieldLabel(FieldEdgeRight):    {ZhHans: "右封边", En: "Right edge"},
	fieldLabel(FieldOrderNo):      {ZhHans: "订单号", En: "Order no."},
	fieldLabel(FieldCabinet):      {ZhHans: "柜体", En: "Cabinet"},
	fieldLabel(FieldRemark):       {ZhHans: "备注", En: "Remark"},
}
