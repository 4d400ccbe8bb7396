package homedesign

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/httpapi"
)

func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"homedesign"}}
	if method == http.MethodPost {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.SkipValidateBody = true
	}
	return o
}

// AccountInput is the body of bind and change.
type AccountInput struct {
	Account string `json:"account"`
}

type accountBody struct {
	Body AccountInput
}

type plansInput struct {
	Num     int    `query:"num" doc:"plans per page, 1–999 (Num; 0: 999)"`
	Start   int    `query:"start" doc:"plans skipped (Start)"`
	Keyword string `query:"keyword" doc:"part of the plan name (Keyword)"`
}

type planPath struct {
	PlanID string `path:"planId"`
}

// Register mounts the platform's operations: binding needs only a logged-in user; plans
// and designs need HomeDesign.Plans.
func (m *Module) Register(api *httpapi.API) {
	httpapi.Register(api, op(http.MethodPost, "/api/app/home-design/bind", "Bind the current user to a design platform account"),
		httpapi.LoggedIn(), func(ctx context.Context, in *accountBody) (*httpapi.Body[Binding], error) {
			return httpapi.Reply(m.svc.Bind(ctx, in.Body.Account))
		})
	httpapi.Register(api, op(http.MethodPost, "/api/app/home-design/change", "Change the current user's design platform account"),
		httpapi.LoggedIn(), func(ctx context.Context, in *accountBody) (*httpapi.Body[Binding], error) {
			return httpapi.Reply(m.svc.Change(ctx, in.Body.Account))
		})
	httpapi.Register(api, op(http.MethodPost, "/api/app/home-design/unbind", "Unbind the current user's design platform account"),
		httpapi.LoggedIn(), func(ctx context.Context, _ *struct{}) (*struct{}, error) {
			return httpapi.NoContent(m.svc.Unbind(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/home-design/plans", "The current user's design plans"),
		httpapi.Perm(PermPlans), func(ctx context.Context, in *plansInput) (*httpapi.Body[httpapi.Paged[Plan]], error) {
			return httpapi.ReplyPage(m.svc.Plans(ctx, PlanQuery{Num: in.Num, Start: in.Start, Keyword: in.Keyword}))
		})
	// The design review's reviewers read the designs stored on orders (AuditDesign is its
	// read permission, decision 0012).
	httpapi.Register(api, op(http.MethodGet, "/api/app/home-design/plans/{planId}", "A plan's design, for the viewer"),
		httpapi.Perm(PermPlans, "AuditDesign"), func(ctx context.Context, in *planPath) (*httpapi.Body[Design], error) {
			return httpapi.Reply(m.svc.Design(ctx, in.PlanID))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/home-design/binding", "The current user's design platform account (bound false without one)"),
		httpapi.LoggedIn(), func(ctx context.Context, _ *struct{}) (*httpapi.Body[bindingOutput], error) {
			b, err := m.svc.Binding(ctx)
			if err != nil {
				return nil, err
			}
			p, err := m.svc.Provider(ctx)
			if err != nil {
				return nil, err
			}
			out := &bindingOutput{Provider: p.Name()}
			if b != nil {
				out.Bound, out.Account = true, b.Account
			}
			return &httpapi.Body[bindingOutput]{Body: *out}, nil
		})
}

type bindingOutput struct {
	Bound    bool   `json:"bound"`
	Account  string `json:"account"`
	Provider string `json:"provider" doc:"The platform in use: development or http"`
}
