package pageconfig

import "kerf/internal/platform/localization"

// Message keys of the page configuration area.
const (
	KeyNotFound           = "PageConfiguration:NotFound"
	KeyRouteKeyPattern    = "PageConfiguration:RouteKeyPattern"
	KeyRouteKeyMismatch   = "PageConfiguration:RouteKeyMismatch"
	KeyConfigNotJSON      = "PageConfiguration:ConfigNotJson"
	KeyConfigNotList      = "PageConfiguration:ConfigNotList"
	KeyConfigEmpty        = "PageConfiguration:ConfigEmpty"
	KeyTooManyColumns     = "PageConfiguration:TooManyColumns"
	KeyColumnNotObject    = "PageConfiguration:ColumnNotObject"
	KeyColumnNoKey        = "PageConfiguration:ColumnNoKey"
	KeyColumnKeyTooLong   = "PageConfiguration:ColumnKeyTooLong"
	KeyColumnDuplicateKey = "PageConfiguration:ColumnDuplicateKey"
	KeyColumnBadTitle     = "PageConfiguration:ColumnBadTitle"
	KeyColumnTitleTooLong = "PageConfiguration:ColumnTitleTooLong"
	KeyColumnNoIsShow     = "PageConfiguration:ColumnNoIsShow"
	KeyColumnBadOrder     = "PageConfiguration:ColumnBadOrder"
	KeyColumnBadWidth     = "PageConfiguration:ColumnBadWidth"
	KeyNoShownColumn      = "PageConfiguration:NoShownColumn"
	KeyHiddenNotJSON      = "PageConfiguration:HiddenFieldsNotJson"
	KeyHiddenNotList      = "PageConfiguration:HiddenFieldsNotList"
	KeyHiddenBadKey       = "PageConfiguration:HiddenFieldsBadKey"
	KeyHiddenDuplicate    = "PageConfiguration:HiddenFieldsDuplicate"
	KeyRoleUnknown        = "PageConfiguration:RoleUnknown"
	KeyRoleDuplicate      = "PageConfiguration:RoleDuplicate"
	KeyTooManyRoles       = "PageConfiguration:TooManyRoles"
	KeyTenantExists       = "PageConfiguration:TenantDefaultExists"
	KeyKind               = "PageConfiguration:Kind"

	// Field labels, used in messages.
	FieldRouteKey     = "PageConfiguration:Field:RouteKey"
	FieldConfig       = "PageConfiguration:Field:Config"
	FieldHiddenFields = "PageConfiguration:Field:HiddenFields"
)

