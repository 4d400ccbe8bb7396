package language

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Language is a row of lang_languages: a culture the product offers. The table is the
// host's (no tenant_id): every tenant sees the same languages.
type Language struct {
	bun.BaseModel        `bun:"table:lang_languages"`
	ID                   uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	CreationTime         time.Time  `bun:"creation_time,notnull" json:"creationTime"`
	LastModificationTime *time.Time `bun:"last_modification_time" json:"lastModificationTime"`
	ConcurrencyStamp     string     `bun:"concurrency_stamp,notnull" json:"concurrencyStamp"`
	CultureName          string     `bun:"culture_name,notnull" json:"cultureName"`
	UICultureName        string     `bun:"ui_culture_name,notnull" json:"uiCultureName"`
	DisplayName          string     `bun:"display_name,notnull" json:"displayName"`
	FlagIcon             string     `bun:"flag_icon,notnull" json:"flagIcon"`
	IsEnabled            bool       `bun:"is_enabled,notnull" json:"isEnabled"`
	IsDefault            bool       `bun:"is_default,notnull" json:"isDefault"`
}

// TextOverride is a row of lang_texts: the value an administrator gave one text of one
// resource in one culture. Host-level, like the languages.
type TextOverride struct {
	bun.BaseModel        `bun:"table:lang_texts"`
	ID                   uuid.UUID  `bun:"id,pk,type:uuid"`
	CreationTime         time.Time  `bun:"creation_time,notnull"`
	LastModificationTime *time.Time `bun:"last_modification_time"`
	ResourceName         string     `bun:"resource_name,notnull"`
	CultureName          string     `bun:"culture_name,notnull"`
	Name                 string     `bun:"name,notnull"`
	Value                string     `bun:"value,notnull"`
}

// CreateLanguageInput is the body of POST /api/language-management/languages.
type CreateLanguageInput struct {
	CultureName   string `json:"cultureName" maxLength:"16" doc:"A culture of culture-list, e.g. ja"`
	UICultureName string `json:"uiCultureName,omitempty" maxLength:"16" doc:"Defaults to cultureName"`
	DisplayName   string `json:"displayName" maxLength:"64"`
	FlagIcon      string `json:"flagIcon,omitempty" maxLength:"64"`
	IsEnabled     *bool  `json:"isEnabled,omitempty" doc:"Defaults to true"`
}

// UpdateLanguageInput is the body of PUT /api/language-management/languages/{id}; the culture
// does not change.
type UpdateLanguageInput struct {
	DisplayName      string `json:"displayName" maxLength:"64"`
	FlagIcon         string `json:"flagIcon,omitempty" maxLength:"64"`
	IsEnabled        bool   `json:"isEnabled"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty"`
}

// Query is a list query of languages.
type Query struct {
	Filter string
	Skip   int
	Limit  int
}

// Culture is one entry of the culture list.
type Culture struct {
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
}

// Resource names one localisation resource.
type Resource struct {
	Name string `json:"name"`
}

// LanguageText is one row of the language texts page.
type LanguageText struct {
	Name            string `json:"name"`
	ResourceName    string `json:"resourceName"`
	CultureName     string `json:"cultureName"`
	BaseCultureName string `json:"baseCultureName"`
	Value           string `json:"value"`
	BaseValue       string `json:"baseValue"`
	// IsOverridden says the value is an administrator's (restore brings the shipped one back).
	IsOverridden bool `json:"isOverridden"`
}

// TextQuery is a list query of language texts.
type TextQuery struct {
	Filter             string
	ResourceName       string
	BaseCultureName    string
	TargetCultureName  string
	GetOnlyEmptyValues bool
	Skip               int
	Limit              int
}
