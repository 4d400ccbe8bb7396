package importmapping

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

func ip(v int) *int   { return &v }
func bp(v bool) *bool { return &v }

// TestARuleMappingIsCheckedBeforeItIsStored: every rule of a mapping's body, each answered
// on its member with its message, and nothing stored.
func TestARuleMappingIsCheckedBeforeItIsStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		rule := func(col int, field string, vt int) MappingRule {
			return MappingRule{ColumnIndex: col, FieldName: field, ValueType: vt}
		}
		with := func(change func(in *ImportRuleMappingInput)) ImportRuleMappingInput {
			in := products("订单", false)
			change(&in)
			return in
		}
		cases := []struct {
			name   string
			in     ImportRuleMappingInput
			member string
			key    string
		}{
			{"no name", with(func(in *ImportRuleMappingInput) { in.Name = "  " }), "name", localization.KeyRequired},
			{"a long name", with(func(in *ImportRuleMappingInput) { in.Name = strings.Repeat("名", MaxName+1) }), "name", localization.KeyTooLong},
			{"a long description", with(func(in *ImportRuleMappingInput) { in.Description = strings.Repeat("d", MaxDescription+1) }), "description", localization.KeyTooLong},
			{"an unknown module type", with(func(in *ImportRuleMappingInput) { in.ModuleType = 99 }), "moduleType", KeyUnknownModuleType},
			{"no module type", with(func(in *ImportRuleMappingInput) { in.ModuleType = 0 }), "moduleType", localization.KeyRequired},
			{"a file type", with(func(in *ImportRuleMappingInput) { in.ImportFileType = ip(2) }), "importFileType", KeyFileType},
			{"an encoding", with(func(in *ImportRuleMappingInput) { in.ImportFileEncoding = ip(0) }), "importFileEncoding", KeyEncoding},
			{"negative header rows", with(func(in *ImportRuleMappingInput) { in.ReadRows = ip(-1) }), "readRows", KeyReadRows},
			{"too many header rows", with(func(in *ImportRuleMappingInput) { in.ReadRows = ip(MaxReadRows + 1) }), "readRows", KeyReadRows},
			{"a disabled default", with(func(in *ImportRuleMappingInput) { in.IsDefault, in.IsEnable = true, bp(false) }), "isDefault", KeyDefaultDisabled},
			{"no rules", with(func(in *ImportRuleMappingInput) { in.MappingRules = nil }), "mappingRules", KeyNoRules},
			{"a negative column", with(func(in *ImportRuleMappingInput) { in.MappingRules[1].ColumnIndex = -1 }), "mappingRules[1].columnIndex", KeyColumnIndex},
			{"a column beyond XFD", with(func(in *ImportRuleMappingInput) { in.MappingRules[1].ColumnIndex = MaxColumnIndex + 1 }), "mappingRules[1].columnIndex", KeyColumnIndex},
			{"a column twice", with(func(in *ImportRuleMappingInput) { in.MappingRules[2].ColumnIndex = 0 }), "mappingRules[2].columnIndex", KeyDuplicateColumn},
			{"no field", with(func(in *ImportRuleMappingInput) { in.MappingRules[1].FieldName = "" }), "mappingRules[1].fieldName", localization.KeyRequired},
			{"a field of another module type", with(func(in *ImportRuleMappingInput) { in.MappingRules[1] = rule(1, "thickness", 2) }), "mappingRules[1].fieldName", KeyUnknownField},
			{"a field twice", with(func(in *ImportRuleMappingInput) { in.MappingRules[1] = rule(1, "name", 0) }), "mappingRules[1].fieldName", KeyDuplicateField},
			{"a value type", with(func(in *ImportRuleMappingInput) { in.MappingRules[1].ValueType = 6 }), "mappingRules[1].valueType", KeyValueType},
			{"a value type the field is not", with(func(in *ImportRuleMappingInput) { in.MappingRules[2].ValueType = 3 }), "mappingRules[2].valueType", KeyValueTypeOfField},
			{"items that are not JSON", with(func(in *ImportRuleMappingInput) { in.MappingRules[3].ItemsMapping = "五金=hardware" }), "mappingRules[3].itemsMapping", KeyItemsJSON},
			{"items that are not pairs", with(func(in *ImportRuleMappingInput) { in.MappingRules[3].ItemsMapping = `[{"source":["a"],"target":"b"}]` }), "mappingRules[3].itemsMapping", KeyItemsJSON},
			{"an item without a source", with(func(in *ImportRuleMappingInput) { in.MappingRules[3].ItemsMapping = `[{"source":" ","target":"b"}]` }), "mappingRules[3].itemsMapping", KeyItemsSource},
			{"a source twice", with(func(in *ImportRuleMappingInput) {
				in.MappingRules[3].ItemsMapping = `[{"source":"五金","target":"a"},{"source":" 五金 ","target":"b"}]`
			}), "mappingRules[3].itemsMapping", KeyItemsDuplicate},
			{"a long items text", with(func(in *ImportRuleMappingInput) { in.MappingRules[3].ItemsMapping = strings.Repeat(" ", MaxItems+1) }), "mappingRules[3].itemsMapping", localization.KeyTooLong},
			{"an unknown dictionary", with(func(in *ImportRuleMappingInput) { in.MappingRules[3].DictionaryCode = "Nope" }), "mappingRules[3].dictionaryCode", KeyDictionaryNotFound},
			{"an enumeration without items", with(func(in *ImportRuleMappingInput) { in.MappingRules[3].ValueType = 5 }), "mappingRules[3].itemsMapping", KeyEnumNeedsItems},
			{"a default that is not the type", with(func(in *ImportRuleMappingInput) { in.MappingRules[2].DefaultValue = "一些" }), "mappingRules[2].defaultValue", KeyBadDefault},
			{"a default that is no item", with(func(in *ImportRuleMappingInput) {
				in.MappingRules[3].ValueType, in.MappingRules[3].ItemsMapping, in.MappingRules[3].DefaultValue = 5, `[{"source":"五金","target":"hw"}]`, "木门"
			}), "mappingRules[3].defaultValue", KeyBadDefault},
			{"a required field not mapped", with(func(in *ImportRuleMappingInput) { in.MappingRules = in.MappingRules[1:] }), "mappingRules", KeyRequiredFieldMissing},
		}
		for _, c := range cases {
			_, err := s.CreateRuleMapping(ctx, c.in)
			if got := fields(t, err); got[c.member] != c.key {
				t.Errorf("%s: %v, want %s on %s", c.name, got, c.key, c.member)
			}
		}
		if _, n := page[ImportRuleMapping](t)(s.ListRuleMappings(ctx, ListQuery{Limit: 10})); n != 0 {
			t.Fatalf("%d mappings stored from bad bodies", n)
		}
		// What is accepted is stored as given, defaults filled, names trimmed.
		in := products("  订单  ", false)
		in.MappingRules[3].ValueType, in.MappingRules[3].DictionaryCode = 5, "grain"
		m := must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, in))
		got := must[*ImportRuleMapping](t)(s.GetRuleMapping(ctx, m.ID))
		if got.Name != "订单" || got.ImportFileType != 0 || got.ImportFileEncoding != 3 || got.ReadRows != 1 || !got.IsEnable || got.IsDefault ||
			len(got.MappingRules) != 4 || got.MappingRules[3].DictionaryCode != "grain" || got.MappingRules[2].DefaultValue != "1" {
			t.Fatalf("stored: %+v", got)
		}
	})
}

