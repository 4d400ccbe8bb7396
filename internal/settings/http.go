package settings

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/httpapi"
)

type bodyIn[T any] struct {
	Body T
}

const tag = "settings"

// group registers a group's GET and its write (PUT or POST, answering 204 like ABP's void
// methods); both need AbpSettingManagement.Settings besides the group's own permission
// (read: readAccess, usually the same). Bodies are checked by the service (localised
// messages naming the setting), not a second time by huma.
func group[T, U any](m *Module, api *httpapi.API, path, writeMethod, name string, readAccess, writeAccess httpapi.Access,
	get func(context.Context) (*T, error), put func(context.Context, U) error) {
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: path, Tags: []string{tag},
		Summary: "The " + name + " settings, resolved for the caller (tenant, else installation, else default); secrets answered empty with their isSet flag"},
		readAccess, func(ctx context.Context, _ *struct{}) (*httpapi.Body[T], error) {
			if len(readAccess.Permissions()) > 0 {
				if err := m.api.Authorize(ctx, PermSettings); err != nil {
					return nil, err
				}
			}
			return httpapi.Reply(get(ctx))
		})
	httpapi.Register(api, huma.Operation{Method: writeMethod, Path: path, Tags: []string{tag}, DefaultStatus: http.StatusNoContent,
		SkipValidateBody: true,
		Summary: "Store the " + name + " settings at the caller's level (a tenant's administrator: the tenant; the host: the installation), " +
			"all or nothing; a secret left empty keeps the stored one"},
		writeAccess, func(ctx context.Context, in *bodyIn[U]) (*struct{}, error) {
			if err := m.api.Authorize(ctx, PermSettings); err != nil {
				return nil, err
			}
			return httpapi.NoContent(put(ctx, in.Body))
		})
}

func (m *Module) register(api *httpapi.API) {
	s := m.svc
	p := httpapi.Perm
	group(m, api, "/api/setting-management/emailing", http.MethodPost, "e-mailing", p(PermEmailing), p(PermEmailing), s.Emailing, s.UpdateEmailing)
	group(m, api, "/api/identity/settings", http.MethodPut, "identity (password, lockout, sign-in, user)",
		p(PermIdentitySettings), p(PermIdentitySettings), s.Identity, s.UpdateIdentity)
	group(m, api, "/api/account-admin/settings", http.MethodPut, "account", p(PermAccountSettings), p(PermAccountSettings), s.Account, s.UpdateAccount)
	group(m, api, "/api/account-admin/settings/two-factor", http.MethodPut, "two-factor",
		p(PermAccountSettings), p(PermAccountSettings), s.TwoFactor, s.UpdateTwoFactor)
	group(m, api, "/api/account-admin/settings/recaptcha", http.MethodPut, "reCAPTCHA (host only)",
		p(PermRecaptcha), p(PermRecaptcha), s.Recaptcha, s.UpdateRecaptcha)
	group(m, api, "/api/account-admin/settings/external-provider", http.MethodPut, "external provider (host only; the body is ABP's list of providers)",
		p(PermExternalProviders), p(PermExternalProviders), s.ExternalProviders, s.UpdateExternalProviders)
	group(m, api, "/api/setting-management/wechat", http.MethodPost, "WeChat official account (host only)", p(PermWeChat), p(PermWeChat), s.WeChat, s.UpdateWeChat)
	group(m, api, "/api/salesorder/salesordersetting", http.MethodPut, "sales order", p(PermSalesOrder), p(PermSalesOrder), s.SalesOrder, s.UpdateSalesOrder)
	group(m, api, "/api/app/optimization-setting", http.MethodPut, "optimisation", p(PermOptimization), p(PermOptimization), s.Optimization, s.UpdateOptimization)
	group(m, api, "/api/app/basic-setup-setting", http.MethodPut, "basic setup (read: any logged-in user; write: host only)",
		httpapi.LoggedIn(), p(PermBasicSetup), s.BasicSetup, s.UpdateBasicSetup)
}
