package orderdetail

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/salesorder"
)

// Files on a line (spec 000 §3–§4, docs/decisions/0011 "As built (lines)"): a file column's
// value is a list of {id, fileName}, each id an order file of category line the page uploaded
// during the line's edit. A save checks the files a line brings in; the batch update deletes the
// files the edit uploaded and dropped (removedFileIds), refusing one a saved line still names.

// fileCheck is a settled line whose file columns a save checks: the stored line it changes
// (nil: a new line) and the member its problems belong to.
type fileCheck struct {
	line   *Line
	stored *Line
	member string
}

// refsOf answers the files of column key of l (none when l is nil).
func refsOf(l *Line, key string) []fileRef {
	if l == nil {
		return nil
	}
	refs, _ := parseFiles(l.Values[key])
	return refs
}

// checkFiles makes sure every file the lines' file columns name is a file of category line of
// the order: a file a changed line already had keeps its stored name; any other must be such a
// file (else a problem of the line goes to ve) and takes that file's name.
func (s *Service) checkFiles(ctx context.Context, tx store, orderID uuid.UUID, c *compiled, checks []fileCheck, ve *apperr.ValidationError) error {
	keys := c.fileColumns()
	if len(keys) == 0 || len(checks) == 0 {
		return nil
	}
	var want []uuid.UUID
	asked := map[uuid.UUID]bool{}
	for _, fc := range checks {
		for _, key := range keys {
			had := map[uuid.UUID]bool{}
			for _, r := range refsOf(fc.stored, key) {
				had[r.ID] = true
			}
			for _, r := range refsOf(fc.line, key) {
				if !had[r.ID] && !asked[r.ID] {
					asked[r.ID] = true
					want = append(want, r.ID)
				}
			}
		}
	}
	found := map[uuid.UUID]string{}
	if len(want) > 0 {
		fs, err := s.orders.LineFiles(ctx, tx.idb, orderID, want)
		if err != nil {
			return err
		}
		for _, f := range fs {
			found[f.ID] = f.FileName
		}
	}
	for _, fc := range checks {
		var problems []lineProblem
		for _, key := range keys {
			had := map[uuid.UUID]string{}
			for _, r := range refsOf(fc.stored, key) {
				had[r.ID] = r.FileName
			}
			refs := refsOf(fc.line, key)
			for i, r := range refs {
				if name, ok := had[r.ID]; ok {
					refs[i].FileName = name
				} else if name, ok := found[r.ID]; ok {
					refs[i].FileName = name
				} else {
					shown := r.FileName
					if shown == "" {
						shown = r.ID.String()
					}
					problems = append(problems, lineProblem{key, KeyNotLineFile, []any{shown}})
				}
			}
			fc.line.Values[key] = filesValue(refs)
		}
		s.addLineProblems(ctx, ve, c, fc.member, fc.line.LineNo, problems)
	}
	return nil
}

// removeFiles deletes, in the batch update's transaction and after its lines are written, the
// order's line files among ids: one a live line still names is refused (a problem of ve naming
// the line, and nothing is deleted); ids of no line file of the order are ignored. It answers
// the files deleted, whose bytes go once the transaction has committed.
func (s *Service) removeFiles(ctx context.Context, tx store, orderID uuid.UUID, ids []uuid.UUID, ve *apperr.ValidationError) ([]salesorder.OrderFile, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	texts := make([]string, len(ids))
	at := make(map[uuid.UUID]int, len(ids))
	for i, id := range ids {
		texts[i] = id.String()
		if _, ok := at[id]; !ok {
			at[id] = i
		}
	}
	for _, key := range LineTables {
		lines, err := tables[key].mentioning(ctx, tx.idb, orderID, texts)
		if err != nil {
			return nil, err
		}
		for i := range lines {
			for _, v := range lines[i].Values {
				if _, ok := v.([]any); !ok {
					continue
				}
				refs, _ := parseFiles(v)
				for _, r := range refs {
					if n, ok := at[r.ID]; ok {
						ve.Add(fmt.Sprintf("removedFileIds[%d]", n), KeyFileStillOnLine, r.FileName, s.tableLabel(ctx, key), lines[i].LineNo)
					}
				}
			}
		}
	}
	if len(ve.Fields) > 0 {
		return nil, nil
	}
	return s.orders.DeleteLineFiles(ctx, tx.idb, orderID, ids)
}
