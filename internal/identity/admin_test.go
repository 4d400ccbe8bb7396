package identity

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// adminEnv is the area as the app wires it: settings, grants and permission checks that read
// the roles a user holds now, and a sign-out hook that records whom it signed out.
type adminEnv struct {
	m        *Module
	svc      *Service
	perms    *permission.Service
	settings *setting.Service
	host     context.Context
	demo     context.Context

	mu        sync.Mutex
	signedOut []uuid.UUID
	hookErr   error
}

func newAdminEnv(t *testing.T, d *db.DB) *adminEnv {
	t.Helper()
	b := startedBus(t, d)
	reg := permission.NewRegistry()
	perms := &permission.Service{DB: d, Registry: reg, Bus: b}
	settings := setting.New(d, b)
	m := New(Deps{DB: d, Registry: reg, Permissions: perms, Bus: b, Settings: settings})
	perms.Roles = m.svc.EffectiveRoles
	reg.Add(m.Permissions()...)
	settings.Define(m.Settings()...)
	ctx := context.Background()
	migrations := append(append(append([]db.Migration{}, permission.Migrations...), setting.Migrations...), m.Migrations()...)
	if err := d.Migrate(ctx, migrations); err != nil {
		t.Fatal(err)
	}
	if err := m.Seed(ctx, true); err != nil {
		t.Fatal(err)
	}
	e := &adminEnv{m: m, svc: m.svc, perms: perms, settings: settings, host: ctx}
	m.svc.AddSignOutHook(func(ctx context.Context, tx bun.IDB, userID uuid.UUID) error {
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.hookErr != nil {
			return e.hookErr
		}
		if tx == nil || !db.InTransaction(ctx) {
			return errors.New("the hook runs outside the transaction")
		}
		e.signedOut = append(e.signedOut, userID)
		return nil
	})
	demo, err := m.svc.ResolveTenant(ctx, DemoTenantName)
	if err != nil {
		t.Fatal(err)
	}
	e.demo = tenancy.WithTenant(ctx, demo)
	return e
}

// takeSignedOut returns and forgets the users signed out so far.
func (e *adminEnv) takeSignedOut() []uuid.UUID {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := e.signedOut
	e.signedOut = nil
	return out
}

func (e *adminEnv) user(t *testing.T, ctx context.Context, name string, roles ...string) *User {
	t.Helper()
	u, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: name, Password: DefaultPassword, Email: name + "@test.local",
		LockoutEnabled: true, RoleNames: roles})
	if err != nil {
		t.Fatalf("create %s: %v", name, err)
	}
	return u
}

// fieldKeys lists "field key" of every message of a validation error.
func fieldKeys(err error) []string {
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	for _, f := range ve.Fields {
		out = append(out, f.Field+" "+f.Key)
	}
	return out
}

func hasKey(err error, field, key string) bool { return slices.Contains(fieldKeys(err), field+" "+key) }

