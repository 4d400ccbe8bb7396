package salesorder_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/salesorder"
)

type row = map[string]any

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

// files builds a multipart body with the files under "files" and the fields.
func files(t *testing.T, fields map[string]string, names ...string) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, n := range names {
		fw, err := w.CreateFormFile("files", n)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fmt.Fprintf(fw, "content of %s", n)
	}
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	return &buf, w.FormDataContentType()
}

// env is a running app with the tokens the scenarios use and a few rows made by admin.
type env struct {
	*apptest.Env
	admin, sales, nobody string
	orderType            string // an order type of the host, in use
	productType          string
}

func (v *env) call(t *testing.T, method, path, token string, body any) *apptest.Response {
	t.Helper()
	return v.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body,
		Header: http.Header{"Accept-Language": {"en"}}})
}

func (v *env) post(t *testing.T, path string, body any) row {
	t.Helper()
	res := v.call(t, http.MethodPost, path, v.admin, body)
	ok(t, res, 200, "POST "+path)
	return res.Map(t)
}

func setup(t *testing.T, e *apptest.Env) *env {
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, ""), sales: e.Token(t, "sales", apptest.Password, ""),
		nobody: e.CreateUser(t, "", "nobody")}
	var types struct{ Items []row }
	v.Get(t, "/api/app/sales-order-types/enabled", v.admin).JSON(t, &types)
	if len(types.Items) != 3 || types.Items[0]["name"] != "标准订单" {
		t.Fatalf("seeded order types: %v", types.Items)
	}
	v.orderType = types.Items[0]["id"].(string)
	v.Get(t, "/api/app/product-types/enabled", v.admin).JSON(t, &types)
	if len(types.Items) != 4 || types.Items[0]["name"] != "橱柜" {
		t.Fatalf("seeded product types: %v", types.Items)
	}
	v.productType = types.Items[0]["id"].(string)
	return v
}

// line adds a typed product line (100 × 1) to an order, so that it may be submitted.
func (v *env) line(t *testing.T, orderID string) {
	t.Helper()
	v.post(t, "/api/sales-order/sales-order-products", row{"salesOrderId": orderID, "items": []row{{"name": "地柜 600", "price": 100, "count": 1}}})
}

func (v *env) order(t *testing.T, customer string) row {
	t.Helper()
	return v.post(t, "/api/app/salesorder", row{"orderTypeId": v.orderType, "productTypeId": v.productType, "customerName": customer})
}

