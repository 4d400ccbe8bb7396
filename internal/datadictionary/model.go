package datadictionary

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Codes of the dictionaries every side has (seeded, static): spec 001 §7 and §9.
const (
	CodeSeparatePallet = "SeparatePallet"
	CodeQuotationType  = "SalesOrderKuJiaLeQuotationType"
)

// Limits of the fields. The input types' tags state the same numbers for OpenAPI
// (TestInputTagsStateTheServiceRules keeps them equal).
const (
	MaxCode        = 64
	MaxDisplayName = 128
	MaxLabel       = 128
	MaxValue       = 256
	MaxDescription = 512
	MaxOrder       = 999999
	// MaxDetails is how many details one dictionary create may carry.
	MaxDetails = 500
)

// CodePattern is what a dictionary's or a detail's code may hold: letters, digits, ".", "_"
// and "-".
const CodePattern = `^[A-Za-z0-9._-]+$`

// ---- rows ----

// Dictionary is a coded value list of a tenant (or the host). Its code is unique among the
// side's live dictionaries, compared without regard to case. Static dictionaries come with
// Kerf (seeded on every side): their code cannot change and they cannot be deleted, though
// their details can.
type Dictionary struct {
	bun.BaseModel `bun:"table:data_dictionaries,alias:dd"`
	db.Entity
	Code        string `bun:"code,notnull" json:"code"`
	DisplayName string `bun:"display_name,notnull" json:"displayName"`
	Description string `bun:"description,notnull" json:"description"`
	IsStatic    bool   `bun:"is_static,notnull" json:"isStatic" doc:"Seeded with Kerf: its code cannot change and it cannot be deleted"`
}

// Detail is one entry of a dictionary (the spec's "details" and "items" are one thing): the
// label users see, the value stored where it is chosen. Its code is unique within its
// dictionary (without regard to case); at most one detail of a dictionary is its default.
type Detail struct {
	bun.BaseModel `bun:"table:data_dictionary_details,alias:ddd"`
	db.Entity
	DataDictionaryID uuid.UUID `bun:"data_dictionary_id,type:uuid,notnull" json:"dataDictionaryId"`
	Code             string    `bun:"code,notnull" json:"code"`
	Label            string    `bun:"label,notnull" json:"label"`
	Value            string    `bun:"value,notnull" json:"value"`
	Order            int       `bun:"sort_order,notnull" json:"order" doc:"Position in lists, smallest first (then label)"`
	IsEnable         bool      `bun:"is_enable,notnull" json:"isEnable" doc:"Offered in choices"`
	IsDefault        bool      `bun:"is_default,notnull" json:"isDefault" doc:"Chosen when nothing is; at most one per dictionary"`
	Description      string    `bun:"description,notnull" json:"description"`
}

// DictionaryWithDetails is a dictionary and its details, in order.
type DictionaryWithDetails struct {
	Dictionary
	Details []Detail `json:"details"`
}

// ---- inputs ----
//
// Lengths and formats are in the tags, so /openapi.json carries them and the web reads them
// from the generated schema; the rules themselves (with their localised messages) are the
// service's. Bodies of this area are not validated by huma (SkipValidateBody): one rule, one
// message.

// DictionaryFieldsInput are the editable fields of a dictionary.
type DictionaryFieldsInput struct {
	Code        string `json:"code,omitempty" required:"true" maxLength:"64" pattern:"^[A-Za-z0-9._-]+$" doc:"Letters, digits, '.', '_' and '-'; unique among the side's dictionaries without regard to case"`
	DisplayName string `json:"displayName,omitempty" required:"true" maxLength:"128"`
	Description string `json:"description,omitempty" maxLength:"512"`
}

// CreateDictionaryInput is the body of POST /api/dataDictionary: a dictionary, and its
// details when given (all stored in one transaction, or none).
type CreateDictionaryInput struct {
	DictionaryFieldsInput
	Details []DetailFieldsInput `json:"details,omitempty" maxItems:"500" doc:"Details created with the dictionary"`
}

// UpdateDictionaryInput is the body of PUT /api/dataDictionary/{id} (its details are changed
// through their own calls).
type UpdateDictionaryInput struct {
	DictionaryFieldsInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// DetailFieldsInput are the editable fields of a detail, on create and update alike (an update
// replaces them all; isEnable keeps its stored value when absent).
type DetailFieldsInput struct {
	Code        string `json:"code,omitempty" required:"true" maxLength:"64" pattern:"^[A-Za-z0-9._-]+$" doc:"Letters, digits, '.', '_' and '-'; unique within the dictionary without regard to case"`
	Label       string `json:"label,omitempty" required:"true" maxLength:"128" doc:"What users see"`
	Value       string `json:"value,omitempty" required:"true" maxLength:"256" doc:"What is stored where the detail is chosen"`
	Order       int    `json:"order,omitempty" minimum:"0" maximum:"999999" doc:"Position in lists, smallest first; default 0"`
	IsEnable    *bool  `json:"isEnable,omitempty" doc:"Default true; absent on update: unchanged"`
	IsDefault   bool   `json:"isDefault,omitempty" doc:"Makes this the dictionary's default (the previous default stops being one); a default must be enabled"`
	Description string `json:"description,omitempty" maxLength:"512"`
}

// CreateDetailInput is the body of POST /api/dataDictionaryDetail/.
type CreateDetailInput struct {
	DataDictionaryID uuid.UUID `json:"dataDictionaryId,omitempty" required:"true" format:"uuid" doc:"The dictionary the detail belongs to"`
	DetailFieldsInput
}

// UpdateDetailInput is the body of PUT /api/dataDictionaryDetail/{id} and of
// PUT /api/dataDictionary/{id}/items/{itemId}.
type UpdateDetailInput struct {
	DataDictionaryID *uuid.UUID `json:"dataDictionaryId,omitempty" format:"uuid" doc:"When given, the dictionary the detail must belong to (another answers 404); details never move"`
	DetailFieldsInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// ---- queries ----

// DictionaryQuery selects dictionaries.
type DictionaryQuery struct {
	Filter      string // a substring of the code or display name
	Code        string // a substring of the code
	DisplayName string // a substring of the display name
	Sorting     string // the client's sorting, checked against dictionarySorting
	Skip        int
	Limit       int // 0: every row
}

// DetailQuery selects the details of one dictionary.
type DetailQuery struct {
	DataDictionaryID uuid.UUID
	Filter           string // a substring of the code, label or value
	IsEnable         *bool
	Sorting          string // the client's sorting, checked against detailSorting
	Skip             int
	Limit            int // 0: every row
}
