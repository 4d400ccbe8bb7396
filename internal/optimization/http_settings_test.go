package optimization_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
)

type setRow = map[string]any

func setUpload(t *testing.T, name string, content []byte) (*bytes.Buffer, string) {
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

func setStatus(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

func setItems(t *testing.T, res *apptest.Response) []setRow {
	t.Helper()
	var b struct {
		Items []setRow `json:"items"`
	}
	res.JSON(t, &b)
	return b.Items
}

func cutListBody(name string, isDefault bool) setRow {
	return setRow{"name": name, "fileType": 0, "headerRows": 1, "isDefault": isDefault, "details": []setRow{
		{"columnIndex": 0, "field": "materialCode", "title": "材料"},
		{"columnIndex": 1, "field": "thickness", "title": "厚度"},
		{"columnIndex": 2, "field": "length", "title": "长"},
		{"columnIndex": 3, "field": "width", "title": "宽"},
		{"columnIndex": 4, "field": "count", "title": "数量"},
	}}
}

// TestSettingsCallsAnswer401403400404And200 walks every settings call anonymous, without
// the permission, with bad input, from another tenant (the host) and right (the demo
// tenant's admin).
func TestSettingsCallsAnswer401403400404And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "demo")
		host := e.Token(t, "admin", apptest.Password, "")
		nobody := e.CreateUser(t, "demo", "nobody")
		do := func(method, path, token string, body any) *apptest.Response {
			return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body})
		}
		created := do("POST", "/api/optimization/import-file-settings", admin, cutListBody("测试清单", false))
		setStatus(t, created, 200, "create setting")
		setting := created.Map(t)
		id := setting["id"].(string)
		detailID := setting["details"].([]any)[0].(map[string]any)["id"].(string)
		p := do("POST", "/api/optimization/optimize-parameter-settings", admin, setRow{"name": "薄板", "kerf": 3.2, "timeLimitSeconds": 8})
		setStatus(t, p, 200, "create parameters")
		pid := p.Map(t)["id"].(string)
		m := do("POST", "/api/optimization/machine-parameter-settings", admin, setRow{"name": "小锯", "maxLength": 2800, "maxWidth": 2100,
			"channels": 2, "bookHeight": 60, "feedSpeed": 60, "returnSpeed": 120})
		setStatus(t, m, 200, "create machine")
		mid := m.Map(t)["id"].(string)
		exported := do("POST", "/api/optimization/import-file-settings/export-importsetting", admin, setRow{"ids": []string{id}})
		setStatus(t, exported, 200, "export")

		type call struct {
			name, method, path string
			body               any
			file               []byte
			bad                any // a body the service refuses (400); nil: no bad case
			badPath            string
			list               bool // another tenant gets an empty list, not 404
			loggedIn           bool // any logged-in user may
			want               int
		}
		base := "/api/optimization/import-file-settings"
		det := "/api/optimization/import-file-setting-details"
		calls := []call{
			{name: "list", method: "GET", path: base + "?filterText=%E6%B5%8B%E8%AF%95&sorting=name%20desc", badPath: base + "?sorting=secret", list: true, want: 200},
			{name: "all", method: "GET", path: base + "/all", list: true, loggedIn: true, want: 200},
			{name: "get", method: "GET", path: base + "/" + id, want: 200},
			{name: "create", method: "POST", path: base, body: cutListBody("另一个", false), bad: setRow{"name": "", "details": []setRow{{"columnIndex": 0, "field": "nope"}}}, list: true, want: 200},
			{name: "update", method: "PUT", path: base + "/" + id, body: setRow{"name": "测试清单2", "isDefault": true, "fileType": 0}, bad: setRow{"name": "x", "details": []setRow{{"columnIndex": 1, "field": "length"}, {"columnIndex": 1, "field": "width"}}}, want: 200},
			{name: "template", method: "GET", path: base + "/file-setting-template/" + id, want: 200},
			{name: "export", method: "POST", path: base + "/export-importsetting", body: setRow{"ids": []string{id}}, bad: "not json", want: 200},
			{name: "import", method: "POST", path: base + "/import-importsetting", file: exported.Body, bad: []byte("a,b"), list: true, want: 200},
			{name: "details", method: "GET", path: det + "?importFileSettingId=" + id, badPath: det + "?importFileSettingId=x", want: 200},
			{name: "detail", method: "GET", path: det + "/" + detailID, want: 200},
			{name: "detail create", method: "POST", path: det, body: setRow{"importFileSettingId": id, "columnIndex": 6, "field": "grain"}, bad: setRow{"importFileSettingId": id, "columnIndex": 0, "field": "grain"}, want: 200},
			{name: "detail update", method: "PUT", path: det + "/" + detailID, body: setRow{"columnIndex": 0, "field": "materialCode", "title": "Material"}, bad: setRow{"columnIndex": -2, "field": "materialCode"}, want: 200},
			{name: "parameters", method: "GET", path: "/api/optimization/optimize-parameter-settings?filterText=%E8%96%84&skipCount=0&maxResultCount=10", list: true, want: 200},
			{name: "parameters create", method: "POST", path: "/api/optimization/optimize-parameter-settings", body: setRow{"name": "p2", "kerf": 4, "timeLimitSeconds": 5}, bad: setRow{"name": "p3", "kerf": 25, "timeLimitSeconds": 5}, list: true, want: 200},
			{name: "parameters update", method: "PUT", path: "/api/optimization/optimize-parameter-settings/" + pid, body: setRow{"name": "薄板", "kerf": 3, "timeLimitSeconds": 8, "isDefault": true}, bad: setRow{"name": "薄板", "kerf": 3, "timeLimitSeconds": 0}, want: 200},
			{name: "machines", method: "GET", path: "/api/optimization/machine-parameter-settings", list: true, want: 200},
			{name: "machines create", method: "POST", path: "/api/optimization/machine-parameter-settings", body: setRow{"name": "m2", "maxLength": 3000, "maxWidth": 2000, "channels": 1, "bookHeight": 50, "feedSpeed": 50, "returnSpeed": 50}, bad: setRow{"name": "m3", "maxLength": 3000, "maxWidth": 2000, "channels": 21, "bookHeight": 50, "feedSpeed": 50, "returnSpeed": 50}, list: true, want: 200},
			{name: "machines update", method: "PUT", path: "/api/optimization/machine-parameter-settings/" + mid, body: setRow{"name": "小锯", "maxLength": 2800, "maxWidth": 2100, "channels": 3, "bookHeight": 60, "feedSpeed": 60, "returnSpeed": 120}, bad: setRow{"name": "小锯", "maxLength": 0, "maxWidth": 2100, "channels": 3, "bookHeight": 60, "feedSpeed": 60, "returnSpeed": 120}, want: 200},
			{name: "detail delete", method: "DELETE", want: 204}, // the grain column "detail create" added
			{name: "parameters delete", method: "DELETE", path: "/api/optimization/optimize-parameter-settings/" + pid, want: 204},
			{name: "machines delete", method: "DELETE", path: "/api/optimization/machine-parameter-settings/" + mid, want: 204},
			{name: "delete", method: "DELETE", path: base + "/" + id, want: 204},
		}
		send := func(c call, token string, body any, path string) *apptest.Response {
			r := apptest.Request{Method: c.method, Path: path, Token: token}
			switch b := body.(type) {
			case nil:
			case []byte:
				r.Body, r.ContentType = setUpload(t, "settings.xlsx", b)
			case string:
				r.Body, r.ContentType = strings.NewReader(b), "application/json"
			default:
				r.JSON = b
			}
			if c.file != nil && body == nil {
				r.Body, r.ContentType = setUpload(t, "settings.xlsx", c.file)
			}
			return e.Do(t, r)
		}
		var grainID string
		for _, c := range calls {
			if c.path == "" {
				c.path = det + "/" + grainID
			}
			body := c.body
			if c.file != nil {
				body = c.file
			}
			if res := send(c, "", body, c.path); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", c.name, res.Status)
			}
			if !c.loggedIn {
				if res := send(c, nobody, body, c.path); res.Status != http.StatusForbidden {
					t.Errorf("%s without permission: %d %s", c.name, res.Status, res.Body)
				}
			}
			if c.method != "POST" || c.list {
				// Another tenant: the demo's rows are not there.
				res := send(c, host, body, c.path)
				switch {
				case c.list && c.method == "GET":
					if res.Status != 200 || strings.Contains(string(res.Body), "测试清单") || strings.Contains(string(res.Body), "薄板") {
						t.Errorf("%s from another tenant: %d %s", c.name, res.Status, res.Body)
					}
				case c.method != "POST" && res.Status != http.StatusNotFound:
					t.Errorf("%s from another tenant: %d %s", c.name, res.Status, res.Body)
				}
			}
			if c.bad != nil || c.badPath != "" {
				path, bad := c.path, c.bad
				if c.badPath != "" {
					path, bad = c.badPath, nil
					if c.method != "GET" {
						bad = c.body
					}
				}
				if res := send(c, admin, bad, path); res.Status != http.StatusBadRequest {
					t.Errorf("%s bad: %d %s", c.name, res.Status, res.Body)
				}
			}
			res := send(c, admin, body, c.path)
			if res.Status != c.want {
				t.Fatalf("%s: %d %s", c.name, res.Status, res.Body)
			}
			if c.name == "detail create" {
				grainID = res.Map(t)["id"].(string)
			}
		}
	})
}

