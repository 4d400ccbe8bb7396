package importmapping_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
	"kerf/internal/importmapping"
)

type row = map[string]any

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

func items(t *testing.T, res *apptest.Response) []row {
	t.Helper()
	var b struct {
		Items []row `json:"items"`
	}
	res.JSON(t, &b)
	return b.Items
}

// upload builds a multipart body with one file under field.
func upload(t *testing.T, field, name string, content []byte) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(content)
	_ = w.Close()
	return &buf, w.FormDataContentType()
}

func xlsx(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	for i, r := range rows {
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

// env is a running app with the tokens the scenarios use and a row of each kind.
type env struct {
	*apptest.Env
	admin, sales, nobody string
	rule, form, split    string
}

func ruleBody(name string, moduleType int, isDefault bool) row {
	return row{"name": name, "moduleType": moduleType, "isDefault": isDefault, "mappingRules": []row{
		{"columnIndex": 0, "fieldName": "name", "valueType": 0, "required": true},
		{"columnIndex": 1, "fieldName": "count", "valueType": 2, "defaultValue": "1"},
		{"columnIndex": 2, "fieldName": "isUrgent", "valueType": 3},
	}}
}

func setup(t *testing.T, e *apptest.Env) *env {
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, ""), sales: e.Token(t, "sales", apptest.Password, ""),
		nobody: e.CreateUser(t, "", "nobody")}
	post := func(path string, body any) row {
		t.Helper()
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: v.admin, JSON: body})
		ok(t, res, 200, "POST "+path)
		return res.Map(t)
	}
	v.rule = post("/api/basic-setup/import-rule-mappings", ruleBody("订单明细", 2, false))["id"].(string)
	v.form = post("/api/app/formFieldMappings", row{"name": "设计平台订单", "mappingType": 1, "mappingRules": []row{
		{"sourceField": "order.customer.name", "fieldName": "name", "valueType": 0},
		{"sourceField": "lines[0].qty", "fieldName": "count", "valueType": 2}}})["id"].(string)
	v.split = post("/api/split-order/import-split-mappings", row{"name": "按编码拆单", "rules": []row{
		{"order": 1, "fieldName": "code", "operator": "startsWith", "value": "HW", "lineType": "part"}}})["id"].(string)
	return v
}