// TestEverySalesOrderEndpointAnswers401403400And200 is the scenario table of the area: each
// call anonymous, without its permission, with bad input and right.
func TestEverySalesOrderEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		draft := v.order(t, "王先生")["id"].(string)
		toDelete := v.order(t, "李女士")["id"].(string)
		submitted := v.order(t, "张先生")["id"].(string)
		v.line(t, submitted)
		ok(t, v.call(t, "POST", "/api/app/salesorder/"+submitted+"/status", v.admin, row{"action": "submit"}), 200, "submit")
		freeType := v.post(t, "/api/app/sales-order-types", row{"code": "FREE", "name": "空闲"})["id"].(string)
		freeProduct := v.post(t, "/api/app/product-types", row{"code": "FREE", "name": "空闲"})["id"].(string)
		body, ct := files(t, nil, "plan.pdf")
		up := v.Do(t, apptest.Request{Method: "POST", Path: "/api/app/salesorder/multifile/" + draft, Token: v.admin, Body: body, ContentType: ct})
		ok(t, up, 200, "upload")
		var uploaded []row
		up.JSON(t, &uploaded)
		fileID := uploaded[0]["id"].(string)
		fileToDelete := func() string {
			body, ct := files(t, nil, "old.txt")
			var r []row
			v.Do(t, apptest.Request{Method: "POST", Path: "/api/app/salesorder/multifile/" + draft, Token: v.admin, Body: body, ContentType: ct}).JSON(t, &r)
			return r[0]["id"].(string)
		}()
		eleven := make([]string, 11)
		for i := range eleven {
			eleven[i] = fmt.Sprint("f", i, ".txt")
		}

		type call struct {
			method, path string
			json         any
			files        []string
		}
		const base = "/api/app/salesorder"
		scenarios := []struct {
			name    string
			ok, bad call
			okCode  int
			noBad   bool
		}{
			{name: "list orders",
				ok:  call{method: "GET", path: base + "?Scope=pending&Status=0,10&OrderTypeId=" + v.orderType + "&totalPriceMin=0&paydateTo=2030-01-01&IsShip=false&Sorting=orderdate%20desc&MaxResultCount=20"},
				bad: call{method: "GET", path: base + "?Sorting=remark"}},
			{name: "get order",
				ok:  call{method: "GET", path: base + "/" + draft},
				bad: call{method: "GET", path: base + "/not-an-id"}},
			{name: "create order",
				ok:  call{method: "POST", path: base, json: row{"orderTypeId": v.orderType, "customerName": "陈先生", "paydate": "2024-05-01T00:00:00Z", "payTotal": 10}},
				bad: call{method: "POST", path: base, json: row{"customerName": ""}}},
			{name: "update order",
				ok:  call{method: "PUT", path: base + "/" + draft, json: row{"orderTypeId": v.orderType, "customerName": "王先生", "isUrgent": true}},
				bad: call{method: "PUT", path: base + "/" + draft, json: row{"orderTypeId": v.orderType, "customerName": "x", "customerPhone": "call me"}}},
			{name: "status logs",
				ok:  call{method: "GET", path: base + "/" + submitted + "/status-logs"},
				bad: call{method: "GET", path: base + "/x/status-logs"}},
			{name: "move status",
				ok:  call{method: "POST", path: base + "/" + submitted + "/status", json: row{"action": "withdraw", "comment": "改一下"}},
				bad: call{method: "POST", path: base + "/" + draft + "/status", json: row{"action": "ship"}}},
			{name: "upload files",
				ok:  call{method: "POST", path: base + "/multifile/" + draft, files: []string{"a.txt", "b.png"}},
				bad: call{method: "POST", path: base + "/multifile/" + draft, files: eleven}},
			{name: "list files",
				ok:  call{method: "GET", path: base + "/multifile/" + draft + "?category=order"},
				bad: call{method: "GET", path: base + "/multifile/" + draft + "?category=x"}},
			{name: "file download token",
				ok:  call{method: "GET", path: base + "/multifile/" + draft + "/" + fileID},
				bad: call{method: "GET", path: base + "/multifile/" + draft + "/x"}},
			{name: "delete file", okCode: 204,
				ok:  call{method: "DELETE", path: base + "/multifile/" + draft + "/" + fileToDelete},
				bad: call{method: "DELETE", path: base + "/multifile/" + draft + "/x"}},
			{name: "delete order", okCode: 204,
				ok:  call{method: "DELETE", path: base + "/" + toDelete},
				bad: call{method: "DELETE", path: base + "/" + draft + "x"}},
		}
		for _, kind := range []struct{ path, free, used string }{
			{"/api/app/sales-order-types", freeType, v.orderType},
			{"/api/app/product-types", freeProduct, v.productType},
		} {
			p := kind.path
			scenarios = append(scenarios, []struct {
				name    string
				ok, bad call
				okCode  int
				noBad   bool
			}{
				{name: p + " list",
					ok:  call{method: "GET", path: p + "?Filter=F&isEnable=true&Sorting=code%20desc&SkipCount=0"},
					bad: call{method: "GET", path: p + "?isEnable=maybe"}},
				{name: p + " enabled", noBad: true,
					ok: call{method: "GET", path: p + "/enabled"}},
				{name: p + " get",
					ok:  call{method: "GET", path: p + "/" + kind.free},
					bad: call{method: "GET", path: p + "/x"}},
				{name: p + " create",
					ok:  call{method: "POST", path: p, json: row{"code": "NEW", "name": "新", "sort": 9}},
					bad: call{method: "POST", path: p, json: row{"code": "free", "name": "taken"}}},
				{name: p + " update",
					ok:  call{method: "PUT", path: p + "/" + kind.free, json: row{"code": "FREE", "name": "空闲 2", "isEnable": false}},
					bad: call{method: "PUT", path: p + "/" + kind.free, json: row{"code": "", "name": ""}}},
				{name: p + " delete", okCode: 204,
					ok:  call{method: "DELETE", path: p + "/" + kind.free},
					bad: call{method: "DELETE", path: p + "/" + kind.used}},
			}...)
		}
		do := func(c call, token string) *apptest.Response {
			r := apptest.Request{Method: c.method, Path: c.path, Token: token, Header: http.Header{"Accept-Language": {"en"}}}
			if c.json != nil {
				r.JSON = c.json
			}
			if c.files != nil {
				r.Body, r.ContentType = files(t, nil, c.files...)
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

// TestTheSalesClerkMakesTheirMovesAndNotTheReviewers: the demo's sales role creates, edits
// and submits, and is refused a confirm with a message naming the move; the order shows
// each user the moves they may make.
func TestTheSalesClerkMakesTheirMovesAndNotTheReviewers(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		res := v.call(t, "POST", "/api/app/salesorder", v.sales, row{"orderTypeId": v.orderType, "customerName": "王先生",
			"customerPhone": "13900000001", "discountTotal": 10, "logisticsPrice": 20.5, "payTotal": 5,
			"totalPrice": 99999, "totalSumPrice": 99999, "differencePrice": 99999, "salesOrderId": "SO-MINE", "status": 60})
		ok(t, res, 200, "clerk creates")
		o := res.Map(t)
		id := o["id"].(string)
		if o["status"] != 0.0 || o["totalPrice"] != 0.0 || o["totalSumPrice"] != 10.5 || o["differencePrice"] != 5.5 ||
			!strings.HasPrefix(o["salesOrderId"].(string), "SO2") || o["creatorName"] != "sales" || o["orderTypeName"] != "标准订单" {
			t.Fatalf("amounts and number are the server's: %v", o)
		}
		if fmt.Sprint(o["allowedActions"]) != "[submit cancel]" {
			t.Fatalf("clerk's moves: %v", o["allowedActions"])
		}
		res = v.call(t, "POST", "/api/app/salesorder/"+id+"/status", v.sales, row{"action": "submit", "concurrencyStamp": o["concurrencyStamp"]})
		if res.Status != http.StatusBadRequest {
			t.Fatalf("an order without lines is submitted: %d %s", res.Status, res.Body)
		}
		v.line(t, id)
		o = v.Get(t, "/api/app/salesorder/"+id, v.sales).Map(t)
		if o["totalPrice"] != 100.0 || o["totalSumPrice"] != 110.5 || o["differencePrice"] != 105.5 {
			t.Fatalf("amounts after a line of 100: %v", o)
		}
		res = v.call(t, "POST", "/api/app/salesorder/"+id+"/status", v.sales, row{"action": "submit", "concurrencyStamp": "stale"})
		ok(t, res, http.StatusConflict, "submit with a stale stamp")
		ok(t, v.call(t, "POST", "/api/app/salesorder/"+id+"/status", v.sales, row{"action": "submit", "concurrencyStamp": o["concurrencyStamp"]}), 200, "submit")
		res = v.call(t, "POST", "/api/app/salesorder/"+id+"/status", v.sales, row{"action": "review"})
		if res.Status != http.StatusForbidden || res.ErrorMessage(t) != "You may not “send to review” orders" {
			t.Fatalf("clerk reviews: %d %s", res.Status, res.Body)
		}
		ok(t, v.call(t, "POST", "/api/app/salesorder/"+id+"/status", v.admin, row{"action": "review"}), 200, "review")
		res = v.call(t, "POST", "/api/app/salesorder/"+id+"/status", v.admin, row{"action": "ship"})
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != "The order is in review; it cannot be moved by “ship”" {
			t.Fatalf("ship from review: %d %s", res.Status, res.Body)
		}
		res = v.call(t, "PUT", "/api/app/salesorder/"+id, v.sales, row{"orderTypeId": v.orderType, "customerName": "x"})
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != "The order is in review and can no longer be changed" {
			t.Fatalf("edit in review: %d %s", res.Status, res.Body)
		}
		zh := v.Do(t, apptest.Request{Method: "DELETE", Path: "/api/app/salesorder/" + id, Token: v.sales})
		if zh.Status != http.StatusBadRequest || zh.ErrorMessage(t) != "只能删除草稿状态的订单，该订单状态为“审核中”" {
			t.Fatalf("delete in review: %d %s", zh.Status, zh.Body)
		}
		var logs struct{ Items []row }
		v.Get(t, "/api/app/salesorder/"+id+"/status-logs", v.sales).JSON(t, &logs)
		if len(logs.Items) != 2 || logs.Items[0]["action"] != "submit" || logs.Items[0]["userName"] != "sales" ||
			logs.Items[1]["toStatus"] != 20.0 || logs.Items[1]["userName"] != "admin" {
			t.Fatalf("logs: %v", logs.Items)
		}
		var page struct {
			Items      []row
			TotalCount int
		}
		v.Get(t, "/api/app/salesorder?Scope=own", v.sales).JSON(t, &page)
		if page.TotalCount != 1 || page.Items[0]["id"] != id {
			t.Fatalf("the clerk's own: %+v", page)
		}
	})
}