func TestEachBrokenPasswordRuleIsNamedAndTheRulesFollowTheSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		cases := []struct {
			password string
			want     []string
		}{
			{"abc", []string{KeyPasswordTooShort, KeyPasswordRequiresNonAlphanumeric, KeyPasswordRequiresDigit, KeyPasswordRequiresUpper}},
			{"ABCDEF1*", []string{KeyPasswordRequiresLower}},
			{"abcdEF*", []string{KeyPasswordRequiresDigit}},
			{"abcdE12", []string{KeyPasswordRequiresNonAlphanumeric}},
			{"密码abc1E", nil}, // a character that is no ASCII letter or digit counts as non-alphanumeric
			{DefaultPassword, nil},
		}
		for _, c := range cases {
			var got []string
			for _, k := range fieldKeys(e.svc.ValidatePassword(ctx, "password", c.password)) {
				got = append(got, k[len("password "):])
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%q: broken rules %v, want %v", c.password, got, c.want)
			}
		}

		// Every path that sets a password checks the rules.
		if _, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "weak", Password: "weak"}); !hasKey(err, "password", KeyPasswordTooShort) {
			t.Errorf("create with a weak password: %v", err)
		}
		sales, _ := e.svc.FindByLogin(ctx, "sales")
		if err := e.svc.ResetPassword(ctx, sales.ID, "alllowercase1*"); !hasKey(err, "newPassword", KeyPasswordRequiresUpper) {
			t.Errorf("administrator's reset with a weak password: %v", err)
		}
		if err := e.svc.ChangePassword(ctx, sales.ID, DefaultPassword, "NOLOWER1*"); !hasKey(err, "newPassword", KeyPasswordRequiresLower) {
			t.Errorf("own change to a weak password: %v", err)
		}
		if len(e.takeSignedOut()) != 0 {
			t.Error("a refused password signed the user out")
		}

		// Tuned: ten characters everywhere, no symbol needed in the demo tenant.
		err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := e.settings.Set(ctx, tx, SettingPasswordRequiredLength, "10", false); err != nil {
				return err
			}
			return e.settings.Set(e.demo, tx, SettingPasswordRequireNonAlphanumeric, "false", true)
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.svc.ValidatePassword(ctx, "p", DefaultPassword); !hasKey(err, "p", KeyPasswordTooShort) {
			t.Errorf("the global length of 10: %v", err)
		}
		if err := e.svc.ValidatePassword(ctx, "p", "Abcdefghi1"); !hasKey(err, "p", KeyPasswordRequiresNonAlphanumeric) {
			t.Errorf("the host still wants a symbol: %v", err)
		}
		if err := e.svc.ValidatePassword(e.demo, "p", "Abcdefghi1"); err != nil {
			t.Errorf("the demo tenant needs no symbol: %v", err)
		}
	})
}

func TestDuplicateUserNamesEmailsAndPhonesAreRefusedPerTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "SALES", Password: DefaultPassword,
			Email: "Sales@Kerf.local", Phone: "13800000002"})
		for _, want := range []string{"userName " + KeyDuplicateUserName, "email " + KeyDuplicateEmail, "phoneNumber " + KeyDuplicatePhone} {
			if !slices.Contains(fieldKeys(err), want) {
				t.Errorf("duplicate create: %v lacks %s", fieldKeys(err), want)
			}
		}
		// Another tenant may use them.
		if _, err := e.svc.CreateUser(e.demo, CreateUserInput{UserName: "zhangsan", Password: DefaultPassword, Email: "sales@kerf.local"}); err != nil {
			t.Fatalf("the names of another tenant are free: %v", err)
		}
		other := e.user(t, ctx, "lisi")
		_, err = e.svc.UpdateUser(ctx, other.ID, UpdateUserInput{UserName: "Sales", Email: "sales@kerf.local"})
		if !hasKey(err, "userName", KeyDuplicateUserName) || !hasKey(err, "email", KeyDuplicateEmail) {
			t.Errorf("duplicate update: %v", err)
		}
		if _, err := e.svc.UpdateUser(ctx, other.ID, UpdateUserInput{UserName: "lisi", Email: "lisi@test.local"}); err != nil {
			t.Errorf("a user keeps its own name and e-mail: %v", err)
		}
		// Bad shapes are named too.
		_, err = e.svc.CreateUser(ctx, CreateUserInput{UserName: "张三", Password: DefaultPassword, Email: "no-at", Gender: 7})
		if !hasKey(err, "userName", KeyInvalidUserName) || !hasKey(err, "email", KeyInvalidEmail) || !hasKey(err, "gender", "Error:InvalidValue") {
			t.Errorf("bad shapes: %v", err)
		}

		// Requests at the same moment: one user, the others the same message (not a 409 or 500).
		const n = 6
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = e.svc.CreateUser(ctx, CreateUserInput{UserName: "racer", Password: DefaultPassword})
			}()
		}
		wg.Wait()
		created := 0
		for _, err := range errs {
			switch {
			case err == nil:
				created++
			case !hasKey(err, "userName", KeyDuplicateUserName):
				t.Errorf("a racing create answered %v", err)
			}
		}
		if created != 1 {
			t.Errorf("%d racing creates succeeded, want 1", created)
		}
	})
}

