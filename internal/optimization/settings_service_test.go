package optimization

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
	"kerf/internal/platform/tenancy"
)

// settingsService migrates d (the settings' tables) and answers a service with the area's
// texts.
func settingsService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), settingsMigrations); err != nil {
		t.Fatal(err)
	}
	cat := localization.NewCatalog()
	cat.Add(texts)
	cat.Add(settingsTexts)
	return NewService(Deps{DB: d, Catalog: cat})
}

// settingsTenant is a user's request in a new tenant, in culture.
func settingsTenant(culture string) context.Context {
	id := uuid.New()
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &id, Name: "t"})
	ctx = localization.WithCulture(ctx, culture)
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: &id, UserName: "tester"})
}

func settingsMust[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// settingsFields answers the members of a validation error with their keys.
func settingsFields(t *testing.T, err error) map[string]string {
	t.Helper()
	var ve *apperr.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for _, f := range ve.Fields {
		out[f.Field] = f.Key
	}
	return out
}

func cutList(name string, isDefault bool, details ...DetailFields) ImportFileSettingInput {
	if details == nil {
		details = []DetailFields{
			{ColumnIndex: 4, Field: FieldCount},
			{ColumnIndex: 0, Field: FieldMaterialCode, Title: "材料"},
			{ColumnIndex: 1, Field: FieldThickness},
			{ColumnIndex: 2, Field: FieldLength},
			{ColumnIndex: 3, Field: FieldWidth},
			{ColumnIndex: 5, Field: FieldGrain},
		}
	}
	return ImportFileSettingInput{Name: name, IsDefault: isDefault, Details: &details}
}

func TestASettingsDetailsAreCheckedTogetherAndKeptInColumnOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("zh-Hans")
		m := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, cutList("清单", true)))
		got := settingsMust[*ImportFileSetting](t)(s.GetImportFileSetting(ctx, m.ID))
		var cols []int
		for _, d := range got.Details {
			cols = append(cols, d.ColumnIndex)
		}
		if len(cols) != 6 || cols[0] != 0 || cols[5] != 5 {
			t.Fatalf("columns %v, want 0…5", cols)
		}
		if got.Details[0].Title != "材料" || got.Details[1].Title != "厚度" {
			t.Errorf("titles %q %q: a title given is kept, a missing one is the field's name", got.Details[0].Title, got.Details[1].Title)
		}
		if got.Details[4].ValueType != int(sheetmap.Integer) || got.Details[1].ValueType != int(sheetmap.Decimal) {
			t.Errorf("value types follow the fields: %+v", got.Details)
		}
		if !got.IsDefault || len(got.Missing) != 0 {
			t.Errorf("default %v, missing %v", got.IsDefault, got.Missing)
		}

		for _, c := range []struct {
			name   string
			in     ImportFileSettingInput
			member string
			key    string
		}{
			{"a column twice", cutList("x", false, DetailFields{ColumnIndex: 1, Field: FieldLength}, DetailFields{ColumnIndex: 1, Field: FieldWidth}),
				"details[1].columnIndex", KeySettingsDuplicateColumn},
			{"a field twice", cutList("x", false, DetailFields{ColumnIndex: 1, Field: FieldLength}, DetailFields{ColumnIndex: 2, Field: FieldLength}),
				"details[1].field", KeySettingsDuplicateField},
			{"an unknown field", cutList("x", false, DetailFields{ColumnIndex: 1, Field: "colour"}), "details[0].field", KeySettingsUnknownField},
			{"a negative column", cutList("x", false, DetailFields{ColumnIndex: -1, Field: FieldLength}), "details[0].columnIndex", KeySettingsColumnIndex},
			{"no name", cutList(" ", false), "name", localization.KeyRequired},
			{"a taken name", cutList("清单", false), "name", KeySettingsNameTaken},
			{"details on a design JSON", ImportFileSettingInput{Name: "j", FileType: settingsPtr(FileTypeDesignJSON), Details: &[]DetailFields{{Field: FieldLength}}},
				"details", KeySettingsDesignJSONNoDetails},
			{"a default missing required fields", cutList("y", true, DetailFields{ColumnIndex: 0, Field: FieldLength}), "isDefault", KeySettingsRequiredFieldsMissing},
			{"a bad file type", ImportFileSettingInput{Name: "z", FileType: settingsPtr(7)}, "fileType", KeySettingsFileType},
		} {
			_, err := s.CreateImportFileSetting(ctx, c.in)
			if got := settingsFields(t, err); got[c.member] != c.key {
				t.Errorf("%s: %v, want %s on %s", c.name, got, c.key, c.member)
			}
		}
		if _, n, err := s.ListImportFileSettings(ctx, SettingsQuery{}); err != nil || n != 1 {
			t.Errorf("refused settings were stored: %d rows (%v)", n, err)
		}
	})
}

