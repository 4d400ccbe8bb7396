package catalog_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
	"kerf/internal/catalog"
	"kerf/internal/platform/permission"
)

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

type row = map[string]any

func items(t *testing.T, res *apptest.Response) []row {
	t.Helper()
	var b struct {
		Items []row `json:"items"`
	}
	res.JSON(t, &b)
	return b.Items
}

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

// env is a running app with the tokens the scenarios use and a few rows made by admin.
type env struct {
	*apptest.Env
	admin, sales, nobody                        string
	productDir, matterDir, product, part, part2 string
	link, standard, emptyDir, nonEmptyDir       string
}

func setup(t *testing.T, e *apptest.Env) *env {
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, ""), sales: e.Token(t, "sales", apptest.Password, ""),
		nobody: e.CreateUser(t, "", "nobody")}
	post := func(path string, body any) row {
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: v.admin, JSON: body})
		ok(t, res, 200, "POST "+path)
		return res.Map(t)
	}
	v.productDir = post("/api/salesorder/catalogs", row{"displayName": "测试目录", "moduleName": "product", "parentId": ""})["id"].(string)
	v.matterDir = post("/api/salesorder/catalogs", row{"displayName": "测试物料", "moduleName": "matter"})["id"].(string)
	v.emptyDir = post("/api/salesorder/catalogs", row{"displayName": "空目录", "moduleName": "product"})["id"].(string)
	v.nonEmptyDir = post("/api/salesorder/catalogs", row{"displayName": "非空", "moduleName": "product"})["id"].(string)
	post("/api/salesorder/products", row{"catalogId": v.nonEmptyDir, "name": "占位"})
	v.product = post("/api/salesorder/products", row{"catalogId": v.productDir, "name": "地柜 600", "length": 600})["id"].(string)
	v.part = post("/api/salesorder/parts", row{"catalogId": v.matterDir, "name": "颗粒板", "count": 1})["id"].(string)
	v.part2 = post("/api/salesorder/parts", row{"catalogId": v.matterDir, "name": "铰链"})["id"].(string)
	v.link = post("/api/salesorder/products/part", row{"productId": v.product, "partId": v.part})["id"].(string)
	v.standard = post("/api/sales-order/sales-order-catalog-products", row{"productName": "标准衣柜"})["id"].(string)
	return v
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
	_, _ = f.WriteTo(&buf)
	return buf.Bytes()
}