func TestTheStaticAdminAndOneselfCannotBeDeleted(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		admin, _ := e.svc.FindByLogin(ctx, AdminUserName)
		if !admin.IsStatic {
			t.Fatal("the seeded admin is static")
		}
		tenantAdmin, _ := e.svc.FindByLogin(e.demo, AdminUserName)
		if !tenantAdmin.IsStatic {
			t.Fatal("the demo tenant's seeded admin is static")
		}
		clerk := e.user(t, ctx, "clerk")
		asClerk := auth.WithPrincipal(ctx, &auth.Principal{UserID: clerk.ID})
		if err := e.svc.DeleteUser(asClerk, admin.ID); !isUserError(err, KeyStaticUserDelete) {
			t.Errorf("delete the static admin: %v", err)
		}
		if err := e.svc.DeleteUser(e.demo, tenantAdmin.ID); !isUserError(err, KeyStaticUserDelete) {
			t.Errorf("delete the tenant's static admin: %v", err)
		}
		if err := e.svc.DeleteUser(asClerk, clerk.ID); !isUserError(err, KeyCannotDeleteSelf) {
			t.Errorf("delete oneself: %v", err)
		}
		if len(e.takeSignedOut()) != 0 {
			t.Error("a refused delete signed someone out")
		}

		// Deleting another user: gone, signed out, its own grants and role links dropped, its
		// name free again.
		victim := e.user(t, ctx, "victim", SalesRole)
		err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return e.perms.Set(ctx, tx, permission.User, victim.ID.String(), []permission.Change{{Name: PermUsers, IsGranted: true}})
		})
		if err != nil {
			t.Fatal(err)
		}
		asAdmin := auth.WithPrincipal(ctx, &auth.Principal{UserID: admin.ID})
		if err := e.svc.DeleteUser(asAdmin, victim.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.UserDetail(ctx, victim.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("deleted user still read: %v", err)
		}
		if got := e.takeSignedOut(); !slices.Equal(got, []uuid.UUID{victim.ID}) {
			t.Errorf("signed out %v, want the deleted user", got)
		}
		if g, _ := e.perms.ProviderGrants(ctx, permission.User, victim.ID.String()); len(g) != 0 {
			t.Errorf("deleted user's grants kept: %v", g)
		}
		sales, _ := e.svc.AllRoles(ctx)
		for _, r := range sales {
			if r.Name == SalesRole && r.UserCount != 1 {
				t.Errorf("sales role counts %d users after the delete, want 1", r.UserCount)
			}
		}
		e.user(t, ctx, "victim")
	})
}

func TestAStaticRoleCannotBeRenamedOrDeleted(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		var admin RoleDto
		all, _ := e.svc.AllRoles(ctx)
		for _, r := range all {
			if r.Name == AdminRole {
				admin = r
			}
		}
		if !admin.IsStatic {
			t.Fatalf("admin role = %+v", admin)
		}
		if _, err := e.svc.UpdateRole(ctx, admin.ID, UpdateRoleInput{Name: "boss"}); !hasKey(err, "name", KeyStaticRoleRename) {
			t.Errorf("rename a static role: %v", err)
		}
		if err := e.svc.DeleteRole(ctx, admin.ID); !isUserError(err, KeyStaticRoleDelete) {
			t.Errorf("delete a static role: %v", err)
		}
		yes := true
		if r, err := e.svc.UpdateRole(ctx, admin.ID, UpdateRoleInput{Name: AdminRole, IsPublic: &yes}); err != nil || r.Name != AdminRole {
			t.Errorf("a static role's flags may change: %+v %v", r, err)
		}
		if g, _ := e.perms.ProviderGrants(ctx, permission.Role, AdminRole); !g[PermUsers] {
			t.Error("the admin role lost its grants")
		}
		if _, err := e.svc.CreateRole(ctx, CreateRoleInput{Name: " Admin "}); !hasKey(err, "name", KeyDuplicateRoleName) {
			t.Errorf("a taken role name: %v", err)
		}
		if _, err := e.svc.CreateRole(ctx, CreateRoleInput{Name: "  "}); !hasKey(err, "name", "Error:Required") {
			t.Errorf("a blank role name: %v", err)
		}
	})
}

