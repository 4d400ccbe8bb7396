package optimization

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// utilisationCacheRuns bounds how many runs' shares a process keeps (a finished run's result
// and its files' rows never change, so a kept share is never stale).
const utilisationCacheRuns = 2000

// Utilisation answers the utilisation figures of import files (utilisation.go) from the
// finished runs. It keeps each run's shares once computed.
type Utilisation struct {
	svc   *Service
	mu    sync.Mutex
	cache map[uuid.UUID]*runShares
}

// NewUtilisation builds the figures' reader over the area's service.
func NewUtilisation(s *Service) *Utilisation {
	return &Utilisation{svc: s, cache: map[uuid.UUID]*runShares{}}
}

// UtilisationQuery selects the files whose latest finished run (within From–To) is counted.
type UtilisationQuery struct {
	From, To     *time.Time // on the run's finish: From ≤ finished < To
	MaterialCode string     // only the boards of this material; files without any are left out
	FileName     string     // contained in the file name
	Sorting      string
	Skip, Max    int
}

var utilisationSorting = map[string]func(a, b *FileUtilisation) int{
	"filename":     func(a, b *FileUtilisation) int { return strings.Compare(a.FileName, b.FileName) },
	"finishedtime": func(a, b *FileUtilisation) int { return a.FinishedTime.Compare(b.FinishedTime) },
	"boards":       func(a, b *FileUtilisation) int { return cmp.Compare(a.Boards, b.Boards) },
	"partsarea":    func(a, b *FileUtilisation) int { return cmp.Compare(a.PartsArea, b.PartsArea) },
	"boardsarea":   func(a, b *FileUtilisation) int { return cmp.Compare(a.BoardsArea, b.BoardsArea) },
	"utilisation":  func(a, b *FileUtilisation) int { return cmp.Compare(a.Utilisation, b.Utilisation) },
	"wastepct":     func(a, b *FileUtilisation) int { return cmp.Compare(a.WastePct, b.WastePct) },
}

// ByFile answers every counted file, oldest finish first, with their total and the
// materials cut in the period.
func (u *Utilisation) ByFile(ctx context.Context, q UtilisationQuery) (*ByFileUtilisation, error) {
	items, total, materials, err := u.files(ctx, q)
	if err != nil {
		return nil, err
	}
	return &ByFileUtilisation{Items: items, Total: total.figures(), Materials: materials}, nil
}

// Files answers a page of the counted files (sorted, newest finish first by default) and the
// totals of all of them.
func (u *Utilisation) Files(ctx context.Context, q UtilisationQuery) (*FileUtilisationPage, error) {
	sorter, desc, err := utilisationOrder(q.Sorting)
	if err != nil {
		return nil, err
	}
	items, total, _, err := u.files(ctx, q)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(items, func(a, b FileUtilisation) int {
		c := sorter(&a, &b)
		if c == 0 {
			c = strings.Compare(a.ImportFileID.String(), b.ImportFileID.String())
		}
		if desc {
			return -c
		}
		return c
	})
	if q.Max <= 0 || q.Max > 1000 {
		q.Max = 20
	}
	n := len(items)
	from := min(max(q.Skip, 0), n)
	page := items[from:min(from+q.Max, n)]
	return &FileUtilisationPage{Items: append([]FileUtilisation{}, page...), TotalCount: n, Totals: total.figures()}, nil
}

// utilisationOrder reads "column [asc|desc]" against the whitelist (default: finishedTime desc).
func utilisationOrder(s string) (func(a, b *FileUtilisation) int, bool, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return utilisationSorting["finishedtime"], true, nil
	}
	by, ok := utilisationSorting[strings.ToLower(f[0])]
	desc := len(f) == 2 && strings.EqualFold(f[1], "desc")
	if !ok || len(f) > 2 || len(f) == 2 && !desc && !strings.EqualFold(f[1], "asc") {
		return nil, false, apperr.Invalid("sorting", localization.KeySortingNotAllowed, strings.TrimSpace(s))
	}
	return by, desc, nil
}

