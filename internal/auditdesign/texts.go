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
	KeyAllPassedComment    = "AuditDesign:AllPassedComment"
	KeyNoDesign            = "AuditDesign:NoDesign"
	KeyDesignRequired      = "AuditDesign:DesignRequired"
	KeyDesignEmpty         = "AuditDesign:DesignEmpty"
	KeyNoneToDownload      = "AuditDesign:NoneToDownload"
	KeyNoneToQuote         = "AuditDesign:NoneToQuote"
	KeyOneOrder            = "AuditDesign:OneOrder"
	KeyBadQuotationType    = "AuditDesign:BadQuotationType"
	KeyFactoryPrice        = "AuditDesign:FactoryPrice"
	KeyQSummary            = "AuditDesign:Quote:Summary"
	KeyQTitle              = "AuditDesign:Quote:Title"
	KeyQOrder              = "AuditDesign:Quote:Order"
	KeyQCustomer           = "AuditDesign:Quote:Customer"
	KeyQType               = "AuditDesign:Quote:Type"
	KeyQDate               = "AuditDesign:Quote:Date"
	KeyQSolution           = "AuditDesign:Quote:Solution"
	KeyQAmount             = "AuditDesign:Quote:Amount"
	KeyQTotal              = "AuditDesign:Quote:Total"
	KeyQUnpricedCount      = "AuditDesign:Quote:UnpricedCount"
	KeyQKind               = "AuditDesign:Quote:Kind"
	KeyQCabinet            = "AuditDesign:Quote:Cabinet"
	KeyQName               = "AuditDesign:Quote:Name"
	KeyQMaterial           = "AuditDesign:Quote:Material"
	KeyQThickness          = "AuditDesign:Quote:Thickness"
	KeyQLength             = "AuditDesign:Quote:Length"
	KeyQWidth              = "AuditDesign:Quote:Width"
	KeyQCount              = "AuditDesign:Quote:Count"
	KeyQQuantity           = "AuditDesign:Quote:Quantity"
	KeyQUnitPrice          = "AuditDesign:Quote:UnitPrice"
	KeyQNote               = "AuditDesign:Quote:Note"
	KeyQUnpriced           = "AuditDesign:Quote:Unpriced"
)

func stateKey(s State) string   { return fmt.Sprintf("AuditDesign:State:%d", int(s)) }
func actionKey(a Action) string { return "AuditDesign:Action:" + string(a) }