func TestFormAndSplitMappingsAreCheckedBeforeTheyAreStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		form := func(change func(in *FormFieldMappingInput)) FormFieldMappingInput {
			in := FormFieldMappingInput{Name: "设计平台订单", MappingType: ModuleSalesOrderProducts, MappingRules: []FormFieldRule{
				{SourceField: "order.customer.name", FieldName: "name", ValueType: 0},
				{SourceField: "lines[0].qty", FieldName: "count", ValueType: 2},
			}}
			change(&in)
			return in
		}
		for _, c := range []struct {
			name, member, key string
			in                FormFieldMappingInput
		}{
			{"no type", "mappingType", localization.KeyRequired, form(func(in *FormFieldMappingInput) { in.MappingType = 0 })},
			{"an unknown type", "mappingType", KeyUnknownModuleType, form(func(in *FormFieldMappingInput) { in.MappingType = 7 })},
			{"no source", "mappingRules[0].sourceField", localization.KeyRequired, form(func(in *FormFieldMappingInput) { in.MappingRules[0].SourceField = "" })},
			{"a bad path", "mappingRules[1].sourceField", KeySourceField, form(func(in *FormFieldMappingInput) { in.MappingRules[1].SourceField = "lines[x]" })},
			{"a source twice", "mappingRules[1].sourceField", KeyDuplicateSource, form(func(in *FormFieldMappingInput) { in.MappingRules[1].SourceField = "order.customer.name" })},
			{"an unknown field", "mappingRules[1].fieldName", KeyUnknownField, form(func(in *FormFieldMappingInput) { in.MappingRules[1].FieldName = "qty" })},
			{"no rules", "mappingRules", KeyNoRules, form(func(in *FormFieldMappingInput) { in.MappingRules = nil })},
		} {
			_, err := s.CreateFormMapping(ctx, c.in)
			if got := fields(t, err); got[c.member] != c.key {
				t.Errorf("form %s: %v, want %s on %s", c.name, got, c.key, c.member)
			}
		}
		split := func(change func(in *ImportSplitMappingInput)) ImportSplitMappingInput {
			in := ImportSplitMappingInput{Name: "拆单", Rules: []SplitRule{{Order: 1, FieldName: "code", Operator: OpStartsWith, Value: "HW", LineType: LinePart}}}
			change(&in)
			return in
		}
		for _, c := range []struct {
			name, member, key string
			in                ImportSplitMappingInput
		}{
			{"a line type", "defaultLineType", KeyLineType, split(func(in *ImportSplitMappingInput) { in.DefaultLineType = "door" })},
			{"a rule's line type", "rules[0].lineType", KeyLineType, split(func(in *ImportSplitMappingInput) { in.Rules[0].LineType = "" })},
			{"an operator", "rules[0].operator", KeyOperator, split(func(in *ImportSplitMappingInput) { in.Rules[0].Operator = "like" })},
			{"a field", "rules[0].fieldName", KeySplitField, split(func(in *ImportSplitMappingInput) { in.Rules[0].FieldName = "thickness" })},
			{"no value", "rules[0].value", KeySplitValue, split(func(in *ImportSplitMappingInput) { in.Rules[0].Value = " " })},
			{"a negative order", "rules[0].order", localization.KeyMinimum, split(func(in *ImportSplitMappingInput) { in.Rules[0].Order = -1 })},
			{"a disabled default", "isDefault", KeyDefaultDisabled, split(func(in *ImportSplitMappingInput) { in.IsDefault, in.IsEnable = true, bp(false) })},
		} {
			_, err := s.CreateSplitMapping(ctx, c.in)
			if got := fields(t, err); got[c.member] != c.key {
				t.Errorf("split %s: %v, want %s on %s", c.name, got, c.key, c.member)
			}
		}
		// isEmpty needs no value; the default line type is product.
		m := must[*ImportSplitMapping](t)(s.CreateSplitMapping(ctx, split(func(in *ImportSplitMappingInput) {
			in.Rules = append(in.Rules, SplitRule{Order: 0, FieldName: "category", Operator: OpIsEmpty, LineType: LineStandardProduct})
		})))
		if m.DefaultLineType != LineProduct || m.Rules[0].Operator != OpIsEmpty {
			t.Fatalf("split mapping: %+v (rules sorted by order)", m)
		}
	})
}

