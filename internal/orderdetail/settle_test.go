package orderdetail

import (
	"encoding/json"
	"fmt"
	"testing"

	"kerf/internal/platform/localization"
)

func f(v float64) *float64 { return &v }

func mustCompile(t *testing.T, key string, cols []Column) *compiled {
	t.Helper()
	c, problems := checkTable(key, cols, Actions{}, nil, "")
	if len(problems) > 0 {
		t.Fatalf("compile %s: %+v", key, problems)
	}
	return c
}

// The server computes every computed column from the line's values with exact decimals;
// what the client sent for them is never read.
func TestSettleComputesWithExactDecimalsAndIgnoresTheClientsFigures(t *testing.T) {
	c := mustCompile(t, TableMatter, []Column{
		{Key: "name"}, {Key: "length"}, {Key: "width"},
		{Key: "area", Widget: WidgetNumber, Compute: "round(length * width / 1000000, 3)"},
		{Key: "discount", Widget: WidgetNumber, DefaultValue: "0"},
		{Key: "count", Widget: WidgetNumber}, {Key: "price", Widget: WidgetNumber},
		{Key: "amount", Compute: "round(area * price * count * (100 - discount) / 100, 2)"},
	})
	in := &LineInput{Name: "颗粒板", Length: f(2440), Width: f(1220), Price: f(0.1), Count: f(3), Amount: f(999),
		Values: map[string]any{"area": 42, "discount": json.Number("12.5")}}
	l, given := fromInput(c, in, everyone)
	if ps := settle(c, &l, given); len(ps) > 0 {
		t.Fatalf("problems: %+v", ps)
	}
	// area = round(2.9768, 3) = 2.977; amount = round(2.977 × 0.1 × 3 × 87.5 / 100, 2) = round(0.7814625, 2)
	if got := l.Values["area"]; got != json.Number("2.977") {
		t.Fatalf("area %v", got)
	}
	if l.Amount != 0.78 {
		t.Fatalf("amount %v, want 0.78 (the client's 999 ignored)", l.Amount)
	}

	// Without a configured compute the amount is price × count, exactly: 0.1 × 3 is 0.3.
	plain := mustCompile(t, TableProduct, []Column{{Key: "name"}, {Key: "count"}, {Key: "price"}})
	l, given = fromInput(plain, &LineInput{Name: "x", Price: f(0.1), Count: f(3), Amount: f(1)}, everyone)
	if ps := settle(plain, &l, given); len(ps) > 0 || l.Amount != 0.3 {
		t.Fatalf("amount %v, problems %+v", l.Amount, ps)
	}
}

// Spec 000 §5: an empty number widget is 1 and an empty boolean false; a column's
// defaultValue goes first; an empty count is 1 and an empty price 0.
func TestEmptyCellsTakeTheirDefaults(t *testing.T) {
	c := mustCompile(t, TableProduct, []Column{
		{Key: "name"}, {Key: "count"}, {Key: "price"},
		{Key: "doors", Widget: WidgetNumber},
		{Key: "hinges", Widget: WidgetNumber, DefaultValue: "4"},
		{Key: "glass", Widget: WidgetBoolean},
		{Key: "handles", Widget: WidgetBoolean, DefaultValue: "true"},
		{Key: "note", DefaultValue: "无"},
		{Key: "height", Widget: WidgetNumber},
	})
	l, given := fromInput(c, &LineInput{Name: "柜", Values: map[string]any{"doors": "", "glass": nil}}, everyone)
	if ps := settle(c, &l, given); len(ps) > 0 {
		t.Fatalf("problems %+v", ps)
	}
	want := map[string]any{"doors": json.Number("1"), "hinges": json.Number("4"), "glass": false, "handles": true, "note": "无"}
	for k, v := range want {
		if l.Values[k] != v {
			t.Errorf("%s = %#v, want %#v", k, l.Values[k], v)
		}
	}
	if l.Count != 1 || l.Price != 0 || l.Amount != 0 || l.Height == nil || *l.Height != 1 || l.Length != nil {
		t.Fatalf("count %v price %v amount %v height %v length %v", l.Count, l.Price, l.Amount, l.Height, l.Length)
	}
}

