package optimization_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
)

type matRow = map[string]any

// matUpload builds a multipart body with one file.
func matUpload(t *testing.T, name string, content []byte) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(content)
	_ = w.Close()
	return &buf, w.FormDataContentType()
}

func matStatus(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

// TestMaterialCallsAnswer401403404And200 walks every materials and boards call anonymous,
// without the permission, from another tenant (the host), and right (the demo tenant's admin).
func TestMaterialCallsAnswer401403404And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "demo")
		host := e.Token(t, "admin", apptest.Password, "")
		nobody := e.CreateUser(t, "demo", "nobody")
		do := func(method, path, token string, body any) *apptest.Response {
			return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body})
		}
		created := do("POST", "/api/optimization/materials", admin, matRow{"code": "T18", "name": "测试板", "thickness": 18,
			"boards": []matRow{{"length": 2440, "width": 1220, "cost": 100}}})
		matStatus(t, created, 200, "create")
		m := created.Map(t)
		id := m["id"].(string)
		boardID := m["boards"].([]any)[0].(map[string]any)["id"].(string)
		wb := func() []byte {
			res := do("POST", "/api/optimization/materials/export-materials", admin, matRow{"ids": []string{id}})
			matStatus(t, res, 200, "export")
			return res.Body
		}()
		type call struct {
			name, method, path string
			body               any
			file               []byte
			list               bool // a list: another tenant gets an empty page, not 404
			want               int
		}
		calls := []call{
			{name: "list", method: "GET", path: "/api/optimization/materials?filterText=t18&isEnable=true", list: true, want: 200},
			{name: "get", method: "GET", path: "/api/optimization/materials/" + id, want: 200},
			{name: "update", method: "PUT", path: "/api/optimization/materials/" + id, body: matRow{"code": "T18", "name": "测试板2", "thickness": 18}, want: 200},
			{name: "boards", method: "GET", path: "/api/optimization/boards?boardsMaterialCode=T18&lengthMin=2000&widthMax=1300&planNo=&binCode=&boardsCode=2440", list: true, want: 200},
			{name: "board", method: "GET", path: "/api/optimization/boards/" + boardID, want: 200},
			{name: "board update", method: "PUT", path: "/api/optimization/boards/" + boardID, body: matRow{"length": 2440, "width": 1220, "cost": 120}, want: 200},
			{name: "board create", method: "POST", path: "/api/optimization/boards", body: matRow{"materialId": id, "length": 1220, "width": 610}, want: 200},
			{name: "batch", method: "POST", path: "/api/optimization/materials/batch", body: matRow{"items": []matRow{{"code": "T5", "name": "背板", "thickness": 5}}}, want: 200},
			{name: "import", method: "POST", path: "/api/optimization/materials/import-materials", file: wb, want: 200},
			{name: "board delete", method: "DELETE", path: "/api/optimization/boards/" + boardID, want: 204},
			{name: "delete", method: "DELETE", path: "/api/optimization/materials/" + id, want: 204},
		}
		send := func(c call, token string) *apptest.Response {
			if c.file != nil {
				body, ct := matUpload(t, "materials.xlsx", c.file)
				return e.Do(t, apptest.Request{Method: c.method, Path: c.path, Token: token, Body: body, ContentType: ct})
			}
			return do(c.method, c.path, token, c.body)
		}
		for _, c := range calls {
			matStatus(t, send(c, ""), 401, c.name+" anonymous")
			matStatus(t, send(c, nobody), 403, c.name+" without permission")
			res := send(c, host)
			switch {
			case c.list:
				if res.Status != 200 || res.Map(t)["totalCount"] != float64(0) {
					t.Fatalf("%s from another tenant: %d %s", c.name, res.Status, res.Body)
				}
			case c.name == "batch" || c.name == "import":
				// these name no row: in the host they act on the host's own rows (checked below)
			default:
				matStatus(t, res, 404, c.name+" from another tenant")
			}
			matStatus(t, send(c, admin), c.want, c.name)
		}
		matStatus(t, do("POST", "/api/optimization/materials/export-materials", nobody, nil), 403, "export without permission")
		matStatus(t, do("POST", "/api/optimization/materials/export-materials", "", nil), 401, "export anonymous")
		// the host's batch and import made host rows; the demo tenant's are its own
		var page struct {
			Items []matRow `json:"items"`
		}
		do("GET", "/api/optimization/materials?maxResultCount=100", host, nil).JSON(t, &page)
		if len(page.Items) != 2 {
			t.Fatalf("host materials %v", page.Items)
		}
		do("GET", "/api/optimization/materials?maxResultCount=100&sorting=code", admin, nil).JSON(t, &page)
		codes := []string{}
		for _, it := range page.Items {
			codes = append(codes, it["code"].(string))
		}
		if strings.Join(codes, ",") != "HDF5-W,MDF18-W,PB18-LG,PB18-OK,PB18-WN,PB18-WW,PLY18-BI,T5" {
			t.Fatalf("demo materials after the calls: %v", codes)
		}
	})
}

