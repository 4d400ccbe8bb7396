package sheetmap

import (
	"encoding/json"
	"testing"
	"time"

	"kerf/internal/platform/localization"
)

func TestParseDecIsExact(t *testing.T) {
	good := []struct{ in, want string }{
		{"0", "0"}, {"-0", "0"}, {"12", "12"}, {"12.50", "12.5"}, {"+3", "3"}, {"-0.05", "-0.05"}, {".5", "0.5"},
		{"1,299.90", "1299.9"}, {"12,345,678", "12345678"}, {"1.5E-3", "0.0015"}, {"2E+5", "200000"}, {"2e5", "200000"},
		{"１２．５", "12.5"}, {"０.１", "0.1"}, {"0.30000000000000004", "0.30000000000000004"}, {" 7 ", "7"},
		{"123456789012345678", "123456789012345678"}, {"0.000000000000000001", "0.000000000000000001"},
	}
	for _, c := range good {
		d, err := ParseDec(c.in)
		if err != nil || d.String() != c.want {
			t.Errorf("ParseDec(%q) = %v, %v; want %s", c.in, d, err, c.want)
		}
	}
	bad := []struct {
		in      string
		tooLong bool
	}{
		{"", false}, {"abc", false}, {"1.2.3", false}, {"12,34", false}, {"1,23,456", false}, {"E5", false}, {"1e", false},
		{"1e+", false}, {"--1", false}, {"1 2", false}, {"12元", false}, {",5", false}, {"1,2345.6", false},
		{"1234567890123456789", true}, {"1E+30", true}, {"0.1234567890123456789", true},
	}
	for _, c := range bad {
		_, err := ParseDec(c.in)
		if err == nil || (err == errTooLong) != c.tooLong {
			t.Errorf("ParseDec(%q): %v, want too long %v", c.in, err, c.tooLong)
		}
	}
}

func TestDecWritesItsDigitsAndCompares(t *testing.T) {
	d, _ := ParseDec("1299.90")
	b, _ := json.Marshal(map[string]any{"price": d})
	if string(b) != `{"price":1299.9}` {
		t.Fatalf("json: %s", b)
	}
	var back Dec
	if err := json.Unmarshal([]byte(`"0.10"`), &back); err != nil || back != NewDec(1, 1) {
		t.Fatalf("unmarshal: %v %v", back, err)
	}
	a, _ := ParseDec("0.1")
	c, _ := ParseDec("0.10")
	if a != c || a.Cmp(NewDec(2, 1)) != -1 || NewDec(-5, 0).Cmp(NewDec(-45, 1)) != -1 || a.Float64() != 0.1 {
		t.Fatal("equal decimals differ or order is wrong")
	}
	if n, ok := NewDec(300, 2).Int64(); !ok || n != 3 {
		t.Fatalf("3.00 is the integer 3: %d %v", n, ok)
	}
	if NewDec(-123, 5).String() != "-0.00123" {
		t.Fatal(NewDec(-123, 5).String())
	}
}