// files answers the counted files, oldest finish first, their total and the materials of
// their runs.
func (u *Utilisation) files(ctx context.Context, q UtilisationQuery) ([]FileUtilisation, figuresAcc, []string, error) {
	var total figuresAcc
	var runs []Run
	sq := db.Select(ctx, u.svc.db, &runs).ExcludeColumn("result").Where("?TableAlias.status = ?", RunFinished).
		Where("?TableAlias.finished_at IS NOT NULL")
	if q.From != nil {
		sq = sq.Where("?TableAlias.finished_at >= ?", *q.From)
	}
	if q.To != nil {
		sq = sq.Where("?TableAlias.finished_at < ?", *q.To)
	}
	if err := sq.OrderExpr("?TableAlias.finished_at ASC, ?TableAlias.id ASC").Scan(ctx); err != nil {
		return nil, total, nil, fmt.Errorf("utilisation runs: %w", err)
	}
	if len(runs) == 0 {
		return []FileUtilisation{}, total, []string{}, nil
	}
	runByID := map[uuid.UUID]*Run{}
	ids := make([]uuid.UUID, len(runs))
	for i := range runs {
		runByID[runs[i].ID], ids[i] = &runs[i], runs[i].ID
	}
	links, err := u.runFiles(ctx, "run_id", ids)
	if err != nil {
		return nil, total, nil, err
	}
	// each file's latest finished run in the period
	latest := map[uuid.UUID]*Run{}
	for _, l := range links {
		r := runByID[l.RunID]
		if cur := latest[l.ImportFileID]; cur == nil || r.FinishedAt.After(*cur.FinishedAt) ||
			r.FinishedAt.Equal(*cur.FinishedAt) && r.ID.String() > cur.ID.String() {
			latest[l.ImportFileID] = r
		}
	}
	var files []ImportFile
	fileIDs := make([]uuid.UUID, 0, len(latest))
	for id := range latest {
		fileIDs = append(fileIDs, id)
	}
	fq := db.Select(ctx, u.svc.db, &files).Where("?TableAlias.id IN (?)", bun.In(fileIDs))
	if err := db.WhereContains(fq, q.FileName, "?TableAlias.file_name").Scan(ctx); err != nil {
		return nil, total, nil, fmt.Errorf("utilisation files: %w", err)
	}
	materials := map[string]bool{}
	out := []FileUtilisation{}
	for _, f := range files {
		r := latest[f.ID]
		sh, err := u.shares(ctx, r.ID)
		if err != nil {
			return nil, total, nil, err
		}
		for _, s := range sh.sheets {
			materials[s.material] = true
		}
		acc := sh.fileFigures(sh.position(f.ID), q.MaterialCode)
		if acc.pieces == 0 {
			continue // nothing of it on the chosen material
		}
		total.add(acc)
		out = append(out, FileUtilisation{ImportFileID: f.ID, FileName: f.FileName, OrderNos: f.OrderNos, RunID: r.ID, PlanNo: r.PlanNo,
			RunFiles: len(sh.files), FinishedTime: *r.FinishedAt, UtilisationFigures: acc.figures()})
	}
	slices.SortStableFunc(out, func(a, b FileUtilisation) int {
		if c := a.FinishedTime.Compare(b.FinishedTime); c != 0 {
			return c
		}
		return strings.Compare(a.FileName, b.FileName)
	})
	mats := make([]string, 0, len(materials))
	for m := range materials {
		mats = append(mats, m)
	}
	slices.Sort(mats)
	return out, total, mats, nil
}

// runFiles reads the run ↔ file links whose column (run_id or import_file_id) is among ids,
// in the order a run reads its files.
func (u *Utilisation) runFiles(ctx context.Context, column string, ids []uuid.UUID) ([]RunFile, error) {
	var out []RunFile
	for start := 0; start < len(ids); start += insertChunk {
		chunk := ids[start:min(start+insertChunk, len(ids))]
		var part []RunFile
		if err := db.Select(ctx, u.svc.db, &part).Where("?TableAlias.? IN (?)", bun.Ident(column), bun.In(chunk)).
			OrderExpr("?TableAlias.creation_time, ?TableAlias.id").Scan(ctx); err != nil {
			return nil, fmt.Errorf("run files: %w", err)
		}
		out = append(out, part...)
	}
	return out, nil
}

// shares answers a finished run's boards split among its files (kept once computed). The
// caller has read the run in the current tenant.
func (u *Utilisation) shares(ctx context.Context, runID uuid.UUID) (*runShares, error) {
	u.mu.Lock()
	sh, ok := u.cache[runID]
	u.mu.Unlock()
	if ok {
		return sh, nil
	}
	var result string
	if err := db.Select(ctx, u.svc.db, (*Run)(nil)).Column("result").Where("?TableAlias.id = ?", runID).Scan(ctx, &result); err != nil {
		return nil, apperr.WithKey(db.NotFound(err, "run"), KeyRunNotFound)
	}
	var res resultBoards
	if err := json.Unmarshal([]byte(result), &res); err != nil {
		return nil, fmt.Errorf("run %s result: %w", runID, err)
	}
	links, err := u.runFiles(ctx, "run_id", []uuid.UUID{runID})
	if err != nil {
		return nil, err
	}
	files := make([]uuid.UUID, len(links))
	for i, l := range links {
		files[i] = l.ImportFileID
	}
	// The rows as the run read them: a file deleted since still holds its place in the order.
	var details []ImportFileDetail
	if len(files) > 0 {
		if err := db.Select(db.WithDeleted(ctx), u.svc.db, &details).Where("?TableAlias.import_file_id IN (?)", bun.In(files)).
			OrderExpr("?TableAlias.row_no, ?TableAlias.id").Scan(ctx); err != nil {
			return nil, fmt.Errorf("run %s rows: %w", runID, err)
		}
	}
	rows := map[uuid.UUID][]ImportFileDetail{}
	for _, d := range details {
		rows[d.ImportFileID] = append(rows[d.ImportFileID], d)
	}
	out := attribute(res, files, rows)
	u.mu.Lock()
	if len(u.cache) >= utilisationCacheRuns {
		clear(u.cache)
	}
	u.cache[runID] = &out
	u.mu.Unlock()
	return &out, nil
}

