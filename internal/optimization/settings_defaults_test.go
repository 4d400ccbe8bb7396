package optimization

import (
	"context"
	"testing"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/setting"
)

// TestTheOptimisationSettingsChooseTheDefaults: the settings page's optimisation tab names the
// parameters and machine a run takes and the labels' layout; a named row since deleted, or
// none named, falls back to the row marked default.
func TestTheOptimisationSettingsChooseTheDefaults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if err := d.Migrate(context.Background(), setting.Migrations); err != nil {
			t.Fatal(err)
		}
		s := settingsService(t, d)
		st := setting.New(d, nil)
		st.Define(optimizationSettings...)
		s.settingValues = st
		ctx := settingsTenant("en")

		marked := settingsMust[*ParameterSetting](t)(s.CreateParameters(ctx, DemoParameters))
		named := settingsMust[*ParameterSetting](t)(s.CreateParameters(ctx, ParameterSettingInput{Name: "thin", Kerf: 3.2, TimeLimitSeconds: 10}))
		m1 := settingsMust[*MachineSetting](t)(s.CreateMachine(ctx, DemoMachine))
		small := DemoMachine
		small.Name, small.IsDefault = "small saw", false
		m2 := settingsMust[*MachineSetting](t)(s.CreateMachine(ctx, small))
		if got := settingsMust[*ParameterSetting](t)(s.DefaultParameters(ctx)); got.ID != marked.ID {
			t.Fatalf("without a setting the marked row: got %s", got.Name)
		}
		if got := settingsMust[string](t)(s.LabelLayout(ctx)); got != LayoutSheet {
			t.Fatalf("label layout by default %q", got)
		}

		for name, v := range map[string]string{SettingDefaultParameterSettingID: named.ID.String(),
			SettingDefaultMachineSettingID: m2.ID.String(), SettingLabelLayout: LayoutRoll} {
			if err := st.Set(ctx, d, name, v, true); err != nil {
				t.Fatal(err)
			}
		}
		if got := settingsMust[*ParameterSetting](t)(s.DefaultParameters(ctx)); got.ID != named.ID {
			t.Errorf("the named parameters: got %s", got.Name)
		}
		if got := settingsMust[*MachineSetting](t)(s.DefaultMachine(ctx)); got.ID != m2.ID {
			t.Errorf("the named machine: got %s (marked %s)", got.Name, m1.Name)
		}
		if got := settingsMust[string](t)(s.LabelLayout(ctx)); got != LayoutRoll {
			t.Errorf("label layout %q", got)
		}
		// Another tenant keeps its own (none).
		if got := settingsMust[string](t)(s.LabelLayout(settingsTenant("en"))); got != LayoutSheet {
			t.Errorf("another tenant's layout %q", got)
		}
		if err := s.DeleteParameters(ctx, named.ID); err != nil {
			t.Fatal(err)
		}
		if got := settingsMust[*ParameterSetting](t)(s.DefaultParameters(ctx)); got.ID != marked.ID {
			t.Errorf("a deleted named row falls back to the marked one: got %s", got.Name)
		}
	})
}