// TestSettingsPagesSeeTheDemoAndTheirMessagesInBothLanguages reads the demo settings, a
// template, a round trip of the settings workbook, and the missing-fields message.
func TestSettingsPagesSeeTheDemoAndTheirMessagesInBothLanguages(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "demo")
		all := setItems(t, e.Get(t, "/api/optimization/import-file-settings/all", admin))
		if len(all) < 3 || all[0]["name"] != "标准板件清单" || all[0]["isDefault"] != true {
			t.Fatalf("demo settings: %v", all)
		}
		params := setItems(t, e.Get(t, "/api/optimization/optimize-parameter-settings", admin))
		if len(params) != 1 || params[0]["kerf"] != 4.4 || params[0]["isDefault"] != true || params[0]["timeLimitSeconds"] != 5.0 {
			t.Errorf("demo parameters: %v", params)
		}
		machines := setItems(t, e.Get(t, "/api/optimization/machine-parameter-settings", admin))
		if len(machines) != 1 || machines[0]["name"] != "HOLZMA HPP 380" || machines[0]["bookHeight"] != 75.0 {
			t.Errorf("demo machines: %v", machines)
		}
		res := e.Get(t, "/api/optimization/import-file-settings/file-setting-template/"+all[0]["id"].(string), admin)
		setStatus(t, res, 200, "template")
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows("Sheet1")
		if len(rows) != 1 || rows[0][0] != "订单号" || rows[0][14] != "备注" {
			t.Errorf("template rows %v", rows)
		}
		if !strings.Contains(res.Header.Get("Content-Disposition"), ".xlsx") {
			t.Errorf("disposition %q", res.Header.Get("Content-Disposition"))
		}
		for lang, want := range map[string]string{"zh-Hans": "还没有映射必填字段：厚度、长度、宽度、数量", "en": "Required fields not mapped yet: Thickness, Length, Width, Count"} {
			res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-file-settings", Token: admin,
				Header: http.Header{"Accept-Language": {lang}},
				JSON:   setRow{"name": "incomplete " + lang, "isDefault": true, "details": []setRow{{"columnIndex": 0, "field": "materialCode"}}}})
			if res.Status != 400 || !strings.Contains(string(res.Body), want) {
				t.Errorf("%s: %d %s", lang, res.Status, res.Body)
			}
		}
		// The whole tenant's settings out and in again: replaced one for one.
		out := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-file-settings/export-importsetting", Token: admin, JSON: setRow{}})
		setStatus(t, out, 200, "export all")
		body, ct := setUpload(t, "s.xlsx", out.Body)
		in := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-file-settings/import-importsetting", Token: admin, Body: body, ContentType: ct})
		setStatus(t, in, 200, "import")
		if got := in.Map(t); got["replaced"] != 3.0 || got["created"] != 0.0 {
			t.Errorf("import result %v", got)
		}
	})
}
