package optimization

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/email"
	"kerf/internal/platform/localization"
	"kerf/internal/texttemplate"
)

// MailTx queues an e-mail in the caller's transaction (email.Queued.SendTx).
type MailTx interface {
	SendTx(ctx context.Context, tx bun.IDB, msg email.Message) error
}

// Recipient answers the display name and e-mail address of a user of ctx's tenant ("" when
// the user has none); db.ErrNotFound when there is no such user.
type Recipient func(ctx context.Context, userID uuid.UUID) (name, address string, err error)

// finishedMailer sends the "optimisation finished" e-mail (Kerf.OptimizationFinished) to the
// user who started a run, in the finishing transaction. Any part missing: nothing is sent.
type finishedMailer struct {
	mail      MailTx
	templates *texttemplate.Service
	recipient Recipient
	publicURL string // config.Public: the link's origin
}

// KeyRunFinishedSubject is the subject of the "optimisation finished" e-mail.
const KeyRunFinishedSubject = "Optimization:Mail:RunFinishedSubject"

var finishedMailTexts = localization.Texts{
	KeyRunFinishedSubject: {ZhHans: "优化任务 {0} 已完成", En: "Optimisation run {0} has finished"},
}

// finishedMail is the e-mail telling the user who started r that it finished with fig, in
// the culture the run was started in; false when none is to be sent (no starter, no
// address, no sender) or it cannot be made (logged: the run finishes all the same).
func (s *Service) finishedMail(ctx context.Context, r *Run, fig Figures) (email.Message, bool) {
	f := s.finished
	if f.mail == nil || f.templates == nil || f.recipient == nil || r.CreatorID == nil {
		return email.Message{}, false
	}
	name, addr, err := f.recipient(ctx, *r.CreatorID)
	if addr = strings.TrimSpace(addr); errors.Is(err, db.ErrNotFound) || (err == nil && addr == "") {
		return email.Message{}, false
	}
	var msg email.Message
	if err == nil {
		msg, err = s.renderFinished(ctx, r, fig, name, addr)
	}
	if err != nil {
		slog.WarnContext(ctx, "optimization run: finished e-mail not sent", "run", r.PlanNo, "err", err)
		return email.Message{}, false
	}
	return msg, true
}

func (s *Service) renderFinished(ctx context.Context, r *Run, fig Figures, name, addr string) (email.Message, error) {
	link := strings.TrimRight(s.finished.publicURL, "/") + "/" + MenuGroup + "/solutions?" + url.Values{"run": {r.ID.String()}}.Encode()
	html, err := s.finished.templates.Render(ctx, texttemplate.OptimizationFinished, texttemplate.OptimizationFinishedModel{
		UserName: name, RunName: r.PlanNo, Utilisation: fmt.Sprintf("%.1f%%", fig.Utilisation), Link: link, SheetCount: fig.Boards})
	if err != nil {
		return email.Message{}, err
	}
	msg := email.Message{To: addr, Subject: s.t(ctx, KeyRunFinishedSubject, r.PlanNo), HTML: html}
	return msg, msg.Validate()
}
