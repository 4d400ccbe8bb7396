package optimization

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"kerf/internal/platform/tenancy"
)

// materialsDemoTenant is the demo tenant the identity area seeds.
const materialsDemoTenant = "demo"

// demoMaterial is one material of the demo: the board materials the demo design plans and the
// parts catalogue name, with the sheet sizes and costs the catalogue quotes.
type demoMaterial struct {
	code, name, color string
	thickness         float64
	grain             bool
	cost              float64
	big               bool // also a 2800 × 2070 sheet, 40 in stock
}

var demoMaterials = []demoMaterial{
	{"PB18-WW", "颗粒板18 暖白", "暖白", 18, false, 138, true},
	{"PB18-OK", "颗粒板18 橡木", "橡木", 18, true, 156, false},
	{"PB18-LG", "颗粒板18 浅灰", "浅灰", 18, false, 145, false},
	{"PB18-WN", "颗粒板18 胡桃木", "胡桃木", 18, true, 168, false},
	{"MDF18-W", "中纤板18 白色", "白色", 18, false, 185, false},
	{"PLY18-BI", "多层板18 桦木", "桦木", 18, true, 260, false},
	{"HDF5-W", "高密度板5 白色", "白色", 5, false, 48, false},
}

// demoMaterialInputs are the demo materials as create inputs.
func demoMaterialInputs() []CreateMaterialInput {
	out := make([]CreateMaterialInput, len(demoMaterials))
	for i, d := range demoMaterials {
		allowance := 1.0
		if d.thickness < 10 {
			allowance = 0 // a back panel is not banded
		}
		in := CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: d.code, Name: d.name, Thickness: d.thickness,
			Grain: d.grain, Color: d.color, EdgeAllowance: allowance}}
		in.Boards = []MaterialBoardInput{{BoardFieldsInput: BoardFieldsInput{Code: d.code + "-2440x1220", Length: 2440, Width: 1220, Cost: d.cost}}}
		if d.big {
			forty := 40
			in.Boards = append(in.Boards, MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Code: d.code + "-2800x2070",
				Length: 2800, Width: 2070, Cost: 198, Quantity: &forty}})
		}
		out[i] = in
	}
	return out
}

// seedDemoMaterials gives the demo tenant (the host when there is none) the demo materials it
// lacks, with their boards; a material already there (by code) is left as it is.
func (m *Module) seedDemoMaterials(ctx context.Context) error {
	scope := tenancy.WithTenant(ctx, tenancy.Tenant{})
	if m.deps.Tenants != nil {
		t, err := m.deps.Tenants.ResolveTenant(ctx, materialsDemoTenant)
		switch {
		case err == nil:
			scope = tenancy.WithTenant(ctx, t)
		case errors.Is(err, tenancy.ErrTenantNotAvailable):
			slog.InfoContext(ctx, "optimization seed: no demo tenant, seeding the host's materials")
		default:
			return fmt.Errorf("optimization seed: demo tenant: %w", err)
		}
	}
	items := demoMaterialInputs()
	codes := make([]string, len(items))
	for i := range items {
		codes[i] = items[i].Code
	}
	have, err := m.svc.MaterialsByCode(scope, codes)
	if err != nil {
		return fmt.Errorf("optimization seed: %w", err)
	}
	var missing []CreateMaterialInput
	for _, in := range items {
		if _, ok := have[in.Code]; !ok {
			missing = append(missing, in)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if _, err := m.svc.SaveMaterials(scope, missing); err != nil {
		return fmt.Errorf("optimization seed: materials %s: %w", strings.Join(codes, ", "), err)
	}
	return nil
}
