package auditdesign

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (docs/decisions/0012; spec 001 §6's keys, their spelling kept).
const (
	PermRead     = "AuditDesign"
	PermClaim    = "AuditDesign.Claim"
	PermAssign   = "AuditDesign.Assgin"
	PermTransfer = "AuditDesign.Transfaner"
	PermReject   = "AuditDesign.Reject"
	PermSendBack = "AuditDesign.Sendback"
	PermPass     = "AuditDesign.Pass"
	PermDiscard  = "AuditDesign.Discard"
	PermEdit     = "AuditDesign.Edit"
	PermDownload = "AuditDesign.Download"
)

func def(name, parent, zh, en string) permission.Definition {
	return permission.Definition{Name: name, Parent: parent, DisplayName: localization.Text{ZhHans: zh, En: en}}
}

var permissionGroups = []permission.Group{{
	Name:        "AuditDesign",
	DisplayName: localization.Text{ZhHans: "设计审核", En: "Design review"},
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
	},
}}