// TestEveryCatalogueEndpointAnswers401403400And200 is the scenario table of the area:
// each call anonymous, without its permission, with bad input and right.
func TestEveryCatalogueEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		good := xlsx(t, []any{"Name", "Code"}, []any{"导入的产品", "IMP-1"})
		type call struct {
			method, path string
			json         any
			file         []byte
			fileName     string
		}
		scenarios := []struct {
			name    string
			ok, bad call
			okCode  int
			noBad   bool
		}{
			{name: "list catalogs",
				ok:  call{method: "GET", path: "/api/salesorder/catalogs?ModuleName=product&MaxResultCount=999&SkipCount=0"},
				bad: call{method: "GET", path: "/api/salesorder/catalogs?ModuleName=furniture"}},
			{name: "catalog tree",
				ok:  call{method: "GET", path: "/api/salesorder/catalogs/tree?ModuleName=matter"},
				bad: call{method: "GET", path: "/api/salesorder/catalogs/tree?ModuleName=x"}},
			{name: "get catalog",
				ok:  call{method: "GET", path: "/api/salesorder/catalogs/" + v.productDir},
				bad: call{method: "GET", path: "/api/salesorder/catalogs/not-an-id"}},
			{name: "create catalog",
				ok:  call{method: "POST", path: "/api/salesorder/catalogs", json: row{"displayName": "新目录", "moduleName": "product", "parentId": v.productDir}},
				bad: call{method: "POST", path: "/api/salesorder/catalogs", json: row{"displayName": "", "moduleName": "product"}}},
			{name: "rename catalog",
				ok:  call{method: "PUT", path: "/api/salesorder/catalogs/" + v.productDir, json: row{"displayName": "改名"}},
				bad: call{method: "PUT", path: "/api/salesorder/catalogs/" + v.productDir, json: row{"displayName": ""}}},
			{name: "delete catalog", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/salesorder/catalogs/" + v.emptyDir},
				bad: call{method: "DELETE", path: "/api/salesorder/catalogs/" + v.nonEmptyDir}},
			{name: "list products",
				ok:  call{method: "GET", path: "/api/salesorder/products?CatalogIds=" + v.productDir + "&CatalogIds=" + v.nonEmptyDir + "&MaxResultCount=999&isEnable=true"},
				bad: call{method: "GET", path: "/api/salesorder/products?CatalogIds=nope"}},
			{name: "get product",
				ok:  call{method: "GET", path: "/api/salesorder/products/" + v.product},
				bad: call{method: "GET", path: "/api/salesorder/products/1"}},
			{name: "create product",
				ok:  call{method: "POST", path: "/api/salesorder/products", json: row{"catalogId": v.productDir, "name": "吊柜", "length": "", "code": "", "moduleName": "product"}},
				bad: call{method: "POST", path: "/api/salesorder/products", json: row{"catalogId": v.productDir, "name": strings.Repeat("长", 31)}}},
			{name: "update product",
				ok:  call{method: "PUT", path: "/api/salesorder/products/" + v.product, json: row{"name": "地柜 600 改", "catalogId": v.productDir}},
				bad: call{method: "PUT", path: "/api/salesorder/products/" + v.product, json: row{"unit": "12345678901"}}},
			{name: "batch update products",
				ok:  call{method: "PUT", path: "/api/salesorder/products/batch-update", json: row{"items": []row{{"id": v.product, "name": "地柜", "catalogId": v.productDir}}}},
				bad: call{method: "PUT", path: "/api/salesorder/products/batch-update", json: row{"items": []row{{"id": v.product, "name": ""}}}}},
			{name: "product template", noBad: true,
				ok: call{method: "GET", path: "/api/salesorder/products/excel"}},
			{name: "product export",
				ok:  call{method: "GET", path: "/api/salesorder/products/export?CatalogIds=" + v.productDir},
				bad: call{method: "GET", path: "/api/salesorder/products/export?isEnable=maybe"}},
			{name: "product import",
				ok:  call{method: "POST", path: "/api/salesorder/products/import/" + v.productDir, file: good, fileName: "p.xlsx"},
				bad: call{method: "POST", path: "/api/salesorder/products/import/" + v.productDir, file: []byte("a,b"), fileName: "p.csv"}},
			{name: "product parts",
				ok:  call{method: "GET", path: "/api/salesorder/products/parts?ProductId=" + v.product + "&MaxResultCount=999"},
				bad: call{method: "GET", path: "/api/salesorder/products/parts?ProductId=x"}},
			{name: "link part",
				ok:  call{method: "POST", path: "/api/salesorder/products/part", json: row{"productId": v.product, "partId": v.part2}},
				bad: call{method: "POST", path: "/api/salesorder/products/part", json: row{"productId": v.product, "partId": v.part, "count": -1}}},
			{name: "update link",
				ok:  call{method: "PUT", path: "/api/salesorder/products/" + v.product + "/part", json: row{"id": v.link, "count": 3}},
				bad: call{method: "PUT", path: "/api/salesorder/products/" + v.product + "/part", json: row{"id": v.link, "count": -3}}},
			{name: "unlink part", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/salesorder/products/" + v.product + "/part/" + v.part},
				bad: call{method: "DELETE", path: "/api/salesorder/products/" + v.product + "/part/x"}},
			{name: "list parts",
				ok:  call{method: "GET", path: "/api/salesorder/parts?CatalogIds=" + v.matterDir + "&MaxResultCount=999&isEnable=true"},
				bad: call{method: "GET", path: "/api/salesorder/parts?isEnable=perhaps"}},
			{name: "get part",
				ok:  call{method: "GET", path: "/api/salesorder/parts/" + v.part},
				bad: call{method: "GET", path: "/api/salesorder/parts/x"}},
			{name: "create part",
				ok:  call{method: "POST", path: "/api/salesorder/parts", json: row{"catalogId": v.matterDir, "name": "铰链", "count": "", "images": "/api/datav/files/x.png"}},
				bad: call{method: "POST", path: "/api/salesorder/parts", json: row{"catalogId": v.matterDir}}},
			{name: "update part",
				ok:  call{method: "PUT", path: "/api/salesorder/parts/" + v.part, json: row{"name": "颗粒板 18", "count": 2}},
				bad: call{method: "PUT", path: "/api/salesorder/parts/" + v.part, json: row{"name": "x", "color": strings.Repeat("c", 19)}}},
			{name: "batch update parts",
				ok:  call{method: "PUT", path: "/api/salesorder/parts/batch-update", json: row{"items": []row{{"id": v.part, "name": "颗粒板", "catalogId": v.matterDir}}}},
				bad: call{method: "PUT", path: "/api/salesorder/parts/batch-update", json: row{"items": []row{{"id": v.part, "name": "x", "catalogId": v.productDir}}}}},
			{name: "parts template", noBad: true,
				ok: call{method: "GET", path: "/api/salesorder/parts/excel"}},
			{name: "parts export",
				ok:  call{method: "GET", path: "/api/salesorder/parts/export"},
				bad: call{method: "GET", path: "/api/salesorder/parts/export?CatalogIds=x"}},
			{name: "parts import",
				ok:  call{method: "POST", path: "/api/salesorder/parts/import/" + v.matterDir, file: good, fileName: "m.xlsx"},
				bad: call{method: "POST", path: "/api/salesorder/parts/import/" + v.productDir, file: good, fileName: "m.xlsx"}},
			{name: "picker standard products",
				ok:  call{method: "GET", path: "/api/split-order/catalog-products?MaxResultCount=999&isEnable=true"},
				bad: call{method: "GET", path: "/api/split-order/catalog-products?Sorting=drop"}},
			{name: "list standard products",
				ok:  call{method: "GET", path: "/api/sales-order/sales-order-catalog-products?Filter=衣柜"},
				bad: call{method: "GET", path: "/api/sales-order/sales-order-catalog-products?MaxResultCount=5000"}},
			{name: "get standard product",
				ok:  call{method: "GET", path: "/api/sales-order/sales-order-catalog-products/" + v.standard},
				bad: call{method: "GET", path: "/api/sales-order/sales-order-catalog-products/x"}},
			{name: "create standard product",
				ok:  call{method: "POST", path: "/api/sales-order/sales-order-catalog-products", json: row{"productName": "书柜", "productWidth": 800, "catalogProduct": row{"remark": "r"}}},
				bad: call{method: "POST", path: "/api/sales-order/sales-order-catalog-products", json: row{"productName": ""}}},
			{name: "update standard product",
				ok:  call{method: "PUT", path: "/api/sales-order/sales-order-catalog-products/" + v.standard, json: row{"productName": "衣柜 2"}},
				bad: call{method: "PUT", path: "/api/sales-order/sales-order-catalog-products/" + v.standard, json: row{"productName": "x", "productDepth": -1}}},
			{name: "delete standard product", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/sales-order/sales-order-catalog-products/" + v.standard},
				bad: call{method: "DELETE", path: "/api/sales-order/sales-order-catalog-products/x"}},
			// Deletes run last: the rows above are used first.
			{name: "delete product", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/salesorder/products/" + v.product},
				bad: call{method: "DELETE", path: "/api/salesorder/products/x"}},
			{name: "delete part", okCode: 204,
				ok:  call{method: "DELETE", path: "/api/salesorder/parts/" + v.part},
				bad: call{method: "DELETE", path: "/api/salesorder/parts/x"}},
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
			if res := do(s.ok, v.nobody); res.Status != http.StatusForbidden {
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
	})
}

