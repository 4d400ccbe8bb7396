package optimization

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
)

// The optimisation settings of a tenant (GET/PUT /api/app/optimization-setting, served by the
// settings area): the parameter and machine settings a run uses when its caller names none
// (empty: the row marked default), whether runs cut stocked offcuts first unless the
// parameters say otherwise, and the label layout the labels call prints when none is asked.
const (
	SettingDefaultParameterSettingID = "Optimization.DefaultOptimizeParameterSettingId"
	SettingDefaultMachineSettingID   = "Optimization.DefaultMachineParameterSettingId"
	SettingUseStockOffcuts           = "Optimization.UseStockOffcuts"
	SettingLabelLayout               = "Optimization.LabelLayout" // LayoutSheet or LayoutRoll
)

var optimizationSettings = []setting.Definition{
	{Name: SettingDefaultParameterSettingID, DisplayName: localization.Text{ZhHans: "默认优化参数", En: "Default optimisation parameters"}},
	{Name: SettingDefaultMachineSettingID, DisplayName: localization.Text{ZhHans: "默认开料机", En: "Default machine"}},
	{Name: SettingUseStockOffcuts, Default: "true", DisplayName: localization.Text{ZhHans: "默认优先使用库存余料", En: "Use stocked offcuts by default"}},
	{Name: SettingLabelLayout, Default: LayoutSheet, DisplayName: localization.Text{ZhHans: "标签版式", En: "Label layout"}},
}

// Settings implements module.Module: the optimisation settings.
func (m *Module) Settings() []setting.Definition { return optimizationSettings }

// chosenSetting answers the row of T that setting name holds the id of, or nil when the
// setting is empty or names a row since deleted (the row marked default then applies).
func chosenSetting[T settingRow](ctx context.Context, s *Service, name string) (*T, error) {
	if s.settingValues == nil {
		return nil, nil
	}
	v, err := s.settingValues.Get(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("optimisation setting %s: %w", name, err)
	}
	id, err := uuid.Parse(strings.TrimSpace(v))
	if err != nil {
		return nil, nil
	}
	r, err := getSetting[T](ctx, s.settings(), id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	return r, err
}

// LabelLayout answers the labels' layout of the tenant's optimisation settings.
func (s *Service) LabelLayout(ctx context.Context) (string, error) {
	if s.settingValues == nil {
		return LayoutSheet, nil
	}
	v, err := s.settingValues.Get(ctx, SettingLabelLayout)
	if err != nil {
		return "", fmt.Errorf("optimisation setting %s: %w", SettingLabelLayout, err)
	}
	if v != LayoutRoll {
		return LayoutSheet, nil
	}
	return LayoutRoll, nil
}