func TestRenamingARoleMovesItsGrantsAndDeletingItRemovesGrantsAndLinks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		clerk, err := e.svc.CreateRole(ctx, CreateRoleInput{Name: "clerk"})
		if err != nil {
			t.Fatal(err)
		}
		if !clerk.IsPublic || clerk.IsDefault || clerk.IsStatic {
			t.Errorf("new role flags = %+v", clerk)
		}
		u := e.user(t, ctx, "worker", "clerk")
		grant := func(role string, names ...string) {
			var ch []permission.Change
			for _, n := range names {
				ch = append(ch, permission.Change{Name: n, IsGranted: true})
			}
			if err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
				return e.perms.Set(ctx, tx, permission.Role, role, ch)
			}); err != nil {
				t.Fatal(err)
			}
		}
		grant("clerk", PermUsers)
		grant("desk", PermRoles) // left behind by an earlier role of the new name
		p := &auth.Principal{UserID: u.ID}
		granted := func() map[string]bool {
			g, err := e.perms.Granted(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		if !granted()[PermUsers] {
			t.Fatal("the role's grant does not reach its user")
		}

		r, err := e.svc.UpdateRole(ctx, clerk.ID, UpdateRoleInput{Name: "desk", ConcurrencyStamp: clerk.ConcurrencyStamp})
		if err != nil || r.Name != "desk" || r.UserCount != 1 {
			t.Fatalf("rename: %+v %v", r, err)
		}
		if g, _ := e.perms.ProviderGrants(ctx, permission.Role, "desk"); !g[PermUsers] || g[PermRoles] || len(g) != 1 {
			t.Errorf("grants of the new name = %v, want exactly the old role's", g)
		}
		if g, _ := e.perms.ProviderGrants(ctx, permission.Role, "clerk"); len(g) != 0 {
			t.Errorf("grants left under the old name: %v", g)
		}
		if roles, _ := e.svc.EffectiveRoles(ctx, u.ID); !slices.Equal(roles, []string{"desk"}) {
			t.Errorf("user's roles after the rename = %v", roles)
		}
		if g := granted(); !g[PermUsers] || g[PermRoles] {
			t.Errorf("user's permissions after the rename = %v", g)
		}
		if _, err := e.svc.UpdateRole(ctx, clerk.ID, UpdateRoleInput{Name: "again", ConcurrencyStamp: clerk.ConcurrencyStamp}); !errors.Is(err, apperr.ErrConflict) {
			t.Errorf("a stale stamp: %v", err)
		}

		if err := e.svc.DeleteRole(ctx, clerk.ID); err != nil {
			t.Fatal(err)
		}
		if roles, _ := e.svc.EffectiveRoles(ctx, u.ID); len(roles) != 0 {
			t.Errorf("user keeps a deleted role: %v", roles)
		}
		if g, _ := e.perms.ProviderGrants(ctx, permission.Role, "desk"); len(g) != 0 {
			t.Errorf("a deleted role's grants are kept: %v", g)
		}
		if g := granted(); g[PermUsers] {
			t.Error("the user keeps a deleted role's permission")
		}
		if _, err := e.svc.RoleDetail(ctx, clerk.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("deleted role still read: %v", err)
		}
		if _, err := e.svc.CreateRole(ctx, CreateRoleInput{Name: "desk"}); err != nil {
			t.Errorf("a deleted role's name is free again: %v", err)
		}
	})
}

func TestNewUsersWithoutRolesGetTheDefaultRoles(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		if _, err := e.svc.CreateRole(ctx, CreateRoleInput{Name: "member", IsDefault: true}); err != nil {
			t.Fatal(err)
		}
		roles := func(u *User) []string {
			r, err := e.svc.RoleNames(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		if got := roles(e.user(t, ctx, "newbie")); !slices.Equal(got, []string{"member"}) {
			t.Errorf("without roles: %v, want the default role", got)
		}
		if got := roles(e.user(t, ctx, "seller", SalesRole, "SALES")); !slices.Equal(got, []string{SalesRole}) {
			t.Errorf("with roles: %v, want only those (once)", got)
		}
		if got := roles(e.user(t, e.demo, "tenantnewbie")); len(got) != 0 {
			t.Errorf("another tenant's default role was given: %v", got)
		}
		_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "ghost", Password: DefaultPassword, RoleNames: []string{"nosuch"}})
		if !hasKey(err, "roleNames", KeyRoleNameNotFound) {
			t.Errorf("an unknown role: %v", err)
		}
		if _, err := e.svc.FindByLogin(ctx, "ghost"); !errors.Is(err, apperr.ErrNotFound) {
			t.Error("a refused user was stored")
		}
	})
}

