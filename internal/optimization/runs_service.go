package optimization

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/jobs"
	"kerf/internal/platform/localization"
)

// Message keys of the runs.
const (
	KeyRunNoFiles      = "Optimization:RunNoFiles"
	KeyRunProblems     = "Optimization:RunProblems"
	KeyRunNoParameters = "Optimization:RunNoParameters"
	KeyRunNoMachine    = "Optimization:RunNoMachine"
	KeyRunNotFound     = "Optimization:RunNotFound"
	KeyRunNotRunning   = "Optimization:RunNotRunning"
	KeyRunNotFinished  = "Optimization:RunNotFinished"
	KeyRunNoQueue      = "Optimization:RunNoQueue"
)

var runTexts = localization.Texts{
	KeyRunNoFiles:      {ZhHans: "请选择要优化的导入文件", En: "Choose the import files to optimise"},
	KeyRunProblems:     {ZhHans: "“{0}”有 {1} 个问题，请先处理：{2}", En: "“{0}” has {1} problems to fix first: {2}"},
	KeyRunNoParameters: {ZhHans: "没有优化参数，请先设置", En: "There are no optimise parameters; set them up first"},
	KeyRunNoMachine:    {ZhHans: "没有锯参数，请先设置", En: "There is no saw; set one up first"},
	KeyRunNotFound:     {ZhHans: "优化方案不存在", En: "The run does not exist"},
	KeyRunNotRunning:   {ZhHans: "方案已结束，不能取消", En: "The run has ended and cannot be cancelled"},
	KeyRunNotFinished:  {ZhHans: "方案尚未完成", En: "The run has not finished"},
	KeyRunNoQueue:      {ZhHans: "任务队列不可用", En: "The job queue is not available"},
}

// runArgs is the job of a run.
type runArgs struct {
	jobs.Actor
	RunID uuid.UUID `json:"runId"`
	// Culture is the starter's language (the finished e-mail's, the failure message's).
	Culture string `json:"culture,omitempty"`
}

func (runArgs) Kind() string { return "optimization.run" }

// StartRunInput is the body of POST import-files/optimization.
type StartRunInput struct {
	ImportFileIDs              []uuid.UUID `json:"importFileIds"`
	OptimizeParameterSettingID *uuid.UUID  `json:"optimizeParameterSettingId,omitempty" doc:"Absent: the default"`
	MachineParameterSettingID  *uuid.UUID  `json:"machineParameterSettingId,omitempty" doc:"Absent: the default"`
}

// StartRun verifies the files, then makes the run (its plan number, its files, the settings
// it runs with) and queues its job in one transaction. Any file with problems refuses the run.
func (s *Service) StartRun(ctx context.Context, in StartRunInput) (*Run, error) {
	if s.jobs == nil {
		return nil, apperr.User(KeyRunNoQueue)
	}
	ids := uniqueIDs(in.ImportFileIDs)
	if len(ids) == 0 {
		return nil, apperr.User(KeyRunNoFiles)
	}
	pieces := 0
	for _, id := range ids {
		f, err := s.importFile(ctx, s.db, id)
		if err != nil {
			return nil, err
		}
		v, err := s.VerifyImportFile(ctx, id)
		if err != nil {
			return nil, err
		}
		if !v.OK {
			var msgs []string
			for _, p := range v.Problems[:min(len(v.Problems), 3)] {
				msgs = append(msgs, fmt.Sprintf("%d: %s", p.Row, p.Message))
			}
			return nil, apperr.User(KeyRunProblems, f.FileName, len(v.Problems), strings.Join(msgs, "; "))
		}
		pieces += f.Pieces
	}
	if err := feature.CheckLimit(ctx, FeatureMaxPartsPerRun, pieces); err != nil {
		return nil, err // over the tenant's parts-per-run limit: a localised 400
	}
	params, err := s.runParameters(ctx, in.OptimizeParameterSettingID)
	if err != nil {
		return nil, err
	}
	machine, err := s.runMachine(ctx, in.MachineParameterSettingID)
	if err != nil {
		return nil, err
	}
	pj, _ := json.Marshal(params)
	mj, _ := json.Marshal(machine)
	run := &Run{Status: RunQueued, Parameters: string(pj), Machine: string(mj), Files: len(ids), Pieces: pieces}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		no, err := nextPlanNo(ctx, tx)
		if err != nil {
			return err
		}
		run.ID, run.PlanNo = db.NewID(), no
		if err := db.Insert(ctx, tx, run); err != nil {
			return err
		}
		files := make([]RunFile, len(ids))
		for i, id := range ids {
			files[i] = RunFile{RunID: run.ID, ImportFileID: id}
		}
		if err := db.Insert(ctx, tx, &files); err != nil {
			return err
		}
		job, err := s.jobs.Enqueue(ctx, tx, runArgs{Actor: jobs.ActorOf(ctx), RunID: run.ID, Culture: localization.CultureFrom(ctx)})
		if err != nil {
			return err
		}
		run.JobID = job
		return db.UpdateStamped(ctx, tx, run, "", "job_id")
	})
	if err != nil {
		return nil, fmt.Errorf("start run: %w", err)
	}
	return run, nil
}

