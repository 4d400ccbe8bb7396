package importmapping

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (0010). The parents are the read permissions; the module types and a
// module type's enabled mappings are open to any logged-in user (the import dialogs).
const (
	PermRuleMappings       = "BasicSetup.ImportRuleMappings"
	PermRuleMappingsCreate = "BasicSetup.ImportRuleMappings.Create"
	PermRuleMappingsUpdate = "BasicSetup.ImportRuleMappings.Update"
	PermRuleMappingsDelete = "BasicSetup.ImportRuleMappings.Delete"

	PermFormMappings       = "BasicSetup.FormFieldMappings"
	PermFormMappingsCreate = "BasicSetup.FormFieldMappings.Create"
	PermFormMappingsUpdate = "BasicSetup.FormFieldMappings.Update"
	PermFormMappingsDelete = "BasicSetup.FormFieldMappings.Delete"

	PermSplitMappings       = "BasicSetup.ImportSplitMappings"
	PermSplitMappingsCreate = "BasicSetup.ImportSplitMappings.Create"
	PermSplitMappingsUpdate = "BasicSetup.ImportSplitMappings.Update"
	PermSplitMappingsDelete = "BasicSetup.ImportSplitMappings.Delete"
)

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "ImportMapping",
	DisplayName: localization.Text{ZhHans: "导入映射", En: "Import mappings"},
	Permissions: []permission.Definition{
		def(PermRuleMappings, "", "导入规则映射", "Import rule mappings"),
		def(PermRuleMappingsCreate, PermRuleMappings, "新增", "Create"),
		def(PermRuleMappingsUpdate, PermRuleMappings, "编辑", "Update"),
		def(PermRuleMappingsDelete, PermRuleMappings, "删除", "Delete"),
		def(PermFormMappings, "", "表单字段映射", "Form field mappings"),
		def(PermFormMappingsCreate, PermFormMappings, "新增", "Create"),
		def(PermFormMappingsUpdate, PermFormMappings, "编辑", "Update"),
		def(PermFormMappingsDelete, PermFormMappings, "删除", "Delete"),
		def(PermSplitMappings, "", "导入拆单映射", "Import split mappings"),
		def(PermSplitMappingsCreate, PermSplitMappings, "新增", "Create"),
		def(PermSplitMappingsUpdate, PermSplitMappings, "编辑", "Update"),
		def(PermSplitMappingsDelete, PermSplitMappings, "删除", "Delete"),
	},
}}
