// Package importmapping keeps how files and forms map to Kerf's fields: import rule mappings
// (spreadsheet columns to fields), form field mappings (members of a JSON document to fields)
// and import split mappings (which line of an order a spreadsheet row becomes). Its service
// reads files through a mapping (internal/platform/sheetmap), with the items of data
// dictionaries resolved; the areas that import files call it, never its tables.
package importmapping

import (
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Line types of a split rule (spec 000 §2's split-order import).
const (
	LineProduct         = "product"
	LineStandardProduct = "standardProduct"
	LinePart            = "part"
)

// Operators of a split rule.
const (
	OpEquals     = "equals"
	OpContains   = "contains"
	OpStartsWith = "startsWith"
	OpIsEmpty    = "isEmpty"
	OpIsNotEmpty = "isNotEmpty"
)

// ---- rows ----

// ImportRuleMapping maps the columns of an .xlsx or .csv file to the fields of a module
// type.
type ImportRuleMapping struct {
	bun.BaseModel `bun:"table:import_rule_mappings,alias:irm"`
	db.Entity
	Name               string        `bun:"name,notnull" json:"name"`
	ModuleType         int           `bun:"module_type,notnull" json:"moduleType" doc:"See GET /api/basic-setup/import-rule-mappings/module-types"`
	ImportFileType     int           `bun:"import_file_type,notnull" json:"importFileType" doc:"0 .xlsx, 1 .csv"`
	ImportFileEncoding int           `bun:"import_file_encoding,notnull" json:"importFileEncoding" doc:"Of a .csv: 1 GB18030, 2 UTF-16LE, 3 UTF-8 (with or without BOM)"`
	ReadRows           int           `bun:"read_rows,notnull" json:"readRows" doc:"Header rows before the data"`
	IsDefault          bool          `bun:"is_default,notnull" json:"isDefault" doc:"The module type's default (one per module type)"`
	IsEnable           bool          `bun:"is_enable,notnull" json:"isEnable"`
	Description        string        `bun:"description,notnull" json:"description"`
	RulesJSON          string        `bun:"mapping_rules,notnull" json:"-"`
	MappingRules       []MappingRule `bun:"-" json:"mappingRules"`
}

// MappingRule maps one column to one field.
type MappingRule struct {
	ColumnIndex    int    `json:"columnIndex" minimum:"0" maximum:"16383" doc:"0-based: 0 is column A"`
	FieldName      string `json:"fieldName" maxLength:"64" doc:"A field of the mapping's module type"`
	ValueType      int    `json:"valueType" minimum:"0" maximum:"5" doc:"0 text, 1 integer, 2 decimal, 3 boolean, 4 date, 5 enumeration"`
	Required       bool   `json:"required" doc:"An empty cell (and no default) is an error"`
	DefaultValue   string `json:"defaultValue" maxLength:"256" doc:"Read in place of an empty cell"`
	ItemsMapping   string `json:"itemsMapping" maxLength:"8192" doc:"JSON array of {source, target}: a cell's text → the value stored"`
	DictionaryCode string `json:"dictionaryCode" maxLength:"64" doc:"A data dictionary whose details (label or code → value) map the cell instead"`
}

// FormFieldMapping maps the members of a JSON document (a form's data, a design
// platform's order) to the fields of a module type.
type FormFieldMapping struct {
	bun.BaseModel `bun:"table:form_field_mappings,alias:ffm"`
	db.Entity
	Name         string          `bun:"name,notnull" json:"name"`
	MappingType  int             `bun:"mapping_type,notnull" json:"mappingType" doc:"A module type (see …/module-types)"`
	IsEnable     bool            `bun:"is_enable,notnull" json:"isEnable"`
	Description  string          `bun:"description,notnull" json:"description"`
	RulesJSON    string          `bun:"mapping_rules,notnull" json:"-"`
	MappingRules []FormFieldRule `bun:"-" json:"mappingRules"`
}

// FormFieldRule maps one member of a JSON document to one field.
type FormFieldRule struct {
	SourceField    string `json:"sourceField" maxLength:"256" doc:"Member path, e.g. order.customer.name or lines[0].name"`
	FieldName      string `json:"fieldName" maxLength:"64"`
	ValueType      int    `json:"valueType" minimum:"0" maximum:"5" doc:"0 text, 1 integer, 2 decimal, 3 boolean, 4 date, 5 enumeration"`
	Required       bool   `json:"required"`
	DefaultValue   string `json:"defaultValue" maxLength:"256"`
	ItemsMapping   string `json:"itemsMapping" maxLength:"8192" doc:"JSON array of {source, target}"`
	DictionaryCode string `json:"dictionaryCode" maxLength:"64"`
}

// ImportSplitMapping decides which line of a sales order each row of an imported file
// becomes: the line type of the first rule (in order) the row matches, else the default.
type ImportSplitMapping struct {
	bun.BaseModel `bun:"table:import_split_mappings,alias:ism"`
	db.Entity
	Name            string      `bun:"name,notnull" json:"name"`
	IsDefault       bool        `bun:"is_default,notnull" json:"isDefault" doc:"One split mapping is the default"`
	IsEnable        bool        `bun:"is_enable,notnull" json:"isEnable"`
	Description     string      `bun:"description,notnull" json:"description"`
	DefaultLineType string      `bun:"default_line_type,notnull" json:"defaultLineType" enum:"product,part,standardProduct"`
	RulesJSON       string      `bun:"rules,notnull" json:"-"`
	Rules           []SplitRule `bun:"-" json:"rules"`
}

// SplitRule is one rule of a split mapping.
type SplitRule struct {
	Order     int    `json:"order" minimum:"0" maximum:"10000" doc:"Rules are tried in this order"`
	FieldName string `json:"fieldName" maxLength:"64" doc:"A field of the sales-order line types"`
	Operator  string `json:"operator" enum:"equals,contains,startsWith,isEmpty,isNotEmpty"`
	Value     string `json:"value" maxLength:"256" doc:"Compared without regard to case; not used by isEmpty and isNotEmpty"`
	LineType  string `json:"lineType" enum:"product,part,standardProduct"`
}

// ---- inputs ----
//
// Lengths and bounds are in the tags (so /openapi.json carries them); the rules are the
// service's, and TestInputTagsStateTheServiceRules keeps the two equal. Bodies are not
// validated by huma (one rule, one localised message).

// ImportRuleMappingInput is the body of a rule mapping's create and update (the whole row).
type ImportRuleMappingInput struct {
	Name               string        `json:"name,omitempty" required:"true" maxLength:"64"`
	ModuleType         int           `json:"moduleType" required:"true" doc:"See …/module-types"`
	ImportFileType     *int          `json:"importFileType,omitempty" nullable:"true" minimum:"0" maximum:"1" doc:"0 .xlsx (default), 1 .csv"`
	ImportFileEncoding *int          `json:"importFileEncoding,omitempty" nullable:"true" minimum:"1" maximum:"3" doc:"1 GB18030, 2 UTF-16LE, 3 UTF-8 (default)"`
	ReadRows           *int          `json:"readRows,omitempty" nullable:"true" minimum:"0" maximum:"100" doc:"Header rows before the data; default 1"`
	IsDefault          bool          `json:"isDefault,omitempty"`
	IsEnable           *bool         `json:"isEnable,omitempty" doc:"Default true"`
	Description        string        `json:"description,omitempty" maxLength:"512"`
	MappingRules       []MappingRule `json:"mappingRules" required:"true" maxItems:"200"`
}

// UpdateImportRuleMappingInput is the body of PUT …/import-rule-mappings/{id}.
type UpdateImportRuleMappingInput struct {
	ImportRuleMappingInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// FormFieldMappingInput is the body of a form field mapping's create and update.
type FormFieldMappingInput struct {
	Name         string          `json:"name,omitempty" required:"true" maxLength:"64"`
	MappingType  int             `json:"mappingType" required:"true" doc:"A module type (see …/module-types)"`
	IsEnable     *bool           `json:"isEnable,omitempty" doc:"Default true"`
	Description  string          `json:"description,omitempty" maxLength:"512"`
	MappingRules []FormFieldRule `json:"mappingRules" required:"true" maxItems:"200"`
}

// UpdateFormFieldMappingInput is the body of PUT /api/app/formFieldMappings/{id}.
type UpdateFormFieldMappingInput struct {
	FormFieldMappingInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// ImportSplitMappingInput is the body of a split mapping's create and update.
type ImportSplitMappingInput struct {
	Name            string      `json:"name,omitempty" required:"true" maxLength:"64"`
	IsDefault       bool        `json:"isDefault,omitempty"`
	IsEnable        *bool       `json:"isEnable,omitempty" doc:"Default true"`
	Description     string      `json:"description,omitempty" maxLength:"512"`
	DefaultLineType string      `json:"defaultLineType,omitempty" enum:"product,part,standardProduct" doc:"Default product"`
	Rules           []SplitRule `json:"rules" maxItems:"200"`
}

// UpdateImportSplitMappingInput is the body of PUT …/import-split-mappings/{id}.
type UpdateImportSplitMappingInput struct {
	ImportSplitMappingInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// ---- queries ----

// ListQuery selects mappings of one kind.
type ListQuery struct {
	Filter     string // a substring of the name or description
	ModuleType *int   // rule mappings: moduleType; form field mappings: mappingType
	IsEnable   *bool
	IsDefault  *bool // rule and split mappings
	Sorting    string
	Skip       int
	Limit      int // 0: every row
}

// ---- preview ----

// Preview is a file read through a rule mapping: its first rows as typed values and every
// value that could not be read.
type Preview struct {
	Fields     []PreviewField `json:"fields" doc:"The mapping's fields in rule order, with their columns"`
	Rows       []PreviewRow   `json:"rows" doc:"The first rows read without error (at most 20)"`
	Errors     []PreviewError `json:"errors" doc:"Every value that could not be read (at most 1000; moreErrors counts the rest)"`
	MoreErrors int            `json:"moreErrors"`
	TotalRows  int            `json:"totalRows" doc:"Data rows in the file (blank rows not counted)"`
	ValidRows  int            `json:"validRows" doc:"Data rows read without error"`
}

// PreviewField is one mapped field.
type PreviewField struct {
	FieldName   string `json:"fieldName"`
	DisplayName string `json:"displayName"`
	Column      string `json:"column" doc:"Column letter, e.g. A"`
	ValueType   int    `json:"valueType"`
}

// PreviewRow is one row: its number as the spreadsheet shows it and field → value (null,
// text, number, boolean, or an RFC 3339 date).
type PreviewRow struct {
	Row    int            `json:"row"`
	Values map[string]any `json:"values"`
}

// PreviewError is one value that could not be read, with its message in the caller's
// language.
type PreviewError struct {
	Row       int    `json:"row" doc:"1-based, as the spreadsheet shows it"`
	Column    string `json:"column" doc:"Column letter"`
	FieldName string `json:"fieldName"`
	Message   string `json:"message"`
}

// RecordResult is a JSON record read through a form field mapping.
type RecordResult struct {
	Values map[string]any `json:"values"`
	Errors []PreviewError `json:"errors"`
}