func TestLockingSignsTheUserOutAndAPastTimeUnlocks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		u := e.user(t, ctx, "locky")
		until := time.Now().Add(time.Hour).UTC()
		if err := e.svc.LockUser(ctx, u.ID, until); err != nil {
			t.Fatal(err)
		}
		got, _ := e.svc.GetUser(ctx, u.ID)
		if !e.svc.IsLockedOut(got, time.Now()) || e.svc.IsLockedOut(got, until.Add(time.Second)) {
			t.Errorf("locked until %v: lockoutEnd %v", until, got.LockoutEnd)
		}
		if out := e.takeSignedOut(); !slices.Equal(out, []uuid.UUID{u.ID}) {
			t.Errorf("locking signed out %v", out)
		}
		if _, err := e.svc.RecordFailedLogin(ctx, got); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.LockUser(ctx, u.ID, time.Now().Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		got, _ = e.svc.GetUser(ctx, u.ID)
		if got.LockoutEnd != nil || got.AccessFailedCount != 0 {
			t.Errorf("unlocked: lockoutEnd %v, failures %d", got.LockoutEnd, got.AccessFailedCount)
		}
		if out := e.takeSignedOut(); len(out) != 0 {
			t.Errorf("unlocking signed out %v", out)
		}

		free, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "free", Password: DefaultPassword, LockoutEnabled: false})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.svc.LockUser(ctx, free.ID, until); !isUserError(err, KeyLockoutNotEnabled) {
			t.Errorf("lock a user without lockout: %v", err)
		}

		// A failing sign-out rolls the lock back.
		e.hookErr = errors.New("token store down")
		if err := e.svc.LockUser(ctx, u.ID, until); err == nil {
			t.Fatal("the lock succeeded although signing out failed")
		}
		e.hookErr = nil
		if got, _ := e.svc.GetUser(ctx, u.ID); got.LockoutEnd != nil {
			t.Error("the lock was kept although signing out failed")
		}

		for in, want := range map[string]time.Time{
			"2030-05-01T08:00:00+08:00": time.Date(2030, 5, 1, 0, 0, 0, 0, time.UTC),
			"2030-05-01T08:00:00Z":      time.Date(2030, 5, 1, 8, 0, 0, 0, time.UTC),
			"2030-05-01T08:00:00":       time.Date(2030, 5, 1, 8, 0, 0, 0, time.UTC),
			"2030-05-01":                time.Date(2030, 5, 1, 0, 0, 0, 0, time.UTC),
		} {
			if got, err := ParseLockoutEnd(in); err != nil || !got.Equal(want) {
				t.Errorf("ParseLockoutEnd(%q) = %v %v, want %v", in, got, err, want)
			}
		}
		if _, err := ParseLockoutEnd("tomorrow"); !hasKey(err, "lockoutEnd", "Error:Expected") {
			t.Errorf("ParseLockoutEnd(tomorrow) = %v", err)
		}
	})
}