// TestOneDefaultPerModuleType: making a mapping the default takes the default from the
// other mappings of its module type (and of its tenant) only.
func TestOneDefaultPerModuleType(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		other := tenantCtx(newTenant())
		a := must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, products("A", true)))
		b := must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, products("B", true)))
		parts := products("P", true)
		parts.ModuleType = ModuleSalesOrderParts
		p := must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, parts))
		o := must[*ImportRuleMapping](t)(s.CreateRuleMapping(other, products("O", true)))
		defaults := func(ctx context.Context) string {
			rows, _ := page[ImportRuleMapping](t)(s.ListRuleMappings(ctx, ListQuery{IsDefault: bp(true), Sorting: "name"}))
			var names []string
			for _, r := range rows {
				names = append(names, r.Name)
			}
			return strings.Join(names, ",")
		}
		if got := defaults(ctx); got != "B,P" {
			t.Fatalf("defaults after creating B: %s", got)
		}
		if got := defaults(other); got != "O" {
			t.Fatalf("another tenant's default: %s", got)
		}
		in := UpdateImportRuleMappingInput{ImportRuleMappingInput: products("A", true)}
		must[*ImportRuleMapping](t)(s.UpdateRuleMapping(ctx, a.ID, in))
		if got := defaults(ctx); got != "A,P" {
			t.Fatalf("defaults after updating A: %s", got)
		}
		def := must[*ImportRuleMapping](t)(s.DefaultMapping(ctx, ModuleSalesOrderProducts))
		if def.ID != a.ID {
			t.Fatalf("default mapping: %s", def.Name)
		}
		lookup := must[[]ImportRuleMapping](t)(s.MappingRules(ctx, ModuleSalesOrderProducts))
		if len(lookup) != 2 || lookup[0].ID != a.ID || lookup[1].ID != b.ID {
			t.Fatalf("mapping-rules: %v", lookup)
		}
		// A disabled mapping is not offered; with no default, DefaultMapping is not found.
		in = UpdateImportRuleMappingInput{ImportRuleMappingInput: products("B", false)}
		in.IsEnable = bp(false)
		must[*ImportRuleMapping](t)(s.UpdateRuleMapping(ctx, b.ID, in))
		if err := s.DeleteRuleMapping(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if rows := must[[]ImportRuleMapping](t)(s.MappingRules(ctx, ModuleSalesOrderProducts)); len(rows) != 0 {
			t.Fatalf("disabled or deleted mappings offered: %v", rows)
		}
		if _, err := s.DefaultMapping(ctx, ModuleSalesOrderProducts); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("no default: %v", err)
		}
		if _, err := s.MappingRules(ctx, 42); fields(t, err)["moduleType"] != KeyUnknownModuleType {
			t.Fatalf("unknown module type: %v", err)
		}
		// The partial unique index holds the rule even against a write that skips the service.
		p2 := &ImportRuleMapping{Name: "P2", ModuleType: ModuleSalesOrderParts, ImportFileEncoding: 3, IsDefault: true, IsEnable: true, MappingRules: p.MappingRules}
		if err := insert(ctx, s.store, p2); !errors.Is(err, db.ErrDuplicate) {
			t.Fatalf("a second default stored: %v", err)
		}
		_ = o
	})
}

