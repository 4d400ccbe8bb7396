package securitylog

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
)

// Event is what a caller knows about one security event.
type Event struct {
	Identity   string // IdentityToken or IdentityAccount
	Action     string
	UserID     *uuid.UUID
	UserName   string
	TenantID   *uuid.UUID // the tenant the event happened in; nil for the host
	TenantName string
	ClientID   string
	Request    *http.Request // source of IP, browser and correlation id; may be nil
	Extra      map[string]any
}

// Service writes and reads security log rows.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// NewService returns the service; now may be nil for time.Now.
func NewService(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: now}
}

// Write records e. A failure to write is logged and does not fail the caller's
// operation: a login must not break because its log row could not be stored.
func (s *Service) Write(ctx context.Context, e Event) {
	l := &Log{
		ID: db.NewID(), TenantID: e.TenantID, ApplicationName: ApplicationName, Identity: e.Identity,
		Action: e.Action, UserID: e.UserID, UserName: e.UserName, TenantName: e.TenantName,
		ClientID: e.ClientID, CreationTime: s.now().UTC().Truncate(time.Microsecond), ExtraProperties: e.Extra,
	}
	if l.ExtraProperties == nil {
		l.ExtraProperties = map[string]any{}
	}
	if r := e.Request; r != nil {
		l.ClientIPAddress = audit.ClientIP(r)
		l.BrowserInfo = r.UserAgent()
		if len(l.BrowserInfo) > maxBrowserLength {
			l.BrowserInfo = l.BrowserInfo[:maxBrowserLength]
		}
		l.CorrelationID = r.Header.Get("X-Correlation-Id")
	}
	// Detached from the request: a client that hangs up must not erase the trace.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := db.Insert(wctx, s.db, l); err != nil {
		slog.ErrorContext(ctx, "write security log", "err", err, "action", e.Action, "user", e.UserName)
	}
}

// ListInput filters the log.
type ListInput struct {
	StartTime, EndTime *time.Time
	Action             string
	UserName           string
	ClientID           string
	Identity           string
	ApplicationName    string
	CorrelationID      string
	Sorting            string // an ORDER BY built by httpapi.Sorting
	Skip, Limit        int
}

// List returns a page of the current tenant's rows and their total count.
func (s *Service) List(ctx context.Context, in ListInput) ([]Log, int, error) {
	var rows []Log
	q := db.Select(ctx, s.db, &rows)
	if in.StartTime != nil {
		q = q.Where("creation_time >= ?", in.StartTime.UTC())
	}
	if in.EndTime != nil {
		q = q.Where("creation_time <= ?", in.EndTime.UTC())
	}
	for col, v := range map[string]string{"action": in.Action, "client_id": in.ClientID, "identity": in.Identity,
		"application_name": in.ApplicationName, "correlation_id": in.CorrelationID} {
		if v = strings.TrimSpace(v); v != "" {
			q = q.Where("? = ?", bun.Ident(col), v)
		}
	}
	if v := strings.TrimSpace(in.UserName); v != "" {
		q = q.Where("LOWER(user_name) LIKE ?", "%"+strings.ToLower(v)+"%")
	}
	if in.Sorting == "" {
		in.Sorting = "creation_time DESC"
	}
	n, err := q.OrderExpr(in.Sorting).Offset(int64(in.Skip)).Limit(int64(in.Limit)).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("list security logs: %w", err)
	}
	if rows == nil {
		rows = []Log{}
	}
	return rows, int(n), nil
}

// Get returns one row of the current tenant.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*Log, error) {
	l := new(Log)
	err := db.Select(ctx, s.db, l).Where("?TableAlias.id = ?", id).Scan(ctx)
	return l, db.NotFound(err, "security log")
}

// Delete removes one row of the current tenant.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	res, err := db.Delete(ctx, s.db, (*Log)(nil)).Where("?TableAlias.id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete security log: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("security log %s: %w", id, db.ErrNotFound)
	}
	return nil
}