func TestTheMissingRequiredFieldsAreNamedInTheCallersLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		for culture, want := range map[string]string{"zh-Hans": "还没有映射必填字段：厚度、数量", "en": "Required fields not mapped yet: Thickness, Count"} {
			ctx := settingsTenant(culture)
			m := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, cutList("part", false,
				DetailFields{ColumnIndex: 0, Field: FieldMaterialCode}, DetailFields{ColumnIndex: 1, Field: FieldLength}, DetailFields{ColumnIndex: 2, Field: FieldWidth})))
			if strings.Join(m.Missing, ",") != "thickness,count" {
				t.Errorf("missing %v", m.Missing)
			}
			_, _, err := s.ImportMapping(ctx, m.ID)
			var ve *apperr.ValidationError
			if !errors.As(err, &ve) || ve.Fields[0].Key != KeySettingsRequiredFieldsMissing {
				t.Fatalf("mapping of an incomplete setting: %v", err)
			}
			if got := s.t(ctx, ve.Fields[0].Key, ve.Fields[0].Args...); got != want {
				t.Errorf("%s: %q, want %q", culture, got, want)
			}
			in := UpdateImportFileSettingInput{ImportFileSettingInput: cutList("part", true, DetailFields{ColumnIndex: 0, Field: FieldMaterialCode})}
			if _, err := s.UpdateImportFileSetting(ctx, m.ID, in); settingsFields(t, err)["isDefault"] != KeySettingsRequiredFieldsMissing {
				t.Errorf("an incomplete setting became default: %v", err)
			}
		}
	})
}

func TestAnUpdateReplacesTheDetailsInOneGoOrKeepsThem(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("en")
		m := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, cutList("a", false)))
		// No details in the body: kept.
		in := UpdateImportFileSettingInput{ImportFileSettingInput: ImportFileSettingInput{Name: "a2", HeaderRows: settingsPtr(2)}}
		got := settingsMust[*ImportFileSetting](t)(s.UpdateImportFileSetting(ctx, m.ID, in))
		if len(got.Details) != 6 || got.HeaderRows != 2 || got.Name != "a2" {
			t.Fatalf("kept details: %d, header rows %d", len(got.Details), got.HeaderRows)
		}
		// Details in the body: replaced; the stale stamp of the first read answers a conflict
		// and changes nothing.
		in = UpdateImportFileSettingInput{ImportFileSettingInput: cutList("a3", true,
			DetailFields{ColumnIndex: 9, Field: FieldCount}, DetailFields{ColumnIndex: 8, Field: FieldWidth},
			DetailFields{ColumnIndex: 7, Field: FieldLength}, DetailFields{ColumnIndex: 6, Field: FieldThickness},
			DetailFields{ColumnIndex: 5, Field: FieldMaterialCode}), ConcurrencyStamp: m.ConcurrencyStamp}
		if _, err := s.UpdateImportFileSetting(ctx, m.ID, in); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		in.ConcurrencyStamp = got.ConcurrencyStamp
		got = settingsMust[*ImportFileSetting](t)(s.UpdateImportFileSetting(ctx, m.ID, in))
		read := settingsMust[*ImportFileSetting](t)(s.GetImportFileSetting(ctx, m.ID))
		if len(read.Details) != 5 || read.Details[0].ColumnIndex != 5 || read.Details[0].Field != FieldMaterialCode || !read.IsDefault {
			t.Fatalf("replaced details: %+v", read.Details)
		}
		// A bad list changes nothing.
		bad := UpdateImportFileSettingInput{ImportFileSettingInput: cutList("a3", false, DetailFields{ColumnIndex: 1, Field: FieldLength}, DetailFields{ColumnIndex: 1, Field: FieldWidth})}
		if _, err := s.UpdateImportFileSetting(ctx, m.ID, bad); err == nil {
			t.Fatal("a duplicate column was accepted")
		}
		if after := settingsMust[*ImportFileSetting](t)(s.GetImportFileSetting(ctx, m.ID)); len(after.Details) != 5 {
			t.Errorf("a refused update changed the details: %d", len(after.Details))
		}
	})
}

