package importmapping_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"kerf/internal/app/apptest"
)

type previewAnswer struct {
	Fields []struct {
		FieldName, DisplayName, Column string
		ValueType                      int
	} `json:"fields"`
	Rows []struct {
		Row    int            `json:"row"`
		Values map[string]any `json:"values"`
	} `json:"rows"`
	Errors []struct {
		Row       int    `json:"row"`
		Column    string `json:"column"`
		FieldName string `json:"fieldName"`
		Message   string `json:"message"`
	} `json:"errors"`
	MoreErrors int `json:"moreErrors"`
	TotalRows  int `json:"totalRows"`
	ValidRows  int `json:"validRows"`
}

func preview(t *testing.T, e *apptest.Env, token, id, name string, file []byte, lang string) (*apptest.Response, previewAnswer) {
	t.Helper()
	body, ct := upload(t, "file", name, file)
	res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/basic-setup/import-rule-mappings/" + id + "/preview",
		Token: token, Body: body, ContentType: ct, Header: http.Header{"Accept-Language": {lang}}})
	var a previewAnswer
	if res.Status == http.StatusOK {
		res.JSON(t, &a)
	}
	return res, a
}

// TestPreviewAnswersTypedRowsAndEveryErrorOfARealSpreadsheet: an .xlsx made with excelize,
// sent as a browser sends it, read through a mapping of every value type.
func TestPreviewAnswersTypedRowsAndEveryErrorOfARealSpreadsheet(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/basic-setup/import-rule-mappings", Token: admin, JSON: row{
			"name": "全类型", "moduleType": 1, "readRows": 2, "mappingRules": []row{
				{"columnIndex": 0, "fieldName": "name", "valueType": 0},
				{"columnIndex": 1, "fieldName": "count", "valueType": 2, "defaultValue": "1"},
				{"columnIndex": 2, "fieldName": "isUrgent", "valueType": 3, "itemsMapping": `[{"source":"急","target":"是"}]`},
				{"columnIndex": 3, "fieldName": "deliveryDate", "valueType": 4},
				{"columnIndex": 4, "fieldName": "category", "valueType": 5, "itemsMapping": `[{"source":"五金","target":"hardware"},{"source":"柜体","target":"carcass"}]`},
				{"columnIndex": 6, "fieldName": "price", "valueType": 2},
			}}})
		ok(t, res, 200, "create mapping")
		id := res.Map(t)["id"].(string)
		due := time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC)
		file := xlsx(t,
			[]any{"订单明细导入"},
			[]any{"名称", "数量", "加急", "交货日期", "类别", "（不读）", "单价"},
			[]any{"侧板", 2.5, "急", due, "五金", "x", "0.1"},
			[]any{"门板", "", "否", "2026/4/1", "柜体", "", 1299.9},
			[]any{},
			[]any{"", "abc", "也许", "明天", "木门", "", "1,2"},
			[]any{"顶板", 3, "Y", "20260501", " 柜体 ", "", "-7"},
		)
		res, a := preview(t, e, admin, id, "订单.XLSX", file, "en")
		ok(t, res, 200, "preview")
		if a.TotalRows != 4 || a.ValidRows != 3 || len(a.Rows) != 3 {
			t.Fatalf("rows: total %d, valid %d, answered %d", a.TotalRows, a.ValidRows, len(a.Rows))
		}
		first := a.Rows[0]
		if first.Row != 3 || first.Values["name"] != "侧板" || first.Values["count"] != 2.5 || first.Values["isUrgent"] != true ||
			first.Values["deliveryDate"] != "2026-03-15T00:00:00Z" || first.Values["category"] != "hardware" || first.Values["price"] != 0.1 {
			t.Fatalf("first row: %+v", first)
		}
		second := a.Rows[1]
		if second.Row != 4 || second.Values["count"] != 1.0 || second.Values["isUrgent"] != false || second.Values["deliveryDate"] != "2026-04-01T00:00:00Z" ||
			second.Values["category"] != "carcass" || second.Values["price"] != 1299.9 {
			t.Fatalf("second row (a default, a text date, a number cell): %+v", second)
		}
		if third := a.Rows[2]; third.Row != 7 || third.Values["deliveryDate"] != "2026-05-01T00:00:00Z" || third.Values["category"] != "carcass" {
			t.Fatalf("third row: %+v", third)
		}
		var got []string
		for _, er := range a.Errors {
			got = append(got, fmt.Sprintf("%d%s %s: %s", er.Row, er.Column, er.FieldName, er.Message))
		}
		want := []string{
			`6A name: Row 6, column A: Product name is required`,
			`6B count: Row 6, column B: Count must be a number, not "abc"`,
			`6C isUrgent: Row 6, column C: Urgent must be yes or no, not "也许"`,
			`6D deliveryDate: Row 6, column D: Delivery date must be a date (e.g. 2026-01-31), not "明天"`,
			`6E category: Row 6, column E: "木门" is not one of the mapped values of Category`,
			`6G price: Row 6, column G: Board cost must be a number, not "1,2"`,
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(a.Fields) != 6 || a.Fields[5].Column != "G" || a.Fields[0].DisplayName != "Product name" {
			t.Fatalf("fields: %+v", a.Fields)
		}
		// In Chinese.
		_, zh := preview(t, e, admin, id, "订单.xlsx", file, "zh-CN")
		if zh.Errors[0].Message != "第 6 行 A 列：产品名称不能为空" {
			t.Fatalf("zh: %q", zh.Errors[0].Message)
		}
		// Files that are not what the mapping reads are refused with a clear message.
		for _, c := range []struct{ name, file, want string }{
			{"a.csv", "a,b\n", "This mapping reads .xlsx files; upload a .xlsx file"},
			{"a.xlsx", "not a zip", "The file is not an Excel file in .xlsx format"},
			{"a.xlsx", "PK\x03\x04broken", "The Excel file cannot be read"},
		} {
			res, _ := preview(t, e, admin, id, c.name, []byte(c.file), "en")
			if res.Status != 400 || res.ErrorMessage(t) != c.want {
				t.Errorf("%s %q: %d %s", c.name, c.file, res.Status, res.Body)
			}
		}
		// No file, two files.
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		_ = w.WriteField("note", "x")
		_ = w.Close()
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/basic-setup/import-rule-mappings/" + id + "/preview", Token: admin,
			Body: &buf, ContentType: w.FormDataContentType(), Header: http.Header{"Accept-Language": {"en"}}})
		if res.Status != 400 || res.ErrorMessage(t) != "Please choose a file to upload" {
			t.Fatalf("no file: %d %s", res.Status, res.Body)
		}
		buf.Reset()
		w = multipart.NewWriter(&buf)
		for _, n := range []string{"a.xlsx", "b.xlsx"} {
			fw, _ := w.CreateFormFile("file", n)
			_, _ = fw.Write(file)
		}
		_ = w.Close()
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/basic-setup/import-rule-mappings/" + id + "/preview", Token: admin,
			Body: &buf, ContentType: w.FormDataContentType()})
		ok(t, res, 400, "two files")
		// A file over the limit is refused before it is read.
		big := bytes.Repeat([]byte("x"), 11<<20)
		res, _ = preview(t, e, admin, id, "big.xlsx", big, "en")
		if res.Status != 400 || res.ErrorMessage(t) != "The file must not be larger than 10 MB" {
			t.Fatalf("big file: %d %.200s", res.Status, res.Body)
		}
	})
}
