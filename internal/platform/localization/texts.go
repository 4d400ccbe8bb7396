package localization

// Keys of the platform's own messages (the spec's general error catalogue).
const (
	KeyTokenExpired       = "Error:TokenExpired"
	KeyTenantNotAvailable = "Error:TenantNotAvailable"
	KeyTooFast            = "Error:TooFast"
	KeyNotFound           = "Error:NotFound"
	KeyUnauthorized       = "Error:Unauthorized"
	KeyForbidden          = "Error:Forbidden"
	KeyInternal           = "Error:Internal"
	KeyValidation         = "Error:Validation"
	KeyConcurrency        = "Error:Concurrency"
	KeyDuplicate          = "Error:Duplicate"
	KeyBadRequest         = "Error:BadRequest"
	KeyRequired           = "Error:Required"
	KeyTooLong            = "Error:TooLong"
	KeyLengthBetween      = "Error:LengthBetween"
	KeyInvalidValue       = "Error:InvalidValue"
	KeyTooLarge           = "Error:TooLarge"
	KeySortingNotAllowed  = "Error:SortingNotAllowed"
	KeyMaxUpload          = "Error:MaxUpload"

	// Messages of the schema checks (huma's, translated by httpapi): {0} is the member.
	KeyTooShort           = "Error:TooShort"
	KeyMinimum            = "Error:Minimum"
	KeyMaximum            = "Error:Maximum"
	KeyGreaterThan        = "Error:GreaterThan"
	KeyLessThan           = "Error:LessThan"
	KeyMultipleOf         = "Error:MultipleOf"
	KeyOneOf              = "Error:OneOf"
	KeyPattern            = "Error:Pattern"
	KeyUnexpectedProperty = "Error:UnexpectedProperty"
	KeyMinItems           = "Error:MinItems"
	KeyMaxItems           = "Error:MaxItems"
	KeyDistinctItems      = "Error:DistinctItems"
	KeyNotJSON            = "Error:NotJSON"
	KeyFieldBody          = "Error:Field:Body"
	// KeyExpected is "{0} must be {1}", {1} one of the KeyKind texts.
	KeyExpected     = "Error:Expected"
	KeyKindUUID     = "Error:Kind:UUID"
	KeyKindDateTime = "Error:Kind:DateTime"
	KeyKindDate     = "Error:Kind:Date"
	KeyKindTime     = "Error:Kind:Time"
	KeyKindEmail    = "Error:Kind:Email"
	KeyKindURI      = "Error:Kind:URI"
	KeyKindNumber   = "Error:Kind:Number"
	KeyKindInteger  = "Error:Kind:Integer"
	KeyKindBoolean  = "Error:Kind:Boolean"
	KeyKindString   = "Error:Kind:String"
	KeyKindArray    = "Error:Kind:Array"
	KeyKindObject   = "Error:Kind:Object"

	// Messages of platform/sheetmap (reading files through import mappings). A cell's
	// message has {0} row, {1} column, {2} the field's label, then its own arguments.
	KeySheetRequired      = "Sheet:Required"
	KeySheetBadInteger    = "Sheet:BadInteger"
	KeySheetBadDecimal    = "Sheet:BadDecimal"
	KeySheetNumberTooLong = "Sheet:NumberTooLong"
	KeySheetBadBoolean    = "Sheet:BadBoolean"
	KeySheetBadDate       = "Sheet:BadDate"
	KeySheetUnknownItem   = "Sheet:UnknownItem"
	KeySheetTooLarge      = "Sheet:TooLarge"
	KeySheetTooManyRows   = "Sheet:TooManyRows"
	KeySheetBadXlsx       = "Sheet:BadXlsx"
	KeySheetNotXlsx       = "Sheet:NotXlsx"
	KeySheetNoSheet       = "Sheet:NoSheet"
	KeySheetBadCSV        = "Sheet:BadCSV"
	KeySheetBadEncoding   = "Sheet:BadEncoding"
	KeySheetBadJSON       = "Sheet:BadJSON"
)