func TestOneImportSettingIsTheDefaultAndTheDetailCallsKeepItComplete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("en")
		a := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, cutList("a", true)))
		b := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, cutList("b", true)))
		if got := settingsMust[*ImportFileSetting](t)(s.GetImportFileSetting(ctx, a.ID)); got.IsDefault {
			t.Error("two defaults")
		}
		all := settingsMust[[]ImportFileSetting](t)(s.AllImportFileSettings(ctx))
		if all[0].ID != b.ID {
			t.Errorf("the default is not first in /all")
		}
		rows, total, err := s.ListDetails(ctx, DetailsQuery{ImportFileSettingID: b.ID, Limit: 3})
		if err != nil || total != 6 || len(rows) != 3 || rows[0].ColumnIndex != 0 || rows[2].ColumnIndex != 2 {
			t.Fatalf("details page: %+v", rows)
		}
		// Removing the count of the default is refused; of another setting, done.
		var count ImportFileSettingDetail
		for _, d := range b.Details {
			if d.Field == FieldCount {
				count = d
			}
		}
		if err := s.DeleteDetail(ctx, count.ID); settingsFields(t, err)["field"] != KeySettingsRequiredFieldsMissing {
			t.Errorf("deleting a required column of the default: %v", err)
		}
		for _, d := range a.Details {
			if d.Field == FieldCount {
				if err := s.DeleteDetail(ctx, d.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		// A new column may not take a used column or field.
		if _, err := s.CreateDetail(ctx, DetailInput{ImportFileSettingID: a.ID, DetailFields: DetailFields{ColumnIndex: 0, Field: FieldCount}}); settingsFields(t, err)["columnIndex"] != KeySettingsDuplicateColumn {
			t.Errorf("a used column: %v", err)
		}
		det := settingsMust[*ImportFileSettingDetail](t)(s.CreateDetail(ctx, DetailInput{ImportFileSettingID: a.ID, DetailFields: DetailFields{ColumnIndex: 12, Field: FieldCount}}))
		det = settingsMust[*ImportFileSettingDetail](t)(s.UpdateDetail(ctx, det.ID, UpdateDetailInput{DetailFields: DetailFields{ColumnIndex: 13, Field: FieldCount, Title: "Qty"}}))
		if det.ColumnIndex != 13 || det.Title != "Qty" {
			t.Errorf("updated detail %+v", det)
		}
		// The mapping reads a cut list.
		mp, details := func() (sheetmap.Mapping, []Detail) {
			m, d, err := s.ImportMapping(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			return m, d
		}()
		if len(mp.Rules) != len(details) || mp.HeaderRows != 1 || mp.Rules[len(mp.Rules)-1].Column != 13 {
			t.Fatalf("mapping %+v", mp)
		}
		f := excelize.NewFile()
		for i, row := range [][]any{{"材料", "厚", "长", "宽", "", "纹理"}, {"PB18", 18, 720, 560, "", "是"}} {
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			_ = f.SetSheetRow("Sheet1", cell, &row)
		}
		_ = f.SetCellValue("Sheet1", "N2", 4)
		var buf bytes.Buffer
		_, _ = f.WriteTo(&buf)
		res, err := sheetmap.Read(&buf, mp, sheetmap.DefaultLimits)
		if err != nil || len(res.Rows) != 1 {
			t.Fatalf("read: %v %+v", err, res)
		}
		row := res.Map(res.Rows[0])
		if row[FieldMaterialCode] != "PB18" || row[FieldCount] != int64(4) || row[FieldGrain] != int64(1) {
			t.Errorf("row %v", row)
		}
		// Another tenant sees none of it.
		other := settingsTenant("en")
		if _, err := s.GetImportFileSetting(other, a.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("another tenant read a setting: %v", err)
		}
		if err := s.DeleteDetail(other, det.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("another tenant deleted a detail: %v", err)
		}
		// A design JSON has no mapping.
		j := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, DemoDesignJSON))
		if _, _, err := s.ImportMapping(ctx, j.ID); err == nil {
			t.Error("a design JSON answered a mapping")
		}
	})
}

