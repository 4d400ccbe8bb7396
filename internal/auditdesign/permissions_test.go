package auditdesign

import (
	"testing"

	"kerf/internal/platform/permission"
)

// TestEveryPermissionTheTableChecksIsDefined: the table's and the routes' permissions are
// defined (parents first), each with a zh-Hans and an en name.
func TestEveryPermissionTheTableChecksIsDefined(t *testing.T) {
	reg := permission.NewRegistry()
	reg.Add(permissionGroups...)
	used := append([]string{}, allPerms...)
	for _, r := range Table {
		used = append(used, r.Permission)
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
	if len(reg.Names()) != len(allPerms) {
		t.Errorf("defined %d, the tests know %d", len(reg.Names()), len(allPerms))
	}
}

// TestEveryStateAndActionHasItsNameInBothLanguages, every action is in the table, and every
// text of the area has both languages.
func TestEveryStateAndActionHasItsNameInBothLanguages(t *testing.T) {
	for s := StateWaiting; s <= StateVoided; s++ {
		if txt, ok := texts[stateKey(s)]; !ok || txt.ZhHans == "" || txt.En == "" {
			t.Errorf("state %d: %+v", s, txt)
		}
	}
	if len(Actions) != len(Table) {
		t.Errorf("%d actions, %d table rows", len(Actions), len(Table))
	}
	for _, a := range Actions {
		if txt, ok := texts[actionKey(a)]; !ok || txt.ZhHans == "" || txt.En == "" {
			t.Errorf("action %s: %+v", a, txt)
		}
		if _, ok := Table[a]; !ok {
			t.Errorf("action %s has no table row", a)
		}
	}
	for k, txt := range texts {
		if txt.ZhHans == "" || txt.En == "" {
			t.Errorf("%s: %+v", k, txt)
		}
	}
}
