package datadictionary

import "kerf/internal/platform/localization"

// Message keys of the data dictionaries.
const (
	KeyDictionaryNotFound = "DataDictionary:NotFound"
	KeyCodeNotFound       = "DataDictionary:CodeNotFound"
	KeyDetailNotFound     = "DataDictionary:DetailNotFound"
	KeyDuplicateCode      = "DataDictionary:DuplicateCode"
	KeyDuplicateDetail    = "DataDictionary:DuplicateDetailCode"
	KeyCodeFormat         = "DataDictionary:CodeFormat"
	KeyStaticCode         = "DataDictionary:StaticCode"
	KeyStaticDelete       = "DataDictionary:StaticDelete"
	KeyDefaultDisabled    = "DataDictionary:DefaultDisabled"
	KeyOneDefault         = "DataDictionary:OneDefault"
	KeyMin                = "DataDictionary:Min"
	KeyMax                = "DataDictionary:Max"
	KeyTooManyDetails     = "DataDictionary:TooManyDetails"

	// Field labels, used in messages.
	FieldCode             = "DataDictionary:Field:Code"
	FieldDisplayName      = "DataDictionary:Field:DisplayName"
	FieldDescription      = "DataDictionary:Field:Description"
	FieldDetailCode       = "DataDictionary:Field:DetailCode"
	FieldLabel            = "DataDictionary:Field:Label"
	FieldValue            = "DataDictionary:Field:Value"
	FieldOrder            = "DataDictionary:Field:Order"
	FieldDataDictionaryID = "DataDictionary:Field:DataDictionaryId"
)

var texts = localization.Texts{
	KeyDictionaryNotFound: {ZhHans: "数据字典不存在", En: "The data dictionary does not exist"},
	KeyCodeNotFound:       {ZhHans: "没有编码为“{0}”的数据字典", En: "There is no data dictionary with the code \"{0}\""},
	KeyDetailNotFound:     {ZhHans: "字典项不存在", En: "The dictionary item does not exist"},
	KeyDuplicateCode:      {ZhHans: "数据字典编码“{0}”已存在", En: "The data dictionary code \"{0}\" is already taken"},
	KeyDuplicateDetail:    {ZhHans: "字典项编码“{0}”在此字典中已存在", En: "The item code \"{0}\" is already taken in this dictionary"},
	KeyCodeFormat:         {ZhHans: "{0}只能包含字母、数字、点（.）、下划线（_）和短横线（-）", En: "{0} may only hold letters, digits, '.', '_' and '-'"},
	KeyStaticCode:         {ZhHans: "内置数据字典“{0}”的编码不能修改", En: "The code of the built-in data dictionary \"{0}\" cannot be changed"},
	KeyStaticDelete:       {ZhHans: "内置数据字典“{0}”不能删除", En: "The built-in data dictionary \"{0}\" cannot be deleted"},
	KeyDefaultDisabled:    {ZhHans: "停用的字典项不能设为默认项", En: "A disabled item cannot be the default"},
	KeyOneDefault:         {ZhHans: "一个数据字典只能有一个默认项", En: "A data dictionary has at most one default item"},
	KeyMin:                {ZhHans: "{0}不能小于{1}", En: "{0} must be at least {1}"},
	KeyMax:                {ZhHans: "{0}不能大于{1}", En: "{0} must be at most {1}"},
	KeyTooManyDetails:     {ZhHans: "一次最多添加 {0} 个字典项", En: "At most {0} items can be added at once"},

	FieldCode:             {ZhHans: "字典编码", En: "Dictionary code"},
	FieldDisplayName:      {ZhHans: "字典名称", En: "Dictionary name"},
	FieldDescription:      {ZhHans: "描述", En: "Description"},
	FieldDetailCode:       {ZhHans: "字典项编码", En: "Item code"},
	FieldLabel:            {ZhHans: "显示文本", En: "Label"},
	FieldValue:            {ZhHans: "值", En: "Value"},
	FieldOrder:            {ZhHans: "排序", En: "Order"},
	FieldDataDictionaryID: {ZhHans: "数据字典", En: "Data dictionary"},
}
