package salesorder

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// MenuSales is the name of the "Sales" group the order screens sit in.
const MenuSales = "sales"

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

var menus = []module.MenuEntry{
	{Name: MenuSales, Path: "/sales", Component: "Layout", Icon: "shopping-cart", Order: 30,
		DisplayName: t("销售管理", "Sales")},
	{Name: MenuSales + ".orders", Parent: MenuSales, Path: "/sales/orders", Component: "sales-orders/index",
		Icon: "file-text", Order: 1, Permission: PermOrders, DisplayName: t("销售订单", "Sales orders")},
	{Name: MenuSales + ".tracking.all", Parent: MenuSales, Path: "/sales/order-tracking/all",
		Component: "order-tracking/all", Icon: "list", Order: 2, Permission: PermOrders,
		DisplayName: t("订单跟踪-全部", "Order tracking: all")},
	{Name: MenuSales + ".tracking.own", Parent: MenuSales, Path: "/sales/order-tracking/own",
		Component: "order-tracking/own", Icon: "list", Order: 3, Permission: PermOrders,
		DisplayName: t("订单跟踪-我的", "Order tracking: mine")},
	{Name: MenuSales + ".tracking.pending", Parent: MenuSales, Path: "/sales/order-tracking/pending",
		Component: "order-tracking/pending", Icon: "list", Order: 4, Permission: PermOrders,
		DisplayName: t("订单跟踪-待我处理", "Order tracking: awaiting me")},
	{Name: MenuSales + ".tracking.history", Parent: MenuSales, Path: "/sales/order-tracking/history",
		Component: "order-tracking/history", Icon: "list", Order: 5, Permission: PermOrders,
		DisplayName: t("订单跟踪-历史", "Order tracking: history")},
	{Name: MenuSales + ".orderTypes", Parent: MenuSales, Path: "/sales/order-types", Component: "order-types/index",
		Icon: "book", Order: 6, Permission: PermOrderTypes, DisplayName: t("订单类型", "Order types")},
	{Name: MenuSales + ".productTypes", Parent: MenuSales, Path: "/sales/product-types", Component: "product-types/index",
		Icon: "product", Order: 7, Permission: PermProductTypes, DisplayName: t("产品类型", "Product types")},
	{Name: MenuSales + ".orderDetail", Parent: MenuSales, Path: "/sales/orders/:id", Component: "sales-orders/detail",
		Order: 8, Permission: PermOrders, ActiveMenu: "/sales/orders", NoCache: false,
		DisplayName: t("订单详情", "Order")},
}
