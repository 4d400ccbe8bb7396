package importmapping

import (
	"testing"

	"kerf/internal/platform/permission"
)

// TestEveryPermissionTheAreaChecksIsDefined: the names routes and menu entries ask for are
// all defined (parents first), each with a zh-Hans and an en name.
func TestEveryPermissionTheAreaChecksIsDefined(t *testing.T) {
	reg := permission.NewRegistry()
	reg.Add(permissionGroups...) // panics on a duplicate or a parent defined after its child
	used := []string{PermRuleMappings, PermRuleMappingsCreate, PermRuleMappingsUpdate, PermRuleMappingsDelete,
		PermFormMappings, PermFormMappingsCreate, PermFormMappingsUpdate, PermFormMappingsDelete,
		PermSplitMappings, PermSplitMappingsCreate, PermSplitMappingsUpdate, PermSplitMappingsDelete}
	for _, m := range menus {
		used = append(used, m.Permission)
		if m.Parent != "basicSetup" {
			t.Errorf("menu %s is not under Basic setup", m.Name)
		}
	}
	for _, name := range used {
		d, ok := reg.Lookup(name)
		if !ok {
			t.Errorf("%s is checked but not defined", name)
			continue
		}
		if d.DisplayName.ZhHans == "" || d.DisplayName.En == "" {
			t.Errorf("%s has no display name in both languages", name)
		}
	}
}
