// Package session answers what the web client needs to start: the application
// configuration in ABP's shape (who the caller is, which permissions exist and which are
// granted, texts, settings), the localisation resources, and the tenant check. It also
// declares the shell's own menu entries (dashboard, profile settings).
package session

import (
	"github.com/google/uuid"

	"kerf/internal/platform/localization"
)

// ResourceName is the resource holding every module's texts in one map (the configuration's
// values and application-localization); application-localization also answers each module's
// resource (its name) and the web client's ("Web", "Web.<namespace>"), overrides merged.
const ResourceName = "Kerf"

// ApplicationConfiguration is the answer of GET /api/abp/application-configuration, in
// the shape of ABP's ApplicationConfigurationDto (the parts the client reads).
type ApplicationConfiguration struct {
	Auth          AuthConfiguration         `json:"auth"`
	CurrentUser   CurrentUser               `json:"currentUser"`
	CurrentTenant CurrentTenant             `json:"currentTenant"`
	Features      FeatureConfiguration      `json:"features"`
	Localization  LocalizationConfiguration `json:"localization"`
	MultiTenancy  MultiTenancyConfiguration `json:"multiTenancy"`
	Setting       SettingConfiguration      `json:"setting"`
}

// AuthConfiguration lists every defined permission (policies) and the caller's granted
// ones (grantedPolicies), each as name → true.
type AuthConfiguration struct {
	Policies        map[string]bool `json:"policies"`
	GrantedPolicies map[string]bool `json:"grantedPolicies"`
}

// CurrentUser is the caller; every field but isAuthenticated and roles is null for an
// anonymous caller.
type CurrentUser struct {
	IsAuthenticated      bool       `json:"isAuthenticated"`
	ID                   *uuid.UUID `json:"id"`
	TenantID             *uuid.UUID `json:"tenantId"`
	ImpersonatorUserID   *uuid.UUID `json:"impersonatorUserId"`
	ImpersonatorTenantID *uuid.UUID `json:"impersonatorTenantId"`
	UserName             *string    `json:"userName"`
	Name                 *string    `json:"name"`
	SurName              *string    `json:"surName"`
	Email                *string    `json:"email"`
	PhoneNumber          *string    `json:"phoneNumber"`
	Roles                []string   `json:"roles"`
}

// CurrentTenant is the tenant the request acts in; id and name are null for the host.
type CurrentTenant struct {
	ID          *uuid.UUID `json:"id"`
	Name        *string    `json:"name"`
	IsAvailable bool       `json:"isAvailable"`
}

// FeatureConfiguration holds every feature's value for the caller's tenant (the host: the
// defaults), as ABP answers them.
type FeatureConfiguration struct {
	Values map[string]string `json:"values"`
}

// Culture describes the culture a request is answered in.
type Culture struct {
	CultureName string `json:"cultureName"`
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
}

// LocalizationConfiguration is the current culture, the languages the product speaks and
// every text of the current culture, under the resource "Kerf".
type LocalizationConfiguration struct {
	CurrentCulture      Culture                      `json:"currentCulture"`
	Languages           []localization.Language      `json:"languages"`
	Values              map[string]map[string]string `json:"values"`
	DefaultResourceName string                       `json:"defaultResourceName"`
}

// MultiTenancyConfiguration says whether tenants are on.
type MultiTenancyConfiguration struct {
	IsEnabled bool `json:"isEnabled"`
}

// SettingConfiguration holds the setting values the client reads.
type SettingConfiguration struct {
	Values map[string]string `json:"values"`
}

// ApplicationLocalization is the answer of GET /api/abp/application-localization.
type ApplicationLocalization struct {
	Resources      map[string]LocalizationResource `json:"resources"`
	CurrentCulture Culture                         `json:"currentCulture"`
}

// LocalizationResource is one resource's texts.
type LocalizationResource struct {
	Texts map[string]string `json:"texts"`
}

// TenantCheck is the answer of GET /api/tenantextend/check-tenant: the current tenant's
// name, whether it is active and the message its administrators should see (empty when
// there is none). The host answers an empty name, active, no message.
type TenantCheck struct {
	TenantName string `json:"tenantName"`
	IsActive   bool   `json:"isActive"`
	Message    string `json:"message"`
}
