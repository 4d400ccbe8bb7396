package auditdesign

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"kerf/internal/homedesign"
	"kerf/internal/platform/apperr"
)

// SheetDesign is a passed sheet with its solution's design data (the JSON the optimisation
// cuts the panels of).
type SheetDesign struct {
	Sheet  AuditDesign       `json:"sheet"`
	Design homedesign.Design `json:"design"`
}

// DownloadFile is a file answered by a download.
type DownloadFile struct {
	Name        string
	ContentType string
	Data        []byte
}

// OrderDesignJSON answers the design JSON of an order's passed sheets (one design with their
// solutions) and marks them downloaded; an order without a passed sheet has none to download.
func (s *Service) OrderDesignJSON(ctx context.Context, orderID uuid.UUID) (*DownloadFile, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.byOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	passed := passedOnly(rows)
	if len(passed) == 0 {
		return nil, apperr.User(KeyNoneToDownload)
	}
	cache := map[uuid.UUID]*homedesign.Design{}
	var out *homedesign.Design
	for i := range passed {
		d, err := s.solutionOf(ctx, &passed[i], cache)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = &homedesign.Design{PlanID: d.PlanID, Name: d.Name}
		}
		out.Solutions = append(out.Solutions, d.Solutions...)
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("design json: %w", err)
	}
	if err := s.markDownloaded(ctx, passed); err != nil {
		return nil, err
	}
	return &DownloadFile{Name: o.SalesOrderID + "-design.json", ContentType: "application/json", Data: data}, nil
}

// DesignZip answers a zip of the passed sheets among ids, one JSON per sheet named after its
// order and solution, and marks them downloaded; sheets of other states are left out, and
// with none passed there is none to download.
func (s *Service) DesignZip(ctx context.Context, ids []uuid.UUID) (*DownloadFile, error) {
	designs, err := s.passedDesigns(ctx, ids)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, sd := range designs {
		w, err := zw.Create(fmt.Sprintf("%s-%s.json", sd.Sheet.SalesOrderNo, sd.Sheet.AuditCode))
		if err != nil {
			return nil, fmt.Errorf("design zip: %w", err)
		}
		data, err := json.MarshalIndent(sd.Design, "", "  ")
		if err != nil {
			return nil, fmt.Errorf("design json: %w", err)
		}
		if _, err := w.Write(data); err != nil {
			return nil, fmt.Errorf("design zip: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("design zip: %w", err)
	}
	return &DownloadFile{Name: "designs.zip", ContentType: "application/zip", Data: buf.Bytes()}, nil
}

// StartTaskDesign answers the design data of the passed sheets among ids and marks them
// downloaded (the JSON a design task starts from).
func (s *Service) StartTaskDesign(ctx context.Context, ids []uuid.UUID) ([]SheetDesign, error) {
	return s.passedDesigns(ctx, ids)
}

// passedDesigns reads the passed sheets among ids with their solutions and marks them
// downloaded; none passed is the user error "none available to download".
func (s *Service) passedDesigns(ctx context.Context, ids []uuid.UUID) ([]SheetDesign, error) {
	ids = dedupe(ids)
	if len(ids) == 0 {
		return nil, apperr.User(KeyNoSheets)
	}
	if len(ids) > MaxBatch {
		return nil, apperr.User(KeyTooMany, MaxBatch)
	}
	rows, err := s.store.getMany(ctx, ids)
	if err != nil {
		return nil, err
	}
	passed := passedOnly(rows)
	if len(passed) == 0 {
		return nil, apperr.User(KeyNoneToDownload)
	}
	cache := map[uuid.UUID]*homedesign.Design{}
	out := make([]SheetDesign, 0, len(passed))
	for i := range passed {
		d, err := s.solutionOf(ctx, &passed[i], cache)
		if err != nil {
			return nil, err
		}
		out = append(out, SheetDesign{Sheet: passed[i], Design: *d})
	}
	if err := s.markDownloaded(ctx, passed); err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Sheet.IsDownload = true
	}
	return out, nil
}

func passedOnly(rows []AuditDesign) []AuditDesign {
	var out []AuditDesign
	for _, r := range rows {
		if r.State == StatePassed {
			out = append(out, r)
		}
	}
	return out
}

// markDownloaded sets isDownload on rows not yet marked, in one transaction.
func (s *Service) markDownloaded(ctx context.Context, rows []AuditDesign) error {
	return s.store.inTx(ctx, func(ctx context.Context, st store) error {
		for i := range rows {
			if rows[i].IsDownload {
				continue
			}
			a, err := st.get(ctx, rows[i].ID)
			if err != nil {
				return err
			}
			a.IsDownload = true
			if err := st.update(ctx, a, "", "is_download"); err != nil {
				return err
			}
		}
		return nil
	})
}
