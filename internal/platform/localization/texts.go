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
	KeyBadRequest         = "Error:BadRequest"
	KeyRequired           = "Error:Required"
	KeyTooLong            = "Error:TooLong"
	KeyLengthBetween      = "Error:LengthBetween"
	KeyInvalidValue       = "Error:InvalidValue"
	KeyTooLarge           = "Error:TooLarge"
	KeySortingNotAllowed  = "Error:SortingNotAllowed"
	KeyMaxUpload          = "Error:MaxUpload"
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
	KeyBadRequest:         {"请求无效", "Bad request"},
	KeyRequired:           {"{0}不能为空", "{0} is required"},
	KeyTooLong:            {"{0}的长度不能超过{1}", "{0} must be at most {1} characters"},
	KeyLengthBetween:      {"字段长度必须在{0}到{1}之间", "Field length must be between {0} and {1}"},
	KeyInvalidValue:       {"{0}的值无效", "{0} has an invalid value"},
	KeyTooLarge:           {"请求内容太大", "The request is too large"},
	KeySortingNotAllowed:  {"不支持按 {0} 排序", "Sorting by {0} is not supported"},
	KeyMaxUpload:          {"max upload 50M", "max upload 50M"},
}
