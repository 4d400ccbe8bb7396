package salesorder

import (
	"fmt"

	"kerf/internal/platform/localization"
)

// Message keys of the sales orders.
const (
	KeyOrderNotFound       = "SalesOrder:OrderNotFound"
	KeyOrderTypeNotFound   = "SalesOrder:OrderTypeNotFound"
	KeyProductTypeNotFound = "SalesOrder:ProductTypeNotFound"
	KeyFileNotFound        = "SalesOrder:FileNotFound"
	KeyTypeDisabled        = "SalesOrder:TypeDisabled"
	KeyPhoneInvalid        = "SalesOrder:PhoneInvalid"
	KeyNegative            = "SalesOrder:Negative"
	KeyAmountTooLarge      = "SalesOrder:AmountTooLarge"
	KeyNotEditable         = "SalesOrder:NotEditable"
	KeyLinesLocked         = "SalesOrder:LinesLocked"
	KeyDesignChosen        = "SalesOrder:DesignChosen"
	KeyDraftsOnlyDeleted   = "SalesOrder:DraftsOnlyDeleted"
	KeyMoveNotAllowed      = "SalesOrder:MoveNotAllowed"
	KeyMoveForbidden       = "SalesOrder:MoveForbidden"
	KeyUnknownAction       = "SalesOrder:UnknownAction"
	KeyTypeCodeTaken       = "SalesOrder:TypeCodeTaken"
	KeyTypeInUse           = "SalesOrder:TypeInUse"
	KeyTooManyFiles        = "SalesOrder:TooManyFiles"
	KeyNoFiles             = "SalesOrder:NoFiles"
	KeyFileTooLarge        = "SalesOrder:FileTooLarge"
	KeyBadCategory         = "SalesOrder:BadCategory"
	KeyBadDate             = "SalesOrder:BadDate"
	KeyBadScope            = "SalesOrder:BadScope"

	FieldOrderTypeID     = "SalesOrder:Field:OrderTypeId"
	FieldProductTypeID   = "SalesOrder:Field:ProductTypeId"
	FieldCustomerName    = "SalesOrder:Field:CustomerName"
	FieldCustomerPhone   = "SalesOrder:Field:CustomerPhone"
	FieldCustomerAddress = "SalesOrder:Field:CustomerAddress"
	FieldDealerName      = "SalesOrder:Field:DealerName"
	FieldRemark          = "SalesOrder:Field:Remark"
	FieldComment         = "SalesOrder:Field:Comment"
	FieldDiscountTotal   = "SalesOrder:Field:DiscountTotal"
	FieldLogisticsPrice  = "SalesOrder:Field:LogisticsPrice"
	FieldPayTotal        = "SalesOrder:Field:PayTotal"
	FieldBill            = "SalesOrder:Field:Bill"
	FieldCode            = "SalesOrder:Field:Code"
	FieldName            = "SalesOrder:Field:Name"
	FieldSort            = "SalesOrder:Field:Sort"
)

// statusKey is the message key of a status's name.
func statusKey(s Status) string { return fmt.Sprintf("SalesOrder:Status:%d", int(s)) }

// actionKey is the message key of a move's name.
func actionKey(a Action) string { return "SalesOrder:Action:" + string(a) }

