package orderdetail

import "kerf/internal/platform/localization"

// Message keys of the area.
const (
	KeyLineNotFound       = "OrderDetail:LineNotFound"
	KeyUnknownTable       = "OrderDetail:UnknownTable"       // {0} the key
	KeyActionNotGranted   = "OrderDetail:ActionNotGranted"   // {0} table, {1} action
	KeyTableNotShown      = "OrderDetail:TableNotShown"      // {0} table
	KeyRequiredTableEmpty = "OrderDetail:RequiredTableEmpty" // {0} table
	KeyNoItems            = "OrderDetail:NoItems"
	KeyTooManyLines       = "OrderDetail:TooManyLines"   // {0} the limit
	KeySourceNotFound     = "OrderDetail:SourceNotFound" // {0} table, {1} line
	KeyLineOfOtherTable   = "OrderDetail:LineOfOtherTable"

	// A line's field: {0} is "<table> line <n> <field>" (KeyLineField).
	KeyLineField   = "OrderDetail:LineField"   // {0} table, {1} line number, {2} field
	KeyNumberRange = "OrderDetail:NumberRange" // {0} the field, {1} the limit
	KeyNotNumber   = "OrderDetail:NotNumber"   // {0} the field
	KeyNotBoolean  = "OrderDetail:NotBoolean"  // {0} the field
	KeyNotText     = "OrderDetail:NotText"     // {0} the field
	KeyCompute     = "OrderDetail:Compute"     // {0} the field, {1} the expression's message

	// Files on a line.
	KeyNotFiles            = "OrderDetail:NotFiles"            // {0} the field
	KeyTooManyLineFiles    = "OrderDetail:TooManyLineFiles"    // {0} the field, {1} the limit
	KeyNotLineFile         = "OrderDetail:NotLineFile"         // {0} the field, {1} the file
	KeyFileStillOnLine     = "OrderDetail:FileStillOnLine"     // {0} the file, {1} table, {2} line number
	KeyTooManyRemovedFiles = "OrderDetail:TooManyRemovedFiles" // {0} the limit

	// Configuration: {0} is the table, {1} the column.
	KeyConfigDuplicate      = "OrderDetail:Config:Duplicate" // {0} table
	KeyConfigOrderType      = "OrderDetail:Config:OrderType" // {0} table
	KeyColumnKey            = "OrderDetail:Config:ColumnKey" // {0}, {1}
	KeyColumnDuplicate      = "OrderDetail:Config:ColumnDuplicate"
	KeyColumnWidget         = "OrderDetail:Config:ColumnWidget"
	KeyColumnWidgetOfField  = "OrderDetail:Config:ColumnWidgetOfField" // {2} the widget
	KeyColumnDefault        = "OrderDetail:Config:ColumnDefault"       // {2} the value
	KeyColumnTooLong        = "OrderDetail:Config:ColumnTooLong"       // {2} what, {3} the limit
	KeyColumnWidth          = "OrderDetail:Config:ColumnWidth"
	KeyColumnPermission     = "OrderDetail:Config:ColumnPermission" // {2} the name
	KeyComputeText          = "OrderDetail:Config:ComputeText"      // a text field computed
	KeyComputeInvalid       = "OrderDetail:Config:ComputeInvalid"   // {2} the message
	KeyComputeUnknownColumn = "OrderDetail:Config:ComputeUnknown"   // {2} the column named
	KeyComputeTextColumn    = "OrderDetail:Config:ComputeTextColumn"
	KeyComputeCycle         = "OrderDetail:Config:ComputeCycle"
	KeyExamineColumns       = "OrderDetail:Config:ExamineColumns"
	KeyActionPermission     = "OrderDetail:Config:ActionPermission" // {0} table, {1} action, {2} name
	KeySort                 = "OrderDetail:Config:Sort"             // {0} table
	KeyTooManyColumns       = "OrderDetail:Config:TooManyColumns"   // {0} table, {1} the limit
	KeyFileCompute          = "OrderDetail:Config:FileCompute"      // a file column computed
	KeyFileDefault          = "OrderDetail:Config:FileDefault"      // a file column with a default
	KeyComputeFileColumn    = "OrderDetail:Config:ComputeFileColumn"

	// The split-order import.
	KeyImportModuleType = "OrderDetail:Import:ModuleType"
	KeyImportNoRows     = "OrderDetail:Import:NoRows"
	KeyImportRow        = "OrderDetail:Import:Row"        // {0} row, {1} column, {2} the message
	KeyMessage          = "OrderDetail:Message"           // {0} a message already in the caller's language
	KeyImportMoreErrors = "OrderDetail:Import:MoreErrors" // {0} how many more
	KeyXlsxOnly         = "OrderDetail:Import:XlsxOnly"
	KeyNoFile           = "OrderDetail:Import:NoFile"
	KeyFormField        = "OrderDetail:Import:FormField" // {0} the field

	// The quotation.
	KeyQuoteTokenInvalid = "OrderDetail:Quote:TokenInvalid"
	KeyQuoteTitle        = "OrderDetail:Quote:Title"
	KeyQuoteOrderNo      = "OrderDetail:Quote:OrderNo"
	KeyQuoteCustomer     = "OrderDetail:Quote:Customer"
	KeyQuoteDealer       = "OrderDetail:Quote:Dealer"
	KeyQuoteDate         = "OrderDetail:Quote:Date"
	KeyQuoteSubtotal     = "OrderDetail:Quote:Subtotal"
	KeyQuoteTotalPrice   = "OrderDetail:Quote:TotalPrice"
	KeyQuoteDiscount     = "OrderDetail:Quote:Discount"
	KeyQuoteLogistics    = "OrderDetail:Quote:Logistics"
	KeyQuoteTotalSum     = "OrderDetail:Quote:TotalSum"
	KeyQuoteSheet        = "OrderDetail:Quote:Sheet"

	KeyYes = "OrderDetail:Yes"
	KeyNo  = "OrderDetail:No"
)

