package datadictionary_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/datadictionary"
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

// env is a running app with the tokens the scenarios use and a few rows the host admin made.
type env struct {
	*apptest.Env
	admin, nobody             string // host tokens: every permission, none
	dict, doomed, static      string // dictionaries: one with details, one to delete, SeparatePallet
	detail, other, item, gone string // details of dict
	itemGone                  string
	staticCode                string
}

func (v *env) do(t *testing.T, lang, method, path, token string, body any) *apptest.Response {
	t.Helper()
	r := apptest.Request{Method: method, Path: path, Token: token, Header: http.Header{"Accept-Language": {lang}}}
	if body != nil {
		r.JSON = body
	}
	return v.Do(t, r)
}

func (v *env) post(t *testing.T, path string, body any) row {
	t.Helper()
	res := v.do(t, "en", http.MethodPost, path, v.admin, body)
	ok(t, res, 200, "POST "+path)
	return res.Map(t)
}

// dictionaryID answers the id of the dictionary code among those token's side lists.
func (v *env) dictionaryID(t *testing.T, token, code string) string {
	t.Helper()
	res := v.do(t, "en", "GET", "/api/dataDictionary/all", token, nil)
	ok(t, res, 200, "all")
	for _, d := range items(t, res) {
		if d["code"] == code {
			return d["id"].(string)
		}
	}
	t.Fatalf("no dictionary %s", code)
	return ""
}

func setup(t *testing.T, e *apptest.Env) *env {
	t.Helper()
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, ""), nobody: e.CreateUser(t, "", "dd-nobody"),
		staticCode: datadictionary.CodeSeparatePallet}
	d := v.post(t, "/api/dataDictionary", row{"code": "Colour", "displayName": "颜色", "description": "板材颜色",
		"details": []row{{"code": "W", "label": "白色", "value": "white", "order": 1, "isDefault": true},
			{"code": "K", "label": "黑色", "value": "black", "order": 2}, {"code": "G", "label": "灰色", "value": "grey", "order": 3},
			{"code": "O", "label": "橡木", "value": "oak", "order": 4}, {"code": "N", "label": "胡桃", "value": "walnut", "order": 5}}})
	v.dict = d["id"].(string)
	details := d["details"].([]any)
	v.detail, v.other = details[0].(row)["id"].(string), details[1].(row)["id"].(string)
	v.item, v.gone, v.itemGone = details[2].(row)["id"].(string), details[3].(row)["id"].(string), details[4].(row)["id"].(string)
	v.doomed = v.post(t, "/api/dataDictionary", row{"code": "Doomed", "displayName": "待删"})["id"].(string)
	v.static = v.dictionaryID(t, v.admin, v.staticCode)
	return v
}