var texts = localization.Texts{
	KeyOrderNotFound:       {ZhHans: "销售订单不存在", En: "The sales order does not exist"},
	KeyOrderTypeNotFound:   {ZhHans: "订单类型不存在", En: "The order type does not exist"},
	KeyProductTypeNotFound: {ZhHans: "产品类型不存在", En: "The product type does not exist"},
	KeyFileNotFound:        {ZhHans: "订单文件不存在", En: "The order file does not exist"},
	KeyTypeDisabled:        {ZhHans: "{0}已停用", En: "{0} is disabled"},
	KeyPhoneInvalid:        {ZhHans: "{0}格式不正确", En: "{0} is not a valid phone number"},
	KeyNegative:            {ZhHans: "{0}不能小于0", En: "{0} must not be negative"},
	KeyAmountTooLarge:      {ZhHans: "{0}不能超过{1}", En: "{0} must be at most {1}"},
	KeyNotEditable:         {ZhHans: "订单状态为“{0}”，不能修改", En: "The order is {0} and can no longer be changed"},
	KeyDesignChosen:        {ZhHans: "已选择方案号，不能更改，请先取消", En: "A scheme is already chosen and cannot be changed; cancel it first"},
	KeyLinesLocked:         {ZhHans: "订单状态为“{0}”，明细不能修改", En: "The order is {0}; its lines can no longer be changed"},
	KeyDraftsOnlyDeleted:   {ZhHans: "只能删除草稿状态的订单，该订单状态为“{0}”", En: "Only draft orders can be deleted; this order is {0}"},
	KeyMoveNotAllowed:      {ZhHans: "订单状态为“{0}”，不能{1}", En: "The order is {0}; it cannot be moved by “{1}”"},
	KeyMoveForbidden:       {ZhHans: "您没有“{0}”订单的权限", En: "You may not “{0}” orders"},
	KeyUnknownAction:       {ZhHans: "未知的操作“{0}”", En: "Unknown action “{0}”"},
	KeyTypeCodeTaken:       {ZhHans: "编码“{0}”已存在", En: "The code “{0}” is taken"},
	KeyTypeInUse:           {ZhHans: "“{0}”已被订单使用，不能删除", En: "“{0}” is used by orders and cannot be deleted"},
	KeyTooManyFiles:        {ZhHans: "最多只能上传10个文件", En: "At most 10 files can be uploaded"},
	KeyNoFiles:             {ZhHans: "请选择要上传的文件", En: "Choose the files to upload"},
	KeyFileTooLarge:        {ZhHans: "文件不能超过{0}MB", En: "A file may be at most {0} MB"},
	KeyBadCategory:         {ZhHans: "文件类别只能是 order、examine 或 line", En: "The file category must be order, examine or line"},
	KeyBadDate:             {ZhHans: "日期“{0}”格式不正确", En: "“{0}” is not a date"},
	KeyBadScope:            {ZhHans: "范围只能是 all、own、pending 或 history", En: "The scope must be all, own, pending or history"},

	FieldOrderTypeID:     {ZhHans: "订单类型", En: "Order type"},
	FieldProductTypeID:   {ZhHans: "产品类型", En: "Product type"},
	FieldCustomerName:    {ZhHans: "客户名称", En: "Customer name"},
	FieldCustomerPhone:   {ZhHans: "客户电话", En: "Customer phone"},
	FieldCustomerAddress: {ZhHans: "客户地址", En: "Customer address"},
	FieldDealerName:      {ZhHans: "经销商", En: "Dealer"},
	FieldRemark:          {ZhHans: "备注", En: "Remark"},
	FieldComment:         {ZhHans: "意见", En: "Comment"},
	FieldDiscountTotal:   {ZhHans: "优惠金额", En: "Discount"},
	FieldLogisticsPrice:  {ZhHans: "物流费", En: "Logistics"},
	FieldPayTotal:        {ZhHans: "已付金额", En: "Paid"},
	FieldBill:            {ZhHans: "开票金额", En: "Invoiced"},
	FieldCode:            {ZhHans: "编码", En: "Code"},
	FieldName:            {ZhHans: "名称", En: "Name"},
	FieldSort:            {ZhHans: "排序", En: "Order"},

	statusKey(StatusDraft):        {ZhHans: "草稿", En: "draft"},
	statusKey(StatusSubmitted):    {ZhHans: "已提交", En: "submitted"},
	statusKey(StatusInReview):     {ZhHans: "审核中", En: "in review"},
	statusKey(StatusConfirmed):    {ZhHans: "已确认", En: "confirmed"},
	statusKey(StatusInProduction): {ZhHans: "生产中", En: "in production"},
	statusKey(StatusShipped):      {ZhHans: "已发货", En: "shipped"},
	statusKey(StatusClosed):       {ZhHans: "已结案", En: "closed"},
	statusKey(StatusCancelled):    {ZhHans: "已作废", En: "cancelled"},

	actionKey(ActionSubmit):   {ZhHans: "提交", En: "submit"},
	actionKey(ActionWithdraw): {ZhHans: "撤回", En: "withdraw"},
	actionKey(ActionReview):   {ZhHans: "送审", En: "send to review"},
	actionKey(ActionSendBack): {ZhHans: "退回", En: "send back"},
	actionKey(ActionConfirm):  {ZhHans: "确认", En: "confirm"},
	actionKey(ActionRelease):  {ZhHans: "下达生产", En: "release to production"},
	actionKey(ActionShip):     {ZhHans: "发货", En: "ship"},
	actionKey(ActionClose):    {ZhHans: "结案", En: "close"},
	actionKey(ActionCancel):   {ZhHans: "作废", En: "cancel"},
}