// FileDetail answers one import file's figures in a run of it (runID, else its latest
// finished run) by material and board, and every run it was in.
func (u *Utilisation) FileDetail(ctx context.Context, fileID uuid.UUID, runID *uuid.UUID) (*FileUtilisationDetail, error) {
	f, err := u.svc.importFile(ctx, u.svc.db, fileID)
	if err != nil {
		return nil, err
	}
	out := &FileUtilisationDetail{ImportFileID: f.ID, FileName: f.FileName, OrderNos: f.OrderNos, Parts: f.Parts, FilePieces: f.Pieces,
		Materials: []MaterialUtilisation{}, Boards: []BoardUtilisation{}, Runs: []FileRun{}}
	links, err := u.runFiles(ctx, "import_file_id", []uuid.UUID{fileID})
	if err != nil {
		return nil, err
	}
	var runs []Run
	if len(links) > 0 {
		ids := make([]uuid.UUID, len(links))
		for i, l := range links {
			ids[i] = l.RunID
		}
		if err := db.Select(ctx, u.svc.db, &runs).ExcludeColumn("result").Where("?TableAlias.id IN (?)", bun.In(ids)).
			OrderExpr("?TableAlias.creation_time DESC, ?TableAlias.id DESC").Scan(ctx); err != nil {
			return nil, fmt.Errorf("file runs: %w", err)
		}
	}
	var chosen *Run
	var chosenShares *runShares
	for i := range runs {
		r := &runs[i]
		fr := FileRun{ID: r.ID, PlanNo: r.PlanNo, Status: r.Status, Files: r.Files, CreationTime: r.CreationTime, FinishedAt: r.FinishedAt}
		if r.Status == RunFinished && r.FinishedAt != nil {
			fr.RunFigures = r.Figures
			sh, err := u.shares(ctx, r.ID)
			if err != nil {
				return nil, err
			}
			fig := sh.fileFigures(sh.position(fileID), "").figures()
			fr.Figures = &fig
			if runID != nil && *runID == r.ID || runID == nil && (chosen == nil || r.FinishedAt.After(*chosen.FinishedAt)) {
				chosen, chosenShares = r, sh
			}
		}
		out.Runs = append(out.Runs, fr)
	}
	if runID != nil && chosen == nil {
		if slices.ContainsFunc(runs, func(r Run) bool { return r.ID == *runID }) {
			return nil, apperr.User(KeyRunNotFinished)
		}
		return nil, apperr.WithKey(fmt.Errorf("run %s of file %s: %w", runID, fileID, db.ErrNotFound), KeyRunNotFound)
	}
	if chosen == nil {
		return out, nil
	}
	out.RunID, out.PlanNo, out.RunFiles, out.FinishedTime = &chosen.ID, chosen.PlanNo, len(chosenShares.files), chosen.FinishedAt
	pos := chosenShares.position(fileID)
	var total figuresAcc
	type matKey struct {
		code      string
		thickness float64
	}
	byMat := map[matKey]*figuresAcc{}
	var order []matKey
	for i := range chosenShares.sheets {
		s := &chosenShares.sheets[i]
		var one figuresAcc
		if !one.addSheet(s, pos) {
			continue
		}
		total.add(one)
		k := matKey{s.material, s.thickness}
		if byMat[k] == nil {
			byMat[k] = &figuresAcc{}
			order = append(order, k)
		}
		byMat[k].add(one)
		b := BoardUtilisation{Index: s.index, MaterialCode: s.material, Thickness: s.thickness, Length: s.length, Width: s.width,
			Pieces: s.pieces[pos], Utilisation: round2(100 * s.utilisation)}
		if s.partsArea > 0 {
			b.Share = round2(100 * s.area[pos] / s.partsArea)
		}
		out.Boards = append(out.Boards, b)
	}
	out.Figures = total.figures()
	for _, k := range order {
		out.Materials = append(out.Materials, MaterialUtilisation{MaterialCode: k.code, Thickness: k.thickness, UtilisationFigures: byMat[k].figures()})
	}
	return out, nil
}
