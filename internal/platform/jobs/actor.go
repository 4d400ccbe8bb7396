package jobs

import (
	"context"

	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/tenancy"
)

// Actor is who asked for a job: the tenant the request acted in and its user. Embed it in
// a kind's Args, fill it with ActorOf(ctx) when enqueuing, and start the work with
//
//	ctx = job.Args.Actor.Context(ctx)
//
// so that the data layer scopes queries to that tenant (tenancy.WithTenant) and new rows
// name that user as their creator (auth.WithPrincipal). Roles are not carried: whether the
// user may ask for the work was checked when the job was enqueued.
type Actor struct {
	TenantID   *uuid.UUID `json:"tenantId,omitempty"`
	TenantName string     `json:"tenantName,omitempty"`
	UserID     *uuid.UUID `json:"userId,omitempty"`
	UserName   string     `json:"userName,omitempty"`
}

// ActorOf returns the tenant and user ctx acts for (a request's).
func ActorOf(ctx context.Context) Actor {
	t := tenancy.FromContext(ctx)
	a := Actor{TenantID: t.ID, TenantName: t.Name}
	if p := auth.FromContext(ctx); p != nil {
		a.UserID, a.UserName = auth.UserID(ctx), p.UserName
		if a.TenantID == nil && p.TenantID != nil {
			a.TenantID, a.TenantName = p.TenantID, p.TenantName
		}
	}
	return a
}

// Context returns ctx acting in a's tenant for a's user (the host when TenantID is nil).
func (a Actor) Context(ctx context.Context) context.Context {
	ctx = tenancy.WithTenant(ctx, tenancy.Tenant{ID: a.TenantID, Name: a.TenantName, IsActive: true})
	if a.UserID != nil {
		ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: *a.UserID, UserName: a.UserName,
			TenantID: a.TenantID, TenantName: a.TenantName})
	}
	return ctx
}
