// Package audit records API requests (who, in which tenant, what, how it ended) in the
// audit_logs table: every write, and reads (GET, HEAD) only when they fail, when they
// recorded an entity change, or when reads are audited by configuration (ABP's convention).
// Each log has the operation that ran (audit_log_actions) and the entity changes its writes
// made (audit_log_entity_changes and audit_log_property_changes, computed by platform/db and
// stored by Recorder in the transaction of the write). Log rows are written by a background
// writer so a request never waits for its own audit row. Tokens and secrets in a URL's query are
// recorded as "***". The caller's address comes from the context, where the HTTP edge put
// what it resolved through the trusted proxies.
package audit

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
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
	ApplicationName      string     `bun:"application_name,notnull" json:"applicationName"`
	CorrelationID        string     `bun:"correlation_id,notnull" json:"correlationId"`

	action *Action // written with the log
}

// ApplicationName is the application every log row names (ABP's applicationName).
const ApplicationName = "Kerf"

// holder is what the middleware shares with the request: the log's id (set before the
// handler runs, so entity changes can name it), the failure, whether an entity change
// committed, and the operation that ran.
type holder struct {
	id      uuid.UUID
	mu      sync.Mutex
	err     error
	changed bool
	action  *Action
}

type holderKey struct{}

func holderOf(ctx context.Context) *holder {
	h, _ := ctx.Value(holderKey{}).(*holder)
	return h
}

// LogID answers the id the audit log of ctx's request has (or will have once written),
// or nil outside an audited request.
func LogID(ctx context.Context) *uuid.UUID {
	if h := holderOf(ctx); h != nil {
		id := h.id
		return &id
	}
	return nil
}

// markChanged notes that an entity change of ctx's request committed: its log is written
// even when the request is a read.
func markChanged(ctx context.Context) {
	if h := holderOf(ctx); h != nil {
		h.mu.Lock()
		h.changed = true
		h.mu.Unlock()
	}
}

// SetException records err as the exception of the current request.
func SetException(ctx context.Context, err error) {
	if h := holderOf(ctx); h != nil && err != nil {
		h.mu.Lock()
		h.err = err
		h.mu.Unlock()
	}
}

// Writer collects rows and writes them in batches.
type Writer struct {
	db     *db.DB
	reads  bool // successful GET and HEAD requests are recorded too
	rows   chan *Log
	flush  chan chan struct{}
	stop   chan struct{} // closed by Close; rows is never closed, so a late request cannot panic
	done   chan struct{}
	closed sync.Once
}

// NewWriter returns a writer; call Run to start it and Close to flush and stop. With
// auditReads, successful GET and HEAD requests are recorded too (failed ones always are).
func NewWriter(d *db.DB, auditReads bool) *Writer {
	return &Writer{db: d, reads: auditReads, rows: make(chan *Log, 4096), flush: make(chan chan struct{}),
		stop: make(chan struct{}), done: make(chan struct{})}
}

// Run writes rows until Close.
func (w *Writer) Run() {
	defer close(w.done)
	batch := make([]*Log, 0, 512)
	flush := func() {
		if len(batch) == 0 {
			return
		}
		w.write(batch)
		batch = batch[:0]
	}
	drain := func() {
		for {
			select {
			case l := <-w.rows:
				batch = append(batch, l)
			default:
				return
			}
		}
	}
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-w.stop:
			drain()
			flush()
			return
		case l := <-w.rows:
			batch = append(batch, l)
			if len(batch) == cap(batch) {
				flush()
			}
		case <-tick.C:
			flush()
		case ack := <-w.flush:
			drain()
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
		close(w.stop)
		<-w.done
	})
}

// write inserts a batch and its actions in one transaction, trying again twice when the
// database fails (a connection that died mid-insert): ids are set before the first try, so a
// batch that did land is not written twice.
func (w *Writer) write(batch []*Log) {
	var err error
	for try, pause := 0, 100*time.Millisecond; try < 3; try, pause = try+1, pause*5 {
		if try > 0 {
			time.Sleep(pause)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = w.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if _, err := tx.NewInsert().Model(&batch).On("CONFLICT (id) DO NOTHING").Exec(ctx); err != nil {
				return err
			}
			var actions []*Action
			for _, l := range batch {
				if l.action != nil {
					actions = append(actions, l.action)
				}
			}
			if len(actions) == 0 {
				return nil
			}
			_, err := tx.NewInsert().Model(&actions).On("CONFLICT (id) DO NOTHING").Exec(ctx)
			return err
		})
		cancel()
		if err == nil {
			return
		}
	}
	slog.Error("write audit logs", "err", err, "rows", len(batch))
}

