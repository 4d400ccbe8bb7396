package pageconfig

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (docs/decisions/0010): reading the administrators' list and the side's
// default, and changing rows. What applies to the caller, and the caller's own columns, need
// only a login.
const (
	PermPageConfiguration       = "BasicSetup.PageConfiguration"
	PermPageConfigurationCreate = "BasicSetup.PageConfiguration.Create"
	PermPageConfigurationUpdate = "BasicSetup.PageConfiguration.Update"
	PermPageConfigurationDelete = "BasicSetup.PageConfiguration.Delete"
)

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "PageConfiguration",
	DisplayName: localization.Text{ZhHans: "页面配置", En: "Page configuration"},
	Permissions: []permission.Definition{
		def(PermPageConfiguration, "", "页面配置", "Page configuration"),
		def(PermPageConfigurationCreate, PermPageConfiguration, "新增", "Create"),
		def(PermPageConfigurationUpdate, PermPageConfiguration, "编辑", "Edit"),
		def(PermPageConfigurationDelete, PermPageConfiguration, "删除", "Delete"),
	},
}}
