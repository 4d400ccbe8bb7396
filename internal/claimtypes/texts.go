package claimtypes

import "kerf/internal/platform/localization"

// Message keys of the claim types and claims.
const (
	KeyTypeNotFound     = "ClaimTypes:NotFound"
	KeyDuplicateName    = "ClaimTypes:DuplicateName"
	KeyStaticRename     = "ClaimTypes:StaticRename"
	KeyStaticDelete     = "ClaimTypes:StaticDelete"
	KeyInvalidRegex     = "ClaimTypes:InvalidRegex"
	KeyUnknownType      = "Claims:UnknownType"
	KeyValueRequired    = "Claims:ValueRequired"
	KeyValueNotInt      = "Claims:ValueNotInt"
	KeyValueNotBoolean  = "Claims:ValueNotBoolean"
	KeyValueNotDateTime = "Claims:ValueNotDateTime"
	KeyValueNoMatch     = "Claims:ValueDoesNotMatch"
	KeyValueNoMatchWhy  = "Claims:ValueDoesNotMatchDescribed"
	KeyValueTooLong     = "Claims:ValueTooLong"
	KeyDuplicateClaim   = "Claims:Duplicate"

	// Field labels.
	FieldName             = "ClaimTypes:Field:Name"
	FieldValueType        = "ClaimTypes:Field:ValueType"
	FieldRegex            = "ClaimTypes:Field:Regex"
	FieldRegexDescription = "ClaimTypes:Field:RegexDescription"
	FieldDescription      = "ClaimTypes:Field:Description"
	FieldClaimType        = "Claims:Field:ClaimType"
	FieldClaims           = "Claims:Field:Claims"
)

var texts = localization.Texts{
	KeyTypeNotFound:     {ZhHans: "声明类型不存在", En: "The claim type does not exist"},
	KeyDuplicateName:    {ZhHans: "已有名为 {0} 的声明类型", En: "There is already a claim type named {0}"},
	KeyStaticRename:     {ZhHans: "声明类型 {0} 是系统内置的，不能改名", En: "The claim type {0} comes with the system and cannot be renamed"},
	KeyStaticDelete:     {ZhHans: "声明类型 {0} 是系统内置的，不能删除", En: "The claim type {0} comes with the system and cannot be deleted"},
	KeyInvalidRegex:     {ZhHans: "正则表达式 {0} 无法解析（{1}）", En: "The regular expression {0} does not compile ({1})"},
	KeyUnknownType:      {ZhHans: "声明类型 {0} 不存在", En: "There is no claim type named {0}"},
	KeyValueRequired:    {ZhHans: "声明 {0} 的值不能为空", En: "The claim {0} needs a value"},
	KeyValueNotInt:      {ZhHans: "声明 {0} 的值必须是整数", En: "The value of the claim {0} must be a whole number"},
	KeyValueNotBoolean:  {ZhHans: "声明 {0} 的值必须是 true 或 false", En: "The value of the claim {0} must be true or false"},
	KeyValueNotDateTime: {ZhHans: "声明 {0} 的值必须是日期或日期时间（如 2026-01-31 或 2026-01-31T08:00:00Z）", En: "The value of the claim {0} must be a date or a date and time (e.g. 2026-01-31 or 2026-01-31T08:00:00Z)"},
	KeyValueNoMatch:     {ZhHans: "声明 {0} 的值格式不正确", En: "The value of the claim {0} is not in the expected format"},
	KeyValueNoMatchWhy:  {ZhHans: "声明 {0} 的值格式不正确：{1}", En: "The value of the claim {0} is not in the expected format: {1}"},
	KeyValueTooLong:     {ZhHans: "声明 {0} 的值的长度不能超过{1}", En: "The value of the claim {0} must be at most {1} characters"},
	KeyDuplicateClaim:   {ZhHans: "声明 {0} = {1} 已存在", En: "The claim {0} = {1} is there already"},

	FieldName:             {ZhHans: "名称", En: "Name"},
	FieldValueType:        {ZhHans: "值类型", En: "Value type"},
	FieldRegex:            {ZhHans: "正则表达式", En: "Regular expression"},
	FieldRegexDescription: {ZhHans: "正则表达式说明", En: "Regex description"},
	FieldDescription:      {ZhHans: "描述", En: "Description"},
	FieldClaimType:        {ZhHans: "声明类型", En: "Claim type"},
	FieldClaims:           {ZhHans: "声明", En: "Claims"},
}
