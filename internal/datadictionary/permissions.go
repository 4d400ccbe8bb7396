package datadictionary

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (docs/decisions/0010): the read permission and its ABP children. Reads
// other screens need (a dictionary's details by code, every dictionary for dropdowns) are
// open to any logged-in user.
const (
	PermDataDictionary       = "BasicSetup.DataDictionary"
	PermDataDictionaryCreate = "BasicSetup.DataDictionary.Create"
	PermDataDictionaryUpdate = "BasicSetup.DataDictionary.Update"
	PermDataDictionaryDelete = "BasicSetup.DataDictionary.Delete"
)

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "DataDictionary",
	DisplayName: localization.Text{ZhHans: "数据字典", En: "Data dictionaries"},
	Permissions: []permission.Definition{
		def(PermDataDictionary, "", "数据字典", "Data dictionaries"),
		def(PermDataDictionaryCreate, PermDataDictionary, "新增", "Create"),
		def(PermDataDictionaryUpdate, PermDataDictionary, "编辑", "Update"),
		def(PermDataDictionaryDelete, PermDataDictionary, "删除", "Delete"),
	},
}}
