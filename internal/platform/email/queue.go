package email

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/jobs"
)

// sendArgs is a queued message (job kind email.send), sent in its Actor's tenant.
type sendArgs struct {
	jobs.Actor
	Message Message `json:"message"`
}

func (sendArgs) Kind() string { return "email.send" }

// Queued is the app's Sender: Send and SendTx validate the message and queue it; the job
// delivers it (SMTP, or the development mailbox when the tenant's SMTP host is empty).
type Queued struct{ m *Module }

var _ Sender = (*Queued)(nil)

// errNoQueue is returned when the module was not given the job queue (a wiring error).
var errNoQueue = errors.New("email: no job queue")

// Send queues msg in the ctx tenant. Inside a db.InTx transaction the message is queued once
// that transaction commits (and never if it rolls back); use SendTx to queue it in the
// transaction itself, so that it cannot be lost between the commit and the queueing.
func (s *Queued) Send(ctx context.Context, msg Message) error {
	msg = msg.normalised()
	if err := msg.Validate(); err != nil {
		return err
	}
	if db.InTransaction(ctx) {
		args := sendArgs{Actor: jobs.ActorOf(ctx), Message: msg}
		db.AfterCommit(ctx, func() {
			if err := s.enqueue(context.WithoutCancel(ctx), nil, args); err != nil {
				slog.ErrorContext(ctx, "email: queue after commit", "msg", msg.String(), "err", err)
			}
		})
		return nil
	}
	return s.enqueue(ctx, nil, sendArgs{Actor: jobs.ActorOf(ctx), Message: msg})
}

// SendTx queues msg in tx, the caller's transaction: it is sent exactly when tx commits.
func (s *Queued) SendTx(ctx context.Context, tx bun.IDB, msg Message) error {
	msg = msg.normalised()
	if err := msg.Validate(); err != nil {
		return err
	}
	return s.enqueue(ctx, tx, sendArgs{Actor: jobs.ActorOf(ctx), Message: msg})
}

func (s *Queued) enqueue(ctx context.Context, tx bun.IDB, args sendArgs) error {
	if s.m.queue == nil {
		return errNoQueue
	}
	if _, err := s.m.queue.Enqueue(ctx, tx, args); err != nil {
		return fmt.Errorf("queue %s: %w", args.Message, err)
	}
	return nil
}

// work delivers one queued message in the tenant it was sent in.
func (m *Module) work(ctx context.Context, job jobs.Job[sendArgs]) error {
	ctx = job.Args.Actor.Context(ctx)
	id := job.ID
	return m.deliver(ctx, job.Args.Message, &id)
}

// Deliver sends msg now, in the ctx tenant, with its e-mailing settings: over SMTP when an
// SMTP host is set, else into the development mailbox. Callers use a Sender; this is the
// job's work, exported for tests and tools.
func (m *Module) Deliver(ctx context.Context, msg Message) error {
	return m.deliver(ctx, msg.normalised(), nil)
}

func (m *Module) deliver(ctx context.Context, msg Message, jobID *int64) error {
	cfg, err := m.smtpConfig(ctx)
	if err != nil {
		return err
	}
	if cfg.Host == "" {
		return m.deposit(ctx, msg, jobID)
	}
	if err := SendSMTP(ctx, cfg, msg); err != nil {
		return fmt.Errorf("send %s: %w", msg, err)
	}
	return nil
}

// smtpConfig reads the e-mailing settings of the ctx tenant.
func (m *Module) smtpConfig(ctx context.Context) (SMTPConfig, error) {
	s := m.deps.Settings
	var cfg SMTPConfig
	var err error
	get := func(name string) string {
		if err != nil {
			return ""
		}
		var v string
		v, err = s.Get(ctx, name)
		return strings.TrimSpace(v)
	}
	cfg.Host = get(SettingSMTPHost)
	if cfg.Host == "" || err != nil {
		return cfg, err
	}
	cfg.UserName = get(SettingSMTPUserName)
	cfg.Domain = get(SettingSMTPDomain)
	cfg.From = get(SettingFromAddress)
	cfg.FromName = get(SettingFromDisplayName)
	cfg.EnableSsl = strings.EqualFold(get(SettingSMTPEnableSsl), "true")
	cfg.UseDefaultCredentials = strings.EqualFold(get(SettingSMTPUseDefaultCredits), "true")
	if err != nil {
		return cfg, err
	}
	if cfg.Port, err = s.Int(ctx, SettingSMTPPort); err != nil {
		return cfg, err
	}
	if !cfg.UseDefaultCredentials && cfg.UserName != "" {
		if cfg.Password, err = s.Get(ctx, SettingSMTPPassword); err != nil {
			return cfg, err
		}
	}
	cfg.TLS = m.deps.SMTPTLS
	return cfg, nil
}
