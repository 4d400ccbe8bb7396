package auditdesign

import (
	"fmt"

	"kerf/internal/platform/localization"
)

// Message keys of the design review.
const (
	KeyUnknownAction       = "AuditDesign:UnknownAction"
	KeyForbidden           = "AuditDesign:Forbidden"
	KeyStateNotAllowed     = "AuditDesign:StateNotAllowed"
	KeyNotClaimer          = "AuditDesign:NotClaimer"
	KeyNotClaimerOrCreator = "AuditDesign:NotClaimerOrCreator"
	KeyRefused             = "AuditDesign:Refused"
	KeyReasonRequired      = "AuditDesign:ReasonRequired"
	KeyNotFound            = "AuditDesign:NotFound"
	KeyNoSheets            = "AuditDesign:NoSheets"
	KeyConflict            = "AuditDesign:Conflict"
	KeyBadSeparatePallet   = "AuditDesign:BadSeparatePallet"
	KeyAssigneeCannotClaim = "AuditDesign:AssigneeCannotClaim"
	KeySheetsInReview      = "AuditDesign:SheetsInReview"
	KeyTooMany             = "AuditDesign:TooMany"
	KeyCommentTooLong      = "AuditDesign:CommentTooLong"
)

func stateKey(s State) string   { return fmt.Sprintf("AuditDesign:State:%d", int(s)) }
func actionKey(a Action) string { return "AuditDesign:Action:" + string(a) }

var texts = localization.Texts{
	KeyUnknownAction:       {ZhHans: "未知的操作“{0}”", En: "Unknown action “{0}”"},
	KeyForbidden:           {ZhHans: "您没有该操作的权限", En: "You may not take this action"},
	KeyStateNotAllowed:     {ZhHans: "审核单状态为“{0}”，不能{1}", En: "The sheet is {0}; it cannot be moved by “{1}”"},
	KeyNotClaimer:          {ZhHans: "只有领取人可以操作该审核单", En: "Only the sheet's reviewer may do this"},
	KeyNotClaimerOrCreator: {ZhHans: "只有领取人或订单创建人可以撤回", En: "Only the reviewer or the order's creator may revoke"},
	KeyRefused:             {ZhHans: "以下审核单不能{0}：{1}", En: "These sheets cannot be moved by “{0}”: {1}"},
	KeyReasonRequired:      {ZhHans: "请填写驳回原因", En: "Enter the reason for rejecting"},
	KeyNotFound:            {ZhHans: "审核单不存在", En: "The review sheet does not exist"},
	KeyNoSheets:            {ZhHans: "请选择审核单", En: "Choose the review sheets"},
	KeyConflict:            {ZhHans: "审核单已被他人修改，请刷新后重试", En: "The sheet was changed by someone else; refresh and try again"},
	KeyBadSeparatePallet:   {ZhHans: "分托方式“{0}”不存在", En: "The separate pallet “{0}” does not exist"},
	KeyAssigneeCannotClaim: {ZhHans: "该用户没有领取审核单的权限", En: "That user may not claim review sheets"},
	KeyTooMany:             {ZhHans: "一次最多操作{0}个审核单", En: "At most {0} sheets can be moved at once"},
	KeyCommentTooLong:      {ZhHans: "备注不能超过{0}个字符", En: "The comment may be at most {0} characters"},
	KeySheetsInReview:      {ZhHans: "审核单“{0}”状态为“{1}”，不能取消设计方案", En: "The review sheet “{0}” is {1}; the design cannot be cleared"},

	stateKey(StateWaiting):  {ZhHans: "待审核", En: "waiting"},
	stateKey(StateAuditing): {ZhHans: "审核中", En: "being reviewed"},
	stateKey(StateRevoked):  {ZhHans: "已撤回", En: "revoked"},
	stateKey(StateRejected): {ZhHans: "已驳回", En: "rejected"},
	stateKey(StateSentBack): {ZhHans: "已退回", En: "sent back"},
	stateKey(StatePassed):   {ZhHans: "已通过", En: "passed"},
	stateKey(StateVoided):   {ZhHans: "已作废", En: "voided"},

	actionKey(ActClaim):           {ZhHans: "领取", En: "claim"},
	actionKey(ActAssign):          {ZhHans: "分配", En: "assign"},
	actionKey(ActTransfer):        {ZhHans: "转交", En: "transfer"},
	actionKey(ActReject):          {ZhHans: "驳回", En: "reject"},
	actionKey(ActSendBack):        {ZhHans: "退回", En: "send back"},
	actionKey(ActPass):            {ZhHans: "通过", En: "pass"},
	actionKey(ActDiscard):         {ZhHans: "作废", En: "void"},
	actionKey(ActRevoke):          {ZhHans: "撤回", En: "revoke"},
	actionKey(ActStartTaskDesign): {ZhHans: "准备设计数据", En: "prepare the design data"},
}
