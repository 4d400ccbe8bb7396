package auditlogging

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

const base = "/api/audit-logging/audit-logs"

// listLogsInput is the query of GET /api/audit-logging/audit-logs.
type listLogsInput struct {
	httpapi.PageQuery
	StartTime            string `query:"startTime" doc:"From this time (RFC 3339, or yyyy-MM-dd[ HH:mm:ss])"`
	EndTime              string `query:"endTime" doc:"Up to this time (same formats); a bare date includes the whole day"`
	URL                  string `query:"url" doc:"A part of the URL, without regard to case"`
	UserName             string `query:"userName" doc:"A part of the user name, without regard to case"`
	ApplicationName      string `query:"applicationName"`
	CorrelationID        string `query:"correlationId"`
	HTTPMethod           string `query:"httpMethod" doc:"GET, POST, PUT, DELETE, …"`
	HTTPStatusCode       string `query:"httpStatusCode" doc:"e.g. 200, 404"`
	MinExecutionDuration string `query:"minExecutionDuration" doc:"Milliseconds, at least"`
	MaxExecutionDuration string `query:"maxExecutionDuration" doc:"Milliseconds, at most"`
	HasException         string `query:"hasException" doc:"true: failed requests only; false: the others"`
}

// listChangesInput is the query of GET …/entity-changes.
type listChangesInput struct {
	httpapi.PageQuery
	AuditLogID         string `query:"auditLogId" doc:"The changes of one request"`
	EntityChangeType   string `query:"entityChangeType" doc:"Created 0, Updated 1, Deleted 2"`
	EntityID           string `query:"entityId"`
	EntityTypeFullName string `query:"entityTypeFullName" doc:"<package>.<Type>, e.g. identity.User, catalog.Product"`
	StartDate          string `query:"startDate" doc:"From this time (RFC 3339, or yyyy-MM-dd[ HH:mm:ss])"`
	EndDate            string `query:"endDate" doc:"Up to this time (same formats); a bare date includes the whole day"`
}

// withUserNameInput is the query of GET …/entity-changes-with-username.
type withUserNameInput struct {
	EntityID           string `query:"entityId" doc:"Required"`
	EntityTypeFullName string `query:"entityTypeFullName" doc:"Required; <package>.<Type>, e.g. identity.User"`
}

type idInput struct {
	ID uuid.UUID `path:"id"`
}

func (m *Module) register(api *httpapi.API) {
	tags := []string{"audit-logging"}
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base, Tags: tags,
		Summary: "Audit logs of the current tenant, newest first"}, httpapi.Perm(identity.PermAuditLog), m.listLogs)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/entity-changes", Tags: tags,
		Summary: "Entity changes of the current tenant, newest first, each with its properties"},
		httpapi.Perm(identity.PermAuditLog), m.listChanges)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/entity-changes-with-username", Tags: tags,
		Summary: "Every change of one entity, newest first, with the user who made it",
		Description: "AbpIdentity.Users is enough for the history of a user or a role (identity.User, identity.Role); " +
			"any other entity needs AbpAuditing.AuditLog."},
		httpapi.Perm(identity.PermAuditLog, identity.PermUsers), m.withUserName)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/{id}", Tags: tags,
		Summary: "One audit log with its actions and entity changes"}, httpapi.Perm(identity.PermAuditLog), m.getLog)
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: base + "/{id}", Tags: tags,
		Summary: "Delete one audit log with its actions and entity changes"}, httpapi.Perm(identity.PermAuditLogDelete), m.deleteLog)
}

