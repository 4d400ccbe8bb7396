package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Directory is what the session needs of the identity area.
type Directory interface {
	GetUser(ctx context.Context, id uuid.UUID) (*identity.User, error)
	TenantRow(ctx context.Context, id uuid.UUID) (*identity.Tenant, error)
	TenantByName(ctx context.Context, name string) (*identity.Tenant, error)
	// EffectiveRoles: the roles the user holds now, directly and through organisation units.
	EffectiveRoles(ctx context.Context, userID uuid.UUID) ([]string, error)
}

// Service builds the application configuration and answers the tenant check.
type Service struct {
	catalog      *localization.Catalog
	registry     *permission.Registry
	permissions  *permission.Service
	directory    Directory
	settings     Settings
	features     Settings
	multiTenancy bool

	// The registry is complete once the app is built, so the policy list is built once, on
	// first use, and shared read-only. Texts are not kept here: the catalog merges the
	// overrides, which change at run time (internal/language caches them per replica).
	policiesOnce sync.Once
	policies     map[string]bool
}

// Configuration returns the caller's application configuration.
func (s *Service) Configuration(ctx context.Context) (*ApplicationConfiguration, error) {
	p := auth.FromContext(ctx)
	culture := localization.CultureFrom(ctx)
	user, err := s.currentUser(ctx, p)
	if err != nil {
		return nil, err
	}
	granted, err := s.permissions.Granted(ctx, p)
	if err != nil {
		return nil, err
	}
	settings, err := s.settings.Values(ctx)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	features := map[string]string{}
	if s.features != nil {
		if features, err = s.features.Values(ctx); err != nil {
			return nil, fmt.Errorf("features: %w", err)
		}
	}
	return &ApplicationConfiguration{
		Auth:          AuthConfiguration{Policies: s.allPolicies(), GrantedPolicies: granted},
		CurrentUser:   user,
		CurrentTenant: currentTenant(ctx),
		Features:      FeatureConfiguration{Values: features},
		Localization: LocalizationConfiguration{
			CurrentCulture:      cultureOf(culture),
			Languages:           s.catalog.Languages(ctx), // the enabled languages (internal/language)
			Values:              map[string]map[string]string{ResourceName: s.catalog.ValuesOf(ctx, culture)},
			DefaultResourceName: ResourceName,
		},
		MultiTenancy: MultiTenancyConfiguration{IsEnabled: s.multiTenancy},
		Setting:      SettingConfiguration{Values: settings},
	}, nil
}

// Localization returns every text of cultureName (an enabled language; any zh* is zh-Hans,
// en* is en, an unknown one the default language); an empty name means the request's
// culture. The texts are merged: an administrator's override, else the shipped text of the
// culture, else the English one. Resource "Kerf" holds every module's texts in one map (as
// before); each module's resource (its name) and the web client's ("Web", "Web.<namespace>")
// follow.
func (s *Service) Localization(ctx context.Context, cultureName string) *ApplicationLocalization {
	culture := localization.CultureFrom(ctx)
	if cultureName != "" {
		culture = s.catalog.Normalize(ctx, cultureName)
	}
	res := map[string]LocalizationResource{}
	for name, texts := range s.catalog.ResourceValues(ctx, culture) {
		res[name] = LocalizationResource{Texts: texts}
	}
	res[ResourceName] = LocalizationResource{Texts: s.catalog.ValuesOf(ctx, culture)}
	return &ApplicationLocalization{Resources: res, CurrentCulture: s.cultureOf(ctx, culture)}
}

