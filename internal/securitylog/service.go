package securitylog

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

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
	store store
	now   func() time.Time
}

// NewService returns the service; now may be nil for time.Now.
func NewService(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store{db: d}, now: now}
}

// Write records e. A failure to write is logged and does not fail the caller's
// operation: a login must not break because its log row could not be stored.
func (s *Service) Write(ctx context.Context, e Event) {
	l := &Log{
		ID: db.NewID(), TenantID: e.TenantID, ApplicationName: ApplicationName, Identity: e.Identity,
		Action: e.Action, UserID: e.UserID, UserName: e.UserName, TenantName: e.TenantName,
		ClientID: e.ClientID, CreationTime: now(s.now), ExtraProperties: e.Extra,
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
	if err := s.store.insert(wctx, l); err != nil {
		slog.ErrorContext(ctx, "write security log", "err", err, "action", e.Action, "user", e.UserName)
	}
}

// ListInput filters the log.
type ListInput struct {
	StartTime, EndTime *time.Time
	Action             string
	UserName           string // a substring, without regard to case
	ClientID           string
	Identity           string
	ApplicationName    string
	CorrelationID      string
	Sorting            string // the client's sorting ("userName desc"), checked against a whitelist
	Skip, Limit        int    // Limit 0: every row
}

// List returns a page of the current tenant's rows, newest first unless Sorting says
// otherwise, and their total count. A sorting outside the whitelist is a validation
// error on "sorting".
func (s *Service) List(ctx context.Context, in ListInput) ([]Log, int, error) {
	order, err := db.Order(in.Sorting, sortable, defaultOrder)
	if err != nil {
		return nil, 0, err
	}
	return s.store.list(ctx, in, order)
}

// Get returns one row of the current tenant.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*Log, error) {
	return s.store.get(ctx, id)
}

// Delete removes one row of the current tenant.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	return s.store.remove(ctx, id)
}