// TestEveryImportMappingEndpointAnswers401403400And200 is the scenario table of the area:
// each call anonymous, without its permission, with bad input and right.
func TestEveryImportMappingEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		type call struct {
			method, path string
			json         any
			file         []byte
			fileName     string
		}
		scenarios := []struct {
			name     string
			ok, bad  call
			okCode   int
			loggedIn bool // any logged-in user may: no 403 case
			noBad    bool // the call takes no input
		}{
			{name: "module types", loggedIn: true, noBad: true,
				ok: call{method: "GET", path: "/api/basic-setup/import-rule-mappings/module-types"}},
			{name: "mapping rules lookup", loggedIn: true,
				ok:  call{method: "GET", path: "/api/basic-setup/import-rule-mappings/mapping-rules?moduleType=1"},
				bad: call{method: "GET", path: "/api/basic-setup/import-rule-mappings/mapping-rules?moduleType=99"}},
			{name: "list rule mappings",
				ok:  call{method: "GET", path: "/api/basic-setup/import-rule-mappings?ModuleType=2&IsEnable=true&IsDefault=false&Sorting=name%20desc&Filter=%E8%AE%A2%E5%8D%95"},
				bad: call{method: "GET", path: "/api/basic-setup/import-rule-mappings?Sorting=password"}},
			{name: "get rule mapping",
				ok:  call{method: "GET", path: "/api/basic-setup/import-rule-mappings/" + v.rule},
				bad: call{method: "GET", path: "/api/basic-setup/import-rule-mappings/not-an-id"}},
			{name: "create rule mapping",
				ok:  call{method: "POST", path: "/api/basic-setup/import-rule-mappings", json: ruleBody("新映射", 1, true)},
				bad: call{method: "POST", path: "/api/basic-setup/import-rule-mappings", json: row{"name": "x", "moduleType": 1, "mappingRules": []row{{"columnIndex": -1, "fieldName": "nope", "valueType": 9}}}}},
			{name: "update rule mapping",
				ok:  call{method: "PUT", path: "/api/basic-setup/import-rule-mappings/" + v.rule, json: ruleBody("订单明细 改", 2, true)},
				bad: call{method: "PUT", path: "/api/basic-setup/import-rule-mappings/" + v.rule, json: row{"name": "", "moduleType": 2}}},
			{name: "preview a file",
				ok:  call{method: "POST", path: "/api/basic-setup/import-rule-mappings/" + v.rule + "/preview", file: xlsx(t, []any{"名称", "数量"}, []any{"侧板", 2}), fileName: "a.xlsx"},
				bad: call{method: "POST", path: "/api/basic-setup/import-rule-mappings/" + v.rule + "/preview", file: []byte("a,b\n"), fileName: "a.csv"}},
			{name: "list form field mappings",
				ok:  call{method: "GET", path: "/api/app/formFieldMappings?MappingType=1&Sorting=mappingType"},
				bad: call{method: "GET", path: "/api/app/formFieldMappings?IsEnable=perhaps"}},
			{name: "get form field mapping",
				ok:  call{method: "GET", path: "/api/app/formFieldMappings/" + v.form},
				bad: call{method: "GET", path: "/api/app/formFieldMappings/x"}},
			{name: "create form field mapping",
				ok:  call{method: "POST", path: "/api/app/formFieldMappings", json: row{"name": "表单", "mappingType": 6, "mappingRules": []row{{"sourceField": "part.name", "fieldName": "partName", "valueType": 0}}}},
				bad: call{method: "POST", path: "/api/app/formFieldMappings", json: row{"name": "表单", "mappingType": 6, "mappingRules": []row{{"sourceField": "a..b", "fieldName": "partName", "valueType": 0}}}}},
			{name: "update form field mapping",
				ok:  call{method: "PUT", path: "/api/app/formFieldMappings/" + v.form, json: row{"name": "设计平台", "mappingType": 1, "isEnable": false, "mappingRules": []row{{"sourceField": "name", "fieldName": "name", "valueType": 0}}}},
				bad: call{method: "PUT", path: "/api/app/formFieldMappings/" + v.form, json: row{"name": "设计平台", "mappingType": 1, "mappingRules": []row{{"sourceField": "name", "fieldName": "name", "valueType": 5}}}}},
			{name: "enabled split mappings", loggedIn: true,
				ok:    call{method: "GET", path: "/api/split-order/import-split-mappings/enabled"},
				noBad: true},
			{name: "list split mappings",
				ok:  call{method: "GET", path: "/api/split-order/import-split-mappings?IsDefault=true&Sorting=creationTime%20desc"},
				bad: call{method: "GET", path: "/api/split-order/import-split-mappings?MaxResultCount=5000"}},
			{name: "get split mapping",
				ok:  call{method: "GET", path: "/api/split-order/import-split-mappings/" + v.split},
				bad: call{method: "GET", path: "/api/split-order/import-split-mappings/x"}},
			{name: "create split mapping",
				ok:  call{method: "POST", path: "/api/split-order/import-split-mappings", json: row{"name": "全部产品", "defaultLineType": "product"}},
				bad: call{method: "POST", path: "/api/split-order/import-split-mappings", json: row{"name": "x", "rules": []row{{"order": 1, "fieldName": "code", "operator": "like", "lineType": "part"}}}}},
			{name: "update split mapping",
				ok:  call{method: "PUT", path: "/api/split-order/import-split-mappings/" + v.split, json: row{"name": "按编码", "isDefault": true, "rules": []row{{"order": 1, "fieldName": "code", "operator": "contains", "value": "HW", "lineType": "part"}}}},
				bad: call{method: "PUT", path: "/api/split-order/import-split-mappings/" + v.split, json: row{"name": "x", "defaultLineType": "door"}}},
			// Deletes run last: the rows above are used first.
			{name: "delete rule mapping", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/basic-setup/import-rule-mappings/" + v.rule},
				bad: call{method: "DELETE", path: "/api/basic-setup/import-rule-mappings/x"}},
			{name: "delete form field mapping", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/app/formFieldMappings/" + v.form},
				bad: call{method: "DELETE", path: "/api/app/formFieldMappings/x"}},
			{name: "delete split mapping", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/split-order/import-split-mappings/" + v.split},
				bad: call{method: "DELETE", path: "/api/split-order/import-split-mappings/x"}},
		}
		do := func(c call, token string) *apptest.Response {
			r := apptest.Request{Method: c.method, Path: c.path, Token: token, Header: http.Header{"Accept-Language": {"en"}}}
			if c.json != nil {
				r.JSON = c.json
			}
			if c.file != nil {
				r.Body, r.ContentType = upload(t, "file", c.fileName, c.file)
			}
			return e.Do(t, r)
		}
		for _, s := range scenarios {
			if res := do(s.ok, ""); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if !s.loggedIn {
				if res := do(s.ok, v.nobody); res.Status != http.StatusForbidden {
					t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
				}
			} else if res := do(s.ok, v.nobody); res.Status != http.StatusOK {
				t.Errorf("%s as any logged-in user: %d %s", s.name, res.Status, res.Body)
			}
			if s.noBad {
				// nothing a caller sends can be wrong
			} else if res := do(s.bad, v.admin); res.Status != http.StatusBadRequest {
				t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
			} else if msg := res.ErrorMessage(t); msg == "" {
				t.Errorf("%s bad input: no message", s.name)
			}
			want := s.okCode
			if want == 0 {
				want = http.StatusOK
			}
			if res := do(s.ok, v.admin); res.Status != want {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
		}
	})
}