// TestConcurrentSetDefaultKeepsOneDefault: several mappings made the default at the same
// moment all succeed, and one of them is the default.
func TestConcurrentSetDefaultKeepsOneDefault(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		const n = 8
		ids := make([]uuid.UUID, n)
		for i := range ids {
			ids[i] = must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, products(fmt.Sprint("M", i), false))).ID
		}
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.UpdateRuleMapping(ctx, ids[i], UpdateImportRuleMappingInput{ImportRuleMappingInput: products(fmt.Sprint("M", i), true)})
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("set default %d: %v", i, err)
			}
		}
		_, defaults := page[ImportRuleMapping](t)(s.ListRuleMappings(ctx, ListQuery{IsDefault: bp(true), Limit: 100}))
		if defaults != 1 {
			t.Fatalf("%d defaults", defaults)
		}
		// And the same for split mappings.
		var sw sync.WaitGroup
		for i := range n {
			sw.Add(1)
			go func() {
				defer sw.Done()
				_, errs[i] = s.CreateSplitMapping(ctx, ImportSplitMappingInput{Name: fmt.Sprint("S", i), IsDefault: true})
			}()
		}
		sw.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("split default %d: %v", i, err)
			}
		}
		if _, n := page[ImportSplitMapping](t)(s.ListSplitMappings(ctx, ListQuery{IsDefault: bp(true), Limit: 100})); n != 1 {
			t.Fatalf("%d default split mappings", n)
		}
	})
}

