package optimization

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/sheetmap"
)

// File types of an import-file setting (the API's fileType).
const (
	FileTypeXLSX       = 0 // an .xlsx cut list read through the details
	FileTypeCSV        = 1 // a .csv cut list read through the details
	FileTypeDesignJSON = 2 // the design platform's JSON: read in-process, no details
)

// The fields a cut list's column may fill (decision 0013, "Tables"), in the order the
// pages offer them. Each is mapped at most once per setting.
const (
	FieldPartName     = "partName"
	FieldPartCode     = "partCode"
	FieldMaterialCode = "materialCode"
	FieldThickness    = "thickness"
	FieldLength       = "length"
	FieldWidth        = "width"
	FieldCount        = "count"
	FieldGrain        = "grain" // 0 none, 1 along the length
	FieldEdgeTop      = "edgeTop"
	FieldEdgeBottom   = "edgeBottom"
	FieldEdgeLeft     = "edgeLeft"
	FieldEdgeRight    = "edgeRight"
	FieldOrderNo      = "orderNo"
	FieldCabinet      = "cabinet"
	FieldRemark       = "remark"
)

// cutListField is one field a column may fill: how its cells are read, and whether a cut
// list cannot do without it.
type cutListField struct {
	Name     string
	Type     sheetmap.ValueType
	Required bool
}

// CutListFields are the fields a detail may name, in the pages' order.
var CutListFields = []cutListField{
	{FieldPartName, sheetmap.Text, false},
	{FieldPartCode, sheetmap.Text, false},
	{FieldMaterialCode, sheetmap.Text, true},
	{FieldThickness, sheetmap.Decimal, true},
	{FieldLength, sheetmap.Decimal, true},
	{FieldWidth, sheetmap.Decimal, true},
	{FieldCount, sheetmap.Integer, true},
	{FieldGrain, sheetmap.Integer, false},
	{FieldEdgeTop, sheetmap.Decimal, false},
	{FieldEdgeBottom, sheetmap.Decimal, false},
	{FieldEdgeLeft, sheetmap.Decimal, false},
	{FieldEdgeRight, sheetmap.Decimal, false},
	{FieldOrderNo, sheetmap.Text, false},
	{FieldCabinet, sheetmap.Text, false},
	{FieldRemark, sheetmap.Text, false},
}

// cutListFieldOf answers the field called name.
func cutListFieldOf(name string) (cutListField, bool) {
	for _, f := range CutListFields {
		if f.Name == name {
			return f, true
		}
	}
	return cutListField{}, false
}

// grainItems read the words a cut list writes for grain (a cell that is none of them is
// read as a whole number: 0 none, 1 along the length).
var grainItems = []sheetmap.Item{
	{Source: "是", Target: "1"}, {Source: "有", Target: "1"}, {Source: "顺纹", Target: "1"}, {Source: "竖纹", Target: "1"},
	{Source: "否", Target: "0"}, {Source: "无", Target: "0"}, {Source: "横纹", Target: "0"},
	{Source: "yes", Target: "1"}, {Source: "y", Target: "1"}, {Source: "true", Target: "1"},
	{Source: "no", Target: "0"}, {Source: "n", Target: "0"}, {Source: "false", Target: "0"},
}

// First cut directions of a parameter setting.
const (
	FirstCutAny    = 0
	FirstCutLength = 1 // along the length
	FirstCutWidth  = 2 // across
)

// ---- rows ----

// ImportFileSetting says how a cut-list file from design software becomes parts.
type ImportFileSetting struct {
	bun.BaseModel `bun:"table:opt_import_file_settings,alias:ifs"`
	db.Entity
	Name       string                    `bun:"name,notnull" json:"name"`
	FileType   int                       `bun:"file_type,notnull" json:"fileType" doc:"0 .xlsx, 1 .csv, 2 design JSON (no details)"`
	HeaderRows int                       `bun:"header_rows,notnull" json:"headerRows" doc:"Rows before the data"`
	Encoding   int                       `bun:"encoding,notnull" json:"encoding" doc:"Of a .csv: 1 GB18030, 2 UTF-16LE, 3 UTF-8 (with or without BOM)"`
	IsDefault  bool                      `bun:"is_default,notnull" json:"isDefault" doc:"The tenant's default (one at most); needs every required field mapped"`
	Remark     string                    `bun:"remark,notnull" json:"remark"`
	Details    []ImportFileSettingDetail `bun:"-" json:"details" doc:"By columnIndex ascending"`
	Missing    []string                  `bun:"-" json:"missingFields" doc:"Required fields not yet mapped (materialCode, thickness, length, width, count); a setting missing any cannot be default or read a file"`
}

