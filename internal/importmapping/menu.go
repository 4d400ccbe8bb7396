package importmapping

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// menus are the area's screens under 基础设置 / Basic setup ("basicSetup", the group the
// datadictionary area owns), as 0010's table names them.
var menus = []module.MenuEntry{
	{Name: "basicSetup.importRuleMappings", Parent: "basicSetup", Path: "/basic-setup/import-rule-mappings",
		Component: "basic-setup/import-rule-mappings/index", Icon: "file", Order: 3, Permission: PermRuleMappings,
		DisplayName: localization.Text{ZhHans: "导入规则映射", En: "Import rule mappings"}},
	{Name: "basicSetup.formFieldMappings", Parent: "basicSetup", Path: "/basic-setup/form-field-mappings",
		Component: "basic-setup/form-field-mappings/index", Icon: "form", Order: 4, Permission: PermFormMappings,
		DisplayName: localization.Text{ZhHans: "表单字段映射", En: "Form field mappings"}},
	{Name: "basicSetup.importSplitMappings", Parent: "basicSetup", Path: "/basic-setup/import-split-mappings",
		Component: "basic-setup/import-split-mappings/index", Icon: "cut", Order: 5, Permission: PermSplitMappings,
		DisplayName: localization.Text{ZhHans: "导入拆单映射", En: "Import split mappings"}},
}
