package optimization

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Run statuses (decision 0013; spec 000 §4: the solutions export takes status 2).
const (
	RunQueued    = 0
	RunRunning   = 1
	RunFinished  = 2
	RunFailed    = 3
	RunCancelled = 4
)

// Run is one optimisation run of import files: the contract's solution (table opt_runs).
type Run struct {
	bun.BaseModel `bun:"table:opt_runs,alias:r"`
	db.Entity
	PlanNo          string `bun:"plan_no,notnull" json:"planNo" doc:"OP{yyyyMMdd}{seq:3}"`
	Status          int    `bun:"status,notnull" json:"status" enum:"0,1,2,3,4" doc:"0 queued, 1 running, 2 finished, 3 failed, 4 cancelled"`
	JobID           int64  `bun:"job_id,notnull" json:"-"`
	CancelRequested bool   `bun:"cancel_requested,notnull" json:"cancelRequested"`
	Parameters      string `bun:"parameters,notnull" json:"-"` // the ParameterSetting run with, as JSON
	Machine         string `bun:"machine,notnull" json:"-"`    // the MachineSetting run with, as JSON
	Files           int    `bun:"files,notnull" json:"files"`
	Pieces          int    `bun:"pieces,notnull" json:"pieces"`
	// Progress while it runs.
	Percent         float64 `bun:"percent,notnull" json:"percent"`
	ProgressBoards  int     `bun:"progress_boards,notnull" json:"progressBoards"`
	BestUtilisation float64 `bun:"best_utilisation,notnull" json:"bestUtilisation"`
	LowerBound      int     `bun:"lower_bound,notnull" json:"lowerBound"`
	// The figures of a finished run.
	Figures
	Result     string     `bun:"result,notnull" json:"-"` // the full result, as JSON
	Error      string     `bun:"error,notnull" json:"error"`
	StartedAt  *time.Time `bun:"started_at" json:"startedAt"`
	FinishedAt *time.Time `bun:"finished_at" json:"finishedAt"`
}

// RunFile is an import file of a run (table opt_run_files).
type RunFile struct {
	bun.BaseModel `bun:"table:opt_run_files,alias:rf"`
	db.Entity
	RunID        uuid.UUID `bun:"run_id,type:uuid,notnull"`
	ImportFileID uuid.UUID `bun:"import_file_id,type:uuid,notnull"`
}

// RunProgress is a run's progress as the page polls it.
type RunProgress struct {
	ID              uuid.UUID `json:"id"`
	PlanNo          string    `json:"planNo"`
	Status          int       `json:"status"`
	Percent         float64   `json:"percent"`
	Boards          int       `json:"boards"`
	BestUtilisation float64   `json:"bestUtilisation"`
	LowerBound      int       `json:"lowerBound"`
	Message         string    `json:"message"`
}
