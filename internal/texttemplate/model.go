// Package texttemplate keeps the text templates Kerf renders (e-mails first): their
// definitions and default contents per culture live in code (embedded files), and an
// administrator may override a culture's content for their tenant (the host for the host) in
// text_template_contents; restoring deletes the override. Contents are Go html/template text
// over the caller's model; a template with a layout is rendered inside it (the layout sees
// the rendered body as {{.Body}} and the model as {{.Model}}).
package texttemplate

import (
	"embed"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/localization"
)

// Names of the templates.
const (
	StandardEmailLayout  = "Abp.StandardEmailTemplates.Layout"
	StandardEmailMessage = "Abp.StandardEmailTemplates.Message"
	PasswordReset        = "Kerf.PasswordReset"
	TenantCreated        = "Kerf.TenantCreated"
	OptimizationFinished = "Kerf.OptimizationFinished"
)

// Definition is one template, declared in code.
type Definition struct {
	Name string
	// DisplayName is a text key of this area.
	DisplayName string
	IsLayout    bool
	// Layout names the layout this template is rendered inside ("" for none).
	Layout               string
	LocalizationResource string
	DefaultCultureName   string
	// Sample is the model the editor's preview renders with.
	Sample any
}

//go:embed templates/*.tpl
var files embed.FS

// defaultContent is the content in code of name in culture ("", false when there is none).
func defaultContent(name, culture string) (string, bool) {
	b, err := files.ReadFile("templates/" + name + "." + culture + ".tpl")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Models of the Kerf templates: what callers pass to Render.
type (
	// MessageModel is the model of Abp.StandardEmailTemplates.Message.
	MessageModel struct{ Message string }
	// PasswordResetModel is the model of Kerf.PasswordReset.
	PasswordResetModel struct {
		UserName, ResetLink string
		ValidHours          int
	}
	// TenantCreatedModel is the model of Kerf.TenantCreated.
	TenantCreatedModel struct{ TenantName, AdminUserName, AdminEmailAddress, LoginURL string }
	// OptimizationFinishedModel is the model of Kerf.OptimizationFinished.
	OptimizationFinishedModel struct {
		UserName, RunName, Utilisation, Link string
		SheetCount                           int
	}
)

var definitions = []Definition{
	{Name: StandardEmailLayout, DisplayName: KeyNameLayout, IsLayout: true, DefaultCultureName: localization.ZhHans,
		Sample: nil},
	{Name: StandardEmailMessage, DisplayName: KeyNameMessage, Layout: StandardEmailLayout, DefaultCultureName: localization.ZhHans,
		Sample: MessageModel{Message: "这是一封测试邮件。 This is a test message."}},
	{Name: PasswordReset, DisplayName: KeyNamePasswordReset, Layout: StandardEmailLayout, DefaultCultureName: localization.ZhHans,
		Sample: PasswordResetModel{UserName: "admin", ResetLink: "https://kerf.example.com/account/reset-password?token=sample", ValidHours: 24}},
	{Name: TenantCreated, DisplayName: KeyNameTenantCreated, Layout: StandardEmailLayout, DefaultCultureName: localization.ZhHans,
		Sample: TenantCreatedModel{TenantName: "demo", AdminUserName: "admin", AdminEmailAddress: "admin@demo.example.com", LoginURL: "https://kerf.example.com/login"}},
	{Name: OptimizationFinished, DisplayName: KeyNameOptimizationFinished, Layout: StandardEmailLayout, DefaultCultureName: localization.ZhHans,
		Sample: OptimizationFinishedModel{UserName: "admin", RunName: "2026-11-24 #7", Utilisation: "87.5%", Link: "https://kerf.example.com/optimization/runs", SheetCount: 12}},
}

// Content is a stored override of one culture's content.
type Content struct {
	bun.BaseModel        `bun:"table:text_template_contents"`
	ID                   uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID             *uuid.UUID `bun:"tenant_id,type:uuid"`
	Name                 string     `bun:"name,notnull"`
	CultureName          string     `bun:"culture_name,notnull"`
	Content              string     `bun:"content,notnull,type:text"`
	LastModificationTime time.Time  `bun:"last_modification_time,notnull"`
}

// DefinitionDto is a definition as the API answers it (ABP's TemplateDefinitionDto).
type DefinitionDto struct {
	Name               string `json:"name"`
	DisplayName        string `json:"displayName"`
	IsLayout           bool   `json:"isLayout"`
	Layout             string `json:"layout"`
	IsInlineLocalized  bool   `json:"isInlineLocalized"`
	DefaultCultureName string `json:"defaultCultureName"`
}

// ContentDto is a culture's content (ABP's TextTemplateContentDto); IsOverridden says whether
// it is the tenant's own, which restore-to-default removes.
type ContentDto struct {
	Name         string `json:"name"`
	CultureName  string `json:"cultureName"`
	Content      string `json:"content"`
	IsOverridden bool   `json:"isOverridden"`
}