func TestEveryValueTypeReadsGoodTextAndNamesBadText(t *testing.T) {
	day := func(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }
	yesNo := []Item{{"急", "是"}, {"不急", "否"}}
	grain := []Item{{"横纹", "length"}, {"竖纹", "width"}, {"无", ""}}
	cases := []struct {
		name    string
		rule    Rule
		in      string
		want    any // nil: an empty value
		wantKey string
	}{
		{"text trimmed", Rule{Type: Text}, "  侧板 ", "侧板", ""},
		{"text empty", Rule{Type: Text}, "   ", nil, ""},
		{"text through items", Rule{Type: Text, Items: grain}, "横纹", "length", ""},
		{"text not an item", Rule{Type: Text, Items: grain}, "斜纹", "斜纹", ""},
		{"integer", Rule{Type: Integer}, "42", int64(42), ""},
		{"integer with zero fraction", Rule{Type: Integer}, "42.000", int64(42), ""},
		{"integer thousands", Rule{Type: Integer}, "-1,200", int64(-1200), ""},
		{"integer fraction", Rule{Type: Integer}, "4.5", nil, localization.KeySheetBadInteger},
		{"integer text", Rule{Type: Integer}, "四十二", nil, localization.KeySheetBadInteger},
		{"integer too long", Rule{Type: Integer}, "99999999999999999999", nil, localization.KeySheetNumberTooLong},
		{"decimal", Rule{Type: Decimal}, "1,299.90", NewDec(12999, 1), ""},
		{"decimal exponent", Rule{Type: Decimal}, "1.2E-2", NewDec(12, 3), ""},
		{"decimal bad", Rule{Type: Decimal}, "12mm", nil, localization.KeySheetBadDecimal},
		{"boolean 是", Rule{Type: Boolean}, "是", true, ""},
		{"boolean 否", Rule{Type: Boolean}, "否", false, ""},
		{"boolean TRUE", Rule{Type: Boolean}, "TRUE", true, ""},
		{"boolean 0", Rule{Type: Boolean}, "0", false, ""},
		{"boolean y", Rule{Type: Boolean}, "y", true, ""},
		{"boolean N", Rule{Type: Boolean}, "N", false, ""},
		{"boolean through items", Rule{Type: Boolean, Items: yesNo}, "不急", false, ""},
		{"boolean bad", Rule{Type: Boolean}, "maybe", nil, localization.KeySheetBadBoolean},
		{"date iso", Rule{Type: Date}, "2026-01-31", day(2026, 1, 31), ""},
		{"date slashes", Rule{Type: Date}, "2026/1/5", day(2026, 1, 5), ""},
		{"date dots", Rule{Type: Date}, "2026.01.05", day(2026, 1, 5), ""},
		{"date chinese", Rule{Type: Date}, "2026年1月5日", day(2026, 1, 5), ""},
		{"date compact", Rule{Type: Date}, "20260105", day(2026, 1, 5), ""},
		{"date serial", Rule{Type: Date}, "45000", day(2023, 3, 15), ""},
		{"date serial with time", Rule{Type: Date}, "45000.75", time.Date(2023, 3, 15, 18, 0, 0, 0, time.UTC), ""},
		{"date with time", Rule{Type: Date}, "2026-01-31 08:30", time.Date(2026, 1, 31, 8, 30, 0, 0, time.UTC), ""},
		{"date iso time", Rule{Type: Date}, "2026-01-31T08:30:15Z", time.Date(2026, 1, 31, 8, 30, 15, 0, time.UTC), ""},
		{"date that does not exist", Rule{Type: Date}, "2026-02-30", nil, localization.KeySheetBadDate},
		{"date day first", Rule{Type: Date}, "31/01/2026", nil, localization.KeySheetBadDate},
		{"date words", Rule{Type: Date}, "明天", nil, localization.KeySheetBadDate},
		{"date bad time", Rule{Type: Date}, "2026-01-31 25:00", nil, localization.KeySheetBadDate},
		{"date serial out of range", Rule{Type: Date}, "3000000", nil, localization.KeySheetBadDate},
		{"enum", Rule{Type: Enumeration, Items: grain}, "竖纹", "width", ""},
		{"enum without regard to case", Rule{Type: Enumeration, Items: []Item{{"PVC", "EB1"}}}, " pvc ", "EB1", ""},
		{"enum to an empty target", Rule{Type: Enumeration, Items: grain}, "无", nil, ""},
		{"enum unknown", Rule{Type: Enumeration, Items: grain}, "斜纹", nil, localization.KeySheetUnknownItem},
		{"enum read as a number", Rule{Type: Enumeration, Target: Decimal, Items: []Item{{"一半", "0.5"}}}, "一半", NewDec(5, 1), ""},
		{"enum read as a boolean", Rule{Type: Enumeration, Target: Boolean, Items: yesNo}, "急", true, ""},
	}
	for _, c := range cases {
		v, err := Parse(c.rule, c.in)
		if c.wantKey != "" {
			ve, ok := err.(*ValueError)
			if !ok || ve.Key != c.wantKey || len(ve.Args) != 1 {
				t.Errorf("%s: %q gives %v, %v; want %s", c.name, c.in, v, err, c.wantKey)
			}
			continue
		}
		if err != nil || v.Any() != c.want {
			t.Errorf("%s: %q gives %#v, %v; want %#v", c.name, c.in, v.Any(), err, c.want)
		}
	}
}

func TestColumnLetters(t *testing.T) {
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 701: "ZZ", 702: "AAA", 16383: "XFD"} {
		if got := ColumnLetter(i); got != want {
			t.Errorf("ColumnLetter(%d) = %s, want %s", i, got, want)
		}
	}
}

// TestEveryMessageIsInBothLanguages: each key sheetmap answers has its zh-Hans and en text,
// and a cell's message reads with row, column and label.
func TestEveryMessageIsInBothLanguages(t *testing.T) {
	c := localization.NewCatalog()
	for _, k := range []string{localization.KeySheetRequired, localization.KeySheetBadInteger, localization.KeySheetBadDecimal,
		localization.KeySheetNumberTooLong, localization.KeySheetBadBoolean, localization.KeySheetBadDate,
		localization.KeySheetUnknownItem, localization.KeySheetTooLarge, localization.KeySheetTooManyRows,
		localization.KeySheetBadXlsx, localization.KeySheetNotXlsx, localization.KeySheetNoSheet, localization.KeySheetBadCSV,
		localization.KeySheetBadEncoding, localization.KeySheetBadJSON} {
		zh, en := c.Get(localization.ZhHans, k), c.Get(localization.En, k)
		if zh == k || en == k || zh == en {
			t.Errorf("%s: zh %q, en %q", k, zh, en)
		}
	}
	e := CellError{Row: 7, Column: "C", Field: "count", Key: localization.KeySheetBadDecimal, Args: []any{"abc"}}
	if got := c.Get(localization.En, e.Key, e.Arguments("Count")...); got != `Row 7, column C: Count must be a number, not "abc"` {
		t.Fatal(got)
	}
	if got := c.Get(localization.ZhHans, e.Key, e.Arguments("数量")...); got != "第 7 行 C 列：数量必须是数字，“abc”不是" {
		t.Fatal(got)
	}
}
