package optimization

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/cutting"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/jobs"
	"kerf/internal/platform/localization"
)

// runTimeout bounds one attempt of a run: the engine's budget (at most 60 s) and the reading
// and writing around it.
const runTimeout = 3 * time.Minute

// progressEvery is how often a running run writes its progress row.
const progressEvery = 400 * time.Millisecond

// Jobs registers the run's kind with the queue (module.JobsModule).
func (m *Module) Jobs(q *jobs.Queue) error {
	m.svc.jobs = q
	return jobs.Register(q, jobs.KindOptions{Timeout: runTimeout, MaxAttempts: 3}, m.svc.work)
}

// RunResult is a finished run's full result (download/{id}/json).
type RunResult struct {
	PlanNo     string            `json:"planNo"`
	Figures    Figures           `json:"figures"`
	Parameters *ParameterSetting `json:"parameters"`
	Machine    *MachineSetting   `json:"machine"`
	LowerBound int               `json:"lowerBound"`
	Sheets     []ResultSheet     `json:"sheets"`
	Patterns   []cutting.Pattern `json:"patterns"`
}

// ResultSheet is one board cut: its size, pattern, cuts in saw order, parts and offcuts.
type ResultSheet struct {
	Index       int              `json:"index"` // 1-based
	BoardCode   string           `json:"boardCode"`
	Material    string           `json:"material"`
	Thickness   float64          `json:"thickness"`
	Length      float64          `json:"length"`
	Width       float64          `json:"width"`
	Pattern     int              `json:"pattern"`
	Utilisation float64          `json:"utilisation"`
	Cuts        []cutting.Cut    `json:"cuts"`
	Parts       []ResultPart     `json:"parts"`
	Offcuts     []cutting.Offcut `json:"offcuts"`
}

// ResultPart is one part copy placed on a board, with its label code.
type ResultPart struct {
	LabelCode      string  `json:"labelCode"`
	OrderNo        string  `json:"orderNo"`
	Cabinet        string  `json:"cabinet"`
	Name           string  `json:"name"`
	Code           string  `json:"code"`
	FinishedLength float64 `json:"finishedLength"`
	FinishedWidth  float64 `json:"finishedWidth"`
	CutLength      float64 `json:"cutLength"`
	CutWidth       float64 `json:"cutWidth"`
	X              float64 `json:"x"`
	Y              float64 `json:"y"`
	Rotated        bool    `json:"rotated"`
	Grain          bool    `json:"grain"`
	Banding        Banding `json:"banding"`
}