// tableKey is the label key of a detail table.
func tableKey(t string) string { return "OrderDetail:Table:" + t }

// fieldKey is the label key of a built-in field (and of the seeded configured columns).
func fieldKey(f string) string { return "OrderDetail:Field:" + f }

// actionKey is the label key of a table action.
func actionKey(a string) string { return "OrderDetail:Action:" + a }

// texts are the area's messages; the expression language's are added by the app (expr.Texts).
var texts = localization.Texts{
	KeyLineNotFound:       {ZhHans: "明细不存在", En: "The line does not exist"},
	KeyUnknownTable:       {ZhHans: "“{0}”不是明细表", En: "\"{0}\" is not a detail table"},
	KeyActionNotGranted:   {ZhHans: "没有“{0}”的“{1}”权限", En: "You may not {1} in {0}"},
	KeyTableNotShown:      {ZhHans: "该订单类型不显示“{0}”", En: "Orders of this type do not show {0}"},
	KeyRequiredTableEmpty: {ZhHans: "“{0}”为必填明细，请至少添加一行后再提交", En: "{0} is required: add at least one line before submitting"},
	KeyNoItems:            {ZhHans: "请至少添加一行", En: "Add at least one line"},
	KeyTooManyLines:       {ZhHans: "一次最多只能保存 {0} 行明细", En: "At most {0} lines can be saved at once"},
	KeySourceNotFound:     {ZhHans: "{0}第 {1} 行：所选的项目不存在", En: "{0}, line {1}: the item picked does not exist"},
	KeyLineOfOtherTable:   {ZhHans: "明细不属于该订单的这张表", En: "The line is not in this table of the order"},

	KeyLineField:   {ZhHans: "{0}第 {1} 行的{2}", En: "{2} of line {1} of {0}"},
	KeyNumberRange: {ZhHans: "{0}必须在 0 到 {1} 之间", En: "{0} must be between 0 and {1}"},
	KeyNotNumber:   {ZhHans: "{0}必须是数字", En: "{0} must be a number"},
	KeyNotBoolean:  {ZhHans: "{0}只能是“是”或“否”", En: "{0} must be yes or no"},
	KeyNotText:     {ZhHans: "{0}必须是文本", En: "{0} must be text"},
	KeyCompute:     {ZhHans: "{0}无法计算：{1}", En: "{0} cannot be computed: {1}"},

	KeyNotFiles:            {ZhHans: "{0}必须是文件列表", En: "{0} must be a list of files"},
	KeyTooManyLineFiles:    {ZhHans: "{0}最多只能有 {1} 个文件", En: "{0} can hold at most {1} files"},
	KeyNotLineFile:         {ZhHans: "{0}中的“{1}”不是本订单明细上传的文件", En: "{0}: \"{1}\" is not a file uploaded to this order's lines"},
	KeyFileStillOnLine:     {ZhHans: "文件“{0}”仍在{1}第 {2} 行上，不能删除", En: "The file \"{0}\" is still on line {2} of {1} and is not deleted"},
	KeyTooManyRemovedFiles: {ZhHans: "一次最多只能删除 {0} 个文件", En: "At most {0} files can be removed at once"},

	KeyConfigDuplicate:      {ZhHans: "“{0}”对同一订单类型配置了两次", En: "{0} is configured twice for the same order type"},
	KeyConfigOrderType:      {ZhHans: "“{0}”：订单类型不存在", En: "{0}: the order type does not exist"},
	KeyColumnKey:            {ZhHans: "“{0}”的列名“{1}”无效：只能是字母、数字和下划线，不能以数字开头，最多 64 个字符", En: "{0}: the column key \"{1}\" is not valid: letters, digits and _, not starting with a digit, at most 64 characters"},
	KeyColumnDuplicate:      {ZhHans: "“{0}”的列“{1}”重复", En: "{0}: the column \"{1}\" appears twice"},
	KeyColumnWidget:         {ZhHans: "“{0}”的列“{1}”：控件只能是 text、number、boolean 或 file", En: "{0}: the widget of column \"{1}\" must be text, number, boolean or file"},
	KeyColumnWidgetOfField:  {ZhHans: "“{0}”的列“{1}”不能使用 {2} 控件", En: "{0}: column \"{1}\" cannot use the {2} widget"},
	KeyColumnDefault:        {ZhHans: "“{0}”的列“{1}”：默认值“{2}”与控件类型不符", En: "{0}: the default value \"{2}\" of column \"{1}\" does not fit its widget"},
	KeyColumnTooLong:        {ZhHans: "“{0}”的列“{1}”：{2}不能超过 {3} 个字符", En: "{0}: the {2} of column \"{1}\" must not be longer than {3} characters"},
	KeyColumnWidth:          {ZhHans: "“{0}”的列“{1}”：宽度必须在 0 到 2000 之间", En: "{0}: the width of column \"{1}\" must be between 0 and 2000"},
	KeyColumnPermission:     {ZhHans: "“{0}”的列“{1}”：权限“{2}”不存在", En: "{0}: column \"{1}\" names the permission \"{2}\", which does not exist"},
	KeyComputeText:          {ZhHans: "“{0}”的列“{1}”是文本，不能计算", En: "{0}: column \"{1}\" is text and cannot be computed"},
	KeyComputeInvalid:       {ZhHans: "“{0}”的列“{1}”的计算公式有误：{2}", En: "{0}: the formula of column \"{1}\" is wrong: {2}"},
	KeyComputeUnknownColumn: {ZhHans: "“{0}”的列“{1}”的计算公式引用了不存在的列“{2}”", En: "{0}: the formula of column \"{1}\" names \"{2}\", which is not a column of the table"},
	KeyComputeTextColumn:    {ZhHans: "“{0}”的列“{1}”的计算公式引用了文本列“{2}”", En: "{0}: the formula of column \"{1}\" names the text column \"{2}\""},
	KeyComputeCycle:         {ZhHans: "“{0}”的列“{1}”的计算公式循环引用了自己", En: "{0}: the formula of column \"{1}\" depends on itself"},
	KeyExamineColumns:       {ZhHans: "“{0}”没有明细行，不能配置列", En: "{0} has no lines and takes no columns"},
	KeyActionPermission:     {ZhHans: "“{0}”的“{1}”操作：权限“{2}”不存在", En: "{0}: the {1} action names the permission \"{2}\", which does not exist"},
	KeySort:                 {ZhHans: "“{0}”：排序必须在 0 到 9999 之间", En: "{0}: the sort order must be between 0 and 9999"},
	KeyTooManyColumns:       {ZhHans: "“{0}”最多只能有 {1} 列", En: "{0} can have at most {1} columns"},
	KeyFileCompute:          {ZhHans: "“{0}”的列“{1}”存放文件，不能计算", En: "{0}: column \"{1}\" holds files and cannot be computed"},
	KeyFileDefault:          {ZhHans: "“{0}”的列“{1}”存放文件，不能有默认值", En: "{0}: column \"{1}\" holds files and takes no default value"},
	KeyComputeFileColumn:    {ZhHans: "“{0}”的列“{1}”的计算公式引用了文件列“{2}”", En: "{0}: the formula of column \"{1}\" names the file column \"{2}\""},

	KeyImportModuleType: {ZhHans: "请选择销售订单产品、物料或标准产品明细的导入规则映射", En: "Choose an import rule mapping of sales-order products, parts or standard products"},
	KeyImportNoRows:     {ZhHans: "文件中没有数据行", En: "The file has no data rows"},
	KeyImportRow:        {ZhHans: "第 {0} 行 {1} 列：{2}", En: "Row {0}, column {1}: {2}"},
	KeyMessage:          {ZhHans: "{0}", En: "{0}"},
	KeyImportMoreErrors: {ZhHans: "另有 {0} 处错误未列出", En: "{0} more errors are not listed"},
	KeyXlsxOnly:         {ZhHans: "只能上传一个 .xlsx 或 .csv 文件", En: "Upload exactly one .xlsx or .csv file"},
	KeyNoFile:           {ZhHans: "请选择要导入的文件", En: "Please choose a file to import"},
	KeyFormField:        {ZhHans: "请填写{0}", En: "{0} is required"},

	KeyQuoteTokenInvalid: {ZhHans: "报价单链接无效或已过期，请重新下载", En: "The quotation link is not valid or has expired; download it again"},
	KeyQuoteTitle:        {ZhHans: "报价单", En: "Quotation"},
	KeyQuoteOrderNo:      {ZhHans: "订单号", En: "Order number"},
	KeyQuoteCustomer:     {ZhHans: "客户", En: "Customer"},
	KeyQuoteDealer:       {ZhHans: "经销商", En: "Dealer"},
	KeyQuoteDate:         {ZhHans: "下单日期", En: "Order date"},
	KeyQuoteSubtotal:     {ZhHans: "小计", En: "Subtotal"},
	KeyQuoteTotalPrice:   {ZhHans: "合计", En: "Total"},
	KeyQuoteDiscount:     {ZhHans: "优惠", En: "Discount"},
	KeyQuoteLogistics:    {ZhHans: "物流费", En: "Logistics"},
	KeyQuoteTotalSum:     {ZhHans: "应付总额", En: "Amount due"},
	KeyQuoteSheet:        {ZhHans: "报价单", En: "Quotation"},
	KeyYes:               {ZhHans: "是", En: "Yes"},
	KeyNo:                {ZhHans: "否", En: "No"},

	tableKey(TableProduct):         {ZhHans: "产品", En: "Products"},
	tableKey(TableMatter):          {ZhHans: "物料", En: "Parts"},
	tableKey(TableStandardProduct): {ZhHans: "标准产品", En: "Standard products"},
	tableKey(TableSalesLists):      {ZhHans: "销售清单", En: "Sales list"},
	tableKey(TableExamine):         {ZhHans: "审核", En: "Review"},

	fieldKey("lineNo"):  {ZhHans: "序号", En: "No."},
	fieldKey("name"):    {ZhHans: "名称", En: "Name"},
	fieldKey("code"):    {ZhHans: "编码", En: "Code"},
	fieldKey("length"):  {ZhHans: "长", En: "Length"},
	fieldKey("width"):   {ZhHans: "宽", En: "Width"},
	fieldKey("height"):  {ZhHans: "高", En: "Height"},
	fieldKey("color"):   {ZhHans: "颜色", En: "Colour"},
	fieldKey("unit"):    {ZhHans: "单位", En: "Unit"},
	fieldKey("price"):   {ZhHans: "单价", En: "Unit price"},
	fieldKey("count"):   {ZhHans: "数量", En: "Count"},
	fieldKey("amount"):  {ZhHans: "金额", En: "Amount"},
	fieldKey("remark"):  {ZhHans: "备注", En: "Remark"},
	fieldKey("cabinet"): {ZhHans: "柜体", En: "Cabinet"},
	fieldKey("area"):    {ZhHans: "面积(㎡)", En: "Area (m²)"},

	fieldKey("salesOrderId"):   {ZhHans: "订单", En: "Order"},
	fieldKey("ruleMappingId"):  {ZhHans: "导入规则映射", En: "Import rule mapping"},
	fieldKey("splitMappingId"): {ZhHans: "拆单配置", En: "Split-order configuration"},
	fieldKey("table"):          {ZhHans: "明细表", En: "Detail table"},

	actionKey(ActionCreate):      {ZhHans: "新增", En: "add lines"},
	actionKey(ActionImportExcel): {ZhHans: "导入Excel", En: "import from Excel"},
	actionKey(ActionClear):       {ZhHans: "清空", En: "clear lines"},
	actionKey(ActionSelect):      {ZhHans: "选择", En: "pick items"},
	actionKey(ActionExport):      {ZhHans: "导出", En: "export"},
}
