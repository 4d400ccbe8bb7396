package datadictionary

import (
	"testing"

	"kerf/internal/platform/permission"
)

// TestEveryPermissionTheAreaChecksIsDefined: the names routes and menu entries ask for are all
// defined (with their parents first), each with a zh-Hans and an en name, and every menu entry
// under the group has a component key.
func TestEveryPermissionTheAreaChecksIsDefined(t *testing.T) {
	reg := permission.NewRegistry()
	reg.Add(permissionGroups...) // panics on a duplicate or a parent defined after its child
	used := []string{PermDataDictionary, PermDataDictionaryCreate, PermDataDictionaryUpdate, PermDataDictionaryDelete}
	for _, m := range menus {
		if m.Permission != "" {
			used = append(used, m.Permission)
		}
		if m.Component == "" || m.DisplayName.ZhHans == "" || m.DisplayName.En == "" {
			t.Errorf("menu %s lacks a component or a name", m.Name)
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