func TestSalesReadsTheCatalogueButChangesNothing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		for _, p := range []string{"/api/salesorder/catalogs?ModuleName=product&MaxResultCount=999",
			"/api/salesorder/catalogs?ModuleName=matter&MaxResultCount=999",
			"/api/salesorder/products?MaxResultCount=999", "/api/salesorder/parts?MaxResultCount=999",
			"/api/salesorder/products/parts?ProductId=" + v.product, "/api/split-order/catalog-products"} {
			if res := e.Get(t, p, v.sales); res.Status != http.StatusOK {
				t.Errorf("sales GET %s: %d %s", p, res.Status, res.Body)
			}
		}
		for _, c := range []apptest.Request{
			{Method: "POST", Path: "/api/salesorder/catalogs", JSON: row{"displayName": "x", "moduleName": "product"}},
			{Method: "POST", Path: "/api/salesorder/catalogs", JSON: row{"displayName": "x", "moduleName": "matter"}},
			{Method: "DELETE", Path: "/api/salesorder/catalogs/" + v.productDir},
			{Method: "POST", Path: "/api/salesorder/products", JSON: row{"catalogId": v.productDir, "name": "x"}},
			{Method: "PUT", Path: "/api/salesorder/parts/" + v.part, JSON: row{"name": "x"}},
		} {
			c.Token = v.sales
			if res := e.Do(t, c); res.Status != http.StatusForbidden {
				t.Errorf("sales %s %s: %d", c.Method, c.Path, res.Status)
			}
		}
	})
}

