package optimization

import (
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
