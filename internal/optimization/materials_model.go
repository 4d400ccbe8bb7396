package optimization

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Limits of the materials' and boards' fields. The input types' tags state the same numbers
// for OpenAPI (TestMaterialInputTagsStateTheServiceRules keeps them equal).
const (
	MaxMaterialCode      = 64
	MaxMaterialName      = 128
	MaxMaterialColor     = 64
	MaxThickness         = 100  // mm
	MaxEdgeAllowance     = 10   // mm per banded side
	MaxBoardSide         = 6000 // mm, length and width
	MaxBoardCode         = 64
	MaxBoardPlanNo       = 64
	MaxBoardBinCode      = 64
	MaxBoardQuantity     = 1000000
	MaxBoardCost         = 1000000
	MaxBoardsPerMaterial = 500
	// MaxMaterialsBatch is how many materials one batch or import may carry.
	MaxMaterialsBatch = 2000
)

// ---- rows ----

// Material is a sheet material the saw cuts (decision 0013): its code (unique per tenant
// without regard to case) is what a part's material code names.
type Material struct {
	bun.BaseModel `bun:"table:opt_materials,alias:om"`
	db.Entity
	Code          string  `bun:"code,notnull" json:"code"`
	Name          string  `bun:"name,notnull" json:"name"`
	Thickness     float64 `bun:"thickness,notnull" json:"thickness" doc:"mm"`
	Grain         bool    `bun:"grain,notnull" json:"grain" doc:"The material has a grain: its parts do not turn"`
	Color         string  `bun:"color,notnull" json:"color"`
	EdgeAllowance float64 `bun:"edge_allowance,notnull" json:"edgeAllowance" doc:"Pre-milling per banded side, mm"`
	IsEnable      bool    `bun:"is_enable,notnull" json:"isEnable"`
}

// Board is a stock sheet of a material a run may take. Quantity null is unlimited; an offcut
// (isOffcut) in stock has a bin and a quantity above 0.
type Board struct {
	bun.BaseModel `bun:"table:opt_boards,alias:ob"`
	db.Entity
	MaterialID uuid.UUID `bun:"material_id,type:uuid,notnull" json:"materialId"`
	Code       string    `bun:"code,notnull" json:"code" doc:"Unique within the material without regard to case"`
	Length     float64   `bun:"length,notnull" json:"length" doc:"mm"`
	Width      float64   `bun:"width,notnull" json:"width" doc:"mm"`
	Cost       float64   `bun:"cost,notnull" json:"cost" doc:"Cost of one sheet"`
	Quantity   *int      `bun:"quantity" json:"quantity" doc:"Null: unlimited (not counted); else the warehouse's on-hand of this size (and bin); a value written is booked there as the difference"`
	IsOffcut   bool      `bun:"is_offcut,notnull" json:"isOffcut"`
	PlanNo     string    `bun:"plan_no,notnull" json:"planNo" doc:"The run an offcut came from"`
	BinCode    string    `bun:"bin_code,notnull" json:"binCode"`

	// Of the board's material, answered with the board (not stored).
	MaterialCode string  `bun:"-" json:"materialCode"`
	MaterialName string  `bun:"-" json:"materialName"`
	Thickness    float64 `bun:"-" json:"thickness"`
}

// inStock reports whether the board is an offcut with sheets in stock (which keep it and its
// material from being deleted).
func (b *Board) inStock() bool { return b.IsOffcut && b.Quantity != nil && *b.Quantity > 0 }

// MaterialWithBoards is a material and its boards (offcuts last, then by code).
type MaterialWithBoards struct {
	Material
	Boards []Board `json:"boards"`
}

// ---- inputs ----
//
// Lengths and ranges are in the tags, so /openapi.json carries them and the web reads them
// from the generated schema; the rules themselves (with their localised messages) are the
// service's. Bodies of this part are not validated by huma (SkipValidateBody): one rule, one
// message.

// MaterialFieldsInput are the editable fields of a material.
type MaterialFieldsInput struct {
	Code          string  `json:"code,omitempty" required:"true" maxLength:"64" doc:"Unique among the tenant's materials without regard to case"`
	Name          string  `json:"name,omitempty" required:"true" maxLength:"128"`
	Thickness     float64 `json:"thickness,omitempty" required:"true" exclusiveMinimum:"0" maximum:"100" doc:"mm"`
	Grain         bool    `json:"grain,omitempty"`
	Color         string  `json:"color,omitempty" maxLength:"64"`
	EdgeAllowance float64 `json:"edgeAllowance,omitempty" minimum:"0" maximum:"10" doc:"Pre-milling per banded side, mm"`
	IsEnable      *bool   `json:"isEnable,omitempty" doc:"Default true"`
}

