package salesorder

import (
	"testing"

	"kerf/internal/platform/permission"
)

// TestEveryPermissionTheAreaChecksIsDefined: the names routes, moves, menu entries and the
// seed ask for are all defined (parents first), each with a zh-Hans and an en name.
func TestEveryPermissionTheAreaChecksIsDefined(t *testing.T) {
	reg := permission.NewRegistry()
	reg.Add(permissionGroups...) // panics on a duplicate or a parent defined after its child
	used := append(append(append([]string{}, allPerms...), ReadPermissions...), SalesPermissions...)
	used = append(used, PermOrderTypesCreate, PermOrderTypesEdit, PermOrderTypesDelete,
		PermProductTypesCreate, PermProductTypesEdit, PermProductTypesDelete)
	for _, tr := range transitions {
		used = append(used, tr.perm)
	}
	for _, m := range menus {
		if m.Permission != "" {
			used = append(used, m.Permission)
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
	if len(reg.Names()) != len(allPerms)+6 {
		t.Errorf("defined %d, the tests know %d", len(reg.Names()), len(allPerms)+6)
	}
}

// TestEveryStatusAndMoveHasItsNameInBothLanguages, and every text of the area has both.
func TestEveryStatusAndMoveHasItsNameInBothLanguages(t *testing.T) {
	for _, s := range Statuses {
		if txt, ok := texts[statusKey(s)]; !ok || txt.ZhHans == "" || txt.En == "" {
			t.Errorf("status %d: %+v", s, txt)
		}
	}
	for _, a := range Actions {
		if txt, ok := texts[actionKey(a)]; !ok || txt.ZhHans == "" || txt.En == "" {
			t.Errorf("action %s: %+v", a, txt)
		}
		if _, ok := actionPerm(a); !ok {
			t.Errorf("action %s moves nothing", a)
		}
	}
	for k, txt := range texts {
		if txt.ZhHans == "" || txt.En == "" {
			t.Errorf("%s: %+v", k, txt)
		}
	}
	for _, m := range menus {
		if m.DisplayName.ZhHans == "" || m.DisplayName.En == "" {
			t.Errorf("menu %s: %+v", m.Name, m.DisplayName)
		}
	}
}
