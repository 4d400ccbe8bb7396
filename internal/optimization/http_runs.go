package optimization

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

type startRunBody struct {
	Body StartRunInput
}

type moveBoardInput struct {
	ID      uuid.UUID `path:"id"`
	BoardID uuid.UUID `path:"boardId"`
	Body    struct {
		State int `json:"state" doc:"0 waiting, 1 cutting, 2 done: one column from where it is"`
	}
}

type progressInput struct {
	IDs string `query:"ids" doc:"Run ids, comma-separated"`
}

type runsInput struct {
	Status         string `query:"status" doc:"0 queued, 1 running, 2 finished, 3 failed, 4 cancelled"`
	PlanNo         string `query:"planNo"`
	From           string `query:"from" doc:"yyyy-MM-dd, created on or after"`
	To             string `query:"to" doc:"yyyy-MM-dd, created on or before"`
	Sorting        string `query:"sorting" doc:"creationTime, status or utilisation, with asc or desc"`
	SkipCount      int    `query:"skipCount" minimum:"0"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0"`
}

func (in *runsInput) query() (RunQuery, error) {
	q := RunQuery{PlanNo: in.PlanNo, Sorting: in.Sorting, Skip: in.SkipCount, Max: in.MaxResultCount}
	if s := strings.TrimSpace(in.Status); s != "" {
		n, ok := map[string]int{"0": 0, "1": 1, "2": 2, "3": 3, "4": 4}[s]
		if !ok {
			return q, apperr.Invalid("status", localization.KeyInvalidValue, "status")
		}
		q.Status = &n
	}
	day := func(member, s string, next bool) (*time.Time, error) {
		if s = strings.TrimSpace(s); s == "" {
			return nil, nil
		}
		t, err := time.Parse(time.DateOnly, s)
		if err != nil {
			return nil, apperr.Invalid(member, localization.KeyInvalidValue, member)
		}
		if next {
			t = t.AddDate(0, 0, 1)
		}
		return &t, nil
	}
	var err error
	if q.From, err = day("from", in.From, false); err != nil {
		return q, err
	}
	q.To, err = day("to", in.To, true)
	return q, err
}

// registerRuns mounts the runs' calls (the contract's solutions, decision 0013).
func (m *Module) registerRuns(api *httpapi.API) {
	const base = "/api/optimization/import-files"
	op := func(method, path, summary string) huma.Operation {
		o := huma.Operation{Method: method, Path: path, Summary: summary, Tags: []string{"optimization"}}
		if method == http.MethodPost || method == http.MethodPut {
			o.SkipValidateBody = true
			o.MaxBodyBytes = 1 << 20
		}
		return o
	}
	httpapi.Register(api, op(http.MethodPost, base+"/optimization", "Start a run of import files: verified first (any problem refuses it), then queued"),
		httpapi.Perm(PermRunsStart).Feature(FeatureOptimization),
		func(ctx context.Context, in *startRunBody) (*httpapi.Body[Run], error) {
			return httpapi.Reply(m.svc.StartRun(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/progress", "Where runs stand: status, percent, boards so far, best utilisation, lower bound"),
		httpapi.Perm(PermRuns).Feature(FeatureOptimization),
		func(ctx context.Context, in *progressInput) (*httpapi.Body[httpapi.List[RunProgress]], error) {
			var ids []uuid.UUID
			for _, s := range strings.Split(in.IDs, ",") {
				if s = strings.TrimSpace(s); s == "" {
					continue
				}
				id, err := uuid.Parse(s)
				if err != nil {
					return nil, apperr.Invalid("ids", localization.KeyInvalidValue, "ids")
				}
				ids = append(ids, id)
			}
			return httpapi.ReplyList(m.svc.Progress(ctx, ids))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/solutions", "Runs with their figures, newest first (the saw kanban's run picker too)"),
		httpapi.Perm(PermRuns, PermKanban).Feature(FeatureOptimization),
		func(ctx context.Context, in *runsInput) (*httpapi.Body[httpapi.Paged[Run]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListRuns(ctx, q))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/solutions/{id}/cancel", "Cancel a queued or running run (not in the contract)"),
		httpapi.Perm(PermRunsCancel).Feature(FeatureOptimization),
		func(ctx context.Context, in *importIDPath) (*httpapi.Body[Run], error) {
			return httpapi.Reply(m.svc.CancelRun(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/channels", "A finished run's boards by saw channel, with their kanban state ({id}: the run)"),
		httpapi.Perm(PermKanban).Feature(FeatureOptimization),
		func(ctx context.Context, in *importIDPath) (*httpapi.Body[httpapi.List[Channel]], error) {
			return httpapi.ReplyList(m.svc.Channels(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/channels/{boardId}", "Move a board one column on the saw kanban (not in the contract)"),
		httpapi.Perm(PermKanbanMove).Feature(FeatureOptimization),
		func(ctx context.Context, in *moveBoardInput) (*httpapi.Body[RunBoard], error) {
			return httpapi.Reply(m.svc.MoveBoard(ctx, in.ID, in.BoardID, in.Body.State))
		})
	api.Handle(http.MethodGet, base+"/solutions/excel", "The finished runs (status 2) as .xlsx, with the solutions list's filters",
		httpapi.Perm(PermRunsDownload).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			v := r.URL.Query()
			in := runsInput{PlanNo: v.Get("planNo"), From: v.Get("from"), To: v.Get("to"), Sorting: v.Get("sorting")}
			q, err := in.query()
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			data, err := m.svc.RunsExcel(r.Context(), q)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, "solutions.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", data)
		})
	api.Handle(http.MethodGet, base+"/solutions/{solutionId}/download",
		"A finished run's download: a zip of its pattern drawings (SVG), its cutting diagrams (diagrams.pdf) and part labels (labels.pdf, A4 sheets) in the caller's language, its cut list with label codes (parts.csv), its saw file ({planNo}.ptx) and its result JSON",
		httpapi.Perm(PermRunsDownload).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(chi.URLParam(r, "solutionId"))
			if err != nil {
				api.WriteError(w, r, apperr.Invalid("solutionId", localization.KeyInvalidValue, "solutionId"))
				return
			}
			name, data, err := m.svc.SolutionZip(r.Context(), id)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, name, "application/zip", data)
		})
	api.Handle(http.MethodGet, base+"/download/{id}/json", "A finished run's full result as JSON (its sheets, cuts, parts with label codes, offcuts)",
		httpapi.Perm(PermRunsDownload).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(chi.URLParam(r, "id"))
			if err != nil {
				api.WriteError(w, r, apperr.Invalid("id", localization.KeyInvalidValue, "id"))
				return
			}
			run, data, err := m.svc.ResultJSON(r.Context(), id)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, run.PlanNo+".json", "application/json", data)
		})
}