// A line's bad values are reported per field, with the message keys the page shows.
func TestSettleReportsEachBadField(t *testing.T) {
	c := mustCompile(t, TableProduct, []Column{
		{Key: "name"}, {Key: "count"}, {Key: "price"}, {Key: "doors", Widget: WidgetNumber},
		{Key: "glass", Widget: WidgetBoolean}, {Key: "ratio", Compute: "price / doors"},
	})
	long := make([]rune, MaxName+1)
	for i := range long {
		long[i] = '长'
	}
	cases := []struct {
		name  string
		in    LineInput
		field string
		key   string
	}{
		{"no name", LineInput{Count: f(1)}, "name", localization.KeyRequired},
		{"a long name", LineInput{Name: string(long)}, "name", localization.KeyTooLong},
		{"a negative price", LineInput{Name: "x", Price: f(-1)}, "price", KeyNumberRange},
		{"a huge count", LineInput{Name: "x", Count: f(2e11)}, "count", KeyNumberRange},
		{"text in a number column", LineInput{Name: "x", Values: map[string]any{"doors": "two"}}, "doors", KeyNotNumber},
		{"text in a boolean column", LineInput{Name: "x", Values: map[string]any{"glass": "maybe"}}, "glass", KeyNotBoolean},
		{"a division by zero", LineInput{Name: "x", Price: f(5), Values: map[string]any{"doors": 0}}, "ratio", KeyCompute},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, given := fromInput(c, &tc.in, everyone)
			ps := settle(c, &l, given)
			if len(ps) == 0 || ps[0].field != tc.field || ps[0].key != tc.key {
				t.Fatalf("problems %+v, want %s %s", ps, tc.field, tc.key)
			}
		})
	}
}

// A changed line keeps what the caller may not edit: fields the table does not show,
// columns of other permissions, and computed columns.
func TestAChangeWritesOnlyTheColumnsTheCallerEdits(t *testing.T) {
	c := mustCompile(t, TableProduct, []Column{
		{Key: "name"}, {Key: "count", Widget: WidgetNumber}, {Key: "price", Permissions: []string{"Secret"}},
		{Key: "cost", Widget: WidgetNumber, Permissions: []string{"Secret"}},
	})
	stored := Line{Table: TableProduct, LineFields: LineFields{Name: "旧", Price: 100, Count: 1, Amount: 100, Remark: "kept", Code: "C1"},
		Values: map[string]any{"cost": json.Number("60")}}
	hidden := func(col *Column) bool { return len(col.Permissions) == 0 }
	l, given := applyInput(c, stored, &LineInput{Name: "新", Count: f(2), Price: f(1), Values: map[string]any{"cost": 1}}, hidden)
	if ps := settle(c, &l, given); len(ps) > 0 {
		t.Fatalf("problems %+v", ps)
	}
	if l.Name != "新" || l.Count != 2 || l.Price != 100 || l.Amount != 200 || l.Remark != "kept" || l.Code != "C1" ||
		l.Values["cost"] != json.Number("60") {
		t.Fatalf("line %+v values %v", l.LineFields, l.Values)
	}
}

// The configuration's rules, each naming the table (its label key) and the column.
func TestTableConfigurationIsChecked(t *testing.T) {
	known := func(name string) bool { return name == PermDetailsCreate }
	cases := []struct {
		name   string
		key    string
		cols   []Column
		acts   Actions
		member string
		msg    string
	}{
		{"a key that is no identifier", TableProduct, []Column{{Key: "1st"}}, Actions{}, "columns[0].key", KeyColumnKey},
		{"a column twice", TableProduct, []Column{{Key: "name"}, {Key: "name"}}, Actions{}, "columns[1].key", KeyColumnDuplicate},
		{"an unknown widget", TableProduct, []Column{{Key: "x", Widget: "slider"}}, Actions{}, "columns[0].widget", KeyColumnWidget},
		{"a text widget on the price", TableProduct, []Column{{Key: "price", Widget: WidgetText}}, Actions{}, "columns[0].widget", KeyColumnWidgetOfField},
		{"a default that is no number", TableProduct, []Column{{Key: "x", Widget: WidgetNumber, DefaultValue: "many"}}, Actions{}, "columns[0].defaultValue", KeyColumnDefault},
		{"a computed name", TableProduct, []Column{{Key: "name", Compute: "1 + 1"}}, Actions{}, "columns[0].compute", KeyComputeText},
		{"a formula that does not parse", TableProduct, []Column{{Key: "amount", Compute: "price * * count"}}, Actions{}, "columns[0].compute", KeyComputeInvalid},
		{"a formula naming no column", TableProduct, []Column{{Key: "amount", Compute: "price * qty"}}, Actions{}, "columns[0].compute", KeyComputeUnknownColumn},
		{"a formula naming a text column", TableProduct, []Column{{Key: "note"}, {Key: "amount", Compute: "price * note"}}, Actions{}, "columns[1].compute", KeyComputeTextColumn},
		{"a formula naming a text field", TableProduct, []Column{{Key: "amount", Compute: "price * color"}}, Actions{}, "columns[0].compute", KeyComputeTextColumn},
		{"formulas that read each other", TableProduct, []Column{{Key: "a", Compute: "b + 1"}, {Key: "b", Compute: "a + 1"}}, Actions{}, "columns[0].compute", KeyComputeCycle},
		{"a column of the review tab", TableExamine, []Column{{Key: "name"}}, Actions{}, "columns", KeyExamineColumns},
		{"an unknown column permission", TableProduct, []Column{{Key: "x", Permissions: []string{"Nope"}}}, Actions{}, "columns[0].permissions", KeyColumnPermission},
		{"an unknown action permission", TableProduct, nil, Actions{Clear: []string{"Nope"}}, "actions.clear", KeyActionPermission},
		{"a computed file column", TableProduct, []Column{{Key: "files", Widget: WidgetFile, Compute: "1"}}, Actions{}, "columns[0].compute", KeyFileCompute},
		{"a file column with a default", TableProduct, []Column{{Key: "files", Widget: WidgetFile, DefaultValue: "a.pdf"}}, Actions{}, "columns[0].defaultValue", KeyFileDefault},
		{"a formula naming a file column", TableProduct, []Column{{Key: "files", Widget: WidgetFile}, {Key: "amount", Compute: "price * files"}}, Actions{}, "columns[1].compute", KeyComputeFileColumn},
		{"a file widget on a field", TableProduct, []Column{{Key: "remark", Widget: WidgetFile}}, Actions{}, "columns[0].widget", KeyColumnWidgetOfField},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, ps := checkTable(tc.key, tc.cols, tc.acts, known, "")
			if len(ps) == 0 || ps[0].member != tc.member || ps[0].key != tc.msg {
				t.Fatalf("problems %+v, want %s %s", ps, tc.member, tc.msg)
			}
			if ps[0].args[0] != tableKey(tc.key) {
				t.Fatalf("the message does not name the table: %v", ps[0].args)
			}
		})
	}
	// The seeded configuration passes its own rules.
	for _, row := range DefaultConfig() {
		if _, ps := checkTable(row.Key, row.Columns, row.Actions, func(n string) bool { _, ok := actionNames[n]; return ok }, ""); len(ps) > 0 {
			t.Fatalf("default %s: %+v", row.Key, ps)
		}
	}
}