// add queues a row. A full queue slows the request down (up to two seconds) rather than
// losing the row; only a database that stays stuck longer loses rows, with a warning.
func (w *Writer) add(l *Log) {
	select {
	case w.rows <- l:
		return
	case <-w.stop:
		slog.Warn("audit log closed; row of a request that outlived the server dropped", "url", l.URL)
		return
	default:
	}
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case w.rows <- l:
	case <-w.stop:
		slog.Warn("audit log closed; row of a request that outlived the server dropped", "url", l.URL)
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

// Middleware records the requests under /api and /connect: every write, a read when it
// failed, recorded an entity change, or reads are audited. The request's context carries
// the id its log will have (LogID) before the handler runs, so the entity changes of its
// writes name it. It must run outside the authentication and tenant middlewares; it reads
// the caller they found after the handler returns.
func (w *Writer) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") && !strings.HasPrefix(r.URL.Path, "/connect/") || r.Method == http.MethodOptions {
			next.ServeHTTP(rw, r)
			return
		}
		h := &holder{id: db.NewID()}
		start := time.Now()
		sw := &statusWriter{ResponseWriter: rw}
		ctx := context.WithValue(r.Context(), holderKey{}, h)
		var seen *http.Request
		next.ServeHTTP(sw, r.WithContext(context.WithValue(ctx, seenKey{}, &seen)))
		h.mu.Lock()
		failed, changed, action := h.err, h.changed, h.action
		h.mu.Unlock()
		if isRead(r.Method) && !w.reads && failed == nil && !changed && sw.status < http.StatusInternalServerError {
			return
		}
		reqCtx := ctx
		if seen != nil {
			reqCtx = seen.Context()
		}
		l := &Log{
			ID:                h.id,
			ApplicationName:   ApplicationName,
			CorrelationID:     truncate(r.Header.Get("X-Correlation-Id"), 64),
			ExecutionTime:     start.UTC(),
			ExecutionDuration: int(time.Since(start).Milliseconds()),
			ClientIPAddress:   clientIP(r),
			BrowserInfo:       truncate(r.UserAgent(), 512),
			HTTPMethod:        r.Method,
			URL:               truncate(RedactURL(r.URL), 1024),
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
		if failed != nil {
			l.Exceptions = truncate(fmt.Sprint(failed), 4000)
		}
		if action != nil {
			action.ID, action.AuditLogID, action.TenantID = db.NewID(), l.ID, l.TenantID
			if action.params != nil {
				action.Parameters = action.params()
			}
			l.action = action
		}
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

func isRead(method string) bool { return method == http.MethodGet || method == http.MethodHead }

// secretParams are query parameters whose values are never recorded.
var secretParams = map[string]bool{
	"token": true, "access_token": true, "refresh_token": true, "code": true, "password": true,
	"client_secret": true, "id_token_hint": true,
}

// RedactURL returns u's path and query as a log may keep them: the values of token, code,
// password and secret parameters (any case) replaced by "***", the rest as sent.
func RedactURL(u *url.URL) string {
	uri := u.RequestURI()
	if u.RawQuery == "" {
		return uri
	}
	parts := strings.Split(u.RawQuery, "&")
	changed := false
	for i, p := range parts {
		rawKey, _, hasValue := strings.Cut(p, "=")
		key, err := url.QueryUnescape(rawKey)
		if err != nil {
			key = rawKey
		}
		if secretParams[strings.ToLower(key)] && hasValue {
			parts[i], changed = rawKey+"=***", true
		}
	}
	if !changed {
		return uri
	}
	return strings.TrimSuffix(uri, u.RawQuery) + strings.Join(parts, "&")
}

type clientIPKey struct{}

// WithClientIP returns ctx carrying the caller's address, as the HTTP edge resolved it (the
// connection's peer, or the client named by trusted proxies in X-Forwarded-For).
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

// ClientIP returns the caller's address: the one the HTTP edge resolved, else the
// connection's remote address. A client's own X-Forwarded-For is never taken here.
func ClientIP(r *http.Request) string { return clientIP(r) }

func clientIP(r *http.Request) string {
	if ip, ok := r.Context().Value(clientIPKey{}).(string); ok {
		return ip
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
