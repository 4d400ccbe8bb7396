// Package tenancy carries the current tenant through a request. The data layer reads it
// to filter every tenant-owned table, so no handler has to.
package tenancy

import (
	"context"
	"errors"

	"github.com/google/uuid"
)

// Tenant is the tenant a request acts in; a nil ID is the host.
type Tenant struct {
	ID       *uuid.UUID
	Name     string
	IsActive bool
}

// Header is the header through which a host user acts in a tenant.
const Header = "__tenant"

// ErrTenantNotAvailable means a named tenant does not exist or is inactive.
var ErrTenantNotAvailable = errors.New("tenancy: tenant not available")

// Resolver finds a tenant by name or id (as the __tenant header may carry either).
type Resolver interface {
	ResolveTenant(ctx context.Context, nameOrID string) (Tenant, error)
}

type tenantKey struct{}
type unfilteredKey struct{}

// WithTenant returns ctx acting in t.
func WithTenant(ctx context.Context, t Tenant) context.Context {
	return context.WithValue(ctx, tenantKey{}, t)
}

// FromContext returns the tenant of ctx; the zero Tenant is the host.
func FromContext(ctx context.Context) Tenant {
	t, _ := ctx.Value(tenantKey{}).(Tenant)
	return t
}

// ID returns the current tenant id, nil for the host.
func ID(ctx context.Context) *uuid.UUID { return FromContext(ctx).ID }

// AllTenants returns ctx in which the data layer does not filter by tenant. Only code
// that must look across tenants (login by tenant name, host administration) uses it.
func AllTenants(ctx context.Context) context.Context {
	return context.WithValue(ctx, unfilteredKey{}, true)
}

// Filtered reports whether the data layer must filter by the current tenant.
func Filtered(ctx context.Context) bool {
	v, _ := ctx.Value(unfilteredKey{}).(bool)
	return !v
}

// Same reports whether two tenant ids are equal (both host counts as equal).
func Same(a, b *uuid.UUID) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