// TestEveryDataDictionaryEndpointAnswers401403400And200 is the scenario table of the area: each
// call anonymous, without its permission, with bad input and right. The two reads other screens
// need are open to any logged-in user.
func TestEveryDataDictionaryEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		type call struct {
			method, path string
			json         any
		}
		scenarios := []struct {
			name    string
			ok, bad call
			okCode  int
			noBad   bool
			open    bool // any logged-in user
		}{
			{name: "list dictionaries",
				ok:  call{method: "GET", path: "/api/dataDictionary?MaxResultCount=10&SkipCount=0&Sorting=creationTime%20desc&code=o&displayName=%E9%A2%9C"},
				bad: call{method: "GET", path: "/api/dataDictionary?Sorting=drop"}},
			{name: "all dictionaries", open: true, noBad: true,
				ok: call{method: "GET", path: "/api/dataDictionary/all"}},
			{name: "details by code", open: true,
				ok:  call{method: "GET", path: "/api/datadictionary/details/" + v.staticCode},
				bad: call{method: "GET", path: "/api/datadictionary/details/" + strings.Repeat("x", 65)}},
			{name: "get dictionary",
				ok:  call{method: "GET", path: "/api/dataDictionary/" + v.dict},
				bad: call{method: "GET", path: "/api/dataDictionary/not-an-id"}},
			{name: "create dictionary",
				ok:  call{method: "POST", path: "/api/dataDictionary", json: row{"code": "Edge", "displayName": "封边", "details": []row{{"code": "E1", "label": "1mm", "value": "1"}}}},
				bad: call{method: "POST", path: "/api/dataDictionary", json: row{"code": "有 空格", "displayName": "x"}}},
			{name: "update dictionary",
				ok:  call{method: "PUT", path: "/api/dataDictionary/" + v.dict, json: row{"code": "Colour", "displayName": "颜色 2"}},
				bad: call{method: "PUT", path: "/api/dataDictionary/" + v.dict, json: row{"code": "Colour", "displayName": ""}}},
			{name: "list details",
				ok:  call{method: "GET", path: "/api/dataDictionaryDetail?maxResultCount=10&skipCount=0&dataDictionaryId=" + v.dict},
				bad: call{method: "GET", path: "/api/dataDictionaryDetail?dataDictionaryId=x"}},
			{name: "create detail",
				ok:  call{method: "POST", path: "/api/dataDictionaryDetail/", json: row{"dataDictionaryId": v.dict, "code": "R", "label": "红色", "value": "red"}},
				bad: call{method: "POST", path: "/api/dataDictionaryDetail/", json: row{"dataDictionaryId": v.dict, "code": "R2", "value": "red"}}},
			{name: "create detail (no slash)",
				ok:  call{method: "POST", path: "/api/dataDictionaryDetail", json: row{"dataDictionaryId": v.dict, "code": "B", "label": "蓝色", "value": "blue"}},
				bad: call{method: "POST", path: "/api/dataDictionaryDetail", json: row{"code": "B2", "label": "蓝色", "value": "blue"}}},
			{name: "update detail",
				ok:  call{method: "PUT", path: "/api/dataDictionaryDetail/" + v.detail, json: row{"code": "W", "label": "暖白", "value": "white", "isDefault": true}},
				bad: call{method: "PUT", path: "/api/dataDictionaryDetail/" + v.detail, json: row{"code": "W", "label": "暖白", "value": strings.Repeat("v", 257)}}},
			{name: "add item",
				ok:  call{method: "POST", path: "/api/dataDictionary/" + v.dict + "/items", json: row{"code": "Y", "label": "黄色", "value": "yellow", "order": 9}},
				bad: call{method: "POST", path: "/api/dataDictionary/" + v.dict + "/items", json: row{"code": "Y2", "label": "黄色", "value": "yellow", "order": -1}}},
			{name: "update item",
				ok:  call{method: "PUT", path: "/api/dataDictionary/" + v.dict + "/items/" + v.item, json: row{"code": "G", "label": "深灰", "value": "grey"}},
				bad: call{method: "PUT", path: "/api/dataDictionary/" + v.dict + "/items/" + v.item, json: row{"code": "k", "label": "深灰", "value": "grey"}}},
			// Deletes run last: the rows above are used first.
			{name: "delete item", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/dataDictionary/" + v.dict + "/items/" + v.itemGone},
				bad: call{method: "DELETE", path: "/api/dataDictionary/" + v.dict + "/items/x"}},
			{name: "delete detail", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/dataDictionaryDetail/" + v.gone},
				bad: call{method: "DELETE", path: "/api/dataDictionaryDetail/" + v.other + "?dataDictionaryId=x"}},
			{name: "delete dictionary", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/dataDictionary/" + v.doomed},
				bad: call{method: "DELETE", path: "/api/dataDictionary/" + v.static}},
		}
		do := func(c call, token string) *apptest.Response { return v.do(t, "en", c.method, c.path, token, c.json) }
		for _, s := range scenarios {
			if res := do(s.ok, ""); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if s.open {
				if res := do(s.ok, v.nobody); res.Status != http.StatusOK {
					t.Errorf("%s by a user without permissions: %d %s", s.name, res.Status, res.Body)
				}
			} else if res := do(s.ok, v.nobody); res.Status != http.StatusForbidden {
				t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
			}
			if !s.noBad {
				if res := do(s.bad, v.admin); res.Status != http.StatusBadRequest {
					t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
				} else if msg := res.ErrorMessage(t); msg == "" {
					t.Errorf("%s bad input: no message", s.name)
				}
			}
			want := s.okCode
			if want == 0 {
				want = http.StatusOK
			}
			if res := do(s.ok, v.admin); res.Status != want {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
		}
		// What the calls did is what the lists show (an update replaces every field: no order is 0).
		got := items(t, v.do(t, "en", "GET", "/api/datadictionary/details/colour", v.nobody, nil))
		var labels []string
		for _, d := range got {
			labels = append(labels, d["label"].(string))
		}
		if fmt.Sprint(labels) != "[暖白 深灰 红色 蓝色 黑色 黄色]" {
			t.Fatalf("colour details after the scenarios: %v", labels)
		}
	})
}

