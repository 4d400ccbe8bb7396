package optimization

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (docs/decisions/0013, "Permissions and menus").
const (
	PermGroup = "Optimization"

	PermImportFileSettings       = "Optimization.ImportFileSettings"
	PermImportFileSettingsCreate = "Optimization.ImportFileSettings.Create"
	PermImportFileSettingsEdit   = "Optimization.ImportFileSettings.Edit"
	PermImportFileSettingsDelete = "Optimization.ImportFileSettings.Delete"

	PermParameters       = "Optimization.Parameters"
	PermParametersCreate = "Optimization.Parameters.Create"
	PermParametersEdit   = "Optimization.Parameters.Edit"
	PermParametersDelete = "Optimization.Parameters.Delete"

	PermMachines       = "Optimization.Machines"
	PermMachinesCreate = "Optimization.Machines.Create"
	PermMachinesEdit   = "Optimization.Machines.Edit"
	PermMachinesDelete = "Optimization.Machines.Delete"

	PermMaterials       = "Optimization.Materials"
	PermMaterialsCreate = "Optimization.Materials.Create"
	PermMaterialsEdit   = "Optimization.Materials.Edit"
	PermMaterialsDelete = "Optimization.Materials.Delete"
	PermMaterialsImport = "Optimization.Materials.Import"

	PermImportFiles       = "Optimization.ImportFiles"
	PermImportFilesUpload = "Optimization.ImportFiles.Upload"
	PermImportFilesDelete = "Optimization.ImportFiles.Delete"

	PermRuns         = "Optimization.Runs"
	PermRunsStart    = "Optimization.Runs.Start"
	PermRunsCancel   = "Optimization.Runs.Cancel"
	PermRunsDownload = "Optimization.Runs.Download"

	PermKanban     = "Optimization.Kanban"
	PermKanbanMove = "Optimization.Kanban.Move"
)

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

// permissionGroups grow with the area: import files, runs, the kanban and utilisation come
// with their calls.
var permissionGroups = []permission.Group{{
	Name:        PermGroup,
	DisplayName: localization.Text{ZhHans: "优化排版", En: "Optimisation"},
	Feature:     FeatureOptimization,
	Permissions: []permission.Definition{
		def(PermImportFileSettings, "", "导入文件设置", "Import file settings"),
		def(PermImportFileSettingsCreate, PermImportFileSettings, "新建", "Create"),
		def(PermImportFileSettingsEdit, PermImportFileSettings, "编辑", "Edit"),
		def(PermImportFileSettingsDelete, PermImportFileSettings, "删除", "Delete"),
		def(PermParameters, "", "优化参数", "Optimise parameters"),
		def(PermParametersCreate, PermParameters, "新建", "Create"),
		def(PermParametersEdit, PermParameters, "编辑", "Edit"),
		def(PermParametersDelete, PermParameters, "删除", "Delete"),
		def(PermMachines, "", "锯参数", "Saw parameters"),
		def(PermMachinesCreate, PermMachines, "新建", "Create"),
		def(PermMachinesEdit, PermMachines, "编辑", "Edit"),
		def(PermMachinesDelete, PermMachines, "删除", "Delete"),
		def(PermMaterials, "", "材料", "Materials"),
		def(PermMaterialsCreate, PermMaterials, "新建", "Create"),
		def(PermMaterialsEdit, PermMaterials, "编辑", "Edit"),
		def(PermMaterialsDelete, PermMaterials, "删除", "Delete"),
		def(PermMaterialsImport, PermMaterials, "导入导出", "Import and export"),
		def(PermImportFiles, "", "文件导入", "Import files"),
		def(PermImportFilesUpload, PermImportFiles, "上传", "Upload"),
		def(PermImportFilesDelete, PermImportFiles, "删除", "Delete"),
		def(PermRuns, "", "优化方案", "Runs"),
		def(PermRunsStart, PermRuns, "开始优化", "Start"),
		def(PermRunsCancel, PermRuns, "取消", "Cancel"),
		def(PermRunsDownload, PermRuns, "下载", "Download"),
		def(PermKanban, "", "锯看板", "Saw kanban"),
		def(PermKanbanMove, PermKanban, "移动板材", "Move boards"),
		utilisationPermission,
	},
}}