var platformTexts = Texts{
	KeyTokenExpired:       {"身份令牌已过期，请重新登录", "Identity token expired, please log in again"},
	KeyTenantNotAvailable: {"租户不可用：{0}", "Tenant is not available: {0}"},
	KeyTooFast:            {"操作太快了，请稍后再试", "Operating too fast, please try again later"},
	KeyNotFound:           {"请求的资源不存在", "The requested resource does not exist"},
	KeyUnauthorized:       {"未登录或登录已过期，请重新登录", "You are not logged in or your login has expired"},
	KeyForbidden:          {"没有权限执行此操作", "You are not allowed to do this"},
	KeyInternal:           {"服务器内部错误", "An internal error occurred on the server"},
	KeyValidation:         {"请求无效，请检查输入", "The request is not valid, please check your input"},
	KeyConcurrency:        {"数据已被其他人修改，请刷新后重试", "The data was changed by someone else; reload and try again"},
	KeyDuplicate:          {"已存在相同的记录，请刷新后重试", "It already exists; reload and try again"},
	KeyBadRequest:         {"请求无效", "Bad request"},
	KeyRequired:           {"{0}不能为空", "{0} is required"},
	KeyTooLong:            {"{0}的长度不能超过{1}", "{0} must be at most {1} characters"},
	KeyLengthBetween:      {"字段长度必须在{0}到{1}之间", "Field length must be between {0} and {1}"},
	KeyInvalidValue:       {"{0}的值无效", "{0} has an invalid value"},
	KeyTooLarge:           {"请求内容太大", "The request is too large"},
	KeySortingNotAllowed:  {"不支持按 {0} 排序", "Sorting by {0} is not supported"},
	KeyMaxUpload:          {"max upload 50M", "max upload 50M"},

	KeyTooShort:           {"{0}的长度不能少于{1}", "{0} must be at least {1} characters"},
	KeyMinimum:            {"{0}不能小于{1}", "{0} must be at least {1}"},
	KeyMaximum:            {"{0}不能大于{1}", "{0} must be at most {1}"},
	KeyGreaterThan:        {"{0}必须大于{1}", "{0} must be greater than {1}"},
	KeyLessThan:           {"{0}必须小于{1}", "{0} must be less than {1}"},
	KeyMultipleOf:         {"{0}必须是{1}的倍数", "{0} must be a multiple of {1}"},
	KeyOneOf:              {"{0}必须是以下值之一：{1}", "{0} must be one of: {1}"},
	KeyPattern:            {"{0}的格式不正确", "{0} is not in the expected format"},
	KeyUnexpectedProperty: {"{0}不是可以提交的字段", "{0} is not a known field"},
	KeyMinItems:           {"{0}至少要有{1}项", "{0} must have at least {1} items"},
	KeyMaxItems:           {"{0}最多只能有{1}项", "{0} must have at most {1} items"},
	KeyDistinctItems:      {"{0}不能包含重复项", "{0} must not contain the same item twice"},
	KeyNotJSON:            {"请求内容不是有效的 JSON", "The request body is not valid JSON"},
	KeyFieldBody:          {"请求内容", "The request body"},
	KeyExpected:           {"{0}必须是{1}", "{0} must be {1}"},
	KeyKindUUID:           {"UUID", "a UUID"},
	KeyKindDateTime:       {"日期时间（如 2026-01-31T08:00:00Z）", "a date and time (e.g. 2026-01-31T08:00:00Z)"},
	KeyKindDate:           {"日期（如 2026-01-31）", "a date (e.g. 2026-01-31)"},
	KeyKindTime:           {"时间（如 08:00:00Z）", "a time (e.g. 08:00:00Z)"},
	KeyKindEmail:          {"电子邮件地址", "an e-mail address"},
	KeyKindURI:            {"网址", "a URI"},
	KeyKindNumber:         {"数字", "a number"},
	KeyKindInteger:        {"整数", "a whole number"},
	KeyKindBoolean:        {"true 或 false", "true or false"},
	KeyKindString:         {"文本", "text"},
	KeyKindArray:          {"列表", "a list"},
	KeyKindObject:         {"对象", "an object"},

	KeySheetRequired:      {"第 {0} 行 {1} 列：{2}不能为空", "Row {0}, column {1}: {2} is required"},
	KeySheetBadInteger:    {"第 {0} 行 {1} 列：{2}必须是整数，“{3}”不是", "Row {0}, column {1}: {2} must be a whole number, not \"{3}\""},
	KeySheetBadDecimal:    {"第 {0} 行 {1} 列：{2}必须是数字，“{3}”不是", "Row {0}, column {1}: {2} must be a number, not \"{3}\""},
	KeySheetNumberTooLong: {"第 {0} 行 {1} 列：{2}的数字“{3}”超过 18 位有效数字", "Row {0}, column {1}: {2} \"{3}\" has more than 18 significant digits"},
	KeySheetBadBoolean:    {"第 {0} 行 {1} 列：{2}只能填写“是”或“否”，“{3}”不是", "Row {0}, column {1}: {2} must be yes or no, not \"{3}\""},
	KeySheetBadDate:       {"第 {0} 行 {1} 列：{2}必须是日期（如 2026-01-31），“{3}”不是", "Row {0}, column {1}: {2} must be a date (e.g. 2026-01-31), not \"{3}\""},
	KeySheetUnknownItem:   {"第 {0} 行 {1} 列：{2}的值“{3}”不在值映射中", "Row {0}, column {1}: \"{3}\" is not one of the mapped values of {2}"},
	KeySheetTooLarge:      {"文件不能超过 {0} MB", "The file must not be larger than {0} MB"},
	KeySheetTooManyRows:   {"文件最多只能有 {0} 行数据", "The file must have at most {0} data rows"},
	KeySheetBadXlsx:       {"无法读取该 Excel 文件", "The Excel file cannot be read"},
	KeySheetNotXlsx:       {"该文件不是 .xlsx 格式的 Excel 文件", "The file is not an Excel file in .xlsx format"},
	KeySheetNoSheet:       {"该 Excel 文件没有工作表", "The Excel file has no worksheet"},
	KeySheetBadCSV:        {"无法读取该 CSV 文件：第 {0} 行格式不正确", "The CSV file cannot be read: row {0} is malformed"},
	KeySheetBadEncoding:   {"该文件不是 {0} 编码的文本，请检查映射的文件编码", "The file is not {0} text; check the mapping's file encoding"},
	KeySheetBadJSON:       {"内容不是有效的 JSON", "The content is not valid JSON"},
}