// work runs one run: idempotent, so a rescued job starts the run again from its parts.
func (s *Service) work(ctx context.Context, job jobs.Job[runArgs]) error {
	ctx = job.Args.Actor.Context(ctx)
	if job.Args.Culture != "" {
		ctx = localization.WithCulture(ctx, job.Args.Culture)
	}
	r, err := s.run(ctx, s.db, job.Args.RunID)
	if errors.Is(err, db.ErrNotFound) {
		return nil // deleted meanwhile
	}
	if err != nil {
		return err
	}
	switch {
	case r.Status == RunFinished || r.Status == RunFailed || r.Status == RunCancelled:
		return nil
	case r.CancelRequested:
		return s.endRun(ctx, r, RunCancelled, "")
	}
	now := time.Now().UTC()
	r.Status, r.StartedAt, r.Percent, r.ProgressBoards, r.BestUtilisation = RunRunning, &now, 0, 0, 0
	if err := db.UpdateStamped(ctx, s.db, r, "", "status", "started_at", "percent", "progress_boards", "best_utilisation"); err != nil {
		return err
	}
	s.pushProgress(ctx, r, progressOf(r))
	res, parts, params, machine, mats, err := s.solve(ctx, r)
	if errors.Is(err, context.Canceled) && s.cancelRequested(ctx, r.ID) {
		return s.endRun(context.WithoutCancel(ctx), r, RunCancelled, "")
	}
	if err != nil {
		if ctx.Err() != nil {
			return err // the process stops or the attempt timed out: the queue tries again
		}
		slog.WarnContext(ctx, "optimization run failed", "run", r.PlanNo, "err", err)
		return s.endRun(ctx, r, RunFailed, err.Error())
	}
	saw := Saw{BookHeight: machine.BookHeight, FeedSpeed: machine.FeedSpeed, ReturnSpeed: machine.ReturnSpeed,
		CutTime: machine.CutTime, LoadTime: machine.LoadTime}
	out := RunResult{PlanNo: r.PlanNo, Figures: FiguresOf(res, saw), Parameters: params, Machine: machine,
		LowerBound: res.LowerBound, Patterns: res.Patterns}
	for i, sh := range res.Sheets {
		rs := ResultSheet{Index: i + 1, BoardCode: sh.BoardID, Material: sh.Material, Thickness: sh.Thickness,
			Length: sh.Length, Width: sh.Width, Pattern: sh.Pattern, Utilisation: sh.Utilisation, Cuts: sh.Cuts, Offcuts: sh.Offcuts}
		for j, p := range sh.Placements {
			cp := parts[p.Part]
			rs.Parts = append(rs.Parts, ResultPart{LabelCode: LabelCode(r.PlanNo, i+1, j+1), OrderNo: cp.OrderNo, Cabinet: cp.Cabinet,
				Name: cp.Name, Code: cp.Code, FinishedLength: cp.Length, FinishedWidth: cp.Width, CutLength: p.Length, CutWidth: p.Width,
				X: p.X, Y: p.Y, Rotated: p.Rotated, Grain: cp.Grain || mats[strings.ToUpper(strings.TrimSpace(cp.MaterialCode))].Grain,
				Banding: cp.Banding})
		}
		out.Sheets = append(out.Sheets, rs)
	}
	data, err := json.Marshal(out)
	if err != nil {
		return fmt.Errorf("run result: %w", err)
	}
	mail, sendMail := s.finishedMail(ctx, r, out.Figures)
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.bookRun(ctx, tx, r.PlanNo, out, mats); err != nil {
			return err
		}
		done := time.Now().UTC()
		r.Status, r.Percent, r.Figures, r.Result, r.FinishedAt = RunFinished, 100, out.Figures, string(data), &done
		r.ProgressBoards, r.BestUtilisation, r.LowerBound = out.Figures.Boards, out.Figures.Utilisation/100, res.LowerBound
		if err := db.UpdateStamped(ctx, tx, r, "", "status", "percent", "result", "finished_at", "progress_boards",
			"best_utilisation", "lower_bound", "boards", "parts", "offcuts_kept", "parts_area", "boards_area", "offcuts_area",
			"utilisation", "waste_pct", "waste_offcut_pct", "cuts", "cycles", "saw_seconds"); err != nil {
			return err
		}
		if sendMail { // the starter hears of it exactly when the run is finished
			if err := s.finished.mail.SendTx(ctx, tx, mail); err != nil {
				return err
			}
		}
		if err := s.notifyRun(ctx, tx, r, &out.Figures); err != nil {
			return err
		}
		if _, err := db.Delete(ctx, tx, (*RunBoard)(nil)).Where("?TableAlias.run_id = ?", r.ID).Exec(ctx); err != nil {
			return fmt.Errorf("run boards: %w", err)
		}
		if boards := kanbanBoards(r.ID, out, saw, machine.Channels); len(boards) > 0 {
			for start := 0; start < len(boards); start += insertChunk {
				chunk := boards[start:min(start+insertChunk, len(boards))]
				if err := db.Insert(ctx, tx, &chunk); err != nil {
					return err
				}
			}
		}
		_, err := db.Update(ctx, tx, (*ImportFile)(nil)).Set("status = ?", ImportOptimised).
			Where("?TableAlias.id IN (SELECT import_file_id FROM opt_run_files WHERE run_id = ?)", r.ID).Exec(ctx)
		return err
	})
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		// The stock changed while the run was cut (another run took the boards): the run
		// fails with the warehouse's reason and can be started again.
		slog.WarnContext(ctx, "optimization run: stock not booked", "run", r.PlanNo, "err", err)
		return s.endRun(ctx, r, RunFailed, s.t(ctx, ue.Key, ue.Args...))
	}
	if err == nil {
		s.pushProgress(ctx, r, progressOf(r))
	}
	return err
}

