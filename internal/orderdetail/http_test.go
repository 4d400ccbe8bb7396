package orderdetail_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/orderdetail"
)

type row = map[string]any

// form builds a multipart body: the fields, and one file under "file" when name is given.
func form(t *testing.T, fields map[string]string, name string, content []byte) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if name != "" {
		fw, err := w.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(content)
	}
	_ = w.Close()
	return &buf, w.FormDataContentType()
}

// TestEveryLinesEndpointAnswers401403400And200 is the scenario table of the area: each call
// anonymous, without its permission, with bad input and right.
func TestEveryLinesEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		admin := e.Token(t, "admin", apptest.Password, "")
		nobody := e.CreateUser(t, "", "nobody")
		o := v.order(t, v.ctx)
		id := o.ID.String()
		p := v.product(t, v.ctx, "地柜", 100)
		rule, split := importFixture(t, v, v.ctx)
		good := xlsx(t, []any{"名称", "编码", "长", "宽", "数量", "单价", "类别"}, []any{"导入柜", "IMP", 600, 500, 1, 10, ""})
		cfg := check(v.lines.Config(v.ctx))(t)

		type call struct {
			method, path string
			json         any
			fields       map[string]string
			file         []byte
		}
		importFields := map[string]string{"salesOrderId": id, "ruleMappingId": rule.String(), "splitMappingId": split.String()}
		scenarios := []struct {
			name    string
			ok, bad call
			noBad   bool
			public  bool
		}{
			{name: "product lines",
				ok:  call{method: "GET", path: "/api/sales-order/sales-order-products?SalesOrderId=" + id + "&MaxResultCount=50&SkipCount=0"},
				bad: call{method: "GET", path: "/api/sales-order/sales-order-products?salesOrderId=x"}},
			{name: "part lines",
				ok:  call{method: "GET", path: "/api/sales-order/sales-order-parts?salesOrderId=" + id},
				bad: call{method: "GET", path: "/api/sales-order/sales-order-parts?salesOrderId=" + id + "&MaxResultCount=51"}},
			{name: "standard product lines",
				ok:  call{method: "GET", path: "/api/sales-order/sales-order-standard-products?salesOrderId=" + id},
				bad: call{method: "GET", path: "/api/sales-order/sales-order-standard-products"}},
			{name: "sales list lines",
				ok:  call{method: "GET", path: "/api/sales-order/sales-lists?salesOrderId=" + id},
				bad: call{method: "GET", path: "/api/sales-order/sales-lists?salesOrderId=" + id + "&SkipCount=-1"}},
			{name: "pick products",
				ok:  call{method: "POST", path: "/api/sales-order/sales-order-products", json: row{"salesOrderId": id, "items": []row{{"sourceId": p.ID}}}},
				bad: call{method: "POST", path: "/api/sales-order/sales-order-products", json: row{"salesOrderId": id, "items": []row{}}}},
			{name: "typed sales list line",
				ok:  call{method: "POST", path: "/api/sales-order/sales-lists", json: row{"salesOrderId": id, "items": []row{{"name": "安装", "price": 50}}}},
				bad: call{method: "POST", path: "/api/sales-order/sales-lists", json: row{"salesOrderId": id, "items": []row{{"name": "", "price": 50}}}}},
			{name: "batch update",
				ok:  call{method: "PUT", path: "/api/sales-order/sales-order-details/batch-update", json: row{"salesOrderId": id, "tables": row{"product": []row{{"id": "", "name": "新柜", "count": 2, "price": 3}}}}},
				bad: call{method: "PUT", path: "/api/sales-order/sales-order-details/batch-update", json: row{"salesOrderId": id, "tables": row{"doors": []row{{"name": "x"}}}}}},
			{name: "export",
				ok:  call{method: "GET", path: "/api/sales-order/sales-order-details/export?salesOrderId=" + id + "&table=product"},
				bad: call{method: "GET", path: "/api/sales-order/sales-order-details/export?salesOrderId=" + id + "&table=doors"}},
			{name: "import split order",
				ok:  call{method: "POST", path: "/api/split-order/import-split-order", fields: importFields, file: good},
				bad: call{method: "POST", path: "/api/split-order/import-split-order", fields: map[string]string{"salesOrderId": id}, file: good}},
			{name: "shown tables",
				ok:  call{method: "GET", path: "/api/sales-order/detail-tables?orderTypeId=" + o.OrderTypeID.String()},
				bad: call{method: "GET", path: "/api/sales-order/detail-tables?orderTypeId=x"}},
			{name: "configuration", noBad: true,
				ok: call{method: "GET", path: "/api/sales-order/detail-tables/config"}},
			{name: "save configuration",
				ok:  call{method: "PUT", path: "/api/sales-order/detail-tables/config", json: row{"items": cfg}},
				bad: call{method: "PUT", path: "/api/sales-order/detail-tables/config", json: row{"items": []row{{"key": "product", "shown": true, "columns": []row{{"key": "amount", "compute": "price *"}}}}}}},
			{name: "quote token",
				ok:  call{method: "GET", path: "/api/app/salesorder/quote-token/" + id},
				bad: call{method: "GET", path: "/api/app/salesorder/quote-token/x"}},
			{name: "clear",
				ok:  call{method: "POST", path: "/api/sales-order/sales-order-details/clear", json: row{"salesOrderId": id, "table": "product"}},
				bad: call{method: "POST", path: "/api/sales-order/sales-order-details/clear", json: row{"salesOrderId": id, "table": "examine"}}},
		}
		do := func(c call, token string) *apptest.Response {
			r := apptest.Request{Method: c.method, Path: c.path, Token: token, Header: http.Header{"Accept-Language": {"en"}}}
			if c.json != nil {
				r.JSON = c.json
			}
			if c.fields != nil {
				name := ""
				if c.file != nil {
					name = "order.xlsx"
				}
				r.Body, r.ContentType = form(t, c.fields, name, c.file)
			}
			return e.Do(t, r)
		}
		for _, s := range scenarios {
			if res := do(s.ok, ""); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if res := do(s.ok, nobody); res.Status != http.StatusForbidden {
				t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
			}
			if !s.noBad {
				if res := do(s.bad, admin); res.Status != http.StatusBadRequest {
					t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
				} else if msg := res.ErrorMessage(t); msg == "" {
					t.Errorf("%s bad input: no message", s.name)
				}
			}
			if res := do(s.ok, admin); res.Status != http.StatusOK {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
		}

		// The quotation file: a plain link with its token (no login), refused without one.
		var tok orderdetail.QuoteToken
		e.Do(t, apptest.Request{Method: "GET", Path: "/api/app/salesorder/quote-token/" + id, Token: admin}).JSON(t, &tok)
		res := e.Get(t, "/api/app/salesorder/quote-file/"+id+"?token="+tok.Token, "")
		if res.Status != http.StatusOK || !strings.Contains(res.Header.Get("Content-Type"), "spreadsheetml") {
			t.Fatalf("quote file: %d %s", res.Status, res.Body)
		}
		if rows := sheet(t, res.Body); rows[1][1] != o.SalesOrderID {
			t.Fatalf("quotation: %v", rows)
		}
		if res := e.Get(t, "/api/app/salesorder/quote-file/"+id+"?token=forged", ""); res.Status != http.StatusForbidden {
			t.Fatalf("forged token: %d", res.Status)
		}
		if res := e.Get(t, "/api/app/salesorder/quote-file/"+uuid.NewString()+"?token="+tok.Token, ""); res.Status != http.StatusForbidden {
			t.Fatalf("token of another order: %d", res.Status)
		}
	})
}

