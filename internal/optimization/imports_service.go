package optimization

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/auditdesign"
	"kerf/internal/homedesign"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Limits of an import file.
const (
	MaxImportRows  = 20000
	insertChunk    = 500 // rows a statement: SQLite's limit on bound values
	importNotFound = "import file"
)

// Message keys of the import files.
const (
	KeyImportEmpty    = "Optimization:ImportEmpty"
	KeyImportTooLarge = "Optimization:ImportTooLarge"
	KeyImportNotFound = "Optimization:ImportNotFound"
)

var importTexts = localization.Texts{
	KeyImportEmpty:    {ZhHans: "文件中没有板件", En: "The file has no parts"},
	KeyImportTooLarge: {ZhHans: "一个文件最多 {0} 行板件", En: "A file may hold at most {0} part rows"},
	KeyImportNotFound: {ZhHans: "导入文件不存在", En: "The import file does not exist"},
	KeyImportBadCells: {ZhHans: "文件有 {0} 处错误：{1}", En: "The file has {0} errors: {1}"},
	KeyImportBadJSON:  {ZhHans: "文件不是设计平台的设计 JSON：{0}", En: "The file is not a design platform's design JSON: {0}"},
}

// ImportInput is a cut list read into rows, with where it came from.
type ImportInput struct {
	FileName         string
	SettingID        *uuid.UUID
	FileDescriptorID *uuid.UUID
	Source           int
	Parts            []CutPart
}

// SaveImport stores an import file and its rows in one transaction.
func (s *Service) SaveImport(ctx context.Context, in ImportInput) (*ImportFile, error) {
	switch {
	case len(in.Parts) == 0:
		return nil, apperr.User(KeyImportEmpty)
	case len(in.Parts) > MaxImportRows:
		return nil, apperr.User(KeyImportTooLarge, MaxImportRows)
	}
	f := &ImportFile{FileName: strings.TrimSpace(in.FileName), SettingID: in.SettingID, FileDescriptorID: in.FileDescriptorID,
		Source: in.Source, Parts: len(in.Parts), Status: ImportImported}
	orders := map[string]bool{}
	for _, p := range in.Parts {
		f.Pieces += int(p.Count)
		if o := strings.TrimSpace(p.OrderNo); o != "" {
			orders[o] = true
		}
	}
	nos := make([]string, 0, len(orders))
	for o := range orders {
		nos = append(nos, o)
	}
	sort.Strings(nos)
	f.OrderNos = strings.Join(nos, ",")
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		f.ID = db.NewID()
		if err := db.Insert(ctx, tx, f); err != nil {
			return err
		}
		rows := make([]ImportFileDetail, len(in.Parts))
		for i, p := range in.Parts {
			rows[i] = detailOf(f.ID, p, "")
		}
		for start := 0; start < len(rows); start += insertChunk {
			chunk := rows[start:min(start+insertChunk, len(rows))]
			if err := db.Insert(ctx, tx, &chunk); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("save import file: %w", err)
	}
	return f, nil
}

// ImportDesign stores a design's panels as an import file (the passed review sheets' JSON).
func (s *Service) ImportDesign(ctx context.Context, fileName string, d homedesign.Design, orderNo string, source int) (*ImportFile, error) {
	return s.SaveImport(ctx, ImportInput{FileName: fileName, Source: source, Parts: PartsFromDesign(d, orderNo)})
}

// ImportFileQuery selects import files.
type ImportFileQuery struct {
	Filter    string // file name or order number contains it
	Status    *int
	Sorting   string
	Skip, Max int
}

var importSorting = map[string]string{
	"creationtime": "?TableAlias.creation_time",
	"filename":     "?TableAlias.file_name",
	"status":       "?TableAlias.status",
}

// ListImportFiles answers a page of import files, newest first by default.
func (s *Service) ListImportFiles(ctx context.Context, q ImportFileQuery) ([]ImportFile, int, error) {
	order, err := db.Order(q.Sorting, importSorting, "?TableAlias.creation_time DESC")
	if err != nil {
		return nil, 0, err
	}
	if q.Max <= 0 || q.Max > 1000 {
		q.Max = 20
	}
	return db.List[ImportFile](ctx, s.db, db.Page{Order: order, Skip: max(q.Skip, 0), Limit: q.Max},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			if q.Status != nil {
				sq = sq.Where("?TableAlias.status = ?", *q.Status)
			}
			return db.WhereContains(sq, q.Filter, "?TableAlias.file_name", "?TableAlias.order_nos")
		})
}

func (s *Service) importFile(ctx context.Context, idb bun.IDB, id uuid.UUID) (*ImportFile, error) {
	f := new(ImportFile)
	if err := db.Select(ctx, idb, f).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, apperr.WithKey(db.NotFound(err, importNotFound), KeyImportNotFound)
	}
	return f, nil
}

// ImportFileDetails answers a page of a file's rows in row order (Max 0: every row).
func (s *Service) ImportFileDetails(ctx context.Context, fileID uuid.UUID, skip, maxRows int) ([]ImportFileDetail, int, error) {
	if _, err := s.importFile(ctx, s.db, fileID); err != nil {
		return nil, 0, err
	}
	return db.List[ImportFileDetail](ctx, s.db, db.Page{Order: "?TableAlias.row_no", Skip: max(skip, 0), Limit: maxRows},
		func(sq *bun.SelectQuery) *bun.SelectQuery { return sq.Where("?TableAlias.import_file_id = ?", fileID) })
}

// DeleteImportFile deletes a file and its rows in one transaction.
func (s *Service) DeleteImportFile(ctx context.Context, id uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		f, err := s.importFile(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := db.Delete(ctx, tx, (*ImportFileDetail)(nil)).Where("?TableAlias.import_file_id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("delete import rows: %w", err)
		}
		if err := db.SoftDelete(ctx, tx, f); err != nil && !errors.Is(err, db.ErrNotFound) {
			return err
		}
		return nil
	})
}

// ImportReviewSheets stores the passed review sheets among ids as one import file: every
// panel of their solutions, each row keeping its sales order's number (decision 0012's JSON,
// read in-process). The caller needs the design review's download permission as well.
func (s *Service) ImportReviewSheets(ctx context.Context, ids []uuid.UUID) (*ImportFile, error) {
	if s.reviews == nil {
		return nil, apperr.User(KeyImportEmpty)
	}
	if s.perms != nil {
		ok, err := s.perms.IsGranted(ctx, auth.FromContext(ctx), auditdesign.PermDownload)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, apperr.ErrForbidden
		}
	}
	sheets, err := s.reviews.StartTaskDesign(ctx, ids)
	if err != nil {
		return nil, err
	}
	var parts []CutPart
	orders := []string{}
	for _, sd := range sheets {
		for _, p := range PartsFromDesign(sd.Design, sd.Sheet.SalesOrderNo) {
			p.Row = len(parts) + 1
			parts = append(parts, p)
		}
		orders = append(orders, sd.Sheet.SalesOrderNo)
	}
	sort.Strings(orders)
	name := strings.Join(slices.Compact(orders), ",") + "-design.json"
	return s.SaveImport(ctx, ImportInput{FileName: name, Source: SourceReviewSheets, Parts: parts})
}