var actionNames = map[string]bool{PermDetailsCreate: true, PermDetailsSelect: true, PermDetailsImportExcel: true,
	PermDetailsClear: true, PermDetailsExport: true}

// A file column holds a list of {id, fileName}: empty is no file, a file named twice counts
// once, anything else is refused (which files they are is the service's check).
func TestAFileColumnHoldsAListOfFiles(t *testing.T) {
	c := mustCompile(t, TableProduct, []Column{{Key: "name"}, {Key: "files", Widget: WidgetFile}})
	id, other := "0b6f4c3e-8a3c-4c57-9d0e-2f1a3b4c5d6e", "1c7f5d4f-9b4d-4d68-8e1f-3a2b4c5d6e7f"
	for _, tc := range []struct {
		name  string
		value any
		want  any
		key   string
	}{
		{"absent", nil, []any{}, ""},
		{"empty text", "", []any{}, ""},
		{"a list", []any{map[string]any{"id": id, "fileName": " a.pdf "}, map[string]any{"id": other}},
			[]any{map[string]any{"id": id, "fileName": "a.pdf"}, map[string]any{"id": other, "fileName": ""}}, ""},
		{"a file twice", []any{map[string]any{"id": id}, map[string]any{"id": id}}, []any{map[string]any{"id": id, "fileName": ""}}, ""},
		{"text", "a.pdf", nil, KeyNotFiles},
		{"an id that is no uuid", []any{map[string]any{"id": "a.pdf"}}, nil, KeyNotFiles},
		{"no id", []any{map[string]any{"fileName": "a.pdf"}}, nil, KeyNotFiles},
		{"a name that is no text", []any{map[string]any{"id": id, "fileName": 3}}, nil, KeyNotFiles},
		{"ids alone", []any{id}, nil, KeyNotFiles},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, given := fromInput(c, &LineInput{Name: "x", Values: map[string]any{"files": tc.value}}, everyone)
			ps := settle(c, &l, given)
			if tc.key != "" {
				if len(ps) != 1 || ps[0].field != "files" || ps[0].key != tc.key {
					t.Fatalf("problems %+v, want %s", ps, tc.key)
				}
				return
			}
			if len(ps) > 0 {
				t.Fatalf("problems %+v", ps)
			}
			got, _ := json.Marshal(l.Values["files"])
			want, _ := json.Marshal(tc.want)
			if string(got) != string(want) {
				t.Fatalf("value %s, want %s", got, want)
			}
		})
	}
	many := make([]any, MaxLineFiles+1)
	for i := range many {
		many[i] = map[string]any{"id": fmt.Sprintf("00000000-0000-4000-8000-%012d", i+1)}
	}
	l, given := fromInput(c, &LineInput{Name: "x", Values: map[string]any{"files": many}}, everyone)
	if ps := settle(c, &l, given); len(ps) != 1 || ps[0].key != KeyTooManyLineFiles {
		t.Fatalf("%d files: %+v", len(many), ps)
	}
}