// CheckTenant answers the state of the request's tenant and its activation message, or, with
// a name, of the tenant of that name (the login page asks before anyone logs in: an inactive
// tenant's logins are refused, and its users' tokens end). An inactive tenant without a
// message, a deleted or an unknown one answer inactive with the "tenant not available"
// message.
func (s *Service) CheckTenant(ctx context.Context, name string) (*TenantCheck, error) {
	cur := tenancy.FromContext(ctx)
	if name = strings.TrimSpace(name); name != "" {
		t, err := s.directory.TenantByName(ctx, name)
		if errors.Is(err, apperr.ErrNotFound) {
			return &TenantCheck{TenantName: name, Message: s.catalog.T(ctx, localization.KeyTenantNotAvailable, name)}, nil
		}
		if err != nil {
			return nil, err
		}
		return s.tenantCheck(ctx, t), nil
	}
	if cur.ID == nil {
		return &TenantCheck{IsActive: true}, nil
	}
	t, err := s.directory.TenantRow(ctx, *cur.ID)
	if errors.Is(err, apperr.ErrNotFound) {
		return &TenantCheck{TenantName: cur.Name, IsActive: false,
			Message: s.catalog.T(ctx, localization.KeyTenantNotAvailable, cur.Name)}, nil
	}
	if err != nil {
		return nil, err
	}
	return s.tenantCheck(ctx, t), nil
}

func (s *Service) tenantCheck(ctx context.Context, t *identity.Tenant) *TenantCheck {
	msg := t.ActivationMessage
	if !t.IsActive && msg == "" {
		msg = s.catalog.T(ctx, localization.KeyTenantNotAvailable, t.Name)
	}
	return &TenantCheck{TenantName: t.Name, IsActive: t.IsActive, Message: msg}
}

func (s *Service) currentUser(ctx context.Context, p *auth.Principal) (CurrentUser, error) {
	if !p.Authenticated() || p.UserID == uuid.Nil {
		return CurrentUser{Roles: []string{}}, nil
	}
	id := p.UserID
	cu := CurrentUser{
		IsAuthenticated: true, ID: &id, TenantID: p.TenantID,
		ImpersonatorUserID: p.ImpersonatorUserID, ImpersonatorTenantID: p.ImpersonatorTenantID,
		UserName: ptr(p.UserName), Roles: p.Roles,
	}
	if cu.Roles == nil {
		cu.Roles = []string{}
	}
	// The user lives in the tenant of the token, which differs from the request's tenant
	// when a host user acts in a tenant through __tenant.
	own := tenancy.WithTenant(ctx, tenancy.Tenant{ID: p.TenantID, Name: p.TenantName, IsActive: true})
	u, err := s.directory.GetUser(own, p.UserID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		// A token outliving its user still says who it was issued to.
		return cu, nil
	case err != nil:
		return cu, err
	}
	cu.UserName, cu.Name, cu.SurName = ptr(u.UserName), ptr(u.Name), ptr(u.Surname)
	cu.Email, cu.PhoneNumber = ptr(u.Email), ptr(u.PhoneNumber)
	// The roles the user holds now (directly and through organisation units), not those the
	// token was issued with: an administrator's change shows without a new login.
	roles, err := s.directory.EffectiveRoles(own, p.UserID)
	if err != nil {
		return cu, err
	}
	cu.Roles = roles
	if cu.Roles == nil {
		cu.Roles = []string{}
	}
	return cu, nil
}

func currentTenant(ctx context.Context) CurrentTenant {
	t := tenancy.FromContext(ctx)
	if t.ID == nil {
		return CurrentTenant{}
	}
	return CurrentTenant{ID: t.ID, Name: ptr(t.Name), IsAvailable: true}
}

func (s *Service) allPolicies() map[string]bool {
	s.policiesOnce.Do(func() {
		s.policies = map[string]bool{}
		for _, n := range s.registry.Names() {
			s.policies[n] = true
		}
	})
	return s.policies
}

// cultureOf describes culture by the enabled languages, else by the shipped ones.
func (s *Service) cultureOf(ctx context.Context, name string) Culture {
	for _, l := range s.catalog.Languages(ctx) {
		if l.CultureName == name {
			return Culture{CultureName: l.CultureName, Name: l.CultureName, DisplayName: l.DisplayName}
		}
	}
	return cultureOf(name)
}

func cultureOf(name string) Culture {
	for _, l := range localization.Cultures {
		if l.CultureName == name {
			return Culture{CultureName: l.CultureName, Name: l.CultureName, DisplayName: l.DisplayName}
		}
	}
	return Culture{CultureName: name, Name: name, DisplayName: name}
}

func ptr(s string) *string { return &s }
