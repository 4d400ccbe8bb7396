// Package email sends Kerf's e-mail: a Sender that callers hand messages to, which queues
// them (job kind email.send, in the caller's transaction when there is one) so that no
// request waits on a mail server; the job delivers each message with the e-mailing settings
// of the tenant it was sent in — over SMTP when an SMTP host is set, else into the
// development mailbox (table email_messages, per tenant), read on /admin/emails.
package email

import (
	"context"
	"fmt"
	"net/mail"
	"strings"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
)

// Message is one e-mail to one recipient. HTML and Text are the two forms of its body; either
// may be empty (a message with both is sent as multipart/alternative).
type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	HTML    string `json:"html,omitempty"`
	Text    string `json:"text,omitempty"`
}

// Sender sends messages. The app's sender (Module.Sender) queues them: Send returns once the
// message is queued, and it is delivered after the caller's transaction commits.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// The e-mailing settings (ABP's names, spec 002 §7.10). A tenant may set its own.
const (
	SettingFromAddress           = "Abp.Mailing.DefaultFromAddress"
	SettingFromDisplayName       = "Abp.Mailing.DefaultFromDisplayName"
	SettingSMTPHost              = "Abp.Mailing.Smtp.Host"
	SettingSMTPPort              = "Abp.Mailing.Smtp.Port"
	SettingSMTPUserName          = "Abp.Mailing.Smtp.UserName"
	SettingSMTPPassword          = "Abp.Mailing.Smtp.Password"
	SettingSMTPDomain            = "Abp.Mailing.Smtp.Domain"
	SettingSMTPEnableSsl         = "Abp.Mailing.Smtp.EnableSsl"
	SettingSMTPUseDefaultCredits = "Abp.Mailing.Smtp.UseDefaultCredentials"
)

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

var settings = []setting.Definition{
	{Name: SettingFromAddress, Default: "noreply@kerf.local", DisplayName: t("默认发件人地址", "Default from address")},
	{Name: SettingFromDisplayName, Default: "Kerf", DisplayName: t("默认发件人名称", "Default from display name")},
	{Name: SettingSMTPHost, Default: "", DisplayName: t("SMTP 主机", "SMTP host")},
	{Name: SettingSMTPPort, Default: "25", DisplayName: t("SMTP 端口", "SMTP port")},
	{Name: SettingSMTPUserName, Default: "", DisplayName: t("SMTP 用户名", "SMTP user name")},
	{Name: SettingSMTPPassword, Default: "", DisplayName: t("SMTP 密码", "SMTP password"), Secret: true},
	{Name: SettingSMTPDomain, Default: "", DisplayName: t("SMTP 域", "SMTP domain")},
	{Name: SettingSMTPEnableSsl, Default: "false", DisplayName: t("启用 SSL", "Enable SSL")},
	{Name: SettingSMTPUseDefaultCredits, Default: "true", DisplayName: t("使用默认凭据", "Use default credentials")},
}

// Settings are the e-mailing setting definitions (for the settings area's page).
func Settings() []setting.Definition { return append([]setting.Definition(nil), settings...) }

// Limits of a message.
const (
	maxAddress = 256
	maxSubject = 512
)

// Validate checks a message before it is queued: one valid recipient, a subject of one line.
func (m Message) Validate() error {
	ve := &apperr.ValidationError{}
	to := strings.TrimSpace(m.To)
	switch {
	case to == "":
		ve.Add("to", localization.KeyRequired, FieldTo)
	case len(to) > maxAddress:
		ve.Add("to", localization.KeyTooLong, FieldTo, maxAddress)
	default:
		if a, err := mail.ParseAddress(to); err != nil || a.Name != "" || a.Address != to {
			ve.Add("to", KeyInvalidAddress, to)
		}
	}
	switch {
	case strings.TrimSpace(m.Subject) == "":
		ve.Add("subject", localization.KeyRequired, FieldSubject)
	case len(m.Subject) > maxSubject:
		ve.Add("subject", localization.KeyTooLong, FieldSubject, maxSubject)
	case strings.ContainsAny(m.Subject, "\r\n"):
		ve.Add("subject", localization.KeyInvalidValue, FieldSubject)
	}
	return ve.OrNil()
}

// normalised trims the recipient.
func (m Message) normalised() Message {
	m.To = strings.TrimSpace(m.To)
	return m
}

func (m Message) String() string { return fmt.Sprintf("e-mail to %s: %q", m.To, m.Subject) }
