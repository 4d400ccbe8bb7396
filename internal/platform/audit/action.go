package audit

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Action is the operation a logged request ran (ABP's AuditLogAction): one per log.
type Action struct {
	bun.BaseModel     `bun:"table:audit_log_actions"`
	ID                uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	TenantID          *uuid.UUID `bun:"tenant_id,type:uuid" json:"tenantId"`
	AuditLogID        uuid.UUID  `bun:"audit_log_id,type:uuid,notnull" json:"auditLogId"`
	ServiceName       string     `bun:"service_name,notnull" json:"serviceName" doc:"The operation's area (its OpenAPI tag)"`
	MethodName        string     `bun:"method_name,notnull" json:"methodName" doc:"The operation id"`
	Parameters        string     `bun:"parameters,notnull" json:"parameters" doc:"Path and query parameters as a JSON object; secrets are ***"`
	ExecutionTime     time.Time  `bun:"execution_time,notnull" json:"executionTime"`
	ExecutionDuration int        `bun:"execution_duration,notnull" json:"executionDuration" doc:"Milliseconds"`

	params func() string // Parameters, written when the request is logged
}

// maxParameters is the longest parameters text kept (ABP's limit).
const maxParameters = 2000

// SetAction records the operation the current request runs; start is when it began, and the
// duration runs to this call (the HTTP edge calls it when the operation returns).
// params answers the path and query parameters, as Parameters writes them; it is called only
// when the request is logged (most reads are not, and are not charged for it).
func SetAction(ctx context.Context, service, method string, params func() string, start time.Time) {
	h := holderOf(ctx)
	if h == nil {
		return
	}
	a := &Action{ServiceName: truncate(service, 256), MethodName: truncate(method, 256), params: params,
		ExecutionTime: start.UTC(), ExecutionDuration: int(time.Since(start).Milliseconds())}
	h.mu.Lock()
	h.action = a
	h.mu.Unlock()
}

// Parameters writes an operation's path and query parameters as one JSON object (a query
// key given more than once as an array), the values of token, code, password and secret
// parameters as "***" (as RedactURL does), at most 2,000 characters.
func Parameters(path map[string]string, query url.Values) string {
	m := make(map[string]any, len(path)+len(query))
	for k, vs := range query {
		switch {
		case secretParams[strings.ToLower(k)]:
			m[k] = "***"
		case len(vs) == 1:
			m[k] = vs[0]
		default:
			m[k] = vs
		}
	}
	for k, v := range path {
		if secretParams[strings.ToLower(k)] {
			v = "***"
		}
		m[k] = v
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "{}"
	}
	s := string(b)
	if len(s) > maxParameters {
		s = strings.ToValidUTF8(s[:maxParameters-3], "") + "..."
	}
	return s
}
