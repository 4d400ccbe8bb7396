package optimization

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// utilisationTexts are the utilisation figures' messages (the runs' and import files' keys
// cover what they refuse).
var utilisationTexts = localization.Texts{}

type utilisationByFileInput struct {
	From         string `query:"from" doc:"yyyy-MM-dd: runs finished on or after"`
	To           string `query:"to" doc:"yyyy-MM-dd: runs finished on or before"`
	MaterialCode string `query:"materialCode" doc:"Only the boards of this material"`
}

type utilisationFilesInput struct {
	From           string `query:"from" doc:"yyyy-MM-dd: runs finished on or after"`
	To             string `query:"to" doc:"yyyy-MM-dd: runs finished on or before"`
	MaterialCode   string `query:"materialCode" doc:"Only the boards of this material"`
	Filter         string `query:"filter" doc:"Contained in the file name"`
	Sorting        string `query:"sorting" doc:"fileName, finishedTime, boards, partsArea, boardsArea, utilisation or wastePct, with asc or desc (default finishedTime desc)"`
	SkipCount      int    `query:"skipCount" minimum:"0"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0"`
}

type utilisationFileInput struct {
	ImportFileID uuid.UUID `path:"importFileId"`
	RunID        string    `query:"runId" doc:"A finished run of the file; absent: its latest"`
}

// query reads the period as the runs list does (whole days, UTC).
func (in *utilisationByFileInput) query() (UtilisationQuery, error) {
	rq, err := (&runsInput{From: in.From, To: in.To}).query()
	return UtilisationQuery{From: rq.From, To: rq.To, MaterialCode: strings.TrimSpace(in.MaterialCode)}, err
}

// registerUtilisation mounts the utilisation pages' calls (decision 0013, "Utilisation"):
// figures per import file from its latest finished run in the period.
func (m *Module) registerUtilisation(api *httpapi.API) {
	const base = "/api/optimization/import-files/utilization"
	u := NewUtilisation(m.svc)
	op := func(path, summary string) huma.Operation {
		return huma.Operation{Method: http.MethodGet, Path: path, Summary: summary, Tags: []string{"optimization"}}
	}
	httpapi.Register(api, op(base+"/by-file", "Utilisation per import file over a period, oldest finish first, with their total "+
		"and the materials cut (not in the contract: the utilizationRateByFile chart)"),
		httpapi.Perm(PermUtilisation).Feature(FeatureOptimization),
		func(ctx context.Context, in *utilisationByFileInput) (*httpapi.Body[ByFileUtilisation], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(u.ByFile(ctx, q))
		})
	httpapi.Register(api, op(base+"/files", "A page of import files with their utilisation and the totals of every matching file "+
		"(not in the contract: the utilizationRateByFileList table)"),
		httpapi.Perm(PermUtilisation).Feature(FeatureOptimization),
		func(ctx context.Context, in *utilisationFilesInput) (*httpapi.Body[FileUtilisationPage], error) {
			q, err := (&utilisationByFileInput{From: in.From, To: in.To, MaterialCode: in.MaterialCode}).query()
			if err != nil {
				return nil, err
			}
			q.FileName, q.Sorting, q.Skip, q.Max = in.Filter, in.Sorting, in.SkipCount, in.MaxResultCount
			return httpapi.Reply(u.Files(ctx, q))
		})
	httpapi.Register(api, op(base+"/files/{importFileId}", "One import file's utilisation by material and board, and the runs it was in "+
		"(not in the contract: the utilizationRateByFileListDtl page)"),
		httpapi.Perm(PermUtilisation).Feature(FeatureOptimization),
		func(ctx context.Context, in *utilisationFileInput) (*httpapi.Body[FileUtilisationDetail], error) {
			var runID *uuid.UUID
			if s := strings.TrimSpace(in.RunID); s != "" {
				id, err := uuid.Parse(s)
				if err != nil {
					return nil, apperr.Invalid("runId", localization.KeyInvalidValue, "runId")
				}
				runID = &id
			}
			return httpapi.Reply(u.FileDetail(ctx, in.ImportFileID, runID))
		})
}
