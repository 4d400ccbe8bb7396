package oidc

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/tenancy"
	"kerf/internal/securitylog"
)

type forceOfflineInput struct {
	ID uuid.UUID `path:"id" doc:"The user's id"`
}

func (m *Module) registerOffline(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/app/user-login/{id}/force-user-offline",
		DefaultStatus: http.StatusNoContent, Summary: "End every login of a user of the current tenant",
		Description: "The user's refresh tokens stop working at once and their access tokens at their next request, " +
			"on every replica. A user of another tenant is not found (404).",
		Tags: []string{"identity"}, Middlewares: huma.Middlewares{withHTTPRequest}},
		httpapi.Perm(identity.PermUsersUpdate), m.forceOffline)
}

func (m *Module) forceOffline(ctx context.Context, in *forceOfflineInput) (*struct{}, error) {
	u, n, err := m.ForceUserOffline(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if m.deps.SecurityLog != nil {
		p := auth.FromContext(ctx)
		t := tenancy.FromContext(ctx)
		id := u.ID
		m.deps.SecurityLog.Write(ctx, securitylog.Event{Identity: securitylog.IdentityAccount, Action: ActionForceUserOffline,
			UserID: &id, UserName: u.UserName, TenantID: t.ID, TenantName: t.Name, ClientID: p.ClientID, Request: requestOf(ctx),
			Extra: map[string]any{"operatorUserId": p.UserID.String(), "operatorUserName": p.UserName, "endedLogins": n}})
	}
	return nil, nil
}
