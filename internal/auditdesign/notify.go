package auditdesign

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

// The notifications of the design review (decision 0015).
const (
	NotifyAssigned = "Kerf.AuditDesign.Assigned" // a sheet assigned (or transferred) to you
	NotifyReturned = "Kerf.AuditDesign.Returned" // your order's sheet sent back or rejected
	NotifyPassed   = "Kerf.AuditDesign.Passed"   // your order's sheet passed
)

// Message keys of the notifications.
const (
	KeyNotifyAssignedTitle = "AuditDesign:Notify:AssignedTitle"
	KeyNotifyAssigned      = "AuditDesign:Notify:Assigned"
	KeyNotifyReturnedTitle = "AuditDesign:Notify:ReturnedTitle"
	KeyNotifySentBack      = "AuditDesign:Notify:SentBack"
	KeyNotifyRejected      = "AuditDesign:Notify:Rejected"
	KeyNotifyPassedTitle   = "AuditDesign:Notify:PassedTitle"
	KeyNotifyPassed        = "AuditDesign:Notify:Passed"
)

var notifyTexts = localization.Texts{
	KeyNotifyAssignedTitle: {ZhHans: "有审核单分配给你", En: "A review sheet was assigned to you"},
	KeyNotifyAssigned:      {ZhHans: "{0} 把审核单“{1}”分配给了你", En: "{0} assigned the review sheet “{1}” to you"},
	KeyNotifyReturnedTitle: {ZhHans: "你的审核单被退回", En: "Your review sheet was sent back"},
	KeyNotifySentBack:      {ZhHans: "{0} 退回了审核单“{1}”", En: "{0} sent back the review sheet “{1}”"},
	KeyNotifyRejected:      {ZhHans: "{0} 驳回了审核单“{1}”", En: "{0} rejected the review sheet “{1}”"},
	KeyNotifyPassedTitle:   {ZhHans: "你的审核单已通过", En: "Your review sheet passed"},
	KeyNotifyPassed:        {ZhHans: "{0} 通过了审核单“{1}”", En: "{0} passed the review sheet “{1}”"},
}

// Notifications are the kinds the design review sends.
func (m *Module) Notifications() []notifications.Definition {
	def := func(name, zh, en, dzh, den string) notifications.Definition {
		return notifications.Definition{Name: name, AllowSubscription: true, Lifetime: notifications.Persistent,
			DisplayName: localization.Text{ZhHans: zh, En: en}, Description: localization.Text{ZhHans: dzh, En: den}}
	}
	return []notifications.Definition{
		def(NotifyAssigned, "审核单分配", "Review sheet assigned", "有审核单分配或转交给你时", "When a review sheet is assigned or handed to you"),
		def(NotifyReturned, "审核单退回", "Review sheet sent back", "你的订单的审核单被退回或驳回时", "When a review sheet of your order is sent back or rejected"),
		def(NotifyPassed, "审核单通过", "Review sheet passed", "你的订单的审核单通过时", "When a review sheet of your order passes"),
	}
}

// notify tells whom act on a concerns, in tx: the assignee of an assign or transfer, the
// order's creator of a send back, reject or pass; never the actor themself.
func (s *Service) notify(ctx context.Context, tx bun.IDB, act Action, a *AuditDesign, actor uuid.UUID, actorName, comment string) error {
	if s.notifier == nil {
		return nil
	}
	var (
		to             *uuid.UUID
		name, titleKey string
		msgKey         string
		severity       = notifications.Info
	)
	switch act {
	case ActAssign, ActTransfer:
		to, name, titleKey, msgKey = a.ClaimedBy, NotifyAssigned, KeyNotifyAssignedTitle, KeyNotifyAssigned
	case ActSendBack:
		to, name, titleKey, msgKey, severity = a.OrderCreatorID, NotifyReturned, KeyNotifyReturnedTitle, KeyNotifySentBack, notifications.Warn
	case ActReject:
		to, name, titleKey, msgKey, severity = a.OrderCreatorID, NotifyReturned, KeyNotifyReturnedTitle, KeyNotifyRejected, notifications.Warn
	case ActPass:
		to, name, titleKey, msgKey, severity = a.OrderCreatorID, NotifyPassed, KeyNotifyPassedTitle, KeyNotifyPassed, notifications.Success
	default:
		return nil
	}
	if to == nil || *to == uuid.Nil || *to == actor {
		return nil
	}
	n := notifications.Notification{Name: name, Users: []uuid.UUID{*to}, Severity: severity, Source: notifications.FromApplication,
		Title:       notifications.Render(ctx, s.texts, titleKey),
		Message:     notifications.Render(ctx, s.texts, msgKey, actorName, a.label()),
		Description: localization.Text{ZhHans: comment, En: comment},
		Data:        map[string]any{"auditDesignId": a.ID.String(), "salesOrderId": a.SalesOrderID.String(), "salesOrderNo": a.SalesOrderNo}}
	if err := s.notifier.PublishTx(ctx, tx, n); err != nil {
		return fmt.Errorf("notify %s: %w", name, err)
	}
	return nil
}
