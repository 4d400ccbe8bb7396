// Package audit records every API request (who, in which tenant, what, how it ended) in
// the audit_logs table. Rows are written by a background writer so a request never
// waits for its own audit row.
package audit

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Log is one recorded request.
type Log struct {
	bun.BaseModel        `bun:"table:audit_logs"`
	ID                   uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	TenantID             *uuid.UUID `bun:"tenant_id,type:uuid" json:"tenantId"`
	TenantName           string     `bun:"tenant_name" json:"tenantName"`
	UserID               *uuid.UUID `bun:"user_id,type:uuid" json:"userId"`
	UserName             string     `bun:"user_name" json:"userName"`
	ImpersonatorUserID   *uuid.UUID `bun:"impersonator_user_id,type:uuid" json:"impersonatorUserId"`
	ImpersonatorTenantID *uuid.UUID `bun:"impersonator_tenant_id,type:uuid" json:"impersonatorTenantId"`
	ClientID             string     `bun:"client_id" json:"clientId"`
	ExecutionTime        time.Time  `bun:"execution_time,notnull" json:"executionTime"`
	ExecutionDuration    int        `bun:"execution_duration,notnull" json:"executionDuration"`
	ClientIPAddress      string     `bun:"client_ip_address" json:"clientIpAddress"`
	BrowserInfo          string     `bun:"browser_info" json:"browserInfo"`
	HTTPMethod           string     `bun:"http_method" json:"httpMethod"`
	URL                  string     `bun:"url" json:"url"`
	HTTPStatusCode       int        `bun:"http_status_code" json:"httpStatusCode"`
	Exceptions           string     `bun:"exceptions" json:"exceptions"`
}

// Migrations creates the audit log table.
var Migrations = []db.Migration{{
	ID: "audit/0001_audit_logs",
	Up: db.Steps(
		db.CreateTables((*Log)(nil)),
		db.CreateIndexes(db.Index{Table: "audit_logs", Name: "ix_audit_logs_time", Columns: []string{"tenant_id", "execution_time"}}),
	),
}}

type holder struct {
	mu  sync.Mutex
	err error
}

type holderKey struct{}

// SetException records err as the exception of the current request.
func SetException(ctx context.Context, err error) {
	if h, ok := ctx.Value(holderKey{}).(*holder); ok && err != nil {
		h.mu.Lock()
		h.err = err
		h.mu.Unlock()
	}
}

// Writer collects rows and writes them in batches.
type Writer struct {
	db     *db.DB
	rows   chan *Log
	flush  chan chan struct{}
	done   chan struct{}
	closed sync.Once
}

// NewWriter returns a writer; call Run to start it and Close to flush and stop.
func NewWriter(d *db.DB) *Writer {
	return &Writer{db: d, rows: make(chan *Log, 4096), flush: make(chan chan struct{}), done: make(chan struct{})}
}

// Run writes rows until Close.
func (w *Writer) Run() {
	defer close(w.done)
	batch := make([]*Log, 0, 512)
	flush := func() {
		if len(batch) == 0 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if _, err := w.db.NewInsert().Model(&batch).Exec(ctx); err != nil {
			slog.Error("write audit logs", "err", err, "rows", len(batch))
		}
		cancel()
		batch = batch[:0]
	}
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case l, ok := <-w.rows:
			if !ok {
				flush()
				return
			}
			batch = append(batch, l)
			if len(batch) == cap(batch) {
				flush()
			}
		case <-tick.C:
			flush()
		case ack := <-w.flush:
			for drained := false; !drained; {
				select {
				case l := <-w.rows:
					batch = append(batch, l)
				default:
					drained = true
				}
			}
			flush()
			close(ack)
		}
	}
}

// Flush writes every row queued so far before returning.
func (w *Writer) Flush() {
	ack := make(chan struct{})
	select {
	case w.flush <- ack:
		<-ack
	case <-w.done:
	}
}

// Close flushes pending rows and stops the writer; closing twice is harmless.
func (w *Writer) Close() {
	w.closed.Do(func() {
		close(w.rows)
		<-w.done
	})
}

// add queues a row. A full queue slows the request down (up to two seconds) rather than
// losing the row; only a database that stays stuck longer loses rows, with a warning.
func (w *Writer) add(l *Log) {
	select {
	case w.rows <- l:
		return
	default:
	}
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case w.rows <- l:
	case <-t.C:
		slog.Warn("audit log queue full for 2s; row dropped", "url", l.URL)
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Middleware records every request under /api and /connect. It must run inside the
// authentication and tenant middlewares so that it sees the caller; it reads them after
// the handler returns.
func (w *Writer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") && !strings.HasPrefix(r.URL.Path, "/connect/") || r.Method == http.MethodOptions {
			next.ServeHTTP(rw, r)
			return
		}
		h := &holder{}
		start := time.Now()
		sw := &statusWriter{ResponseWriter: rw}
		ctx := context.WithValue(r.Context(), holderKey{}, h)
		var seen *http.Request
		next.ServeHTTP(sw, r.WithContext(context.WithValue(ctx, seenKey{}, &seen)))
		reqCtx := ctx
		if seen != nil {
			reqCtx = seen.Context()
		}
		l := &Log{
			ID:                db.NewID(),
			ExecutionTime:     start.UTC(),
			ExecutionDuration: int(time.Since(start).Milliseconds()),
			ClientIPAddress:   clientIP(r),
			BrowserInfo:       truncate(r.UserAgent(), 512),
			HTTPMethod:        r.Method,
			URL:               truncate(r.URL.RequestURI(), 1024),
			HTTPStatusCode:    sw.status,
		}
		t := tenancy.FromContext(reqCtx)
		l.TenantID, l.TenantName = t.ID, t.Name
		if p := auth.FromContext(reqCtx); p != nil {
			if p.UserID != uuid.Nil {
				id := p.UserID
				l.UserID = &id
			}
			l.UserName, l.ClientID = p.UserName, p.ClientID
			l.ImpersonatorUserID, l.ImpersonatorTenantID = p.ImpersonatorUserID, p.ImpersonatorTenantID
		}
		h.mu.Lock()
		if h.err != nil {
			l.Exceptions = truncate(fmt.Sprint(h.err), 4000)
		}
		h.mu.Unlock()
		w.add(l)
	})
}

type seenKey struct{}

// Seen lets the innermost middleware hand its request (with caller and tenant) back to
// the audit middleware.
func Seen(r *http.Request) {
	if p, ok := r.Context().Value(seenKey{}).(**http.Request); ok {
		*p = r
	}
}

// ClientIP returns the caller's address as the audit log records it: the first
// X-Forwarded-For entry when present, else the connection's remote address.
func ClientIP(r *http.Request) string { return clientIP(r) }

func clientIP(r *http.Request) string {
	if f := r.Header.Get("X-Forwarded-For"); f != "" {
		return strings.TrimSpace(strings.Split(f, ",")[0])
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
