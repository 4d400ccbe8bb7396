package datadictionary

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// demoTenantName is the demo tenant the identity area seeds (the seed's fallback when the app
// gives no list of tenants).
const demoTenantName = "demo"

// staticDictionary is a dictionary every side has: other areas read it by code.
type staticDictionary struct {
	fields  DictionaryFieldsInput
	details []DetailFieldsInput
}

func yes() *bool { v := true; return &v }

// staticDictionaries are seeded on the host and every tenant (spec 001 §7, §9): the separate
// pallet choices of a review sheet, and the quotation types of the KuJiaLe design platform,
// whose default is the factory price.
var staticDictionaries = []staticDictionary{{
	fields: DictionaryFieldsInput{Code: CodeSeparatePallet, DisplayName: "分托方式",
		Description: "Separate pallet: how the goods of an order are split onto pallets"},
	details: []DetailFieldsInput{
		{Code: "None", Label: "不分托", Value: "0", Order: 1, IsEnable: yes(), IsDefault: true, Description: "One pallet for the order"},
		{Code: "ByRoom", Label: "按空间分托", Value: "1", Order: 2, IsEnable: yes(), Description: "A pallet per room"},
		{Code: "ByCabinet", Label: "按柜体分托", Value: "2", Order: 3, IsEnable: yes(), Description: "A pallet per cabinet"},
	},
}, {
	fields: DictionaryFieldsInput{Code: CodeQuotationType, DisplayName: "酷家乐报价类型",
		Description: "Quotation types of the KuJiaLe design platform"},
	details: []DetailFieldsInput{
		{Code: "FactoryPrice", Label: "出厂价", Value: "出厂价", Order: 1, IsEnable: yes(), IsDefault: true, Description: "Factory price"},
		{Code: "DealerPrice", Label: "经销价", Value: "经销价", Order: 2, IsEnable: yes(), Description: "Dealer price"},
		{Code: "RetailPrice", Label: "零售价", Value: "零售价", Order: 3, IsEnable: yes(), Description: "Retail price"},
	},
}}

// seed gives the host and every tenant the static dictionaries they lack (demo or not: other
// areas need them to work).
func (m *Module) seed(ctx context.Context) error {
	sides, err := m.sides(ctx)
	if err != nil {
		return err
	}
	for _, sc := range sides {
		if err := m.svc.EnsureStatic(tenancy.WithTenant(ctx, sc)); err != nil {
			return fmt.Errorf("static data dictionaries of %q: %w", sc.Name, err)
		}
	}
	return nil
}

// sides answers the host and the tenants to seed.
func (m *Module) sides(ctx context.Context) ([]tenancy.Tenant, error) {
	out := []tenancy.Tenant{{}}
	if m.deps.ListTenants != nil {
		tenants, err := m.deps.ListTenants(ctx)
		if err != nil {
			return nil, fmt.Errorf("list tenants: %w", err)
		}
		return append(out, tenants...), nil
	}
	if m.deps.Tenants == nil {
		return out, nil
	}
	t, err := m.deps.Tenants.ResolveTenant(ctx, demoTenantName)
	switch {
	case err == nil:
		out = append(out, t)
	case errors.Is(err, tenancy.ErrTenantNotAvailable):
		slog.DebugContext(ctx, "datadictionary seed: no demo tenant, seeding the host only")
	default:
		return nil, err
	}
	return out, nil
}

// EnsureStatic gives the side of ctx the static dictionaries it lacks, with their details, in
// one transaction. A dictionary of a static code already there is kept as it is (its details
// may have been edited), and marked static.
func (s *Service) EnsureStatic(ctx context.Context) error { return s.ensureStatic(ctx, s.store) }

// ensureStatic is EnsureStatic through st (in the transaction st is bound to, if any).
func (s *Service) ensureStatic(ctx context.Context, st store) error {
	return st.inTx(ctx, func(ctx context.Context, tx store) error {
		changed := false
		for _, sd := range staticDictionaries {
			d, err := tx.dictionaryByCode(ctx, sd.fields.Code)
			switch {
			case err == nil:
				if d.IsStatic {
					continue
				}
				d.IsStatic = true
				if err := tx.updateDictionary(ctx, d, ""); err != nil {
					return err
				}
			case errors.Is(err, db.ErrNotFound):
				d = &Dictionary{Code: sd.fields.Code, DisplayName: sd.fields.DisplayName, Description: sd.fields.Description, IsStatic: true}
				if err := tx.insertDictionary(ctx, d); err != nil {
					return err
				}
				rows := make([]Detail, len(sd.details))
				for i := range sd.details {
					rows[i] = Detail{DataDictionaryID: d.ID, IsEnable: true}
					sd.details[i].apply(&rows[i])
				}
				if err := tx.insertDetails(ctx, rows); err != nil {
					return err
				}
			default:
				return err
			}
			changed = true
		}
		if changed {
			s.changed(ctx)
		}
		return nil
	})
}
