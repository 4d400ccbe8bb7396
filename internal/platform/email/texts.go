package email

import "kerf/internal/platform/localization"

// Message keys and field labels.
const (
	KeyInvalidAddress = "Email:InvalidAddress"
	KeyNotFound       = "Email:NotFound"
	KeyNoSTARTTLS     = "Email:NoStartTLS"

	FieldTo      = "Email:Field:To"
	FieldSubject = "Email:Field:Subject"
	FieldBody    = "Email:Field:Body"
)

var texts = localization.Texts{
	KeyInvalidAddress: {ZhHans: "{0} 不是有效的电子邮件地址", En: "{0} is not a valid e-mail address"},
	KeyNotFound:       {ZhHans: "邮件不存在", En: "The e-mail does not exist"},
	KeyNoSTARTTLS:     {ZhHans: "SMTP 服务器不支持 STARTTLS", En: "The SMTP server does not offer STARTTLS"},
	FieldTo:           {ZhHans: "收件人", En: "To"},
	FieldSubject:      {ZhHans: "主题", En: "Subject"},
	FieldBody:         {ZhHans: "内容", En: "Body"},
}