func TestModulePermissionsAreCheckedPerTree(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		// A user who may create parts directories but not product directories.
		ctx := t.Context()
		if err := e.App.Permissions.Set(ctx, e.App.DB, "R", "matter-editor", []permissionChange{
			{Name: catalog.PermParts, IsGranted: true}, {Name: catalog.PermPartsCreate, IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		tok := e.CreateUser(t, "", "matter1", "matter-editor")
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/salesorder/catalogs", Token: tok, JSON: row{"displayName": "x", "moduleName": "matter"}})
		ok(t, res, 200, "parts directory")
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/salesorder/catalogs", Token: tok, JSON: row{"displayName": "x", "moduleName": "product"}})
		ok(t, res, 403, "product directory")
		if res := e.Get(t, "/api/salesorder/catalogs?ModuleName=product", tok); res.Status != 403 {
			t.Fatalf("product tree without SalesOrder.Products: %d", res.Status)
		}
		if res := e.Get(t, "/api/salesorder/catalogs/"+v.productDir, tok); res.Status != 403 {
			t.Fatalf("a product directory without SalesOrder.Products: %d", res.Status)
		}
	})
}

func TestShapesAndEmptyStringsAndCapitalisedKeys(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		res := e.Get(t, "/api/salesorder/catalogs?ModuleName=product&MaxResultCount=999", v.admin)
		ok(t, res, 200, "catalogs")
		var found row
		for _, c := range items(t, res) {
			if c["id"] == v.productDir {
				found = c
			}
		}
		for _, k := range []string{"id", "parentId", "displayName", "catalogName", "moduleName", "code", "isEnable", "concurrencyStamp"} {
			if _, ok := found[k]; !ok {
				t.Errorf("catalog row lacks %s: %v", k, found)
			}
		}
		if found["parentId"] != "00000000-0000-0000-0000-000000000000" || found["catalogName"] != "测试目录" || found["moduleName"] != "product" {
			t.Fatalf("catalog row: %v", found)
		}
		// Empty strings are dropped: an emptied number or id is absent, not an error.
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/salesorder/products", Token: v.admin,
			JSON: row{"catalogId": v.productDir, "name": "门板", "length": "", "width": nil, "price": 12.5, "isEnable": false}})
		ok(t, res, 200, "create with empty strings")
		p := res.Map(t)
		if p["length"] != nil || p["price"] != 12.5 || p["isEnable"] != false || p["code"] != "" || p["moduleName"] != "product" {
			t.Fatalf("product: %v", p)
		}
		for _, k := range []string{"name", "code", "erpCode", "stockCode", "workshopCode", "factoryCode", "length", "width", "height",
			"price", "describe", "isEnable", "unit", "color", "images", "catalogId", "moduleName"} {
			if _, ok := p[k]; !ok {
				t.Errorf("product lacks %s", k)
			}
		}
		// Select mode: isEnable=true hides the disabled product; CatalogId works as CatalogIds.
		list := items(t, e.Get(t, "/api/salesorder/products?CatalogId="+v.productDir+"&isEnable=true&MaxResultCount=999", v.admin))
		if len(list) != 1 || list[0]["id"] != v.product {
			t.Fatalf("enabled products: %v", list)
		}
		list = items(t, e.Get(t, "/api/salesorder/products?catalogIds="+v.productDir+","+v.nonEmptyDir, v.admin))
		if len(list) != 3 {
			t.Fatalf("two directories by comma: %d", len(list))
		}
		links := items(t, e.Get(t, "/api/salesorder/products/parts?ProductId="+v.product+"&MaxResultCount=999", v.admin))
		if len(links) != 1 || links[0]["count"] != 1.0 || links[0]["part"].(row)["name"] != "颗粒板" || links[0]["partId"] != v.part {
			t.Fatalf("links: %v", links)
		}
		std := e.Get(t, "/api/split-order/catalog-products", v.admin)
		sp := items(t, std)
		if len(sp) == 0 || sp[0]["catalogProduct"] == nil || sp[0]["productName"] == nil {
			t.Fatalf("standard products: %s", std.Body)
		}
		// A non-empty directory's delete message names it, in the caller's language.
		res = e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/salesorder/catalogs/" + v.nonEmptyDir, Token: v.admin,
			Header: http.Header{"Accept-Language": {"en"}}})
		if res.Status != 400 || res.ErrorMessage(t) != `Directory "非空" still holds 0 sub-directories and 1 products; delete or move them first` {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		ok(t, e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/salesorder/catalogs/" + v.nonEmptyDir + "?cascade=true", Token: v.admin}), 204, "cascade")
	})
}