// solve reads the run's parts, materials and settings and cuts them, writing progress as it
// goes and stopping when the run is cancelled.
func (s *Service) solve(ctx context.Context, r *Run) (cutting.Result, []CutPart, *ParameterSetting, *MachineSetting, map[string]PlanMaterial, error) {
	params, machine := new(ParameterSetting), new(MachineSetting)
	if err := json.Unmarshal([]byte(r.Parameters), params); err != nil {
		return cutting.Result{}, nil, nil, nil, nil, fmt.Errorf("run parameters: %w", err)
	}
	if err := json.Unmarshal([]byte(r.Machine), machine); err != nil {
		return cutting.Result{}, nil, nil, nil, nil, fmt.Errorf("run machine: %w", err)
	}
	var files []RunFile
	if err := db.Select(ctx, s.db, &files).Where("?TableAlias.run_id = ?", r.ID).OrderExpr("?TableAlias.creation_time, ?TableAlias.id").Scan(ctx); err != nil {
		return cutting.Result{}, nil, nil, nil, nil, fmt.Errorf("run files: %w", err)
	}
	var parts []CutPart
	for _, f := range files {
		rows, _, err := s.ImportFileDetails(ctx, f.ImportFileID, 0, 0)
		if err != nil {
			return cutting.Result{}, nil, nil, nil, nil, err
		}
		for i := range rows {
			parts = append(parts, rows[i].CutPart())
		}
	}
	mats, err := s.planMaterials(ctx, parts)
	if err != nil {
		return cutting.Result{}, nil, nil, nil, nil, err
	}
	if !params.UseStockOffcuts {
		for k, m := range mats {
			m.Boards = slices.DeleteFunc(m.Boards, func(b PlanBoard) bool { return b.Offcut })
			mats[k] = m
		}
	}
	boards, eparts := EngineInput(parts, mats, params.Rotate)
	stages := params.Stages
	if machine.Stages > 0 && (stages == 0 || machine.Stages < stages) {
		stages = machine.Stages
	}
	solveCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	last := time.Time{}
	report := func(p cutting.Progress) {
		mu.Lock()
		defer mu.Unlock()
		if p.Percent < 100 && time.Since(last) < progressEvery {
			return
		}
		last = time.Now()
		row := &Run{Percent: p.Percent, ProgressBoards: p.Boards, BestUtilisation: p.Utilisation, LowerBound: p.LowerBound}
		row.ID = r.ID
		if _, err := db.Update(ctx, s.db, row).Column("percent", "progress_boards", "best_utilisation", "lower_bound").
			Where("?TableAlias.id = ?", r.ID).Exec(ctx); err != nil {
			slog.WarnContext(ctx, "optimization run: progress not written", "run", r.PlanNo, "err", err)
		} else {
			pushed := progressOf(r)
			pushed.Percent, pushed.Boards, pushed.BestUtilisation, pushed.LowerBound = p.Percent, p.Boards, p.Utilisation, p.LowerBound
			s.pushProgress(ctx, r, pushed)
		}
		if s.cancelRequested(ctx, r.ID) {
			cancel()
		}
	}
	res, err := cutting.Solve(solveCtx, boards, eparts, cutting.Params{Kerf: params.Kerf, Trim: params.Trim, Stages: stages,
		FirstCut: cutting.Direction(params.FirstCut), MinOffcutLength: params.MinOffcutLength, MinOffcutWidth: params.MinOffcutWidth,
		TimeLimit: time.Duration(max(params.TimeLimitSeconds, 1)) * time.Second, Seed: seedOf(r.PlanNo), Progress: report})
	if err == nil && solveCtx.Err() != nil {
		err = solveCtx.Err()
	}
	return res, parts, params, machine, mats, err
}

// seedOf makes a run's search reproducible from its plan number.
func seedOf(planNo string) uint64 {
	n, _ := strconv.ParseUint(planNo[max(len(planNo)-11, 0):], 10, 64)
	return n
}

func (s *Service) cancelRequested(ctx context.Context, id uuid.UUID) bool {
	var flag bool
	err := db.Select(ctx, s.db, (*Run)(nil)).Column("cancel_requested").Where("?TableAlias.id = ?", id).Scan(ctx, &flag)
	return err == nil && flag
}

// endRun records a run's end without a result; a failed run's starter is told, in the same
// transaction.
func (s *Service) endRun(ctx context.Context, r *Run, status int, msg string) error {
	done := time.Now().UTC()
	r.Status, r.Error, r.FinishedAt = status, msg, &done
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := db.UpdateStamped(ctx, tx, r, "", "status", "error", "finished_at"); err != nil {
			return err
		}
		if status != RunFailed {
			return nil
		}
		return s.notifyRun(ctx, tx, r, nil)
	})
	if err == nil {
		s.pushProgress(ctx, r, progressOf(r))
	}
	return err
}