func TestTenantsSeeOnlyTheirOwnMappings(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		demo := e.Token(t, "admin", apptest.Password, "demo")
		names := func(token string, h http.Header) []string {
			res := e.Do(t, apptest.Request{Method: "GET", Path: "/api/basic-setup/import-rule-mappings?MaxResultCount=100", Token: token, Header: h})
			ok(t, res, 200, "list")
			var out []string
			for _, r := range items(t, res) {
				out = append(out, r["name"].(string))
			}
			return out
		}
		host, tenant := names(v.admin, nil), names(demo, nil)
		if !contains(host, "订单明细") || contains(tenant, "订单明细") {
			t.Fatalf("host %v, demo %v", host, tenant)
		}
		if fmt.Sprint(names(v.admin, http.Header{"__tenant": {"demo"}})) != fmt.Sprint(tenant) {
			t.Fatal("the host admin acting in the demo tenant sees another list")
		}
		for _, p := range []string{"/api/basic-setup/import-rule-mappings/" + v.rule, "/api/app/formFieldMappings/" + v.form,
			"/api/split-order/import-split-mappings/" + v.split} {
			if res := e.Get(t, p, demo); res.Status != http.StatusNotFound {
				t.Errorf("demo reads the host's %s: %d", p, res.Status)
			}
			if res := e.Do(t, apptest.Request{Method: "DELETE", Path: p, Token: demo}); res.Status != http.StatusNotFound {
				t.Errorf("demo deletes the host's %s: %d", p, res.Status)
			}
		}
		res := e.Do(t, apptest.Request{Method: "PUT", Path: "/api/basic-setup/import-rule-mappings/" + v.rule, Token: demo, JSON: ruleBody("stolen", 2, false)})
		ok(t, res, 404, "update another tenant's mapping")
		body, ct := upload(t, "file", "a.xlsx", xlsx(t, []any{"名称"}, []any{"侧板"}))
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/basic-setup/import-rule-mappings/" + v.rule + "/preview", Token: demo, Body: body, ContentType: ct})
		ok(t, res, 404, "preview through another tenant's mapping")
		// Each side has its own default for the same module type.
		ok(t, e.Do(t, apptest.Request{Method: "POST", Path: "/api/basic-setup/import-rule-mappings", Token: demo, JSON: ruleBody("租户默认", 1, true)}), 200, "demo default")
		ok(t, e.Do(t, apptest.Request{Method: "POST", Path: "/api/basic-setup/import-rule-mappings", Token: v.admin, JSON: ruleBody("主机默认", 1, true)}), 200, "host default")
		lookup := items(t, e.Get(t, "/api/basic-setup/import-rule-mappings/mapping-rules?moduleType=1", demo))
		defaults := 0
		for _, m := range lookup {
			if m["isDefault"] == true {
				defaults++
			}
			if m["name"] == "主机默认" {
				t.Fatalf("the demo tenant is offered the host's mapping: %v", lookup)
			}
		}
		if len(lookup) == 0 || lookup[0]["isDefault"] != true || lookup[0]["name"] != "租户默认" || defaults != 1 {
			t.Fatalf("the demo tenant's default was taken by the host's: %v", lookup)
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestTheDemoSeedHasADefaultMappingAndASplitMappingThatWorkTogether: the seeded sales-order
// products mapping reads a spreadsheet laid out as its description says, and the seeded
// split mapping splits its rows; seeding again adds nothing. (Which sides are seeded is
// TestTheDemoSeedWritesTheHostAndTheDemoTenant's.)
func TestTheDemoSeedHasADefaultMappingAndASplitMappingThatWorkTogether(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for _, tenant := range []string{""} {
			admin := e.Token(t, "admin", apptest.Password, tenant)
			lookup := items(t, e.Get(t, "/api/basic-setup/import-rule-mappings/mapping-rules?moduleType=1", admin))
			if len(lookup) != 1 || lookup[0]["isDefault"] != true || len(lookup[0]["mappingRules"].([]any)) != 11 {
				t.Fatalf("%q: seeded mappings %v", tenant, lookup)
			}
			splits := items(t, e.Get(t, "/api/split-order/import-split-mappings/enabled", admin))
			if len(splits) != 1 || splits[0]["isDefault"] != true {
				t.Fatalf("%q: seeded split mappings %v", tenant, splits)
			}
			file := xlsx(t, []any{"名称", "编码", "长", "宽", "高", "数量", "颜色", "单位", "单价", "类别", "备注"},
				[]any{"地柜 600", "DG-600", 600, 560, 720, 2, "暖白", "", 880, "柜体", ""},
				[]any{"阻尼铰链", "HW-HG110", "", "", "", 8, "", "个", 6.5, "hardware", "随柜"})
			res, a := preview(t, e, admin, lookup[0]["id"].(string), "订单.xlsx", file, "zh-Hans")
			ok(t, res, 200, "preview the demo mapping")
			if len(a.Rows) != 2 || len(a.Errors) != 0 || a.Rows[0].Values["unit"] != "件" || a.Rows[1].Values["category"] != "五金" {
				t.Fatalf("%q: demo preview %+v", tenant, a)
			}
		}
		// Through the service: the seeded split makes the hardware row a part.
		ctx := e.In(t, "")
		svc := service(t, e)
		def, err := svc.DefaultMapping(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		file := xlsx(t, []any{"名称"}, []any{"地柜", "", "", "", "", 1, "", "", "", "柜体"}, []any{"铰链", "HW-1"}, []any{"衣柜", "", "", "", "", 1, "", "", "", "标准品"})
		res, err := svc.Read(ctx, def.ID, "o.xlsx", bytes.NewReader(file))
		if err != nil || len(res.Rows) != 3 {
			t.Fatalf("read: %v %+v", err, res.Errors)
		}
		splits, err := svc.EnabledSplitMappings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := svc.Split(ctx, splits[0].ID, res)
		if err != nil || fmt.Sprint(lines) != "[product part standardProduct]" {
			t.Fatalf("lines %v %v", lines, err)
		}
		if err := e.App.Seed(t.Context(), true); err != nil {
			t.Fatal(err)
		}
		if again := items(t, e.Get(t, "/api/basic-setup/import-rule-mappings?MaxResultCount=100", e.Token(t, "admin", apptest.Password, ""))); len(again) != 1 {
			t.Fatalf("a second seed: %d mappings", len(again))
		}
	})
}

// service is the running app's import mapping service.
func service(t *testing.T, e *apptest.Env) *importmapping.Service {
	t.Helper()
	for _, m := range e.App.Modules {
		if im, ok := m.(*importmapping.Module); ok {
			return im.Service()
		}
	}
	t.Fatal("no import mapping area in the app")
	return nil
}
