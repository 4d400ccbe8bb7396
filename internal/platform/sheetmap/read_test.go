package sheetmap

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// xlsxFile writes rows into the first sheet of a real workbook (a nil row leaves the row
// out of the file).
func xlsxFile(t testing.TB, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	for i, r := range rows {
		if r == nil {
			continue
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// cutList is a mapping of every value type: part name (required), count (integer, default
// 1), length (decimal), banded (boolean), due (date), grain (enumeration), and a text
// column beyond Z.
var cutList = []Rule{
	{Column: 0, Field: "partName", Type: Text, Required: true},
	{Column: 1, Field: "count", Type: Integer, Default: "1"},
	{Column: 2, Field: "length", Type: Decimal, Required: true},
	{Column: 3, Field: "banded", Type: Boolean},
	{Column: 4, Field: "due", Type: Date},
	{Column: 5, Field: "grain", Type: Enumeration, Items: []Item{{"横纹", "length"}, {"竖纹", "width"}, {"无", "none"}}},
	{Column: 27, Field: "remark", Type: Text},
}

// summary writes a result as lines a test can compare: each row as number and values, each
// error as row, column, field and key.
func summary(res *Result) string {
	var b strings.Builder
	for _, r := range res.Rows {
		fmt.Fprintf(&b, "%d:", r.Number)
		for i, v := range r.Values {
			fmt.Fprintf(&b, " %s=%s", res.Fields[i], v.String())
		}
		b.WriteString("\n")
	}
	for _, e := range res.Errors {
		fmt.Fprintf(&b, "!%d%s %s %s %v\n", e.Row, e.Column, e.Field, e.Key, e.Args)
	}
	if res.MoreErrors > 0 {
		fmt.Fprintf(&b, "+%d\n", res.MoreErrors)
	}
	return b.String()
}

func userKey(t *testing.T, err error) string {
	t.Helper()
	var ue *apperr.UserError
	if !errors.As(err, &ue) {
		t.Fatalf("want a user error, got %v", err)
	}
	return ue.Key
}

func TestAnXlsxIsReadRowByRowWithEveryValueType(t *testing.T) {
	remark := func(s string) []any { r := make([]any, 28); r[27] = s; return r }
	withRemark := func(cells []any, s string) []any { r := remark(s); copy(r, cells); return r }
	file := xlsxFile(t,
		[]any{"开料清单 2026-03"},
		withRemark([]any{"板件", "数量", "长", "封边", "交期", "纹路"}, "备注"),
		withRemark([]any{"侧板", 2, 720.5, true, time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC), "竖纹"}, "左"),
		[]any{"顶板", "", "800", "否", "2026/3/16", "横纹"},
		nil, // a row missing from the file
		[]any{"", "", "", "", "", ""},
		[]any{"", "两块", "长", "也许", "后天", "斜纹"},
		[]any{"背板", 1.5, "1,200.25", "Y", 46100, "无"},
	)
	res, err := Read(bytes.NewReader(file), Mapping{FileType: XLSX, HeaderRows: 2, Rules: cutList}, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := `3: partName=侧板 count=2 length=720.5 banded=true due=2026-03-15 grain=width remark=左
4: partName=顶板 count=1 length=800 banded=false due=2026-03-16 grain=length remark=
!7A partName Sheet:Required []
!7B count Sheet:BadInteger [两块]
!7C length Sheet:BadDecimal [长]
!7D banded Sheet:BadBoolean [也许]
!7E due Sheet:BadDate [后天]
!7F grain Sheet:UnknownItem [斜纹]
!8B count Sheet:BadInteger [1.5]
`
	if got := summary(res); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if res.DataRows != 4 || len(res.Fields) != 7 {
		t.Fatalf("data rows %d, fields %v", res.DataRows, res.Fields)
	}
	if v := res.Get(res.Rows[0], "length"); v.Kind != Decimal || v.Dec != NewDec(7205, 1) {
		t.Fatalf("length: %+v", v)
	}
	if m := res.Map(res.Rows[1]); m["remark"] != nil || m["count"] != int64(1) {
		t.Fatalf("row as a map: %v", m)
	}
}

func TestADateCellOfA1904WorkbookIsItsDate(t *testing.T) {
	f := excelize.NewFile()
	yes := true
	if err := f.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &yes}); err != nil {
		t.Fatal(err)
	}
	_ = f.SetCellValue("Sheet1", "A1", 45000) // 1904 system: 45000 days after 1904-01-01
	var buf bytes.Buffer
	_, _ = f.WriteTo(&buf)
	res, err := Read(&buf, Mapping{Rules: []Rule{{Field: "due", Type: Date}}}, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Rows[0].Values[0].String(); got != "2027-03-16" {
		t.Fatalf("1904 serial 45000: %s", got)
	}
}

// csvText is the same cut list as a CSV file writes it (a quoted field with a comma and a
// line break, a blank line).
const csvText = "板件,数量,长,封边,交期,纹路\r\n侧板,2,720.5,是,2026-03-15,竖纹\r\n\"顶板, 上\",,800,否,2026/3/16,横纹\r\n\r\n\"背板\n（薄）\",3,\"1,200.25\",1,20260317,无\r\n"

const csvWant = `2: partName=侧板 count=2 length=720.5 banded=true due=2026-03-15 grain=width remark=
3: partName=顶板, 上 count=1 length=800 banded=false due=2026-03-16 grain=length remark=
5: partName=背板
（薄） count=3 length=1200.25 banded=true due=2026-03-17 grain=none remark=
`

func encode(t *testing.T, e interface{ String(string) (string, error) }, s string) []byte {
	t.Helper()
	out, err := e.String(s)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(out)
}

func TestACSVIsReadInEachEncoding(t *testing.T) {
	gb := encode(t, simplifiedchinese.GB18030.NewEncoder(), csvText)
	utf16bom := encode(t, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder(), csvText)
	utf16 := encode(t, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder(), csvText)
	if !bytes.HasPrefix(utf16bom, []byte{0xFF, 0xFE}) || bytes.HasPrefix(utf16, []byte{0xFF, 0xFE}) || bytes.Equal(gb, []byte(csvText)) {
		t.Fatal("the test files are not what they claim")
	}
	for _, c := range []struct {
		name string
		enc  Encoding
		file []byte
	}{
		{"GB18030", GB18030, gb},
		{"UTF-16LE with BOM", UTF16LE, utf16bom},
		{"UTF-16LE without BOM", UTF16LE, utf16},
		{"UTF-8 with BOM", UTF8, append([]byte{0xEF, 0xBB, 0xBF}, csvText...)},
		{"UTF-8 without BOM", UTF8, []byte(csvText)},
		{"UTF-8 when no encoding is set", 0, []byte(csvText)},
	} {
		res, err := Read(bytes.NewReader(c.file), Mapping{FileType: CSV, Encoding: c.enc, HeaderRows: 1, Rules: cutList}, DefaultLimits)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := summary(res); got != csvWant {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, got, csvWant)
		}
	}
}

func TestAFileInAnotherEncodingThanTheMappingsIsRefused(t *testing.T) {
	gb := encode(t, simplifiedchinese.GB18030.NewEncoder(), csvText)
	utf16 := encode(t, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder(), csvText)
	for _, c := range []struct {
		name string
		enc  Encoding
		file []byte
	}{
		{"GB18030 read as UTF-8", UTF8, gb},
		{"UTF-16 read as UTF-8", UTF8, utf16},
		{"UTF-8 with BOM read as GB18030", GB18030, append([]byte{0xEF, 0xBB, 0xBF}, csvText...)},
		{"UTF-16 read as GB18030", GB18030, utf16},
		{"UTF-8 read as UTF-16LE", UTF16LE, []byte(csvText)},
	} {
		_, err := Read(bytes.NewReader(c.file), Mapping{FileType: CSV, Encoding: c.enc, Rules: cutList}, DefaultLimits)
		if userKey(t, err) != localization.KeySheetBadEncoding {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestFilesThatAreNotWhatTheMappingReadsAreRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		m    Mapping
		file []byte
		want string
	}{
		{"a CSV as an xlsx", Mapping{FileType: XLSX}, []byte("a,b\n"), localization.KeySheetNotXlsx},
		{"a broken zip", Mapping{FileType: XLSX}, []byte("PK\x03\x04broken"), localization.KeySheetBadXlsx},
		{"an unterminated quote", Mapping{FileType: CSV}, []byte("a,b\n\"c,d\n"), localization.KeySheetBadCSV},
	} {
		c.m.Rules = cutList
		_, err := Read(bytes.NewReader(c.file), c.m, DefaultLimits)
		if userKey(t, err) != c.want {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// onlyReader hides the size of what it reads.
type onlyReader struct {
	r    io.Reader
	read int
}

func (o *onlyReader) Read(p []byte) (int, error) {
	n, err := o.r.Read(p)
	o.read += n
	return n, err
}

func TestFilesOverTheLimitsAreRefusedBeforeTheyAreReadWhole(t *testing.T) {
	lim := Limits{MaxBytes: 4 << 10, MaxRows: 100000, MaxErrors: 3}
	big := []byte(strings.Repeat("侧板,1,720\n", 2000)) // 26 KB
	for _, ft := range []FileType{CSV, XLSX} {
		// Its size told: refused without a byte read.
		or := &onlyReader{r: bytes.NewReader(big)}
		sized := struct {
			io.Reader
			sizer
		}{or, sizer(len(big))}
		_, err := Read(sized, Mapping{FileType: ft, Rules: cutList}, lim)
		if userKey(t, err) != localization.KeySheetTooLarge || or.read != 0 {
			t.Fatalf("%v, size told: %v after %d bytes", ft, err, or.read)
		}
		// Its size untold: refused once past the limit.
		or = &onlyReader{r: bytes.NewReader(big)}
		_, err = Read(or, Mapping{FileType: ft, Rules: cutList}, lim)
		if userKey(t, err) != localization.KeySheetTooLarge || or.read > int(lim.MaxBytes)+64<<10 {
			t.Fatalf("%v, size untold: %v after %d bytes", ft, err, or.read)
		}
	}
	// Rows: five data rows (blank rows not counted) are read; the sixth refuses the file.
	lim.MaxRows, lim.MaxBytes = 5, 1<<20
	five := "h\n1,1,1\n\n2,1,1\n3,1,1\n4,1,1\n5,1,1\n"
	res, err := Read(strings.NewReader(five), Mapping{FileType: CSV, HeaderRows: 1, Rules: cutList}, lim)
	if err != nil || len(res.Rows) != 5 {
		t.Fatalf("five rows: %v %v", res, err)
	}
	rows := make([][]any, 8)
	for i := range rows {
		rows[i] = []any{fmt.Sprint("板", i), 1, 1}
	}
	_, err = Read(bytes.NewReader(xlsxFile(t, rows...)), Mapping{FileType: XLSX, HeaderRows: 1, Rules: cutList}, lim)
	if userKey(t, err) != localization.KeySheetTooManyRows {
		t.Fatalf("seven rows: %v", err)
	}
	// Errors: the first MaxErrors are listed, the rest counted.
	res, err = Read(strings.NewReader("x,a\nx,b\n"), Mapping{FileType: CSV, Rules: cutList}, lim)
	if err != nil || len(res.Errors) != 3 || res.MoreErrors != 1 || len(res.Rows) != 0 {
		t.Fatalf("errors: %s %v", summary(res), err)
	}
}

type sizer int

func (s sizer) Len() int { return int(s) }

func TestAJSONRecordIsReadByMemberPaths(t *testing.T) {
	doc := []byte(`{"order": {"no": "SO-1", "customer": {"name": "王女士"}, "urgent": true, "total": 1299.90,
		"lines": [{"qty": 2, "grain": "竖纹"}, {"qty": "3"}]}, "due": "2026-03-15"}`)
	rules := []Rule{
		{Path: "order.customer.name", Field: "name", Type: Text, Required: true},
		{Path: "order.lines[0].qty", Field: "count", Type: Integer},
		{Path: "order.lines.1.qty", Field: "count2", Type: Integer},
		{Path: "order.total", Field: "price", Type: Decimal},
		{Path: "order.urgent", Field: "isUrgent", Type: Boolean},
		{Path: "due", Field: "deliveryDate", Type: Date},
		{Path: "order.lines[0].grain", Field: "grain", Type: Enumeration, Items: []Item{{"竖纹", "width"}}},
		{Path: "order.remark", Field: "remark", Type: Text, Default: "无"},
	}
	res, err := ReadRecord(doc, rules)
	if err != nil {
		t.Fatal(err)
	}
	want := "1: name=王女士 count=2 count2=3 price=1299.9 isUrgent=true deliveryDate=2026-03-15 grain=width remark=无\n"
	if got := summary(res); got != want {
		t.Fatalf("got %s want %s", got, want)
	}
	res, err = ReadRecord([]byte(`{"order": {"lines": [{"qty": "two"}]}}`), rules[:2])
	if err != nil {
		t.Fatal(err)
	}
	if got := summary(res); got != "!1order.customer.name name Sheet:Required []\n!1order.lines[0].qty count Sheet:BadInteger [two]\n" {
		t.Fatalf("errors: %s", got)
	}
	if _, err := ReadRecord([]byte(`{"order":`), rules); userKey(t, err) != localization.KeySheetBadJSON {
		t.Fatalf("bad JSON: %v", err)
	}
	for p, ok := range map[string]bool{"a.b.c": true, "a[0].b": true, "a[0][1]": true, "a.0.b": true, "": false, "a..b": false, "a[x]": false, "a[0": false, "a]": false} {
		if ValidPath(p) != ok {
			t.Errorf("ValidPath(%q) != %v", p, ok)
		}
	}
}
