package identity

import (
	"context"
	"log/slog"
	"slices"

	"github.com/google/uuid"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/tenancy"
)

// TopicMemberships announces that the roles a user holds changed: the payload is the user's id,
// or "*" when a change touches many users (a role renamed or deleted, an organisation unit's
// roles or members changed). Every replica then drops what it cached of EffectiveRoles.
const TopicMemberships = "identity.memberships"

// RoleSource adds roles a user holds through something other than a direct assignment (the
// organisation units area: the roles of the user's units). It reads in the ctx tenant.
type RoleSource func(ctx context.Context, userID uuid.UUID) ([]string, error)

// AddRoleSource makes EffectiveRoles include what src answers. Call it while the app is built.
func (s *Service) AddRoleSource(src RoleSource) { s.roleSources = append(s.roleSources, src) }

// EffectiveRoles returns the names of the roles the user holds now in the ctx tenant: directly
// and through every RoleSource, sorted, without duplicates. The permission checks use it, so an
// administrator's change reaches the user's next request.
func (s *Service) EffectiveRoles(ctx context.Context, userID uuid.UUID) ([]string, error) {
	load := func(ctx context.Context) ([]string, error) {
		names, err := s.RoleNames(ctx, userID)
		if err != nil {
			return nil, err
		}
		for _, src := range s.roleSources {
			more, err := src(ctx, userID)
			if err != nil {
				return nil, err
			}
			names = append(names, more...)
		}
		slices.Sort(names)
		return slices.Compact(names), nil
	}
	if s.memberships == nil || !tenancy.Filtered(ctx) {
		return load(ctx)
	}
	k := userKey{id: userID}
	if t := tenancy.ID(ctx); t != nil {
		k.tenant = *t
	}
	return s.memberships.Get(ctx, k, load)
}

// MembershipsChanged announces on every replica that the roles of userID changed (uuid.Nil:
// of any number of users), once the transaction of ctx commits.
func (s *Service) MembershipsChanged(ctx context.Context, userID uuid.UUID) {
	payload := bus.All
	if userID != uuid.Nil {
		payload = userID.String()
	}
	if err := s.bus.Publish(ctx, TopicMemberships, payload); err != nil {
		slog.ErrorContext(ctx, "identity: announce membership change", "user", userID, "err", err)
	}
}