func (m *Module) listLogs(ctx context.Context, in *listLogsInput) (*httpapi.Body[httpapi.Paged[audit.Log]], error) {
	ve := &apperr.ValidationError{}
	q := ListInput{
		StartTime: timeParam(ve, "startTime", in.StartTime, false), EndTime: timeParam(ve, "endTime", in.EndTime, true),
		URL: in.URL, UserName: in.UserName, ApplicationName: in.ApplicationName, CorrelationID: in.CorrelationID,
		HTTPMethod: in.HTTPMethod, HTTPStatusCode: intParam(ve, "httpStatusCode", in.HTTPStatusCode),
		MinExecutionDuration: intParam(ve, "minExecutionDuration", in.MinExecutionDuration),
		MaxExecutionDuration: intParam(ve, "maxExecutionDuration", in.MaxExecutionDuration),
		HasException:         boolParam(ve, "hasException", in.HasException),
		Sorting:              in.Sorting, Skip: in.SkipCount, Limit: in.Limit(),
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	return httpapi.ReplyPage(m.svc.ListLogs(ctx, q))
}

func (m *Module) getLog(ctx context.Context, in *idInput) (*httpapi.Body[AuditLog], error) {
	return httpapi.Reply(m.svc.GetLog(ctx, in.ID))
}

func (m *Module) deleteLog(ctx context.Context, in *idInput) (*struct{}, error) {
	return httpapi.NoContent(m.svc.DeleteLog(ctx, in.ID))
}

func (m *Module) listChanges(ctx context.Context, in *listChangesInput) (*httpapi.Body[httpapi.Paged[audit.EntityChange]], error) {
	ve := &apperr.ValidationError{}
	q := EntityChangeQuery{
		AuditLogID: idParam(ve, "auditLogId", in.AuditLogID), EntityID: idParam(ve, "entityId", in.EntityID),
		EntityTypeFullName: strings.TrimSpace(in.EntityTypeFullName),
		StartDate:          timeParam(ve, "startDate", in.StartDate, false), EndDate: timeParam(ve, "endDate", in.EndDate, true),
		Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit(),
	}
	if n := intParam(ve, "entityChangeType", in.EntityChangeType); n != nil {
		t := db.ChangeType(*n)
		q.ChangeType = &t
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	return httpapi.ReplyPage(m.svc.ListEntityChanges(ctx, q))
}

// withUserName lists one entity's history: AbpIdentity.Users reads a user's or a role's,
// anything else needs AbpAuditing.AuditLog.
func (m *Module) withUserName(ctx context.Context, in *withUserNameInput) (*httpapi.Body[httpapi.List[EntityChangeWithUserName]], error) {
	entityType := strings.TrimSpace(in.EntityTypeFullName)
	ve := &apperr.ValidationError{}
	id := idParam(ve, "entityId", in.EntityID)
	if id == nil && strings.TrimSpace(in.EntityID) == "" {
		ve.Add("entityId", localization.KeyRequired, "entityId")
	}
	if entityType == "" {
		ve.Add("entityTypeFullName", localization.KeyRequired, "entityTypeFullName")
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	if !IsIdentityType(entityType) {
		if err := m.api.Authorize(ctx, identity.PermAuditLog); err != nil {
			return nil, err
		}
	}
	return httpapi.ReplyList(m.svc.EntityChangesWithUserName(ctx, *id, entityType))
}

// ---- query parsing: a malformed value is a validation error on its member ----

func idParam(ve *apperr.ValidationError, name, s string) *uuid.UUID {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	id, err := uuid.Parse(s)
	if err != nil {
		ve.Add(name, localization.KeyInvalidValue, name)
		return nil
	}
	return &id
}

func intParam(ve *apperr.ValidationError, name, s string) *int {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		ve.Add(name, localization.KeyInvalidValue, name)
		return nil
	}
	return &n
}

func boolParam(ve *apperr.ValidationError, name, s string) *bool {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		ve.Add(name, localization.KeyInvalidValue, name)
		return nil
	}
	return &b
}

func timeParam(ve *apperr.ValidationError, name, s string, endOfDay bool) *time.Time {
	t, err := parseTime(s, endOfDay)
	if err != nil {
		ve.Add(name, localization.KeyInvalidValue, name)
	}
	return t
}

var errBadTime = errors.New("not a time")

// parseTime reads the time formats the web client sends; endOfDay makes a bare date cover
// its whole day.
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
