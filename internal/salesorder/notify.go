package salesorder

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/notifications"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/localization"
)

// Notifier publishes notifications in the caller's transaction (notifications.Service).
type Notifier interface {
	PublishTx(ctx context.Context, tx bun.IDB, n notifications.Notification) error
}

// NotifyStatusChanged tells an order's creator that its status moved (decision 0015).
const NotifyStatusChanged = "Kerf.SalesOrder.StatusChanged"

// Message keys of the notification.
const (
	KeyNotifyStatusTitle = "SalesOrder:Notify:StatusTitle"
	KeyNotifyStatus      = "SalesOrder:Notify:Status"
)

var notifyTexts = localization.Texts{
	KeyNotifyStatusTitle: {ZhHans: "订单状态变更", En: "Order status changed"},
	KeyNotifyStatus:      {ZhHans: "{0} 把订单 {1} 从“{2}”改为“{3}”", En: "{0} moved order {1} from {2} to {3}"},
}

// Notifications are the kinds the sales orders send.
func (m *Module) Notifications() []notifications.Definition {
	return []notifications.Definition{{Name: NotifyStatusChanged, AllowSubscription: true, Lifetime: notifications.Persistent,
		DisplayName: localization.Text{ZhHans: "订单状态变更", En: "Order status changed"},
		Description: localization.Text{ZhHans: "你创建的订单状态变化时", En: "When an order you created changes status"}}}
}

// notifyStatus tells o's creator, in tx, that o moved from one status to another, unless the
// creator moved it.
func (s *Service) notifyStatus(ctx context.Context, tx bun.IDB, o *SalesOrder, from, to Status, actorName, comment string) error {
	if s.notifier == nil || o.CreatorID == nil || *o.CreatorID == uuid.Nil {
		return nil
	}
	if me := auth.UserID(ctx); me != nil && *me == *o.CreatorID {
		return nil
	}
	severity := notifications.Info
	if to == StatusCancelled {
		severity = notifications.Warn
	}
	n := notifications.Notification{Name: NotifyStatusChanged, Users: []uuid.UUID{*o.CreatorID}, Severity: severity,
		Title:       notifications.Render(ctx, s.texts, KeyNotifyStatusTitle),
		Message:     notifications.Render(ctx, s.texts, KeyNotifyStatus, actorName, o.SalesOrderID, texts[statusKey(from)], texts[statusKey(to)]),
		Description: localization.Text{ZhHans: comment, En: comment},
		Data:        map[string]any{"salesOrderId": o.ID.String(), "salesOrderNo": o.SalesOrderID, "status": int(to)}}
	if err := s.notifier.PublishTx(ctx, tx, n); err != nil {
		return fmt.Errorf("notify %s: %w", NotifyStatusChanged, err)
	}
	return nil
}