func TestShapesOfDictionariesAndDetails(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		res := v.do(t, "en", "GET", "/api/dataDictionary?Filter=colour", v.admin, nil)
		ok(t, res, 200, "list")
		var page struct {
			Items      []row `json:"items"`
			TotalCount int   `json:"totalCount"`
		}
		res.JSON(t, &page)
		if page.TotalCount != 1 || len(page.Items) != 1 {
			t.Fatalf("list: %s", res.Body)
		}
		d := page.Items[0]
		for _, k := range []string{"id", "code", "displayName", "description", "isStatic", "creationTime", "concurrencyStamp"} {
			if _, ok := d[k]; !ok {
				t.Errorf("dictionary lacks %s: %v", k, d)
			}
		}
		if d["code"] != "Colour" || d["displayName"] != "颜色" || d["isStatic"] != false || d["description"] != "板材颜色" {
			t.Fatalf("dictionary: %v", d)
		}
		res = v.do(t, "en", "GET", "/api/dataDictionaryDetail?dataDictionaryId="+v.dict+"&MaxResultCount=2&SkipCount=1", v.admin, nil)
		ok(t, res, 200, "details")
		res.JSON(t, &page)
		if page.TotalCount != 5 || len(page.Items) != 2 || page.Items[0]["label"] != "黑色" {
			t.Fatalf("details page: %s", res.Body)
		}
		for _, k := range []string{"id", "dataDictionaryId", "code", "label", "value", "order", "isEnable", "isDefault", "description", "concurrencyStamp"} {
			if _, ok := page.Items[0][k]; !ok {
				t.Errorf("detail lacks %s: %v", k, page.Items[0])
			}
		}
		// The choices of a static dictionary, the default first in order.
		choices := items(t, v.do(t, "en", "GET", "/api/datadictionary/details/SalesOrderKuJiaLeQuotationType", v.nobody, nil))
		if len(choices) != 3 || choices[0]["label"] != "出厂价" || choices[0]["isDefault"] != true || choices[0]["value"] != "出厂价" {
			t.Fatalf("quotation types: %v", choices)
		}
		// /all: every dictionary of the side with its enabled details.
		all := items(t, v.do(t, "en", "GET", "/api/dataDictionary/all", v.nobody, nil))
		var codes []string
		for _, d := range all {
			codes = append(codes, d["code"].(string))
			if _, ok := d["details"].([]any); !ok {
				t.Fatalf("%v has no details list", d["code"])
			}
		}
		if fmt.Sprint(codes) != "[Colour Doomed SalesOrderKuJiaLeQuotationType SeparatePallet]" {
			t.Fatalf("all: %v", codes)
		}
		// An unknown code is 404 naming it, in the caller's language.
		res = v.do(t, "zh-CN", "GET", "/api/datadictionary/details/Nope", v.nobody, nil)
		if res.Status != 404 || res.ErrorMessage(t) != "没有编码为“Nope”的数据字典" {
			t.Fatalf("unknown code: %d %s", res.Status, res.Body)
		}
		// A taken code is refused on the code member, in Chinese by default and in English.
		res = v.do(t, "", "POST", "/api/dataDictionary", v.admin, row{"code": "COLOUR", "displayName": "x"})
		var body struct {
			Error struct {
				ValidationErrors []struct {
					Message string   `json:"message"`
					Members []string `json:"members"`
				} `json:"validationErrors"`
			} `json:"error"`
		}
		res.JSON(t, &body)
		if res.Status != 400 || len(body.Error.ValidationErrors) != 1 || body.Error.ValidationErrors[0].Message != "数据字典编码“COLOUR”已存在" ||
			!slices.Equal(body.Error.ValidationErrors[0].Members, []string{"code"}) {
			t.Fatalf("taken code: %d %s", res.Status, res.Body)
		}
		res = v.do(t, "en", "DELETE", "/api/dataDictionary/"+v.static, v.admin, nil)
		if res.Status != 400 || res.ErrorMessage(t) != `The built-in data dictionary "分托方式" cannot be deleted` {
			t.Fatalf("delete static: %d %s", res.Status, res.Body)
		}
		// An item of another dictionary is not found.
		res = v.do(t, "en", "PUT", "/api/dataDictionary/"+v.doomed+"/items/"+v.detail, v.admin, row{"code": "W", "label": "x", "value": "x"})
		if res.Status != 404 || res.ErrorMessage(t) != "The dictionary item does not exist" {
			t.Fatalf("item of another dictionary: %d %s", res.Status, res.Body)
		}
		ok(t, v.do(t, "en", "DELETE", "/api/dataDictionary/"+v.doomed+"/items/"+v.detail, v.admin, nil), 404, "delete through another dictionary")
		ok(t, v.do(t, "en", "DELETE", "/api/dataDictionaryDetail/"+v.detail+"?dataDictionaryId="+v.doomed, v.admin, nil), 404, "delete naming another dictionary")
		// A stale stamp is a conflict.
		res = v.do(t, "en", "PUT", "/api/dataDictionary/"+v.dict, v.admin, row{"code": "Colour", "displayName": "x", "concurrencyStamp": "old"})
		ok(t, res, 409, "stale stamp")
	})
}