func TestExactlyOneDefaultOfParametersAndMachines(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("en")
		if _, err := s.DefaultParameters(ctx); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("no parameters yet: %v", err)
		}
		first := DemoParameters
		first.IsDefault = false
		a := settingsMust[*ParameterSetting](t)(s.CreateParameters(ctx, first))
		if !a.IsDefault {
			t.Error("the first parameters are not the default")
		}
		b := settingsMust[*ParameterSetting](t)(s.CreateParameters(ctx, ParameterSettingInput{Name: "thin", Kerf: 3.2, TimeLimitSeconds: 10}))
		if b.IsDefault {
			t.Error("the second became default unasked")
		}
		in := ParameterSettingInput{Name: "thin", Kerf: 3.2, TimeLimitSeconds: 10, IsDefault: true}
		settingsMust[*ParameterSetting](t)(s.UpdateParameters(ctx, b.ID, in))
		def := settingsMust[*ParameterSetting](t)(s.DefaultParameters(ctx))
		if def.ID != b.ID {
			t.Errorf("default %s, want %s", def.Name, b.Name)
		}
		if got := settingsMust[*ParameterSetting](t)(s.Parameters(ctx, a.ID)); got.IsDefault {
			t.Error("making one default left the other default")
		}
		in.IsDefault = false
		if _, err := s.UpdateParameters(ctx, b.ID, in); settingsFields(t, err)["isDefault"] != KeySettingsKeepOneDefault {
			t.Errorf("unsetting the only default: %v", err)
		}
		if err := s.DeleteParameters(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		if def := settingsMust[*ParameterSetting](t)(s.DefaultParameters(ctx)); def.ID != a.ID {
			t.Errorf("after deleting the default, %s is default", def.Name)
		}

		m := settingsMust[*MachineSetting](t)(s.CreateMachine(ctx, DemoMachine))
		m2in := DemoMachine
		m2in.Name = "small saw"
		m2 := settingsMust[*MachineSetting](t)(s.CreateMachine(ctx, m2in))
		if got := settingsMust[*MachineSetting](t)(s.DefaultMachine(ctx)); got.ID != m2.ID {
			t.Errorf("a machine created as default is not the default")
		}
		if got := settingsMust[*MachineSetting](t)(s.Machine(ctx, m.ID)); got.IsDefault || got.BookHeight != 75 || got.Channels != 4 {
			t.Errorf("machine %+v", got)
		}
		rows, total, err := s.ListMachines(ctx, SettingsQuery{FilterText: "small", Limit: 10})
		if err != nil || total != 1 || rows[0].ID != m2.ID {
			t.Errorf("filtered list: %d %v", total, err)
		}
		if _, err := s.DefaultMachine(settingsTenant("en")); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("another tenant has a default machine: %v", err)
		}
	})
}

func TestParameterAndMachineRanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("en")
		p := func(f func(*ParameterSettingInput)) ParameterSettingInput {
			in := DemoParameters
			f(&in)
			return in
		}
		for _, c := range []struct {
			in     ParameterSettingInput
			member string
		}{
			{p(func(i *ParameterSettingInput) { i.Kerf = 20.5 }), "kerf"},
			{p(func(i *ParameterSettingInput) { i.Kerf = -1 }), "kerf"},
			{p(func(i *ParameterSettingInput) { i.Trim = 51 }), "trim"},
			{p(func(i *ParameterSettingInput) { i.Stages = 10 }), "stages"},
			{p(func(i *ParameterSettingInput) { i.TimeLimitSeconds = 0 }), "timeLimitSeconds"},
			{p(func(i *ParameterSettingInput) { i.TimeLimitSeconds = 61 }), "timeLimitSeconds"},
			{p(func(i *ParameterSettingInput) { i.FirstCut = 3 }), "firstCut"},
			{p(func(i *ParameterSettingInput) { i.MinOffcutWidth = -5 }), "minOffcutWidth"},
			{p(func(i *ParameterSettingInput) { i.Name = "" }), "name"},
		} {
			if _, err := s.CreateParameters(ctx, c.in); settingsFields(t, err)[c.member] == "" {
				t.Errorf("%s: %v", c.member, err)
			}
		}
		m := func(f func(*MachineSettingInput)) MachineSettingInput {
			in := DemoMachine
			f(&in)
			return in
		}
		for _, c := range []struct {
			in     MachineSettingInput
			member string
		}{
			{m(func(i *MachineSettingInput) { i.Channels = 0 }), "channels"},
			{m(func(i *MachineSettingInput) { i.Channels = 21 }), "channels"},
			{m(func(i *MachineSettingInput) { i.MaxLength = 0 }), "maxLength"},
			{m(func(i *MachineSettingInput) { i.MaxWidth = -1 }), "maxWidth"},
			{m(func(i *MachineSettingInput) { i.BookHeight = 0 }), "bookHeight"},
			{m(func(i *MachineSettingInput) { i.FeedSpeed = 0 }), "feedSpeed"},
			{m(func(i *MachineSettingInput) { i.ReturnSpeed = 0 }), "returnSpeed"},
			{m(func(i *MachineSettingInput) { i.CutTime = -1 }), "cutTime"},
			{m(func(i *MachineSettingInput) { i.Kerf = 21 }), "kerf"},
			{m(func(i *MachineSettingInput) { i.Stages = -1 }), "stages"},
		} {
			if _, err := s.CreateMachine(ctx, c.in); settingsFields(t, err)[c.member] == "" {
				t.Errorf("%s: %v", c.member, err)
			}
		}
		if _, total, err := s.ListMachines(ctx, SettingsQuery{}); err != nil || total != 0 {
			t.Errorf("refused machines stored: %d %v", total, err)
		}
	})
}

func TestTheSettingsWorkbookRoundTrips(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("zh-Hans")
		if err := s.seedSettingsDemo(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.seedSettingsDemo(ctx); err != nil { // again: nothing more
			t.Fatal(err)
		}
		before := settingsMust[[]ImportFileSetting](t)(s.AllImportFileSettings(ctx))
		if len(before) != 3 {
			t.Fatalf("demo settings: %d", len(before))
		}
		file := settingsMust[*SettingsFile](t)(s.ExportSettings(ctx, nil))

		// Into a tenant that has none: the same settings.
		other := settingsTenant("zh-Hans")
		res := settingsMust[*ImportSettingsResult](t)(s.ImportSettings(other, bytes.NewReader(file.Data), true))
		if res.Created != 3 || res.Details != 22 {
			t.Fatalf("import: %+v", res)
		}
		after := settingsMust[[]ImportFileSetting](t)(s.AllImportFileSettings(other))
		key := func(rows []ImportFileSetting) string {
			var b strings.Builder
			for _, r := range rows {
				b.WriteString(r.Name + "|" + fileTypeNames[r.FileType] + "|" + sheetmap.Encoding(r.Encoding).String() + "|")
				for _, d := range r.Details {
					b.WriteString(sheetmap.ColumnLetter(d.ColumnIndex) + d.Field + d.Title + ",")
				}
				b.WriteString(";")
			}
			return b.String()
		}
		if len(after) != 3 {
			t.Fatalf("imported %d settings", len(after))
		}
		want, got := key(sortByName(before)), key(sortByName(after))
		if want != got {
			t.Errorf("round trip:\n%s\n%s", want, got)
		}
		// Again into the same tenant: replaced (with the edit permission), or refused.
		if _, err := s.ImportSettings(other, bytes.NewReader(file.Data), false); err == nil {
			t.Error("replacing without the edit permission")
		}
		res = settingsMust[*ImportSettingsResult](t)(s.ImportSettings(other, bytes.NewReader(file.Data), true))
		if res.Replaced != 3 || res.Created != 0 {
			t.Errorf("second import %+v", res)
		}
		if again := key(sortByName(settingsMust[[]ImportFileSetting](t)(s.AllImportFileSettings(other)))); again != want {
			t.Errorf("after replacing:\n%s", again)
		}
	})
}