func uniqueIDs(in []uuid.UUID) []uuid.UUID {
	seen := map[uuid.UUID]bool{}
	var out []uuid.UUID
	for _, id := range in {
		if id != uuid.Nil && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func (s *Service) runParameters(ctx context.Context, id *uuid.UUID) (*ParameterSetting, error) {
	var p *ParameterSetting
	var err error
	if id != nil {
		p, err = s.Parameters(ctx, *id)
	} else {
		p, err = s.DefaultParameters(ctx)
	}
	if errors.Is(err, db.ErrNotFound) && id == nil || err == nil && p == nil {
		return nil, apperr.User(KeyRunNoParameters)
	}
	return p, err
}

func (s *Service) runMachine(ctx context.Context, id *uuid.UUID) (*MachineSetting, error) {
	var m *MachineSetting
	var err error
	if id != nil {
		m, err = s.Machine(ctx, *id)
	} else {
		m, err = s.DefaultMachine(ctx)
	}
	if errors.Is(err, db.ErrNotFound) && id == nil || err == nil && m == nil {
		return nil, apperr.User(KeyRunNoMachine)
	}
	return m, err
}

// nextPlanNo numbers a run OP{yyyyMMdd}{seq:3} per tenant and day, under a lock in tx.
func nextPlanNo(ctx context.Context, tx bun.Tx) (string, error) {
	if err := db.LockInTx(ctx, tx, "optimization.plan_no"); err != nil {
		return "", err
	}
	prefix := "OP" + time.Now().Format("20060102")
	n, err := db.Select(db.WithDeleted(ctx), tx, (*Run)(nil)).Where("?TableAlias.plan_no LIKE ?", prefix+"%").Count(ctx)
	if err != nil {
		return "", fmt.Errorf("plan number: %w", err)
	}
	return fmt.Sprintf("%s%03d", prefix, n+1), nil
}

func (s *Service) run(ctx context.Context, idb bun.IDB, id uuid.UUID) (*Run, error) {
	r := new(Run)
	if err := db.Select(ctx, idb, r).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, apperr.WithKey(db.NotFound(err, "run"), KeyRunNotFound)
	}
	return r, nil
}

// Progress answers the runs' progress (ids of the current tenant; unknown ones are left out).
func (s *Service) Progress(ctx context.Context, ids []uuid.UUID) ([]RunProgress, error) {
	ids = uniqueIDs(ids)
	out := []RunProgress{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Run
	if err := db.Select(ctx, s.db, &rows).ExcludeColumn("result").Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("run progress: %w", err)
	}
	for i := range rows {
		out = append(out, progressOf(&rows[i]))
	}
	return out, nil
}

// RunQuery selects runs.
type RunQuery struct {
	Status    *int
	PlanNo    string
	From, To  *time.Time
	Sorting   string
	Skip, Max int
}

var runSorting = map[string]string{
	"creationtime": "?TableAlias.creation_time",
	"status":       "?TableAlias.status",
	"utilisation":  "?TableAlias.utilisation",
}

// ListRuns answers a page of runs (without their results), newest first by default.
func (s *Service) ListRuns(ctx context.Context, q RunQuery) ([]Run, int, error) {
	order, err := db.Order(q.Sorting, runSorting, "?TableAlias.creation_time DESC")
	if err != nil {
		return nil, 0, err
	}
	if q.Max <= 0 || q.Max > 1000 {
		q.Max = 20
	}
	return db.List[Run](ctx, s.db, db.Page{Order: order, Skip: max(q.Skip, 0), Limit: q.Max,
		Shape: func(sq *bun.SelectQuery) *bun.SelectQuery { return sq.ExcludeColumn("result") }},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			if q.Status != nil {
				sq = sq.Where("?TableAlias.status = ?", *q.Status)
			}
			if q.From != nil {
				sq = sq.Where("?TableAlias.creation_time >= ?", *q.From)
			}
			if q.To != nil {
				sq = sq.Where("?TableAlias.creation_time < ?", *q.To)
			}
			return db.WhereContains(sq, q.PlanNo, "?TableAlias.plan_no")
		})
}

// ResultJSON answers a finished run's full result.
func (s *Service) ResultJSON(ctx context.Context, id uuid.UUID) (*Run, []byte, error) {
	r, err := s.run(ctx, s.db, id)
	if err != nil {
		return nil, nil, err
	}
	if r.Status != RunFinished {
		return nil, nil, apperr.User(KeyRunNotFinished)
	}
	return r, []byte(r.Result), nil
}

// CancelRun asks a queued or running run to stop: its job is cancelled and the run, when it
// next reports progress, ends as cancelled (a queued one at once).
func (s *Service) CancelRun(ctx context.Context, id uuid.UUID) (*Run, error) {
	var out *Run
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.run(ctx, tx, id)
		if err != nil {
			return err
		}
		if r.Status != RunQueued && r.Status != RunRunning {
			return apperr.User(KeyRunNotRunning)
		}
		r.CancelRequested = true
		cols := []string{"cancel_requested"}
		if r.Status == RunQueued {
			now := time.Now().UTC()
			r.Status, r.FinishedAt = RunCancelled, &now
			cols = append(cols, "status", "finished_at")
		}
		if err := db.UpdateStamped(ctx, tx, r, "", cols...); err != nil {
			return err
		}
		out = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	if out.Status == RunCancelled {
		s.pushProgress(ctx, out, progressOf(out))
	}
	if s.jobs != nil && out.JobID != 0 {
		if err := s.jobs.Cancel(ctx, out.JobID); err != nil && !errors.Is(err, db.ErrNotFound) {
			return nil, err
		}
	}
	return out, nil
}
