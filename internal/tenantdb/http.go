package tenantdb

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type updateInput struct {
	ID   uuid.UUID `path:"id"`
	Body UpdateInput
}

type deleteInput struct {
	ID   uuid.UUID `path:"id"`
	Name string    `path:"name" maxLength:"64"`
}

func (m *Module) register(api *httpapi.API) {
	tags := []string{"saas"}
	const base = "/api/saas/tenants/{id}"
	access := httpapi.Perm(PermManageConnectionStrings)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/connection-strings",
		Summary: "A tenant's connection strings (Default and named others)", Tags: tags}, access, m.get)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: base + "/connection-strings",
		Summary: "Replace a tenant's connection strings (each checked, the Default opened)", Tags: tags,
		Middlewares: huma.Middlewares{httpapi.DropEmptyStrings}, SkipValidateBody: true}, access, m.update)
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: base + "/connection-strings/{name}",
		Summary: "Delete a tenant's connection string", Tags: tags, DefaultStatus: http.StatusNoContent}, access, m.delete)
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: base + "/apply-database-migrations",
		Summary: "Migrate the tenant's Default database and move the tenant's rows there (once)", Tags: tags}, access, m.apply)
}

func (m *Module) get(ctx context.Context, in *idPath) (*httpapi.Body[ConnectionStrings], error) {
	return httpapi.Reply(m.svc.Get(ctx, in.ID))
}

func (m *Module) update(ctx context.Context, in *updateInput) (*httpapi.Body[ConnectionStrings], error) {
	return httpapi.Reply(m.svc.Update(ctx, in.ID, in.Body))
}

func (m *Module) delete(ctx context.Context, in *deleteInput) (*struct{}, error) {
	return httpapi.NoContent(m.svc.Delete(ctx, in.ID, in.Name))
}

func (m *Module) apply(ctx context.Context, in *idPath) (*httpapi.Body[ApplyResult], error) {
	return httpapi.Reply(m.svc.ApplyMigrations(ctx, in.ID))
}