// TestOrdersOfOneTenantAreInvisibleToAnother: the demo tenant's orders, files and logs are
// not found from the host, and the host's not from the demo tenant.
func TestOrdersOfOneTenantAreInvisibleToAnother(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		demo := e.Token(t, "admin", apptest.Password, "demo")
		var page struct {
			Items      []row
			TotalCount int
		}
		v.Get(t, "/api/app/salesorder?MaxResultCount=50", demo).JSON(t, &page)
		if page.TotalCount < 5 {
			t.Fatalf("demo orders: %d", page.TotalCount)
		}
		statuses := map[float64]int{}
		urgent := 0
		for _, o := range page.Items {
			statuses[o["status"].(float64)]++
			if o["isUrgent"] == true {
				urgent++
			}
		}
		if statuses[0] == 0 || urgent != 1 {
			t.Fatalf("demo orders: statuses %v, urgent %d", statuses, urgent)
		}
		theirs := page.Items[0]["id"].(string)
		for _, p := range []string{"/api/app/salesorder/" + theirs, "/api/app/salesorder/" + theirs + "/status-logs",
			"/api/app/salesorder/multifile/" + theirs} {
			if res := v.Get(t, p, v.admin); res.Status != http.StatusNotFound {
				t.Errorf("host reads %s: %d", p, res.Status)
			}
		}
		if res := v.call(t, "PUT", "/api/app/salesorder/"+theirs, v.admin, row{"orderTypeId": v.orderType, "customerName": "x"}); res.Status != http.StatusNotFound {
			t.Errorf("host updates: %d", res.Status)
		}
		mine := v.order(t, "主机客户")["id"].(string)
		if res := v.Get(t, "/api/app/salesorder/"+mine, demo); res.Status != http.StatusNotFound {
			t.Errorf("demo reads the host's: %d", res.Status)
		}
		// The host's order type is not the demo tenant's.
		res := v.call(t, "POST", "/api/app/salesorder", demo, row{"orderTypeId": v.orderType, "customerName": "x"})
		if res.Status != http.StatusBadRequest {
			t.Errorf("another side's order type: %d %s", res.Status, res.Body)
		}
	})
}