func TestAStaleStampIsAConflictAndAnotherTenantsRowIsNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx, other := tenantCtx(newTenant()), tenantCtx(newTenant())
		m := must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, products("A", false)))
		f := must[*FormFieldMapping](t)(s.CreateFormMapping(ctx, FormFieldMappingInput{Name: "F", MappingType: 1,
			MappingRules: []FormFieldRule{{SourceField: "a", FieldName: "name"}}}))
		sp := must[*ImportSplitMapping](t)(s.CreateSplitMapping(ctx, ImportSplitMappingInput{Name: "S"}))
		in := UpdateImportRuleMappingInput{ImportRuleMappingInput: products("A2", false), ConcurrencyStamp: m.ConcurrencyStamp}
		must[*ImportRuleMapping](t)(s.UpdateRuleMapping(ctx, m.ID, in))
		if _, err := s.UpdateRuleMapping(ctx, m.ID, in); !errors.Is(err, db.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		for name, err := range map[string]error{
			"get rule":     func() error { _, err := s.GetRuleMapping(other, m.ID); return err }(),
			"update rule":  func() error { _, err := s.UpdateRuleMapping(other, m.ID, in); return err }(),
			"delete rule":  s.DeleteRuleMapping(other, m.ID),
			"get form":     func() error { _, err := s.GetFormMapping(other, f.ID); return err }(),
			"delete form":  s.DeleteFormMapping(other, f.ID),
			"get split":    func() error { _, err := s.GetSplitMapping(other, sp.ID); return err }(),
			"delete split": s.DeleteSplitMapping(other, sp.ID),
			"read":         func() error { _, err := s.Read(other, m.ID, "", strings.NewReader("")); return err }(),
		} {
			if !errors.Is(err, db.ErrNotFound) {
				t.Errorf("%s from another tenant: %v", name, err)
			}
		}
		if _, n := page[ImportRuleMapping](t)(s.ListRuleMappings(other, ListQuery{Limit: 10})); n != 0 {
			t.Fatalf("another tenant lists %d mappings", n)
		}
	})
}

