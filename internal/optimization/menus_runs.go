package optimization

import "kerf/internal/platform/module"

// runsMenus are the import files' and runs' pages (web/src/features/optimization-runs).
var runsMenus = []module.MenuEntry{
	{Name: MenuGroup + ".importFiles", Parent: MenuGroup, Path: "/engineOptimization/import-files",
		Component: "optimization-runs/import-files", Icon: "upload", Order: 5, Permission: PermImportFiles,
		DisplayName: menuText("文件导入", "Import files")},
	{Name: MenuGroup + ".solutions", Parent: MenuGroup, Path: "/engineOptimization/solutions",
		Component: "optimization-runs/solutions", Icon: "appstore", Order: 6, Permission: PermRuns,
		DisplayName: menuText("优化方案", "Runs")},
}
