package optimization

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Import file sources and statuses (decision 0013).
const (
	SourceUpload       = 0 // a cut list or design JSON uploaded with a setting
	SourceReviewSheets = 1 // the design JSON of passed review sheets, read in-process

	ImportImported  = 0
	ImportVerified  = 1
	ImportOptimised = 2
)

// ImportFile is an uploaded cut list with its parts as detail rows (table opt_import_files).
type ImportFile struct {
	bun.BaseModel `bun:"table:opt_import_files,alias:if"`
	db.Entity
	FileName         string     `bun:"file_name,notnull" json:"fileName"`
	SettingID        *uuid.UUID `bun:"setting_id,type:uuid" json:"importFileSettingId"`
	FileDescriptorID *uuid.UUID `bun:"file_descriptor_id,type:uuid" json:"fileDescriptorId"`
	Source           int        `bun:"source,notnull" json:"source" enum:"0,1" doc:"0 uploaded, 1 from review sheets"`
	OrderNos         string     `bun:"order_nos,notnull" json:"orderNos" doc:"The orders of its parts, comma-separated"`
	Parts            int        `bun:"parts,notnull" json:"parts" doc:"Rows"`
	Pieces           int        `bun:"pieces,notnull" json:"pieces" doc:"Copies: the rows' counts added"`
	Status           int        `bun:"status,notnull" json:"status" enum:"0,1,2" doc:"0 imported, 1 verified, 2 optimised"`
}

// ImportFileDetail is one part row of an import file (table opt_import_file_details).
type ImportFileDetail struct {
	bun.BaseModel `bun:"table:opt_import_file_details,alias:ifd"`
	db.Entity
	ImportFileID uuid.UUID `bun:"import_file_id,type:uuid,notnull" json:"importFileId"`
	RowNo        int       `bun:"row_no,notnull" json:"rowNo"`
	OrderNo      string    `bun:"order_no,notnull" json:"orderNo"`
	Cabinet      string    `bun:"cabinet,notnull" json:"cabinet"`
	PartName     string    `bun:"part_name,notnull" json:"partName"`
	PartCode     string    `bun:"part_code,notnull" json:"partCode"`
	MaterialCode string    `bun:"material_code,notnull" json:"materialCode"`
	Thickness    float64   `bun:"thickness,notnull" json:"thickness"`
	Length       float64   `bun:"length,notnull" json:"length" doc:"Finished length (mm)"`
	Width        float64   `bun:"width,notnull" json:"width" doc:"Finished width (mm)"`
	Count        float64   `bun:"count,notnull" json:"count"`
	Grain        bool      `bun:"grain,notnull" json:"grain" doc:"The grain runs along the length: never turned"`
	EdgeTop      float64   `bun:"edge_top,notnull" json:"edgeTop"`
	EdgeBottom   float64   `bun:"edge_bottom,notnull" json:"edgeBottom"`
	EdgeLeft     float64   `bun:"edge_left,notnull" json:"edgeLeft"`
	EdgeRight    float64   `bun:"edge_right,notnull" json:"edgeRight"`
	Remark       string    `bun:"remark,notnull" json:"remark"`
}

// CutPart is the row as a run reads it.
func (d *ImportFileDetail) CutPart() CutPart {
	return CutPart{Row: d.RowNo, OrderNo: d.OrderNo, Cabinet: d.Cabinet, Name: d.PartName, Code: d.PartCode,
		MaterialCode: d.MaterialCode, Thickness: d.Thickness, Length: d.Length, Width: d.Width, Count: d.Count,
		Grain: d.Grain, Banding: Banding{Top: d.EdgeTop, Bottom: d.EdgeBottom, Left: d.EdgeLeft, Right: d.EdgeRight}}
}

// detailOf is the row of a cut part.
func detailOf(fileID uuid.UUID, p CutPart, remark string) ImportFileDetail {
	return ImportFileDetail{ImportFileID: fileID, RowNo: p.Row, OrderNo: p.OrderNo, Cabinet: p.Cabinet, PartName: p.Name,
		PartCode: p.Code, MaterialCode: p.MaterialCode, Thickness: p.Thickness, Length: p.Length, Width: p.Width,
		Count: p.Count, Grain: p.Grain, EdgeTop: p.Banding.Top, EdgeBottom: p.Banding.Bottom, EdgeLeft: p.Banding.Left,
		EdgeRight: p.Banding.Right, Remark: remark}
}