func TestImportErrorsListRowsInTheCallersLanguage(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		file := xlsx(t, []any{"名称*", "单位"}, []any{"好", "件"}, []any{"", "件"}, []any{"好", "件"})
		body, ct := upload(t, "file", "bad.xlsx", file)
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/salesorder/products/import/" + v.productDir, Token: v.admin,
			Body: body, ContentType: ct, Header: http.Header{"Accept-Language": {"en-GB"}}})
		if res.Status != 400 {
			t.Fatalf("bad rows: %d %s", res.Status, res.Body)
		}
		var b struct {
			Error struct {
				ValidationErrors []struct {
					Message string   `json:"message"`
					Members []string `json:"members"`
				} `json:"validationErrors"`
			} `json:"error"`
		}
		res.JSON(t, &b)
		got := fmt.Sprint(b.Error.ValidationErrors)
		if got != "[{Row 3: Name is required [row3.name]} {Row 4: duplicates row 2 [row4]}]" {
			t.Fatalf("errors: %s", got)
		}
		if n := len(items(t, e.Get(t, "/api/salesorder/products?CatalogIds="+v.productDir, v.admin))); n != 1 {
			t.Fatalf("%d products after a refused import", n)
		}
		// Two files at once are refused.
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for _, n := range []string{"a.xlsx", "b.xlsx"} {
			fw, _ := w.CreateFormFile("file", n)
			_, _ = fw.Write(file)
		}
		_ = w.Close()
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/salesorder/products/import/" + v.productDir, Token: v.admin,
			Body: &buf, ContentType: w.FormDataContentType()})
		ok(t, res, 400, "two files")
		// The template comes back as a real spreadsheet with the caller's headers.
		res = e.Do(t, apptest.Request{Method: "GET", Path: "/api/salesorder/parts/excel", Token: v.admin,
			Header: http.Header{"Accept-Language": {"zh-CN"}}})
		ok(t, res, 200, "template")
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		head, _ := f.GetRows(f.GetSheetList()[0])
		if head[0][0] != "名称*" || !strings.Contains(res.Header.Get("Content-Disposition"), "parts-import-template.xlsx") {
			t.Fatalf("template: %q %v", head[0], res.Header)
		}
	})
}

