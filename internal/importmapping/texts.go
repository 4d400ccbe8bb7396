package importmapping

import (
	"fmt"

	"kerf/internal/platform/localization"
)

// Message keys of the area.
const (
	KeyNotFound             = "ImportMapping:NotFound"
	KeyUnknownModuleType    = "ImportMapping:UnknownModuleType"
	KeyFileType             = "ImportMapping:FileType"
	KeyEncoding             = "ImportMapping:Encoding"
	KeyReadRows             = "ImportMapping:ReadRows"
	KeyNoRules              = "ImportMapping:NoRules"
	KeyTooManyRules         = "ImportMapping:TooManyRules"
	KeyColumnIndex          = "ImportMapping:ColumnIndex"
	KeyDuplicateColumn      = "ImportMapping:DuplicateColumn"
	KeyUnknownField         = "ImportMapping:UnknownField"
	KeyDuplicateField       = "ImportMapping:DuplicateField"
	KeyValueType            = "ImportMapping:ValueType"
	KeyValueTypeOfField     = "ImportMapping:ValueTypeOfField"
	KeyItemsJSON            = "ImportMapping:ItemsJSON"
	KeyItemsSource          = "ImportMapping:ItemsSource"
	KeyItemsDuplicate       = "ImportMapping:ItemsDuplicate"
	KeyDictionaryNotFound   = "ImportMapping:DictionaryNotFound"
	KeyEnumNeedsItems       = "ImportMapping:EnumNeedsItems"
	KeyBadDefault           = "ImportMapping:BadDefault"
	KeyRequiredFieldMissing = "ImportMapping:RequiredFieldMissing"
	KeyDefaultDisabled      = "ImportMapping:DefaultDisabled"
	KeySourceField          = "ImportMapping:SourceField"
	KeyDuplicateSource      = "ImportMapping:DuplicateSource"
	KeySplitField           = "ImportMapping:SplitField"
	KeyOperator             = "ImportMapping:Operator"
	KeyLineType             = "ImportMapping:LineType"
	KeySplitValue           = "ImportMapping:SplitValue"
	KeyNoDefaultMapping     = "ImportMapping:NoDefaultMapping"
	KeyMappingDisabled      = "ImportMapping:MappingDisabled"
	KeyWrongFileType        = "ImportMapping:WrongFileType"
	KeyNoFile               = "ImportMapping:NoFile"
	KeyOneFile              = "ImportMapping:OneFile"

	// Labels of the members, used in messages.
	FieldName           = "ImportMapping:Field:Name"
	FieldDescription    = "ImportMapping:Field:Description"
	FieldModuleType     = "ImportMapping:Field:ModuleType"
	FieldMappingType    = "ImportMapping:Field:MappingType"
	FieldMappingRules   = "ImportMapping:Field:MappingRules"
	FieldFieldName      = "ImportMapping:Field:FieldName"
	FieldDefaultValue   = "ImportMapping:Field:DefaultValue"
	FieldItemsMapping   = "ImportMapping:Field:ItemsMapping"
	FieldDictionaryCode = "ImportMapping:Field:DictionaryCode"
	FieldSourceField    = "ImportMapping:Field:SourceField"
	FieldValue          = "ImportMapping:Field:Value"
)

// valueTypeKey is the label key of a value type.
func valueTypeKey(t int) string { return fmt.Sprintf("ImportMapping:ValueType:%d", t) }

// fieldLabelKey is the label key of a module type's field, for sheetmap's messages.
func fieldLabelKey(moduleType int, field string) string {
	return fmt.Sprintf("ImportMapping:ModuleField:%d:%s", moduleType, field)
}