var texts = localization.Texts{
	KeyNotFound:           {ZhHans: "页面配置不存在", En: "The page configuration does not exist"},
	KeyRouteKeyPattern:    {ZhHans: "路由键（routeKey）只能包含字母、数字、_ 和 -，长度 1 到 256", En: "The route key (routeKey) may hold only letters, digits, _ and -, 1 to 256 characters"},
	KeyRouteKeyMismatch:   {ZhHans: "该配置属于另一个路由，不能改存到此路由（routeKey）", En: "That configuration belongs to another route; it cannot be saved under this routeKey"},
	KeyConfigNotJSON:      {ZhHans: "列配置（config）不是有效的 JSON（在第 {0} 个字符附近）", En: "The column configuration (config) is not valid JSON (near character {0})"},
	KeyConfigNotList:      {ZhHans: "列配置（config）必须是列的 JSON 数组，如 [{\"key\":\"name\",\"title\":\"名称\",\"isShow\":true,\"order\":0}]", En: "The column configuration (config) must be a JSON array of columns, e.g. [{\"key\":\"name\",\"title\":\"Name\",\"isShow\":true,\"order\":0}]"},
	KeyConfigEmpty:        {ZhHans: "列配置（config）至少要有一列", En: "The column configuration (config) must hold at least one column"},
	KeyTooManyColumns:     {ZhHans: "列配置（config）最多只能有 {0} 列", En: "The column configuration (config) may hold at most {0} columns"},
	KeyColumnNotObject:    {ZhHans: "列配置（config）的第 {0} 项必须是对象 {key, title, isShow, order}", En: "Item {0} of the column configuration (config) must be an object {key, title, isShow, order}"},
	KeyColumnNoKey:        {ZhHans: "列配置（config）的第 {0} 列缺少 key", En: "Column {0} of the column configuration (config) has no key"},
	KeyColumnKeyTooLong:   {ZhHans: "第 {0} 项的 key 不能超过 {1} 个字符", En: "The key of item {0} must be at most {1} characters"},
	KeyColumnDuplicateKey: {ZhHans: "列配置（config）中 key “{0}”出现了不止一次", En: "The key \"{0}\" appears more than once in the column configuration (config)"},
	KeyColumnBadTitle:     {ZhHans: "列配置（config）第 {0} 列（{1}）的 title 必须是文本", En: "Column {0} ({1}) of the column configuration (config): title must be text"},
	KeyColumnTitleTooLong: {ZhHans: "列配置（config）第 {0} 列（{1}）的 title 不能超过 {2} 个字符", En: "Column {0} ({1}) of the column configuration (config): title must be at most {2} characters"},
	KeyColumnNoIsShow:     {ZhHans: "列配置（config）第 {0} 列（{1}）的 isShow 必须是 true 或 false", En: "Column {0} ({1}) of the column configuration (config): isShow must be true or false"},
	KeyColumnBadOrder:     {ZhHans: "列配置（config）第 {0} 列（{1}）的 order 必须是不小于 0 的整数", En: "Column {0} ({1}) of the column configuration (config): order must be a whole number of at least 0"},
	KeyColumnBadWidth:     {ZhHans: "列配置（config）第 {0} 列（{1}）的 width 必须是不小于 0 的数字", En: "Column {0} ({1}) of the column configuration (config): width must be a number of at least 0"},
	KeyNoShownColumn:      {ZhHans: "请至少选择一列（config 中至少要有一列 isShow 为 true）", En: "Please select at least one column (config must show at least one column)"},
	KeyHiddenNotJSON:      {ZhHans: "隐藏字段（hiddenFields）不是有效的 JSON（在第 {0} 个字符附近）", En: "The hidden fields (hiddenFields) are not valid JSON (near character {0})"},
	KeyHiddenNotList:      {ZhHans: "隐藏字段（hiddenFields）必须是列 key 的 JSON 数组，如 [\"price\"]", En: "The hidden fields (hiddenFields) must be a JSON array of column keys, e.g. [\"price\"]"},
	KeyHiddenBadKey:       {ZhHans: "隐藏字段（hiddenFields）的第 {0} 项必须是非空的列 key", En: "Item {0} of the hidden fields (hiddenFields) must be a column key (non-empty text)"},
	KeyHiddenDuplicate:    {ZhHans: "隐藏字段（hiddenFields）中“{0}”出现了不止一次", En: "\"{0}\" appears more than once in the hidden fields (hiddenFields)"},
	KeyRoleUnknown:        {ZhHans: "角色“{0}”不存在（roleList）", En: "The role \"{0}\" does not exist (roleList)"},
	KeyRoleDuplicate:      {ZhHans: "角色“{0}”在角色列表（roleList）中出现了不止一次", En: "The role \"{0}\" appears more than once in the role list (roleList)"},
	KeyTooManyRoles:       {ZhHans: "角色列表（roleList）最多只能有 {0} 个角色", En: "The role list (roleList) may hold at most {0} roles"},
	KeyTenantExists:       {ZhHans: "路由 {0} 已有全员默认配置；请编辑那一条，或选择角色", En: "The route {0} already has a default for everyone; edit that one, or choose roles"},
	KeyKind:               {ZhHans: "类型（kind）必须是 user、role 或 tenant", En: "The kind must be user, role or tenant"},

	FieldRouteKey:     {ZhHans: "路由键", En: "Route key"},
	FieldConfig:       {ZhHans: "列配置", En: "Column configuration"},
	FieldHiddenFields: {ZhHans: "隐藏字段", En: "Hidden fields"},
}