func TestARoleChangeIsVisibleThroughEffectiveRolesRightAfter(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		u := e.user(t, ctx, "mover")
		effective := func() []string {
			r, err := e.svc.EffectiveRoles(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		if got := effective(); len(got) != 0 { // read and cached
			t.Fatalf("new user's roles = %v", got)
		}
		if err := e.svc.SetUserRoles(ctx, u.ID, []string{SalesRole, AdminRole}); err != nil {
			t.Fatal(err)
		}
		if got := effective(); !slices.Equal(got, []string{AdminRole, SalesRole}) {
			t.Errorf("after PUT roles: %v", got)
		}
		detail, _ := e.svc.UserDetail(ctx, u.ID)
		if _, err := e.svc.UpdateUser(ctx, u.ID, UpdateUserInput{UserName: "mover", RoleNames: []string{SalesRole},
			ConcurrencyStamp: detail.ConcurrencyStamp}); err != nil {
			t.Fatal(err)
		}
		if got := effective(); !slices.Equal(got, []string{SalesRole}) {
			t.Errorf("after PUT user with roles: %v", got)
		}
		if _, err := e.svc.UpdateUser(ctx, u.ID, UpdateUserInput{UserName: "mover"}); err != nil {
			t.Fatal(err)
		}
		if got := effective(); !slices.Equal(got, []string{SalesRole}) {
			t.Errorf("a PUT without roleNames keeps the roles: %v", got)
		}
		if err := e.svc.SetUserRoles(ctx, u.ID, []string{"nosuch"}); !hasKey(err, "roleNames", KeyRoleNameNotFound) {
			t.Errorf("an unknown role: %v", err)
		}
		if ok, _ := e.svc.IsSystemAdmin(ctx, u.ID); ok {
			t.Error("a sales user is a system admin")
		}
		admin, _ := e.svc.FindByLogin(ctx, AdminUserName)
		if ok, _ := e.svc.IsSystemAdmin(ctx, admin.ID); !ok {
			t.Error("the admin is not a system admin")
		}
	})
}

func TestUpdatingAUserChecksItsStampAndDeactivatingSignsItOut(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		u := e.user(t, ctx, "editme")
		if err := e.svc.ResetPassword(ctx, u.ID, "Another-1"); err != nil {
			t.Fatal(err)
		}
		if out := e.takeSignedOut(); !slices.Equal(out, []uuid.UUID{u.ID}) {
			t.Errorf("an administrator's new password signed out %v", out)
		}
		got, _ := e.svc.GetUser(ctx, u.ID)
		if !e.svc.CheckPassword(ctx, got, "Another-1") {
			t.Error("the new password is not stored")
		}
		female, no := GenderFemale, false
		d1, err := e.svc.UpdateUser(ctx, u.ID, UpdateUserInput{UserName: "edited", Name: " 小王 ", Email: "w@test.local",
			Gender: &female, ConcurrencyStamp: got.ConcurrencyStamp})
		if err != nil {
			t.Fatal(err)
		}
		if d1.UserName != "edited" || d1.Name != "小王" || d1.Gender != GenderFemale || !d1.IsActive || d1.ConcurrencyStamp == got.ConcurrencyStamp {
			t.Errorf("updated = %+v", d1)
		}
		if len(e.takeSignedOut()) != 0 {
			t.Error("an edit signed the user out")
		}
		if _, err := e.svc.UpdateUser(ctx, u.ID, UpdateUserInput{UserName: "stale", ConcurrencyStamp: got.ConcurrencyStamp}); !errors.Is(err, apperr.ErrConflict) {
			t.Errorf("a stale stamp: %v", err)
		}
		d2, err := e.svc.UpdateUser(ctx, u.ID, UpdateUserInput{UserName: "edited", IsActive: &no})
		if err != nil || d2.IsActive || d2.Gender != GenderFemale {
			t.Fatalf("deactivate: %+v %v", d2, err)
		}
		if out := e.takeSignedOut(); !slices.Equal(out, []uuid.UUID{u.ID}) {
			t.Errorf("deactivating signed out %v", out)
		}
		on, err := e.svc.TwoFactorEnabled(ctx, u.ID)
		if err != nil || on {
			t.Fatalf("two-factor at first: %v %v", on, err)
		}
		if err := e.svc.SetTwoFactorEnabled(ctx, u.ID, true); err != nil {
			t.Fatal(err)
		}
		if on, _ := e.svc.TwoFactorEnabled(ctx, u.ID); !on {
			t.Error("two-factor not switched on")
		}
	})
}