// ImportFileSettingDetail maps one column of a cut list to one field.
type ImportFileSettingDetail struct {
	bun.BaseModel `bun:"table:opt_import_file_setting_details,alias:ifsd"`
	db.Entity
	ImportFileSettingID uuid.UUID `bun:"setting_id,type:uuid,notnull" json:"importFileSettingId"`
	ColumnIndex         int       `bun:"column_index,notnull" json:"columnIndex" doc:"0-based: 0 is column A"`
	Field               string    `bun:"field,notnull" json:"field" doc:"partName, partCode, materialCode, thickness, length, width, count, grain, edgeTop, edgeBottom, edgeLeft, edgeRight, orderNo, cabinet, remark"`
	Title               string    `bun:"title,notnull" json:"title" doc:"The column's header text (the template's header row)"`
	ValueType           int       `bun:"value_type,notnull" json:"valueType" doc:"How the cells are read (from the field): 0 text, 1 integer, 2 decimal"`
}

// Detail is a column of an import-file setting, as ImportMapping answers it.
type Detail = ImportFileSettingDetail

// ParameterSetting is how a run cuts (kerf and trim in mm, time in seconds).
type ParameterSetting struct {
	bun.BaseModel `bun:"table:opt_parameter_settings,alias:ops"`
	db.Entity
	Name             string  `bun:"name,notnull" json:"name"`
	Kerf             float64 `bun:"kerf,notnull" json:"kerf" doc:"Saw blade width, mm (0–20)"`
	Trim             float64 `bun:"trim,notnull" json:"trim" doc:"Trim per board edge, mm (0–50)"`
	Stages           int     `bun:"stages,notnull" json:"stages" doc:"Guillotine stages, 0 unlimited (0–9)"`
	FirstCut         int     `bun:"first_cut,notnull" json:"firstCut" doc:"0 any, 1 along the length, 2 across"`
	MinOffcutLength  float64 `bun:"min_offcut_length,notnull" json:"minOffcutLength" doc:"An offcut at least this long and wide is kept, mm"`
	MinOffcutWidth   float64 `bun:"min_offcut_width,notnull" json:"minOffcutWidth"`
	TimeLimitSeconds int     `bun:"time_limit_seconds,notnull" json:"timeLimitSeconds" doc:"The engine's budget per run (1–60)"`
	Rotate           bool    `bun:"rotate,notnull" json:"rotate" doc:"Parts may turn unless grained"`
	UseStockOffcuts  bool    `bun:"use_stock_offcuts,notnull" json:"useStockOffcuts" doc:"Stocked offcuts are cut first"`
	IsDefault        bool    `bun:"is_default,notnull" json:"isDefault" doc:"The tenant's default (exactly one)"`
	Remark           string  `bun:"remark,notnull" json:"remark"`
}

// MachineSetting is a panel saw (sizes in mm, speeds in m/min, times in seconds).
type MachineSetting struct {
	bun.BaseModel `bun:"table:opt_machine_settings,alias:oms"`
	db.Entity
	Name        string  `bun:"name,notnull" json:"name" doc:"The saw"`
	MaxLength   float64 `bun:"max_length,notnull" json:"maxLength" doc:"Longest board, mm"`
	MaxWidth    float64 `bun:"max_width,notnull" json:"maxWidth" doc:"Widest board, mm"`
	Stages      int     `bun:"stages,notnull" json:"stages" doc:"Guillotine stages the saw can make, 0 unlimited (0–9)"`
	Kerf        float64 `bun:"kerf,notnull" json:"kerf" doc:"Blade width, mm (0–20)"`
	Channels    int     `bun:"channels,notnull" json:"channels" doc:"The kanban's columns of boards to cut (1–20)"`
	BookHeight  float64 `bun:"book_height,notnull" json:"bookHeight" doc:"Highest stack of boards cut at once, mm"`
	FeedSpeed   float64 `bun:"feed_speed,notnull" json:"feedSpeed" doc:"Cutting speed, m/min"`
	ReturnSpeed float64 `bun:"return_speed,notnull" json:"returnSpeed" doc:"Return speed, m/min"`
	CutTime     float64 `bun:"cut_time,notnull" json:"cutTime" doc:"Positioning and clamping per cut, s"`
	LoadTime    float64 `bun:"load_time,notnull" json:"loadTime" doc:"Loading per book, s"`
	IsDefault   bool    `bun:"is_default,notnull" json:"isDefault" doc:"The tenant's default (exactly one)"`
	Remark      string  `bun:"remark,notnull" json:"remark"`
}

// ---- inputs ----
//
// Bounds are in the tags (so /openapi.json carries them) and checked by the service, which
// answers one localised message per member; huma does not validate the bodies.

// ImportFileSettingInput is the body of an import-file setting's create and update.
type ImportFileSettingInput struct {
	Name       string `json:"name,omitempty" required:"true" maxLength:"64"`
	FileType   *int   `json:"fileType,omitempty" nullable:"true" minimum:"0" maximum:"2" doc:"0 .xlsx (default), 1 .csv, 2 design JSON"`
	HeaderRows *int   `json:"headerRows,omitempty" nullable:"true" minimum:"0" maximum:"100" doc:"Default 1"`
	Encoding   *int   `json:"encoding,omitempty" nullable:"true" minimum:"1" maximum:"3" doc:"1 GB18030, 2 UTF-16LE, 3 UTF-8 (default)"`
	IsDefault  bool   `json:"isDefault,omitempty"`
	Remark     string `json:"remark,omitempty" maxLength:"256"`
	// Details, when present, replace the setting's details (in the same transaction);
	// absent on an update keeps them.
	Details *[]DetailFields `json:"details,omitempty" nullable:"true" maxItems:"100" doc:"Present: the setting's details replaced by these; absent on an update: kept"`
}

