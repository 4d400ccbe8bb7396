package optimization

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/notifications"
	"kerf/internal/platform/localization"
)

// Notifier publishes notifications in the caller's transaction (notifications.Service).
type Notifier interface {
	PublishTx(ctx context.Context, tx bun.IDB, n notifications.Notification) error
}

// The notifications of the runs (decision 0015), to the user who started the run.
const (
	NotifyRunFinished = "Kerf.Optimization.RunFinished"
	NotifyRunFailed   = "Kerf.Optimization.RunFailed"
)

// Message keys of the notifications.
const (
	KeyNotifyFinishedTitle = "Optimization:Notify:FinishedTitle"
	KeyNotifyFinished      = "Optimization:Notify:Finished"
	KeyNotifyFailedTitle   = "Optimization:Notify:FailedTitle"
	KeyNotifyFailed        = "Optimization:Notify:Failed"
)

var notifyTexts = localization.Texts{
	KeyNotifyFinishedTitle: {ZhHans: "优化任务已完成", En: "Optimisation run finished"},
	KeyNotifyFinished:      {ZhHans: "优化任务 {0} 已完成：{1} 张板，利用率 {2}", En: "Optimisation run {0} has finished: {1} boards, utilisation {2}"},
	KeyNotifyFailedTitle:   {ZhHans: "优化任务失败", En: "Optimisation run failed"},
	KeyNotifyFailed:        {ZhHans: "优化任务 {0} 失败", En: "Optimisation run {0} failed"},
}

// Notifications are the kinds the runs send.
func (m *Module) Notifications() []notifications.Definition {
	return []notifications.Definition{
		{Name: NotifyRunFinished, AllowSubscription: true, Lifetime: notifications.Persistent,
			DisplayName: localization.Text{ZhHans: "优化完成", En: "Optimisation finished"},
			Description: localization.Text{ZhHans: "你启动的优化任务完成时", En: "When an optimisation run you started finishes"}},
		{Name: NotifyRunFailed, AllowSubscription: true, Lifetime: notifications.Persistent,
			DisplayName: localization.Text{ZhHans: "优化失败", En: "Optimisation failed"},
			Description: localization.Text{ZhHans: "你启动的优化任务失败时", En: "When an optimisation run you started fails"}},
	}
}

// notifyRun tells the user who started r, in tx, that it finished (fig its figures) or failed
// (fig nil; the run's error is the description).
func (s *Service) notifyRun(ctx context.Context, tx bun.IDB, r *Run, fig *Figures) error {
	if s.notifier == nil || r.CreatorID == nil || *r.CreatorID == uuid.Nil {
		return nil
	}
	n := notifications.Notification{Users: []uuid.UUID{*r.CreatorID}, Source: notifications.FromSystem,
		Data: map[string]any{"runId": r.ID.String(), "planNo": r.PlanNo}}
	if fig != nil {
		n.Name, n.Severity = NotifyRunFinished, notifications.Success
		n.Title = notifications.Render(ctx, s.texts, KeyNotifyFinishedTitle)
		n.Message = notifications.Render(ctx, s.texts, KeyNotifyFinished, r.PlanNo, fig.Boards, fmt.Sprintf("%.1f%%", fig.Utilisation))
	} else {
		n.Name, n.Severity = NotifyRunFailed, notifications.Error
		n.Title = notifications.Render(ctx, s.texts, KeyNotifyFailedTitle)
		n.Message = notifications.Render(ctx, s.texts, KeyNotifyFailed, r.PlanNo)
		n.Description = localization.Text{ZhHans: r.Error, En: r.Error}
	}
	if err := s.notifier.PublishTx(ctx, tx, n); err != nil {
		return fmt.Errorf("notify %s: %w", n.Name, err)
	}
	return nil
}