// TestOrderFilesUploadListDownloadAndDelete goes through the files area for the bytes.
func TestOrderFilesUploadListDownloadAndDelete(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		id := v.order(t, "王先生")["id"].(string)
		restore := salesorder.SetMaxFileSize(64)
		defer restore()
		body, ct := files(t, map[string]string{"category": "examine"}, "review.pdf", strings.Repeat("long", 20)+".txt")
		res := v.Do(t, apptest.Request{Method: "POST", Path: "/api/app/salesorder/multifile/" + id, Token: v.sales, Body: body, ContentType: ct,
			Header: http.Header{"Accept-Language": {"en"}}})
		ok(t, res, 200, "upload")
		var out []row
		res.JSON(t, &out)
		if len(out) != 2 || out[0]["isSuccess"] != true || out[1]["isSuccess"] != false || out[1]["errorMessage"] == "" {
			t.Fatalf("upload answer: %v", out)
		}
		body, ct = files(t, nil, make11()...)
		res = v.Do(t, apptest.Request{Method: "POST", Path: "/api/app/salesorder/multifile/" + id, Token: v.sales, Body: body, ContentType: ct})
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != "最多只能上传10个文件" {
			t.Fatalf("11 files: %d %s", res.Status, res.Body)
		}
		var list []row
		v.Get(t, "/api/app/salesorder/multifile/"+id+"?category=examine", v.sales).JSON(t, &list)
		if len(list) != 1 || list[0]["fileName"] != "review.pdf" || list[0]["fileType"] != "pdf" || list[0]["category"] != "examine" {
			t.Fatalf("list: %v", list)
		}
		v.Get(t, "/api/app/salesorder/multifile/"+id+"?category=order", v.sales).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("order files: %v", list)
		}
		fileID := out[0]["id"].(string)
		dl := v.Get(t, "/api/app/salesorder/multifile/"+id+"/"+fileID, v.sales).Map(t)
		got := v.Get(t, dl["url"].(string)+"?token="+dl["token"].(string), "")
		if got.Status != 200 || string(got.Body) != "content of review.pdf" {
			t.Fatalf("download: %d %q", got.Status, got.Body)
		}
		ok(t, v.call(t, "DELETE", "/api/app/salesorder/multifile/"+id+"/"+fileID, v.sales, nil), 204, "delete")
		if res := v.Get(t, "/api/app/salesorder/multifile/"+id+"/"+fileID, v.sales); res.Status != http.StatusNotFound {
			t.Fatalf("deleted file: %d", res.Status)
		}
		if res := v.Get(t, dl["url"].(string)+"?token="+dl["token"].(string), ""); res.Status == 200 {
			t.Fatal("a deleted file is still served")
		}
		// Files of a line: uploaded with category line, listed apart from the panel's and the
		// examine tab's, downloaded through the same token call.
		body, ct = files(t, map[string]string{"category": "line"}, "door.dwg")
		res = v.Do(t, apptest.Request{Method: "POST", Path: "/api/app/salesorder/multifile/" + id, Token: v.sales, Body: body, ContentType: ct})
		ok(t, res, 200, "line upload")
		res.JSON(t, &out)
		for _, c := range []string{"order", "examine"} {
			v.Get(t, "/api/app/salesorder/multifile/"+id+"?category="+c, v.sales).JSON(t, &list)
			if len(list) != 0 {
				t.Fatalf("%s files after a line upload: %v", c, list)
			}
		}
		v.Get(t, "/api/app/salesorder/multifile/"+id+"?category=line", v.sales).JSON(t, &list)
		if len(list) != 1 || list[0]["category"] != "line" || list[0]["id"] != out[0]["id"] {
			t.Fatalf("line files: %v", list)
		}
		dl = v.Get(t, "/api/app/salesorder/multifile/"+id+"/"+out[0]["id"].(string), v.sales).Map(t)
		if got := v.Get(t, dl["url"].(string)+"?token="+dl["token"].(string), ""); got.Status != 200 || string(got.Body) != "content of door.dwg" {
			t.Fatalf("line file download: %d %q", got.Status, got.Body)
		}
		_ = io.Discard
	})
}

func make11() []string {
	out := make([]string, 11)
	for i := range out {
		out[i] = fmt.Sprint("f", i, ".txt")
	}
	return out
}