func TestTenantsSeeOnlyTheirOwnCatalogue(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		demo := e.Token(t, "admin", apptest.Password, "demo")
		names := func(token string, h http.Header) []string {
			res := e.Do(t, apptest.Request{Method: "GET", Path: "/api/salesorder/catalogs?ModuleName=product&MaxResultCount=999", Token: token, Header: h})
			ok(t, res, 200, "catalogs")
			var out []string
			for _, c := range items(t, res) {
				out = append(out, c["displayName"].(string))
			}
			return out
		}
		host, tenant := names(v.admin, nil), names(demo, nil)
		if !strings.Contains(strings.Join(host, ","), "测试目录") || strings.Contains(strings.Join(tenant, ","), "测试目录") {
			t.Fatalf("host %v, demo %v", host, tenant)
		}
		if !strings.Contains(strings.Join(tenant, ","), "柜体 Carcasses") {
			t.Fatalf("the demo tenant has its own demo catalogue: %v", tenant)
		}
		// The host admin acting in the demo tenant sees the demo tenant's rows.
		if got := names(v.admin, http.Header{"__tenant": {"demo"}}); fmt.Sprint(got) != fmt.Sprint(tenant) {
			t.Fatalf("host in demo: %v", got)
		}
		for _, p := range []string{"/api/salesorder/products/" + v.product, "/api/salesorder/parts/" + v.part,
			"/api/salesorder/catalogs/" + v.productDir} {
			if res := e.Get(t, p, demo); res.Status != http.StatusNotFound {
				t.Errorf("demo reads host's %s: %d", p, res.Status)
			}
		}
		res := e.Do(t, apptest.Request{Method: "PUT", Path: "/api/salesorder/products/" + v.product, Token: demo, JSON: row{"name": "stolen"}})
		ok(t, res, 404, "update another tenant's product")
	})
}

func TestTheDemoSeedIsAWorkingShop(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		tree := e.Get(t, "/api/salesorder/catalogs/tree?ModuleName=product", admin)
		ok(t, tree, 200, "tree")
		roots := items(t, tree)
		if len(roots) != 4 || roots[0]["displayName"] != "柜体 Carcasses" || len(roots[0]["children"].([]any)) != 3 {
			t.Fatalf("product tree: %s", tree.Body)
		}
		parts := items(t, e.Get(t, "/api/salesorder/parts?MaxResultCount=999", admin))
		if len(parts) < 15 {
			t.Fatalf("%d demo parts", len(parts))
		}
		products := items(t, e.Get(t, "/api/salesorder/products?MaxResultCount=999&Filter=DG-600", admin))
		if len(products) != 1 {
			t.Fatalf("base cabinet 600: %v", products)
		}
		links := items(t, e.Get(t, "/api/salesorder/products/parts?ProductId="+products[0]["id"].(string), admin))
		if len(links) != 6 {
			t.Fatalf("base cabinet parts: %v", links)
		}
		// Seeding again adds nothing.
		if err := e.App.Seed(t.Context(), true); err != nil {
			t.Fatal(err)
		}
		if again := items(t, e.Get(t, "/api/salesorder/parts?MaxResultCount=999", admin)); len(again) != len(parts) {
			t.Fatalf("second seed: %d parts, was %d", len(again), len(parts))
		}
	})
}

type permissionChange = permission.Change