// BoardFieldsInput are the editable fields of a board, on create and update alike.
type BoardFieldsInput struct {
	Code     string  `json:"code,omitempty" maxLength:"64" doc:"Blank: {length}x{width}"`
	Length   float64 `json:"length,omitempty" required:"true" exclusiveMinimum:"0" maximum:"6000" doc:"mm"`
	Width    float64 `json:"width,omitempty" required:"true" exclusiveMinimum:"0" maximum:"6000" doc:"mm"`
	Cost     float64 `json:"cost,omitempty" minimum:"0" maximum:"1000000"`
	Quantity *int    `json:"quantity,omitempty" minimum:"0" maximum:"1000000" doc:"Absent or null: unlimited"`
	IsOffcut bool    `json:"isOffcut,omitempty"`
	PlanNo   string  `json:"planNo,omitempty" maxLength:"64"`
	BinCode  string  `json:"binCode,omitempty" maxLength:"64"`
}

// MaterialBoardInput is a board within a material's create, update or batch item: with an id
// (update of the material only) it changes that board, else the board of the same code, else
// it is added.
type MaterialBoardInput struct {
	ID *uuid.UUID `json:"id,omitempty" format:"uuid" doc:"A board of the material (update only)"`
	BoardFieldsInput
}

// CreateMaterialInput is the body of POST /api/optimization/materials: a material and its
// boards, stored in one transaction.
type CreateMaterialInput struct {
	MaterialFieldsInput
	Boards []MaterialBoardInput `json:"boards,omitempty" maxItems:"500"`
}

// UpdateMaterialInput is the body of PUT /api/optimization/materials/{id}. With boards (even
// empty) the material's boards become those: boards named by id are changed, boards without an
// id added, and the others deleted (not an offcut in stock); without boards they stay.
type UpdateMaterialInput struct {
	MaterialFieldsInput
	Boards           []MaterialBoardInput `json:"boards,omitempty" maxItems:"500" doc:"Absent: the boards stay as they are"`
	ConcurrencyStamp string               `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// MaterialBatchInput is the body of POST /api/optimization/materials/batch.
type MaterialBatchInput struct {
	Items []CreateMaterialInput `json:"items" maxItems:"2000" doc:"Upserted by material code, their boards by board code within the material; all or none"`
}

// MaterialsExportInput is the body of POST /api/optimization/materials/export-materials.
type MaterialsExportInput struct {
	IDs []uuid.UUID `json:"ids,omitempty" doc:"The materials to export; none: every material"`
}

// CreateBoardInput is the body of POST /api/optimization/boards.
type CreateBoardInput struct {
	MaterialID uuid.UUID `json:"materialId" required:"true" format:"uuid"`
	BoardFieldsInput
}

// UpdateBoardInput is the body of PUT /api/optimization/boards/{id} (a board stays with its
// material).
type UpdateBoardInput struct {
	BoardFieldsInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// MaterialsSaveResult is what a batch or an import did.
type MaterialsSaveResult struct {
	MaterialsCreated int `json:"materialsCreated"`
	MaterialsUpdated int `json:"materialsUpdated"`
	BoardsCreated    int `json:"boardsCreated"`
	BoardsUpdated    int `json:"boardsUpdated"`
}

// ---- queries ----

// MaterialQuery selects materials.
type MaterialQuery struct {
	Filter   string // a substring of the code, name or colour
	IsEnable *bool
	Sorting  string // the client's sorting, checked against materialSorting
	Skip     int
	Limit    int // 0: every row
}

// BoardQuery selects boards (spec 002 §7.11).
type BoardQuery struct {
	MaterialID   *uuid.UUID
	PlanNo       string // a substring of the plan number
	MaterialCode string // a substring of the material's code
	Code         string // a substring of the board's code
	LengthMin    *float64
	LengthMax    *float64
	WidthMin     *float64
	WidthMax     *float64
	BinCode      string // a substring of the bin code
	Sorting      string // the client's sorting, checked against boardSorting
	Skip         int
	Limit        int // 0: every row
}