var texts = func() localization.Texts {
	t := localization.Texts{
		KeyNotFound:             {ZhHans: "映射不存在", En: "The mapping does not exist"},
		KeyUnknownModuleType:    {ZhHans: "{0}不是已知的模块类型", En: "{0} is not a known module type"},
		KeyFileType:             {ZhHans: "文件类型只能是 0（.xlsx）或 1（.csv）", En: "The file type must be 0 (.xlsx) or 1 (.csv)"},
		KeyEncoding:             {ZhHans: "文件编码只能是 1（GB18030）、2（UTF-16LE）或 3（UTF-8）", En: "The file encoding must be 1 (GB18030), 2 (UTF-16LE) or 3 (UTF-8)"},
		KeyReadRows:             {ZhHans: "表头行数必须在 0 到 100 之间", En: "The header rows must be between 0 and 100"},
		KeyNoRules:              {ZhHans: "请至少添加一条映射规则", En: "Add at least one mapping rule"},
		KeyTooManyRules:         {ZhHans: "最多只能有 {0} 条规则", En: "At most {0} rules"},
		KeyColumnIndex:          {ZhHans: "列序号必须在 0 到 16383 之间", En: "The column index must be between 0 and 16383"},
		KeyDuplicateColumn:      {ZhHans: "列 {0} 已映射到其他字段", En: "Column {0} is already mapped to another field"},
		KeyUnknownField:         {ZhHans: "“{0}”不是“{1}”的字段", En: "\"{0}\" is not a field of \"{1}\""},
		KeyDuplicateField:       {ZhHans: "字段“{0}”映射了两次", En: "Field \"{0}\" is mapped twice"},
		KeyValueType:            {ZhHans: "值类型只能是 0 到 5", En: "The value type must be 0 to 5"},
		KeyValueTypeOfField:     {ZhHans: "“{0}”只能按{1}或枚举读取", En: "\"{0}\" can only be read as {1} or as an enumeration"},
		KeyItemsJSON:            {ZhHans: "值映射必须是 [{\"source\": \"…\", \"target\": \"…\"}] 形式的 JSON", En: "The value mapping must be JSON of the form [{\"source\": \"…\", \"target\": \"…\"}]"},
		KeyItemsSource:          {ZhHans: "值映射的源值不能为空", En: "A value mapping's source must not be empty"},
		KeyItemsDuplicate:       {ZhHans: "值映射中“{0}”出现了两次", En: "\"{0}\" appears twice in the value mapping"},
		KeyDictionaryNotFound:   {ZhHans: "数据字典“{0}”不存在", En: "Data dictionary \"{0}\" does not exist"},
		KeyEnumNeedsItems:       {ZhHans: "枚举需要值映射或数据字典", En: "An enumeration needs a value mapping or a data dictionary"},
		KeyBadDefault:           {ZhHans: "默认值“{0}”不能按{1}读取", En: "The default value \"{0}\" cannot be read as {1}"},
		KeyRequiredFieldMissing: {ZhHans: "必须映射必填字段“{0}”", En: "The required field \"{0}\" must be mapped"},
		KeyDefaultDisabled:      {ZhHans: "默认映射必须启用", En: "A default mapping must be enabled"},
		KeySourceField:          {ZhHans: "源字段必须是成员路径，如 order.customer.name 或 lines[0].name", En: "The source field must be a member path such as order.customer.name or lines[0].name"},
		KeyDuplicateSource:      {ZhHans: "源字段“{0}”映射了两次", En: "Source field \"{0}\" is mapped twice"},
		KeySplitField:           {ZhHans: "“{0}”不是销售订单明细的字段", En: "\"{0}\" is not a field of sales-order lines"},
		KeyOperator:             {ZhHans: "条件只能是 equals、contains、startsWith、isEmpty 或 isNotEmpty", En: "The operator must be equals, contains, startsWith, isEmpty or isNotEmpty"},
		KeyLineType:             {ZhHans: "明细类型只能是 product、part 或 standardProduct", En: "The line type must be product, part or standardProduct"},
		KeySplitValue:           {ZhHans: "条件值不能为空", En: "The value to compare with is required"},
		KeyNoDefaultMapping:     {ZhHans: "“{0}”没有启用的默认导入规则映射", En: "\"{0}\" has no enabled default import rule mapping"},
		KeyMappingDisabled:      {ZhHans: "该映射已停用", En: "The mapping is disabled"},
		KeyWrongFileType:        {ZhHans: "该映射读取 {0} 文件，请上传 {0} 文件", En: "This mapping reads {0} files; upload a {0} file"},
		KeyNoFile:               {ZhHans: "请选择要上传的文件", En: "Please choose a file to upload"},
		KeyOneFile:              {ZhHans: "只能上传一个文件", En: "Upload exactly one file"},

		FieldName:           {ZhHans: "名称", En: "Name"},
		FieldDescription:    {ZhHans: "描述", En: "Description"},
		FieldModuleType:     {ZhHans: "模块类型", En: "Module type"},
		FieldMappingType:    {ZhHans: "映射类型", En: "Mapping type"},
		FieldMappingRules:   {ZhHans: "映射规则", En: "Mapping rules"},
		FieldFieldName:      {ZhHans: "目标字段", En: "Target field"},
		FieldDefaultValue:   {ZhHans: "默认值", En: "Default value"},
		FieldItemsMapping:   {ZhHans: "值映射", En: "Value mapping"},
		FieldDictionaryCode: {ZhHans: "数据字典", En: "Data dictionary"},
		FieldSourceField:    {ZhHans: "源字段", En: "Source field"},
		FieldValue:          {ZhHans: "条件值", En: "Value"},

		valueTypeKey(0): {ZhHans: "文本", En: "text"},
		valueTypeKey(1): {ZhHans: "整数", En: "a whole number"},
		valueTypeKey(2): {ZhHans: "小数", En: "a decimal number"},
		valueTypeKey(3): {ZhHans: "是否", En: "yes or no"},
		valueTypeKey(4): {ZhHans: "日期", En: "a date"},
		valueTypeKey(5): {ZhHans: "枚举", En: "an enumeration"},
	}
	for _, mt := range ModuleTypes {
		t[moduleTypeKey(mt.Value)] = mt.Label
		for _, f := range mt.Fields {
			t[fieldLabelKey(mt.Value, f.Name)] = f.Label
		}
	}
	return t
}()
