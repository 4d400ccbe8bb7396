package texttemplate

import "kerf/internal/platform/localization"

// Message keys, field labels and the templates' display names.
const (
	KeyNotFound    = "TextTemplate:NotFound"
	KeyParseError  = "TextTemplate:ParseError"
	KeyRenderError = "TextTemplate:RenderError"
	KeyBadCulture  = "TextTemplate:BadCulture"

	FieldContent = "TextTemplate:Field:Content"
	FieldCulture = "TextTemplate:Field:Culture"
	FieldName    = "TextTemplate:Field:Name"

	KeyNameLayout               = "TextTemplate:Name:Layout"
	KeyNameMessage              = "TextTemplate:Name:Message"
	KeyNamePasswordReset        = "TextTemplate:Name:PasswordReset"
	KeyNameTenantCreated        = "TextTemplate:Name:TenantCreated"
	KeyNameOptimizationFinished = "TextTemplate:Name:OptimizationFinished"
)

var texts = localization.Texts{
	KeyNotFound:    {ZhHans: "文本模板 {0} 不存在", En: "There is no text template named {0}"},
	KeyParseError:  {ZhHans: "模板内容有语法错误：{0}", En: "The template content has a syntax error: {0}"},
	KeyRenderError: {ZhHans: "模板无法用示例数据渲染：{0}", En: "The template does not render with the sample data: {0}"},
	KeyBadCulture:  {ZhHans: "{0} 不是有效的语言名称", En: "{0} is not a valid culture name"},
	FieldContent:   {ZhHans: "内容", En: "Content"},
	FieldCulture:   {ZhHans: "语言", En: "Culture"},
	FieldName:      {ZhHans: "模板名称", En: "Template name"},

	KeyNameLayout:               {ZhHans: "邮件布局", En: "E-mail layout"},
	KeyNameMessage:              {ZhHans: "普通邮件", En: "Simple message"},
	KeyNamePasswordReset:        {ZhHans: "重置密码", En: "Password reset"},
	KeyNameTenantCreated:        {ZhHans: "租户已创建", En: "Tenant created"},
	KeyNameOptimizationFinished: {ZhHans: "优化排版完成", En: "Optimisation finished"},
}