func TestATenantNeverSeesOrChangesAnotherSidesDictionaries(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		demo := e.Token(t, "admin", apptest.Password, "demo")
		demoStatic := v.dictionaryID(t, demo, v.staticCode)
		if demoStatic == v.static {
			t.Fatal("the host and the demo tenant share a static dictionary row")
		}
		res := v.do(t, "en", "GET", "/api/dataDictionary?MaxResultCount=100", demo, nil)
		ok(t, res, 200, "demo list")
		for _, d := range items(t, res) {
			if d["code"] == "Colour" || d["code"] == "Doomed" {
				t.Fatalf("the demo tenant sees the host's %v", d["code"])
			}
		}
		ok(t, v.do(t, "en", "GET", "/api/datadictionary/details/Colour", demo, nil), 404, "the host's code in the demo tenant")
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/dataDictionary/" + v.dict, nil},
			{"PUT", "/api/dataDictionary/" + v.dict, row{"code": "Stolen", "displayName": "x"}},
			{"DELETE", "/api/dataDictionary/" + v.doomed, nil},
			{"GET", "/api/dataDictionaryDetail?dataDictionaryId=" + v.dict, nil},
			{"PUT", "/api/dataDictionaryDetail/" + v.detail, row{"code": "W", "label": "stolen", "value": "x"}},
			{"DELETE", "/api/dataDictionaryDetail/" + v.other, nil},
			{"POST", "/api/dataDictionary/" + v.dict + "/items", row{"code": "Z", "label": "z", "value": "z"}},
			{"PUT", "/api/dataDictionary/" + v.dict + "/items/" + v.item, row{"code": "G", "label": "stolen", "value": "x"}},
			{"DELETE", "/api/dataDictionary/" + v.dict + "/items/" + v.item, nil},
			{"DELETE", "/api/dataDictionary/" + v.static, nil},
		} {
			if res := v.do(t, "en", c.method, c.path, demo, c.body); res.Status != http.StatusNotFound {
				t.Errorf("demo %s %s: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
		// A detail posted to the host's dictionary by id names no dictionary of the demo's.
		res = v.do(t, "en", "POST", "/api/dataDictionaryDetail/", demo, row{"dataDictionaryId": v.dict, "code": "Z", "label": "z", "value": "z"})
		if res.Status != 400 || res.ErrorMessage(t) == "" {
			t.Fatalf("demo posts to the host's dictionary: %d %s", res.Status, res.Body)
		}
		// Nothing of the host's changed; the demo tenant may use the host's codes for its own.
		got := v.do(t, "en", "GET", "/api/dataDictionary/"+v.dict, v.admin, nil).Map(t)
		if got["code"] != "Colour" || len(got["details"].([]any)) != 5 {
			t.Fatalf("the host's dictionary changed: %v", got)
		}
		res = v.do(t, "en", "POST", "/api/dataDictionary", demo, row{"code": "colour", "displayName": "颜色"})
		ok(t, res, 200, "the demo's own Colour")
		// The host admin acting in the demo tenant sees the demo's rows.
		r := apptest.Request{Method: "GET", Path: "/api/datadictionary/details/colour", Token: v.admin, Header: http.Header{"__tenant": {"demo"}}}
		if res := e.Do(t, r); res.Status != 200 || len(items(t, res)) != 0 {
			t.Fatalf("host in demo: %d %s", res.Status, res.Body)
		}
	})
}

func TestTheSeedGivesEverySideTheStaticDictionariesOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for _, tenant := range []string{"", "demo"} {
			tok := e.Token(t, "admin", apptest.Password, tenant)
			res := e.Get(t, "/api/dataDictionary?MaxResultCount=100", tok)
			ok(t, res, 200, "list")
			var codes []string
			for _, d := range items(t, res) {
				if d["isStatic"] != true {
					t.Errorf("%q: %v is not static", tenant, d["code"])
				}
				codes = append(codes, d["code"].(string))
			}
			if fmt.Sprint(codes) != "[SalesOrderKuJiaLeQuotationType SeparatePallet]" {
				t.Fatalf("%q: %v", tenant, codes)
			}
			pallets := items(t, e.Get(t, "/api/datadictionary/details/SeparatePallet", tok))
			if len(pallets) != 3 || pallets[0]["isDefault"] != true {
				t.Fatalf("%q separate pallets: %v", tenant, pallets)
			}
		}
		if err := e.App.Seed(t.Context(), true); err != nil {
			t.Fatal(err)
		}
		tok := e.Token(t, "admin", apptest.Password, "demo")
		if n := len(items(t, e.Get(t, "/api/datadictionary/details/SalesOrderKuJiaLeQuotationType", tok))); n != 3 {
			t.Fatalf("quotation types after a second seed: %d", n)
		}
	})
}
