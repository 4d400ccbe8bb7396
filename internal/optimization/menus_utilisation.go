package optimization

import "kerf/internal/platform/module"

// utilisationMenus are the utilisation pages (web/src/features/optimization-utilisation): by
// file (a chart), the file list, and one file's detail. The detail is a visible entry: the
// web menu drops hidden rows, so a hidden entry would have no page; opened from the list
// with ?id=, and without it the page offers a file to choose.
var utilisationMenus = []module.MenuEntry{
	{Name: MenuGroup + ".utilizationRateByFile", Parent: MenuGroup, Path: "/engineOptimization/utilizationRateByFile",
		Component: "optimization-utilisation/by-file", Icon: "chart", Order: 8, Permission: PermUtilisation,
		DisplayName: menuText("文件利用率", "Utilisation by file")},
	{Name: MenuGroup + ".utilizationRateByFileList", Parent: MenuGroup, Path: "/engineOptimization/utilizationRateByFileList",
		Component: "optimization-utilisation/list", Icon: "report", Order: 9, Permission: PermUtilisation,
		DisplayName: menuText("文件利用率列表", "Utilisation file list")},
	{Name: MenuGroup + ".utilizationRateByFileListDtl", Parent: MenuGroup, Path: "/engineOptimization/utilizationRateByFileListDtl",
		Component: "optimization-utilisation/detail", Icon: "file-search", Order: 10, Permission: PermUtilisation,
		DisplayName: menuText("文件利用率明细", "File utilisation detail")},
}