// The sales clerk holds the line permissions but not the configuration's.
func TestSalesEditsLinesButNotTheConfiguration(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		sales := e.Token(t, "sales", apptest.Password, "")
		o := v.order(t, v.ctx)
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/sales-order/sales-lists", Token: sales,
			JSON: row{"salesOrderId": o.ID, "items": []row{{"name": "运费", "price": 30}}}})
		if res.Status != http.StatusOK {
			t.Fatalf("sales adds a line: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, "/api/sales-order/detail-tables/config", sales); res.Status != http.StatusForbidden {
			t.Fatalf("sales reads the configuration: %d", res.Status)
		}
		res = e.Get(t, "/api/sales-order/detail-tables?orderTypeId="+o.OrderTypeID.String(), sales)
		var shown struct {
			Items []orderdetail.ShownTable `json:"items"`
		}
		res.JSON(t, &shown)
		if res.Status != http.StatusOK || len(shown.Items) != 5 || len(shown.Items[0].GrantedActions) != 5 {
			t.Fatalf("sales' tables: %d %+v", res.Status, shown.Items)
		}
	})
}

// Errors reach the page localised: a configuration naming table and column, an import
// listing rows and columns, both in the caller's language.
func TestErrorsAreLocalisedForThePage(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		admin := e.Token(t, "admin", apptest.Password, "")
		o := v.order(t, v.ctx)
		bad := row{"items": []row{{"key": "matter", "shown": true, "columns": []row{{"key": "area", "widget": "number", "compute": "length * depth"}}}}}
		for lang, want := range map[string]string{"en": `Parts: the formula of column "area" names "depth"`, "zh-CN": `“物料”的列“area”的计算公式引用了不存在的列“depth”`} {
			res := e.Do(t, apptest.Request{Method: "PUT", Path: "/api/sales-order/detail-tables/config", Token: admin, JSON: bad,
				Header: http.Header{"Accept-Language": {lang}}})
			var body struct {
				Error struct {
					ValidationErrors []struct {
						Message string   `json:"message"`
						Members []string `json:"members"`
					} `json:"validationErrors"`
				} `json:"error"`
			}
			res.JSON(t, &body)
			if res.Status != 400 || len(body.Error.ValidationErrors) != 1 || !strings.Contains(body.Error.ValidationErrors[0].Message, want) ||
				body.Error.ValidationErrors[0].Members[0] != "items[0].columns[0].compute" {
				t.Fatalf("%s: %d %s", lang, res.Status, res.Body)
			}
		}

		rule, split := importFixture(t, v, v.ctx)
		file := xlsx(t, []any{"名称", "编码", "长", "宽", "数量", "单价", "类别"}, []any{"", "X", 1, 1, "两", 1, ""})
		body, ct := form(t, map[string]string{"salesOrderId": o.ID.String(), "ruleMappingId": rule.String(), "splitMappingId": split.String()}, "o.xlsx", file)
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/split-order/import-split-order", Token: admin, Body: body, ContentType: ct,
			Header: http.Header{"Accept-Language": {"zh-Hans"}}})
		if res.Status != 400 || !strings.Contains(string(res.Body), "第 2 行 A 列") || !strings.Contains(string(res.Body), "第 2 行 E 列") ||
			!strings.Contains(string(res.Body), `"members":["A2"]`) {
			t.Fatalf("import errors: %d %s", res.Status, res.Body)
		}
		body, ct = form(t, map[string]string{"salesOrderId": o.ID.String(), "ruleMappingId": rule.String(), "splitMappingId": split.String()}, "o.pdf", file)
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/split-order/import-split-order", Token: admin, Body: body, ContentType: ct})
		if res.Status != 400 || !strings.Contains(res.ErrorMessage(t), ".xlsx") {
			t.Fatalf("a .pdf: %d %s", res.Status, res.Body)
		}
	})
}