var texts = localization.Texts{
	KeyUnknownAction:                  {ZhHans: "未知的操作“{0}”", En: "Unknown action “{0}”"},
	KeyForbidden:                      {ZhHans: "您没有该操作的权限", En: "You may not take this action"},
	KeyStateNotAllowed:                {ZhHans: "审核单状态为“{0}”，不能{1}", En: "The sheet is {0}; it cannot be moved by “{1}”"},
	KeyNotClaimer:                     {ZhHans: "只有领取人可以操作该审核单", En: "Only the sheet's reviewer may do this"},
	KeyNotClaimerOrCreator:            {ZhHans: "只有领取人或订单创建人可以撤回", En: "Only the reviewer or the order's creator may revoke"},
	KeyRefused:                        {ZhHans: "以下审核单不能{0}：{1}", En: "These sheets cannot be moved by “{0}”: {1}"},
	KeyReasonRequired:                 {ZhHans: "请填写驳回原因", En: "Enter the reason for rejecting"},
	KeyNotFound:                       {ZhHans: "审核单不存在", En: "The review sheet does not exist"},
	KeyNoSheets:                       {ZhHans: "请选择审核单", En: "Choose the review sheets"},
	KeyConflict:                       {ZhHans: "审核单已被他人修改，请刷新后重试", En: "The sheet was changed by someone else; refresh and try again"},
	KeyBadSeparatePallet:              {ZhHans: "分托方式“{0}”不存在", En: "The separate pallet “{0}” does not exist"},
	KeyAssigneeCannotClaim:            {ZhHans: "该用户没有领取审核单的权限", En: "That user may not claim review sheets"},
	KeyTooMany:                        {ZhHans: "一次最多操作{0}个审核单", En: "At most {0} sheets can be moved at once"},
	KeyCommentTooLong:                 {ZhHans: "备注不能超过{0}个字符", En: "The comment may be at most {0} characters"},
	KeyAllPassedComment:               {ZhHans: "设计审核全部通过", En: "Every design sheet passed"},
	KeyNoDesign:                       {ZhHans: "订单尚未选择设计方案", En: "The order has no design scheme"},
	KeyDesignRequired:                 {ZhHans: "请选择方案号", En: "Choose a scheme"},
	KeyDesignEmpty:                    {ZhHans: "设计方案“{0}”没有可审核的方案配置", En: "The design “{0}” has no solutions to review"},
	KeyNoneToDownload:                 {ZhHans: "没有可下载的审核单", En: "None available to download"},
	KeyNoneToQuote:                    {ZhHans: "没有可生成报价的审核单", En: "No audit sheets available for quotation"},
	KeyOneOrder:                       {ZhHans: "请选择同一订单的审核单", En: "Choose sheets of one order"},
	KeyBadQuotationType:               {ZhHans: "报价类型“{0}”不存在", En: "The quotation type “{0}” does not exist"},
	KeyQSummary:                       {ZhHans: "汇总", En: "Summary"},
	KeyQTitle:                         {ZhHans: "设计报价单", En: "Design quotation"},
	KeyQOrder:                         {ZhHans: "订单编号", En: "Order"},
	KeyQCustomer:                      {ZhHans: "客户", En: "Customer"},
	KeyQType:                          {ZhHans: "报价类型", En: "Quotation type"},
	KeyQDate:                          {ZhHans: "报价日期", En: "Date"},
	KeyQSolution:                      {ZhHans: "方案", En: "Solution"},
	KeyQAmount:                        {ZhHans: "金额", En: "Amount"},
	KeyQTotal:                         {ZhHans: "合计", En: "Total"},
	KeyQUnpricedCount:                 {ZhHans: "有{0}行在物料目录中没有价格，按 0 计", En: "{0} lines have no price in the parts catalogue and count as 0"},
	KeyQKind:                          {ZhHans: "类别", En: "Kind"},
	KeyQCabinet:                       {ZhHans: "柜体", En: "Cabinet"},
	KeyQName:                          {ZhHans: "名称", En: "Name"},
	KeyQMaterial:                      {ZhHans: "材料/编码", En: "Material or code"},
	KeyQThickness:                     {ZhHans: "厚度(mm)", En: "Thickness (mm)"},
	KeyQLength:                        {ZhHans: "长(mm)", En: "Length (mm)"},
	KeyQWidth:                         {ZhHans: "宽(mm)", En: "Width (mm)"},
	KeyQCount:                         {ZhHans: "块数", En: "Count"},
	KeyQQuantity:                      {ZhHans: "数量(m²/m/件)", En: "Quantity (m²/m/pcs)"},
	KeyQUnitPrice:                     {ZhHans: "单价", En: "Unit price"},
	KeyQNote:                          {ZhHans: "备注", En: "Note"},
	KeyQUnpriced:                      {ZhHans: "未定价", En: "No price"},
	"AuditDesign:Quote:Kind:panel":    {ZhHans: "板件", En: "Panel"},
	"AuditDesign:Quote:Kind:banding":  {ZhHans: "封边", En: "Edge banding"},
	"AuditDesign:Quote:Kind:hardware": {ZhHans: "五金", En: "Hardware"},
	KeyFactoryPrice:                   {ZhHans: "出厂价", En: "factory price"},
	KeySheetsInReview:                 {ZhHans: "审核单“{0}”状态为“{1}”，不能取消设计方案", En: "The review sheet “{0}” is {1}; the design cannot be cleared"},

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
