package securitylog

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// listInput is the query of GET /api/identity/security-logs.
type listInput struct {
	httpapi.PageQuery
	StartTime       string `query:"startTime" doc:"From this time (RFC 3339, or yyyy-MM-dd[ HH:mm:ss])"`
	EndTime         string `query:"endTime" doc:"Up to this time (same formats); a bare date includes the whole day"`
	Action          string `query:"action" doc:"Action, e.g. LoginSucceeded"`
	ActionName      string `query:"actionName" doc:"Same as action (ABP's name)"`
	UserName        string `query:"userName" doc:"A part of the user name, without regard to case"`
	ClientID        string `query:"clientId"`
	Identity        string `query:"identity"`
	ApplicationName string `query:"applicationName"`
	CorrelationID   string `query:"correlationId"`
}

type idInput struct {
	ID uuid.UUID `path:"id"`
}

func (m *Module) register(api *httpapi.API) {
	tags := []string{"security-log"}
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/identity/security-logs",
		Summary: "Security log of the current tenant, newest first", Tags: tags}, httpapi.Perm(PermSecurityLog), m.list)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/auditing/security-log/{id}",
		Summary: "One security log row", Tags: tags}, httpapi.Perm(PermSecurityLog), m.get)
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: "/api/auditing/security-log/{id}",
		Summary: "Delete one security log row", Tags: tags}, httpapi.Perm(PermSecurityLogDelete), m.delete)
}

// list binds the query (times, the action under either name) and calls the service.
func (m *Module) list(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[Log]], error) {
	ve := &apperr.ValidationError{}
	start, err := parseTime(in.StartTime, false)
	if err != nil {
		ve.Add("startTime", localization.KeyInvalidValue, "startTime")
	}
	end, err := parseTime(in.EndTime, true)
	if err != nil {
		ve.Add("endTime", localization.KeyInvalidValue, "endTime")
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	action := in.Action
	if action == "" {
		action = in.ActionName
	}
	return httpapi.ReplyPage(m.svc.List(ctx, ListInput{StartTime: start, EndTime: end, Action: action, UserName: in.UserName,
		ClientID: in.ClientID, Identity: in.Identity, ApplicationName: in.ApplicationName, CorrelationID: in.CorrelationID,
		Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
}

func (m *Module) get(ctx context.Context, in *idInput) (*httpapi.Body[Log], error) {
	return httpapi.Reply(m.svc.Get(ctx, in.ID))
}

func (m *Module) delete(ctx context.Context, in *idInput) (*struct{}, error) {
	return httpapi.NoContent(m.svc.Delete(ctx, in.ID))
}

var errBadTime = errors.New("not a time")

// parseTime reads the time formats the web client sends; endOfDay makes a bare date
// cover its whole day.
func parseTime(s string, endOfDay bool) (*time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return &t, nil
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006/01/02 15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			return &t, nil
		}
	}
	for _, layout := range []string{"2006-01-02", "2006/01/02"} {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			if endOfDay {
				t = t.Add(24*time.Hour - time.Nanosecond)
			}
			return &t, nil
		}
	}
	return nil, errBadTime
}
