package email

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Mail is one message in the development mailbox: what would have been sent, in the tenant
// it was sent in.
type Mail struct {
	bun.BaseModel `bun:"table:email_messages"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid" json:"-"`
	JobID         *int64     `bun:"job_id" json:"-"`
	To            string     `bun:"to_address,notnull" json:"to"`
	Subject       string     `bun:"subject,notnull" json:"subject"`
	HTML          string     `bun:"html,notnull,type:text" json:"html"`
	Text          string     `bun:"text,notnull,type:text" json:"text"`
	SentTime      time.Time  `bun:"sent_time,notnull" json:"sentTime"`
}

// mailboxSorting whitelists the mailbox list's orders.
var mailboxSorting = map[string]string{"sentTime": "sent_time", "to": "to_address", "subject": "subject"}

// summaryColumns are what the list answers (the bodies only with one message).
var summaryColumns = []string{"id", "tenant_id", "to_address", "subject", "sent_time"}

// ListMailInput is one page of the mailbox.
type ListMailInput struct {
	Filter  string // a part of the recipient or subject, without regard to case
	Sorting string
	Skip    int
	Limit   int
}

// deposit puts msg into the ctx tenant's mailbox; jobID (when not nil) makes a retried job
// deposit it once.
func (m *Module) deposit(ctx context.Context, msg Message, jobID *int64) error {
	row := &Mail{ID: db.NewID(), TenantID: tenancy.ID(ctx), JobID: jobID, To: msg.To, Subject: msg.Subject,
		HTML: msg.HTML, Text: msg.Text, SentTime: m.now().UTC()}
	if err := db.Insert(ctx, m.deps.DB, row); err != nil {
		if jobID != nil && errors.Is(err, db.ErrDuplicate) {
			return nil // this job's message is there already
		}
		return fmt.Errorf("mailbox: %w", err)
	}
	return nil
}

// ListMail answers a page of the ctx tenant's mailbox, newest first by default, without bodies.
func (m *Module) ListMail(ctx context.Context, in ListMailInput) ([]Mail, int, error) {
	order, err := db.Order(in.Sorting, mailboxSorting, "sent_time DESC")
	if err != nil {
		return nil, 0, err
	}
	filter := strings.ToLower(strings.TrimSpace(in.Filter))
	return db.List[Mail](ctx, m.deps.DB, db.Page{Order: order, Skip: in.Skip, Limit: in.Limit, Columns: summaryColumns},
		func(q *bun.SelectQuery) *bun.SelectQuery {
			if filter == "" {
				return q
			}
			like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(filter) + "%"
			return q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
				return q.Where(`LOWER(to_address) LIKE ? ESCAPE '\'`, like).WhereOr(`LOWER(subject) LIKE ? ESCAPE '\'`, like)
			})
		})
}

// GetMail answers one message of the ctx tenant's mailbox.
func (m *Module) GetMail(ctx context.Context, id uuid.UUID) (*Mail, error) {
	var row Mail
	if err := db.Select(ctx, m.deps.DB, &row).Where("id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, apperr.WithKey(apperr.ErrNotFound, KeyNotFound)
		}
		return nil, fmt.Errorf("mailbox: %w", err)
	}
	return &row, nil
}