func TestATenantNeverReadsOrChangesAnotherTenantsUsersAndRoles(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		hostUser := e.user(t, e.host, "hostonly")
		hostRole, err := e.svc.CreateRole(e.host, CreateRoleInput{Name: "hostrole"})
		if err != nil {
			t.Fatal(err)
		}
		tctx := e.demo
		for name, err := range map[string]error{
			"read user": func() error { _, err := e.svc.UserDetail(tctx, hostUser.ID); return err }(),
			"update user": func() error {
				_, err := e.svc.UpdateUser(tctx, hostUser.ID, UpdateUserInput{UserName: "x"})
				return err
			}(),
			"delete user":  e.svc.DeleteUser(tctx, hostUser.ID),
			"lock user":    e.svc.LockUser(tctx, hostUser.ID, time.Now().Add(time.Hour)),
			"set roles":    e.svc.SetUserRoles(tctx, hostUser.ID, nil),
			"set password": e.svc.ResetPassword(tctx, hostUser.ID, "Another-1"),
			"read role":    func() error { _, err := e.svc.RoleDetail(tctx, hostRole.ID); return err }(),
			"update role":  func() error { _, err := e.svc.UpdateRole(tctx, hostRole.ID, UpdateRoleInput{Name: "x"}); return err }(),
			"delete role":  e.svc.DeleteRole(tctx, hostRole.ID),
		} {
			if !errors.Is(err, apperr.ErrNotFound) {
				t.Errorf("%s of the host from the demo tenant: %v", name, err)
			}
		}
		users, total, err := e.svc.ListUsers(tctx, UserQuery{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range users {
			if u.TenantID == nil {
				t.Errorf("the demo tenant lists host user %s", u.UserName)
			}
		}
		if total != len(users) || total != 2 {
			t.Errorf("demo users = %d (%d rows), want admin and sales", total, len(users))
		}
		if _, err := e.svc.CreateUser(tctx, CreateUserInput{UserName: "x1", Password: DefaultPassword, RoleNames: []string{"hostrole"}}); !hasKey(err, "roleNames", KeyRoleNameNotFound) {
			t.Errorf("a host role given in a tenant: %v", err)
		}
	})
}

func TestUserListsFilterSortAndPage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		for i := range 5 {
			if _, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: fmt.Sprintf("page%d", i), Name: fmt.Sprintf("N%d", 4-i),
				Password: DefaultPassword, RoleNames: []string{SalesRole}}); err != nil {
				t.Fatal(err)
			}
		}
		rows, total, err := e.svc.ListUsers(ctx, UserQuery{Filter: "PAGE", Sorting: "userName desc", Skip: 1, Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if total != 5 || len(rows) != 2 || rows[0].UserName != "page3" || rows[1].UserName != "page2" ||
			!slices.Equal(rows[0].RoleNames, []string{SalesRole}) {
			t.Errorf("page = %d %+v", total, rows)
		}
		if _, _, err := e.svc.ListUsers(ctx, UserQuery{Sorting: "password_hash"}); !hasKey(err, "sorting", "Error:SortingNotAllowed") {
			t.Errorf("sorting outside the whitelist: %v", err)
		}
		look, total, err := e.svc.LookupUsers(ctx, UserQuery{Filter: "n0", Limit: 10})
		if err != nil || total != 1 || look[0].UserName != "page4" {
			t.Errorf("lookup = %d %+v %v", total, look, err)
		}
		items, total, err := e.svc.UserList(ctx, UserQuery{Filter: "13800000001", Limit: 10})
		if err != nil || total != 1 || items[0].UserName != AdminUserName || !slices.Equal(items[0].RoleNames, []string{AdminRole}) {
			t.Errorf("user list by phone = %d %+v %v", total, items, err)
		}
		roles, total, err := e.svc.ListRoles(ctx, RoleQuery{Filter: "ALE", Limit: 999})
		if err != nil || total != 1 || roles[0].Name != SalesRole || roles[0].UserCount != 6 {
			t.Errorf("roles = %d %+v %v", total, roles, err)
		}
	})
}