func TestMaterialsBadInputIsLocalisedAndChangesNothing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "demo")
		en := http.Header{"Accept-Language": {"en"}}
		count := func() float64 {
			res := e.Do(t, apptest.Request{Method: "GET", Path: "/api/optimization/boards?maxResultCount=1", Token: admin})
			return res.Map(t)["totalCount"].(float64)
		}
		before := count()
		// a bad board in a create: 400 naming it, in the caller's language
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/materials", Token: admin, Header: en,
			JSON: matRow{"code": "X", "name": "x", "thickness": 18, "boards": []matRow{{"length": 6001, "width": 10}}}})
		if res.Status != 400 || !strings.Contains(string(res.Body), "Length must be at most 6000") {
			t.Fatalf("bad board: %d %s", res.Status, res.Body)
		}
		// an import with a bad row: 400 naming sheet, row and column, nothing written
		f := excelize.NewFile()
		_ = f.SetSheetName("Sheet1", "Materials")
		_ = f.SetSheetRow("Materials", "A1", &[]any{"Material code", "Material name", "Thickness"})
		_ = f.SetSheetRow("Materials", "A2", &[]any{"NEW1", "New", 18})
		_, _ = f.NewSheet("Boards")
		_ = f.SetSheetRow("Boards", "A1", &[]any{"Material code", "Length", "Width", "Cost"})
		_ = f.SetSheetRow("Boards", "A2", &[]any{"NEW1", 2440, 1220, 10})
		_ = f.SetSheetRow("Boards", "A3", &[]any{"NEW1", 2440, 0, -5})
		var buf bytes.Buffer
		_, _ = f.WriteTo(&buf)
		body, ct := matUpload(t, "m.xlsx", buf.Bytes())
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/materials/import-materials", Token: admin, Header: en,
			Body: body, ContentType: ct})
		want := []string{`Sheet \"Boards\", row 3, column \"Width\": Width must be greater than 0`,
			`Sheet \"Boards\", row 3, column \"Cost\": Cost must be at least 0`}
		for _, w := range want {
			if res.Status != 400 || !strings.Contains(string(res.Body), w) {
				t.Fatalf("bad import: %d %s", res.Status, res.Body)
			}
		}
		// the same workbook in Chinese messages
		body, ct = matUpload(t, "m.xlsx", buf.Bytes())
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/materials/import-materials", Token: admin,
			Body: body, ContentType: ct})
		if res.Status != 400 || !strings.Contains(string(res.Body), `工作表“Boards”第 3 行“宽度”列：宽度必须大于 0`) {
			t.Fatalf("bad import in Chinese: %d %s", res.Status, res.Body)
		}
		// not an .xlsx
		body, ct = matUpload(t, "m.csv", []byte("a,b"))
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/materials/import-materials", Token: admin, Header: en,
			Body: body, ContentType: ct})
		if res.Status != 400 || res.ErrorMessage(t) != "Please upload one .xlsx file" {
			t.Fatalf("csv: %d %s", res.Status, res.Body)
		}
		if got := count(); got != before {
			t.Fatalf("refused calls changed the boards: %v → %v", before, got)
		}
		// deleting the demo's PB18-WW after one of its offcuts came into stock is refused
		var page struct {
			Items []matRow `json:"items"`
		}
		e.Do(t, apptest.Request{Method: "GET", Path: "/api/optimization/materials?filterText=PB18-WW", Token: admin}).JSON(t, &page)
		id := page.Items[0]["id"].(string)
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/boards", Token: admin,
			JSON: matRow{"materialId": id, "code": "OC-1", "length": 800, "width": 600, "quantity": 2, "isOffcut": true, "binCode": "B01-1-1"}})
		matStatus(t, res, 200, "add an offcut")
		res = e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/optimization/materials/" + id, Token: admin, Header: en})
		if res.Status != 400 || res.ErrorMessage(t) != `The material "PB18-WW" cannot be deleted: its offcut "OC-1" is in stock (2 sheets)` {
			t.Fatalf("delete with a stocked offcut: %d %s", res.Status, res.Body)
		}
		// the demo material has its catalogue boards
		res = e.Do(t, apptest.Request{Method: "GET", Path: "/api/optimization/materials/" + id, Token: admin})
		boards := res.Map(t)["boards"].([]any)
		if got := fmt.Sprint(len(boards)); got != "3" {
			t.Fatalf("PB18-WW boards %v", boards)
		}
		big := boards[1].(map[string]any)
		if big["length"] != float64(2800) || big["quantity"] != float64(40) || big["cost"] != float64(198) {
			t.Fatalf("PB18-WW's 2800 sheet %v", big)
		}
	})
}