func sortByName(rows []ImportFileSetting) []ImportFileSetting {
	out := append([]ImportFileSetting{}, rows...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j].Name < out[i].Name {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestABadSettingsWorkbookNamesEveryRowAndChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("en")
		f := excelize.NewFile()
		rows := [][]any{
			{"Name", "File type", "Header rows", "Column", "Field", "Title", "Encoding"},
			{"good", "xlsx", 1, "A", "materialCode", "Material"},
			{"good", "xlsx", 1, "B", "thickness", ""},
			{"bad", "pdf", 1, "A", "length", ""},
			{"dup", "xlsx", 1, "A", "length", ""},
			{"dup", "xlsx", 1, "B", "length", ""},
			{"mixed", "xlsx", 1, "A", "width", ""},
			{"mixed", "csv", 1, "B", "count", ""},
			{"col", "xlsx", 1, "?!", "count", ""},
		}
		for i, r := range rows {
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			_ = f.SetSheetRow("Sheet1", cell, &r)
		}
		var buf bytes.Buffer
		_, _ = f.WriteTo(&buf)
		_, err := s.ImportSettings(ctx, bytes.NewReader(buf.Bytes()), true)
		var ve *apperr.ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("want a validation error, got %v", err)
		}
		seen := map[int]bool{}
		for _, fe := range ve.Fields {
			seen[fe.Args[0].(int)] = true
		}
		for _, row := range []int{4, 6, 8, 9} {
			if !seen[row] {
				t.Errorf("row %d not named: %v", row, ve)
			}
		}
		if seen[2] || seen[3] {
			t.Errorf("good rows named: %v", ve)
		}
		if all := settingsMust[[]ImportFileSetting](t)(s.AllImportFileSettings(ctx)); len(all) != 0 {
			t.Errorf("a refused import stored %d settings", len(all))
		}
		if _, err := s.ImportSettings(ctx, strings.NewReader("a,b"), true); err == nil {
			t.Error("a .csv was read as a workbook")
		}
	})
}

func TestTheTemplateHasTheTitlesInColumnOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := settingsService(t, d)
		ctx := settingsTenant("zh-Hans")
		m := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, cutList("模板", false,
			DetailFields{ColumnIndex: 2, Field: FieldLength, Title: "长"}, DetailFields{ColumnIndex: 0, Field: FieldPartName, Title: "名称"})))
		file := settingsMust[*SettingsFile](t)(s.Template(ctx, m.ID))
		f, err := excelize.OpenReader(bytes.NewReader(file.Data))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows("Sheet1")
		if len(rows) != 1 || strings.Join(rows[0], "|") != "名称||长" || file.Name != "模板.xlsx" {
			t.Errorf("template %q rows %q", file.Name, rows)
		}
		csvIn := cutList("gb", false, DetailFields{ColumnIndex: 0, Field: FieldPartName, Title: "名称"}, DetailFields{ColumnIndex: 1, Field: FieldCount, Title: "数量"})
		csvIn.FileType, csvIn.Encoding = settingsPtr(FileTypeCSV), settingsPtr(int(sheetmap.GB18030))
		c := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, csvIn))
		file = settingsMust[*SettingsFile](t)(s.Template(ctx, c.ID))
		res, err := sheetmap.Read(bytes.NewReader(append(file.Data, []byte("\r\n")...)), sheetmap.Mapping{FileType: sheetmap.CSV, Encoding: sheetmap.GB18030,
			Rules: []sheetmap.Rule{{Column: 0, Field: "a"}, {Column: 1, Field: "b"}}}, sheetmap.DefaultLimits)
		if err != nil || len(res.Rows) != 1 || res.Rows[0].Values[1].Str != "数量" {
			t.Errorf("a GB18030 template: %v %+v", err, res)
		}
		j := settingsMust[*ImportFileSetting](t)(s.CreateImportFileSetting(ctx, DemoDesignJSON))
		if _, err := s.Template(ctx, j.ID); err == nil {
			t.Error("a design JSON has a template")
		}
	})
}
