package permissions

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// checkRouteKey trims a route key and answers why it cannot be one, if it cannot.
func checkRouteKey(routeKey string) (string, error) {
	routeKey = strings.TrimSpace(routeKey)
	switch {
	case routeKey == "":
		return "", apperr.Invalid("routeKey", localization.KeyRequired, KeyFieldRouteKey)
	case utf8.RuneCountInString(routeKey) > MaxRouteKey:
		return "", apperr.Invalid("routeKey", localization.KeyTooLong, KeyFieldRouteKey, MaxRouteKey)
	}
	return routeKey, nil
}

// pagePermission builds the answer for providers (the first is the one named, the others
// its roles).
func (s *Service) pagePermission(ctx context.Context, providerName, providerKey, routeKey string, providers []ProviderInfo) (*PagePermission, error) {
	granted, err := pageGrants(ctx, s.db, routeKey, providers)
	if err != nil {
		return nil, err
	}
	out := &PagePermission{ProviderName: providerName, ProviderKey: providerKey, RouteKey: routeKey, Actions: []PageAction{}}
	for _, a := range PageActions {
		by := granted[a]
		if by == nil {
			by = []ProviderInfo{}
		}
		out.Actions = append(out.Actions, PageAction{Name: a, IsGranted: len(by) > 0, GrantedProviders: by})
	}
	return out, nil
}

// providers returns the provider and, for a user, the roles they hold now (directly and
// through organisation units). A user of another tenant is not found.
func (s *Service) providers(ctx context.Context, providerName, providerKey string) ([]ProviderInfo, error) {
	_, roles, err := s.entity(ctx, providerName, providerKey)
	if err != nil {
		return nil, err
	}
	out := []ProviderInfo{{ProviderName: providerName, ProviderKey: providerKey}}
	for _, r := range roles {
		out = append(out, ProviderInfo{ProviderName: permission.Role, ProviderKey: r})
	}
	return out, nil
}

// GetPagePermission returns the page actions of routeKey for a role (R, key: role name) or a
// user (U, key: user id) of the current tenant: each known action, whether it is granted and
// by whom (for a user: directly or through one of their roles).
func (s *Service) GetPagePermission(ctx context.Context, providerName, providerKey, routeKey string) (*PagePermission, error) {
	providerKey = strings.TrimSpace(providerKey)
	routeKey, err := checkRouteKey(routeKey)
	if err != nil {
		return nil, err
	}
	providers, err := s.providers(ctx, providerName, providerKey)
	if err != nil {
		return nil, err
	}
	return s.pagePermission(ctx, providerName, providerKey, routeKey, providers)
}

// UpdatePagePermission grants and revokes page actions of routeKey for one provider, in one
// transaction; an unknown action rejects the whole request and changes nothing. It answers
// the provider's page permission afterwards.
func (s *Service) UpdatePagePermission(ctx context.Context, providerName, providerKey, routeKey string, in []UpdatePageAction) (*PagePermission, error) {
	providerKey = strings.TrimSpace(providerKey)
	routeKey, err := checkRouteKey(routeKey)
	if err != nil {
		return nil, err
	}
	if !tenancy.Filtered(ctx) {
		return nil, errors.New("page permissions are set in one tenant, not across all of them")
	}
	providers, err := s.providers(ctx, providerName, providerKey)
	if err != nil {
		return nil, err
	}
	ve := &apperr.ValidationError{}
	changes := make([]UpdatePageAction, 0, len(in))
	for i, a := range in {
		name := strings.TrimSpace(a.Name)
		if !slices.Contains(PageActions, name) {
			ve.Add(fmt.Sprintf("actions[%d].name", i), KeyUnknownPageAction, name, strings.Join(PageActions, ", "))
			continue
		}
		changes = append(changes, UpdatePageAction{Name: name, IsGranted: a.IsGranted})
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	if len(changes) > 0 {
		err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return setPageGrants(ctx, tx, providerName, providerKey, routeKey, changes)
		})
		if err != nil {
			return nil, err
		}
	}
	return s.pagePermission(ctx, providerName, providerKey, routeKey, providers)
}

// MyPagePermission returns the caller's effective page actions of routeKey in the current
// tenant: granted to the user or to any role they hold now. providerName and providerKey of
// the answer are empty.
func (s *Service) MyPagePermission(ctx context.Context, userID uuid.UUID, routeKey string) (*PagePermission, error) {
	routeKey, err := checkRouteKey(routeKey)
	if err != nil {
		return nil, err
	}
	providers := []ProviderInfo{{ProviderName: permission.User, ProviderKey: userID.String()}}
	roles, err := s.directory.EffectiveRoles(ctx, userID)
	if err != nil {
		return nil, err
	}
	for _, r := range roles {
		providers = append(providers, ProviderInfo{ProviderName: permission.Role, ProviderKey: r})
	}
	return s.pagePermission(ctx, "", "", routeKey, providers)
}