// TestReadSplitAndMapRecord: a file read through a stored mapping (its dictionary
// resolved), split into lines by the first matching rule, and a JSON record mapped.
func TestReadSplitAndMapRecord(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		in := products("CSV", true)
		in.ImportFileType, in.ImportFileEncoding = ip(1), ip(3)
		in.MappingRules = append(in.MappingRules, MappingRule{ColumnIndex: 4, FieldName: "remark", ValueType: 5, DictionaryCode: "Grain"})
		m := must[*ImportRuleMapping](t)(s.CreateRuleMapping(ctx, in))
		file := "名称,编码,数量,类别,纹路\n侧板,C-1,2,柜体,横纹\n铰链,HW-1,,五金,W\n衣柜,ST-9,1,标准品,\n门板,D-1,1,,竖纹\n"
		res := must[sheetmap.Result](t)(s.Read(ctx, m.ID, "order.CSV", strings.NewReader(file)))
		if len(res.Rows) != 4 || len(res.Errors) != 0 || res.Get(res.Rows[0], "remark").Str != "length" ||
			res.Get(res.Rows[1], "count").Dec != sheetmap.NewDec(1, 0) || res.Get(res.Rows[1], "remark").Str != "width" {
			t.Fatalf("read: %+v %+v", res.Rows, res.Errors)
		}
		if _, err := s.Read(ctx, m.ID, "order.xlsx", strings.NewReader(file)); userKey(t, err) != KeyWrongFileType {
			t.Fatalf("wrong extension: %v", err)
		}
		split := must[*ImportSplitMapping](t)(s.CreateSplitMapping(ctx, ImportSplitMappingInput{Name: "拆单", Rules: []SplitRule{
			{Order: 3, FieldName: "category", Operator: OpIsEmpty, LineType: LineStandardProduct},
			{Order: 1, FieldName: "category", Operator: OpEquals, Value: "五金", LineType: LinePart},
			{Order: 2, FieldName: "code", Operator: OpStartsWith, Value: "st-", LineType: LineStandardProduct},
			{Order: 4, FieldName: "name", Operator: OpContains, Value: "板", LineType: LinePart},
		}}))
		lines := must[[]string](t)(s.Split(ctx, split.ID, res))
		if strings.Join(lines, ",") != "part,part,standardProduct,standardProduct" {
			t.Fatalf("lines: %v", lines)
		}
		other := must[*ImportSplitMapping](t)(s.CreateSplitMapping(ctx, ImportSplitMappingInput{Name: "空", DefaultLineType: LinePart, Rules: []SplitRule{
			{Order: 1, FieldName: "deliveryDate", Operator: OpIsNotEmpty, LineType: LineProduct}}}))
		if lines := must[[]string](t)(s.Split(ctx, other.ID, res)); strings.Join(lines, ",") != "part,part,part,part" {
			t.Fatalf("a field the rows lack is empty: %v", lines)
		}
		// A disabled mapping reads nothing.
		up := UpdateImportRuleMappingInput{ImportRuleMappingInput: in}
		up.IsDefault, up.IsEnable = false, bp(false)
		must[*ImportRuleMapping](t)(s.UpdateRuleMapping(ctx, m.ID, up))
		if _, err := s.Read(ctx, m.ID, "", strings.NewReader(file)); userKey(t, err) != KeyMappingDisabled {
			t.Fatalf("disabled: %v", err)
		}
		// A JSON record through a form field mapping, with messages in the caller's language.
		f := must[*FormFieldMapping](t)(s.CreateFormMapping(ctx, FormFieldMappingInput{Name: "F", MappingType: ModuleCutList, MappingRules: []FormFieldRule{
			{SourceField: "part.name", FieldName: "partName"},
			{SourceField: "part.size[0]", FieldName: "length", ValueType: 2},
			{SourceField: "part.size[1]", FieldName: "width", ValueType: 2},
			{SourceField: "part.qty", FieldName: "count", ValueType: 1},
			{SourceField: "part.grain", FieldName: "grain", ValueType: 5, DictionaryCode: "grain"},
		}}))
		rec := must[*RecordResult](t)(s.MapRecord(ctx, f.ID, []byte(`{"part": {"name": "侧板", "size": [720, 560.5], "qty": 2, "grain": "W"}}`)))
		if rec.Values["partName"] != "侧板" || rec.Values["width"] != sheetmap.NewDec(5605, 1) || rec.Values["count"] != int64(2) ||
			rec.Values["grain"] != "width" || len(rec.Errors) != 0 {
			t.Fatalf("record: %+v", rec)
		}
		en := localization.WithCulture(ctx, localization.En)
		rec = must[*RecordResult](t)(s.MapRecord(en, f.ID, []byte(`{"part": {"size": [720], "qty": 2.5}}`)))
		var msgs []string
		for _, e := range rec.Errors {
			msgs = append(msgs, e.Message)
		}
		want := `Row 1, column part.name: Part name is required|Row 1, column part.size[1]: Width is required|Row 1, column part.qty: Count must be a whole number, not "2.5"`
		if strings.Join(msgs, "|") != want {
			t.Fatalf("record errors:\n%s", strings.Join(msgs, "\n"))
		}
	})
}
