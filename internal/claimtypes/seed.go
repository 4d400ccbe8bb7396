package claimtypes

import (
	"context"
	"errors"
	"fmt"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// staticTypes are the claim types every side (the host and each tenant) has: the standard
// OpenID Connect claims of a person. They cannot be renamed or deleted.
var staticTypes = []ClaimType{
	{Name: "given_name", Description: "名 Given name"},
	{Name: "family_name", Description: "姓 Family name"},
	{Name: "email", Regex: `^[^@\s]+@[^@\s]+$`, RegexDescription: "电子邮件地址，如 name@example.com (an e-mail address)",
		Description: "电子邮件 E-mail"},
	{Name: "phone_number", Description: "电话号码 Phone number"},
	{Name: "birthdate", ValueType: ValueDateTime, Description: "出生日期 Date of birth"},
	{Name: "gender", ValueType: ValueInt, Regex: `^[0-2]$`, RegexDescription: "0 男 Male、1 女 Female、2 其他 Other",
		Description: "性别 Gender"},
	{Name: "address", Description: "地址 Address"},
}

// Demo rows: a claim type of the demo tenant with a regex, and the claim its sales clerk holds.
const (
	demoTypeName  = "employee_no"
	demoUserName  = "sales"
	demoUserClaim = "E0012"
)

// seed gives the host and every tenant the static claim types they lack and, with demo, the
// demo tenant its employee-number type, with a claim of it for the demo sales clerk.
func (m *Module) seed(ctx context.Context, demo bool) error {
	var tenants []tenancy.Tenant
	if m.deps.Identity != nil {
		var err error
		if tenants, err = m.deps.Identity.Tenants(ctx); err != nil {
			return err
		}
	}
	for _, sc := range append([]tenancy.Tenant{{}}, tenants...) {
		if err := m.svc.EnsureStaticTypes(tenancy.WithTenant(ctx, sc)); err != nil {
			return fmt.Errorf("static claim types of %q: %w", sc.Name, err)
		}
	}
	if !demo || m.deps.Identity == nil {
		return nil
	}
	t, err := m.deps.Identity.ResolveTenant(ctx, identity.DemoTenantName)
	if errors.Is(err, tenancy.ErrTenantNotAvailable) {
		return nil
	}
	if err != nil {
		return err
	}
	return m.seedDemo(tenancy.WithTenant(ctx, t))
}

// seedDemo adds, through the service, the employee-number type when the tenant does not have
// it yet, and gives the demo sales clerk (when there is one) a claim of it.
func (m *Module) seedDemo(ctx context.Context) error {
	have, err := m.svc.store.typesNamed(ctx, []string{demoTypeName})
	if err != nil || len(have) > 0 {
		return err
	}
	if _, err := m.svc.CreateType(ctx, CreateClaimTypeInput{ClaimTypeFieldsInput{Name: demoTypeName,
		Regex: `^E\d{4}$`, RegexDescription: "E 加四位数字，如 E0012 (E and four digits)", Description: "工号 Employee number"}}); err != nil {
		return fmt.Errorf("demo claim type: %w", err)
	}
	u, err := m.deps.Identity.FindByLogin(ctx, demoUserName)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := m.svc.AddUserClaim(ctx, u.ID, ClaimInput{ClaimType: demoTypeName, ClaimValue: demoUserClaim}); err != nil {
		return fmt.Errorf("demo claim: %w", err)
	}
	return nil
}

// EnsureStaticTypes gives the tenant of ctx the static claim types it lacks (a type an
// administrator made earlier with one of their names is left as it is). It runs at every
// start for the host and every tenant; a tenant created while Kerf runs receives them at the
// next start, or when its creator calls this.
func (s *Service) EnsureStaticTypes(ctx context.Context) error {
	return s.ensureStaticTypes(ctx, s.store)
}

// ensureStaticTypes is EnsureStaticTypes through st (in the transaction st is bound to, if any).
func (s *Service) ensureStaticTypes(ctx context.Context, st store) error {
	names := make([]string, len(staticTypes))
	for i, t := range staticTypes {
		names[i] = t.Name
	}
	return st.inTx(ctx, func(ctx context.Context, tx store) error {
		have, err := tx.typesNamed(ctx, names)
		if err != nil {
			return err
		}
		var missing []ClaimType
		for _, t := range staticTypes {
			if _, ok := have[t.Name]; !ok {
				t.IsStatic = true
				missing = append(missing, t)
			}
		}
		if len(missing) == 0 {
			return nil
		}
		return tx.insertTypes(ctx, &missing)
	})
}