// TestInputTagsStateTheServiceRules: each maxLength of the bodies' tags (which the web reads
// from the OpenAPI document) is the limit the service enforces.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newAdminEnv(t, d)
		ctx := e.host
		target := e.user(t, ctx, "tagged")
		role, err := e.svc.CreateRole(ctx, CreateRoleInput{Name: "tagged"})
		if err != nil {
			t.Fatal(err)
		}
		// value gives a member n characters that pass every other rule.
		value := func(member string, n int) string {
			switch member {
			case "email":
				return "x@" + strings.Repeat("a", n-2)
			case "password", "newPassword":
				return "Aa1*" + strings.Repeat("a", n-4)
			case "phoneNumber":
				return strings.Repeat("1", n)
			}
			return strings.Repeat("a", n)
		}
		cases := []struct {
			typ   any
			field string
			call  func(v string) error
		}{
			{CreateUserInput{}, "UserName", func(v string) error {
				_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: v, Password: DefaultPassword})
				return err
			}},
			{CreateUserInput{}, "Name", func(v string) error {
				_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "n" + v[:1], Name: v, Password: DefaultPassword})
				return err
			}},
			{CreateUserInput{}, "Surname", func(v string) error {
				_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "s" + v[:1], Surname: v, Password: DefaultPassword})
				return err
			}},
			{CreateUserInput{}, "Email", func(v string) error {
				_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "e" + v[3:4], Email: v, Password: DefaultPassword})
				return err
			}},
			{CreateUserInput{}, "Phone", func(v string) error {
				_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "p" + v[:1], Phone: v, Password: DefaultPassword})
				return err
			}},
			{CreateUserInput{}, "Password", func(v string) error {
				_, err := e.svc.CreateUser(ctx, CreateUserInput{UserName: "pw", Password: v})
				return err
			}},
			{UpdateUserInput{}, "UserName", func(v string) error {
				_, err := e.svc.UpdateUser(ctx, target.ID, UpdateUserInput{UserName: v})
				return err
			}},
			{UpdateUserInput{}, "Name", func(v string) error {
				_, err := e.svc.UpdateUser(ctx, target.ID, UpdateUserInput{UserName: "tagged", Name: v})
				return err
			}},
			{UpdateUserInput{}, "Surname", func(v string) error {
				_, err := e.svc.UpdateUser(ctx, target.ID, UpdateUserInput{UserName: "tagged", Surname: v})
				return err
			}},
			{UpdateUserInput{}, "Email", func(v string) error {
				_, err := e.svc.UpdateUser(ctx, target.ID, UpdateUserInput{UserName: "tagged", Email: v})
				return err
			}},
			{UpdateUserInput{}, "Phone", func(v string) error {
				_, err := e.svc.UpdateUser(ctx, target.ID, UpdateUserInput{UserName: "tagged", Phone: v})
				return err
			}},
			{CreateRoleInput{}, "Name", func(v string) error {
				_, err := e.svc.CreateRole(ctx, CreateRoleInput{Name: v})
				return err
			}},
			{UpdateRoleInput{}, "Name", func(v string) error {
				_, err := e.svc.UpdateRole(ctx, role.ID, UpdateRoleInput{Name: v})
				return err
			}},
		}
		for _, c := range cases {
			f, _ := reflect.TypeOf(c.typ).FieldByName(c.field)
			member, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			max, err := strconv.Atoi(f.Tag.Get("maxLength"))
			if err != nil {
				t.Fatalf("%T.%s has no maxLength", c.typ, c.field)
			}
			if err := c.call(value(member, max+1)); !hasKey(err, member, "Error:TooLong") {
				t.Errorf("%T.%s: maxLength %d, but %d characters give %v", c.typ, c.field, max, max+1, err)
			}
			if err := c.call(value(member, max)); hasKey(err, member, "Error:TooLong") {
				t.Errorf("%T.%s: maxLength %d, but that many characters give %v", c.typ, c.field, max, err)
			}
		}
		pw, _ := reflect.TypeOf(SetPasswordInput{}).FieldByName("NewPassword")
		if pw.Tag.Get("maxLength") != strconv.Itoa(MaxPassword) {
			t.Errorf("newPassword maxLength %s, rule %d", pw.Tag.Get("maxLength"), MaxPassword)
		}
		if err := e.svc.ResetPassword(ctx, target.ID, value("newPassword", MaxPassword+1)); !hasKey(err, "newPassword", "Error:TooLong") {
			t.Errorf("a too long new password: %v", err)
		}
	})
}
