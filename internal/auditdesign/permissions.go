package auditdesign

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/salesorder"
)

// Permission names (docs/decisions/0012; spec 001 §6's keys, their spelling kept).
const (
	PermRead      = "AuditDesign"
	PermClaim     = "AuditDesign.Claim"
	PermAssign    = "AuditDesign.Assgin"
	PermTransfer  = "AuditDesign.Transfaner"
	PermReject    = "AuditDesign.Reject"
	PermSendBack  = "AuditDesign.Sendback"
	PermPass      = "AuditDesign.Pass"
	PermDiscard   = "AuditDesign.Discard"
	PermEdit      = "AuditDesign.Edit"
	PermDownload  = "AuditDesign.Download"
	PermMadePrice = "AuditDesign.MadePrice"
)

// SettingDisableQuotationStatusCheck, when true, lets quotations be made from sheets that
// have not passed (spec 001 §4).
const SettingDisableQuotationStatusCheck = "SalesOrder.DisableQuotationStatusCheck"

var settingDefinitions = []setting.Definition{
	{Name: SettingDisableQuotationStatusCheck, Default: "false", DisplayName: localization.Text{
		ZhHans: "生成报价不检查审核单状态", En: "Quotations without the passed-sheet check"}},
}

// menus: the review queue, in the sales group.
var menus = []module.MenuEntry{
	{Name: salesorder.MenuSales + ".auditQueue", Parent: salesorder.MenuSales, Path: "/sales/audit-queue",
		Component: "audit-queue/index", Icon: "audit", Order: 10, Permission: PermRead,
		DisplayName: localization.Text{ZhHans: "设计审核", En: "Design review"}},
}

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "AuditDesign",
	DisplayName: localization.Text{ZhHans: "设计审核", En: "Design review"},
	Feature:     FeatureDesignReview,
	Permissions: []permission.Definition{
		def(PermRead, "", "审核单", "Review sheets"),
		def(PermClaim, PermRead, "领取", "Claim"),
		def(PermAssign, PermRead, "分配", "Assign"),
		def(PermTransfer, PermRead, "转交", "Transfer"),
		def(PermReject, PermRead, "驳回", "Reject"),
		def(PermSendBack, PermRead, "退回", "Send back"),
		def(PermPass, PermRead, "通过", "Pass"),
		def(PermDiscard, PermRead, "作废", "Void"),
		def(PermEdit, PermRead, "撤回和编辑", "Revoke and edit"),
		def(PermDownload, PermRead, "下载设计", "Download designs"),
		def(PermMadePrice, PermRead, "生成报价", "Make quotations"),
	},
}}
