package securitylog_test

import (
	"net/http"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/permissions"
	"kerf/internal/securitylog"
)

// TestTheSecurityLogPermissionsAreDeclaredUnderAuditing: the names this area checks are the
// ones identity declares in its AbpAuditing group; the permission screens show deleting rows
// under Auditing, as a child of reading them, in one Auditing group; and the seeded admin
// roles hold it, in the host and in a tenant.
func TestTheSecurityLogPermissionsAreDeclaredUnderAuditing(t *testing.T) {
	if securitylog.PermSecurityLog != identity.PermSecurityLog || securitylog.PermSecurityLogDelete != identity.PermSecurityLogDelete {
		t.Fatalf("securitylog checks %q and %q, identity declares %q and %q", securitylog.PermSecurityLog,
			securitylog.PermSecurityLogDelete, identity.PermSecurityLog, identity.PermSecurityLogDelete)
	}
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for _, tenant := range []string{"", identity.DemoTenantName} {
			admin := e.Token(t, "admin", apptest.Password, tenant)
			res := e.Get(t, "/api/permission-management/permissions?providerName=R&providerKey="+identity.AdminRole, admin)
			if res.Status != http.StatusOK {
				t.Fatalf("tenant %q: %d %s", tenant, res.Status, res.Body)
			}
			var list permissions.PermissionListResult
			res.JSON(t, &list)
			groups := map[string]int{}
			var found *permissions.PermissionGrantDto
			var in string
			for _, g := range list.Groups {
				groups[g.Name]++
				for _, p := range g.Permissions {
					if p.Name == securitylog.PermSecurityLogDelete {
						found, in = &p, g.Name
					}
				}
			}
			if groups["AbpAuditing"] != 1 || groups["SecurityLog"] != 0 {
				t.Errorf("tenant %q: groups %v, want one AbpAuditing group and no SecurityLog group", tenant, groups)
			}
			switch {
			case found == nil:
				t.Errorf("tenant %q: %s is not listed", tenant, securitylog.PermSecurityLogDelete)
			case in != "AbpAuditing" || found.ParentName == nil || *found.ParentName != securitylog.PermSecurityLog:
				t.Errorf("tenant %q: %s listed in group %s under %v", tenant, found.Name, in, found.ParentName)
			case !found.IsGranted:
				t.Errorf("tenant %q: the admin role does not hold %s", tenant, found.Name)
			}
		}
	})
}
