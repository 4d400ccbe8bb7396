package optimization

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
)

// ProgressPusher sends a message to users' connections on a realtime hub
// (realtime.Server.ToUsers); docs/decisions/0015, "As built: live progress".
type ProgressPusher interface {
	ToUsers(ctx context.Context, hub, method string, users []uuid.UUID, args ...any) error
}

// The hub and method a run's progress is pushed on, to the user who started it.
const (
	ProgressHub    = "notifications"
	ProgressMethod = "optimization-progress"
)

// progressOf is a run's progress as the progress call answers it.
func progressOf(r *Run) RunProgress {
	return RunProgress{ID: r.ID, PlanNo: r.PlanNo, Status: r.Status, Percent: r.Percent, Boards: r.ProgressBoards,
		BestUtilisation: r.BestUtilisation, LowerBound: r.LowerBound, Message: r.Error}
}

// pushProgress sends p to the user who started r. Best effort: a push that fails is logged
// and never fails the run. Call it outside a transaction, or inside a db.InTx one, where the
// message leaves after the commit.
func (s *Service) pushProgress(ctx context.Context, r *Run, p RunProgress) {
	if s.progress == nil || r.CreatorID == nil || *r.CreatorID == uuid.Nil {
		return
	}
	if err := s.progress.ToUsers(ctx, ProgressHub, ProgressMethod, []uuid.UUID{*r.CreatorID}, p); err != nil {
		slog.WarnContext(ctx, "optimization run: progress not pushed", "run", r.PlanNo, "err", err)
	}
}