// A tenant's administrator reaches no line of the host's orders through the API.
func TestTheAPIKeepsLinesToTheirTenant(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		o := v.order(t, v.ctx)
		p := v.product(t, v.ctx, "地柜", 10)
		v.pick(t, v.ctx, o.ID, orderdetail.TableProduct, p.ID)
		demo := e.Token(t, "admin", apptest.Password, "demo")
		id := o.ID.String()
		for _, r := range []apptest.Request{
			{Method: "GET", Path: "/api/sales-order/sales-order-products?salesOrderId=" + id},
			{Method: "POST", Path: "/api/sales-order/sales-lists", JSON: row{"salesOrderId": id, "items": []row{{"name": "x"}}}},
			{Method: "POST", Path: "/api/sales-order/sales-order-details/clear", JSON: row{"salesOrderId": id, "table": "product"}},
			{Method: "PUT", Path: "/api/sales-order/sales-order-details/batch-update", JSON: row{"salesOrderId": id, "deleted": row{"product": []string{}}}},
			{Method: "GET", Path: "/api/sales-order/sales-order-details/export?salesOrderId=" + id + "&table=product"},
			{Method: "GET", Path: "/api/app/salesorder/quote-token/" + id},
		} {
			r.Token = demo
			if res := e.Do(t, r); res.Status != http.StatusNotFound {
				t.Errorf("%s %s from the demo tenant: %d %s", r.Method, r.Path, res.Status, res.Body)
			}
		}
		if l := v.lineList(t, v.ctx, o.ID, orderdetail.TableProduct); len(l) != 1 || v.total(t, v.ctx, o.ID) != 10 {
			t.Fatalf("host lines changed: %+v", l)
		}
	})
}