// TestTheRootHoldsItemsMovedOrImportedThere: spec 001 §2's move dialog offers the root;
// the root is catalogId 00000000-0000-0000-0000-000000000000.
func TestTheRootHoldsItemsMovedOrImportedThere(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		const root = "00000000-0000-0000-0000-000000000000"
		res := e.Do(t, apptest.Request{Method: "PUT", Path: "/api/salesorder/products/batch-update", Token: v.admin,
			JSON: row{"items": []row{{"id": v.product, "name": "地柜 600", "catalogId": root}}}})
		ok(t, res, 200, "move to the root")
		res = e.Do(t, apptest.Request{Method: "PUT", Path: "/api/salesorder/parts/" + v.part, Token: v.admin,
			JSON: row{"name": "颗粒板", "catalogId": root}})
		ok(t, res, 200, "PUT a part to the root")
		body, ct := upload(t, "file", "root.xlsx", xlsx(t, []any{"Name"}, []any{"根目录产品"}))
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/salesorder/products/import/" + root, Token: v.admin, Body: body, ContentType: ct})
		ok(t, res, 200, "import into the root")

		names := func(path string) []string {
			var out []string
			for _, r := range items(t, e.Get(t, path, v.admin)) {
				out = append(out, r["name"].(string))
				if r["catalogId"] != root {
					t.Errorf("%s answered a row of %v", path, r["catalogId"])
				}
			}
			return out
		}
		if got := names("/api/salesorder/products?CatalogIds=" + root + "&MaxResultCount=999"); len(got) != 2 {
			t.Fatalf("the root's products: %v", got)
		}
		if got := names("/api/salesorder/parts?CatalogIds=" + root); len(got) != 1 || got[0] != "颗粒板" {
			t.Fatalf("the root's parts: %v", got)
		}
		// A PUT without catalogId leaves the product where it is.
		res = e.Do(t, apptest.Request{Method: "PUT", Path: "/api/salesorder/products/" + v.product, Token: v.admin,
			JSON: row{"name": "地柜 600 改", "catalogId": ""}})
		ok(t, res, 200, "PUT without catalogId")
		if got := res.Map(t)["catalogId"]; got != root {
			t.Fatalf("a PUT without catalogId moved the product to %v", got)
		}
	})
}

// TestInputLimitsAreInTheOpenAPIDocument: the web reads field limits from the schema.
func TestInputLimitsAreInTheOpenAPIDocument(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		var doc struct {
			Components struct {
				Schemas map[string]struct {
					Required   []string `json:"required"`
					Properties map[string]struct {
						MaxLength *int     `json:"maxLength"`
						Minimum   *float64 `json:"minimum"`
						Format    string   `json:"format"`
					} `json:"properties"`
				} `json:"schemas"`
			} `json:"components"`
		}
		e.Get(t, "/openapi.json", "").JSON(t, &doc)
		s := doc.Components.Schemas
		create, update := s["CatalogCreateProductInput"], s["CatalogUpdateProductInput"]
		if p := create.Properties["name"]; p.MaxLength == nil || *p.MaxLength != catalog.MaxName {
			t.Errorf("create product name: %+v", p)
		}
		if p := create.Properties["unit"]; p.MaxLength == nil || *p.MaxLength != catalog.MaxUnit {
			t.Errorf("create product unit: %+v", p)
		}
		if p := update.Properties["length"]; p.Minimum == nil || *p.Minimum != 0 {
			t.Errorf("update product length: %+v", p)
		}
		if p := update.Properties["catalogId"]; p.Format != "uuid" {
			t.Errorf("update product catalogId: %+v", p)
		}
		if _, ok := update.Properties["concurrencyStamp"]; !ok {
			t.Error("update product has no concurrencyStamp")
		}
		if _, ok := create.Properties["concurrencyStamp"]; ok {
			t.Error("create product has a concurrencyStamp")
		}
		if !strings.Contains(strings.Join(create.Required, ","), "catalogId") {
			t.Errorf("create product requires %v", create.Required)
		}
		if p := s["CatalogCreatePartInput"].Properties["count"]; p.Minimum == nil {
			t.Errorf("create part count: %+v", p)
		}
	})
}