// UpdateImportFileSettingInput is the body of PUT …/import-file-settings/{id}.
type UpdateImportFileSettingInput struct {
	ImportFileSettingInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// DetailFields are what a detail says.
type DetailFields struct {
	ColumnIndex int    `json:"columnIndex" minimum:"0" maximum:"16383" doc:"0-based: 0 is column A"`
	Field       string `json:"field" maxLength:"32"`
	Title       string `json:"title,omitempty" maxLength:"64" doc:"Default: the field's name in the caller's language"`
}

// DetailInput is the body of POST …/import-file-setting-details.
type DetailInput struct {
	ImportFileSettingID uuid.UUID `json:"importFileSettingId"`
	DetailFields
}

// UpdateDetailInput is the body of PUT …/import-file-setting-details/{id}.
type UpdateDetailInput struct {
	DetailFields
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty"`
}

// ParameterSettingInput is the body of a parameter setting's create and update.
type ParameterSettingInput struct {
	Name             string  `json:"name,omitempty" required:"true" maxLength:"64"`
	Kerf             float64 `json:"kerf" minimum:"0" maximum:"20"`
	Trim             float64 `json:"trim" minimum:"0" maximum:"50"`
	Stages           int     `json:"stages" minimum:"0" maximum:"9"`
	FirstCut         int     `json:"firstCut" minimum:"0" maximum:"2"`
	MinOffcutLength  float64 `json:"minOffcutLength" minimum:"0" maximum:"10000"`
	MinOffcutWidth   float64 `json:"minOffcutWidth" minimum:"0" maximum:"10000"`
	TimeLimitSeconds int     `json:"timeLimitSeconds" minimum:"1" maximum:"60"`
	Rotate           bool    `json:"rotate"`
	UseStockOffcuts  bool    `json:"useStockOffcuts"`
	IsDefault        bool    `json:"isDefault,omitempty" doc:"Making one default clears the other; the first setting is default anyway"`
	Remark           string  `json:"remark,omitempty" maxLength:"256"`
	ConcurrencyStamp string  `json:"concurrencyStamp,omitempty" doc:"Update: the stamp read; a stale one answers 409"`
}

// MachineSettingInput is the body of a machine setting's create and update.
type MachineSettingInput struct {
	Name             string  `json:"name,omitempty" required:"true" maxLength:"64"`
	MaxLength        float64 `json:"maxLength" exclusiveMinimum:"0" maximum:"20000"`
	MaxWidth         float64 `json:"maxWidth" exclusiveMinimum:"0" maximum:"20000"`
	Stages           int     `json:"stages" minimum:"0" maximum:"9"`
	Kerf             float64 `json:"kerf" minimum:"0" maximum:"20"`
	Channels         int     `json:"channels" minimum:"1" maximum:"20"`
	BookHeight       float64 `json:"bookHeight" exclusiveMinimum:"0" maximum:"500"`
	FeedSpeed        float64 `json:"feedSpeed" exclusiveMinimum:"0" maximum:"300"`
	ReturnSpeed      float64 `json:"returnSpeed" exclusiveMinimum:"0" maximum:"300"`
	CutTime          float64 `json:"cutTime" minimum:"0" maximum:"600"`
	LoadTime         float64 `json:"loadTime" minimum:"0" maximum:"3600"`
	IsDefault        bool    `json:"isDefault,omitempty" doc:"Making one default clears the other; the first machine is default anyway"`
	Remark           string  `json:"remark,omitempty" maxLength:"256"`
	ConcurrencyStamp string  `json:"concurrencyStamp,omitempty" doc:"Update: the stamp read; a stale one answers 409"`
}

// SettingsQuery selects a page of one kind of setting.
type SettingsQuery struct {
	FilterText string // a substring of the name or remark
	Sorting    string
	Skip       int
	Limit      int // 0: every row
}

// DetailsQuery selects the details of one import-file setting.
type DetailsQuery struct {
	ImportFileSettingID uuid.UUID
	Skip, Limit         int
}

// ExportSettingsInput is the body of POST …/export-importsetting.
type ExportSettingsInput struct {
	IDs []uuid.UUID `json:"ids,omitempty" maxItems:"1000" doc:"The settings to export; none: every setting"`
}

// ImportSettingsResult is what an import of settings did.
type ImportSettingsResult struct {
	Created  int `json:"created" doc:"Settings added"`
	Replaced int `json:"replaced" doc:"Settings of the same name whose columns were replaced"`
	Details  int `json:"details" doc:"Details written"`
}
