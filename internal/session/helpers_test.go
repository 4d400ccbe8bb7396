package session_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/tenancy"
)

// userID returns the id of user in tenantName ("" for the host).
func userID(t testing.TB, e *apptest.Env, user, tenantName string) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	if tenantName != "" {
		tn, err := e.App.Identity.ResolveTenant(ctx, tenantName)
		if err != nil {
			t.Fatalf("tenant %s: %v", tenantName, err)
		}
		ctx = tenancy.WithTenant(ctx, tn)
	}
	u, err := e.App.Identity.FindByLogin(ctx, user)
	if err != nil {
		t.Fatalf("find %s: %v", user, err)
	}
	return u.ID
}
