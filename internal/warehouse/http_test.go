package warehouse_test

import (
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
)

type row = map[string]any

func call(t *testing.T, e *apptest.Env, method, path, token string, body any) *apptest.Response {
	t.Helper()
	return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body, Header: http.Header{"Accept-Language": {"en"}}})
}

// TestEveryWarehouseEndpointAnswers401403OtherTenantAnd200 walks the warehouse's calls on the
// demo: anonymous 401, a user without the Warehouse permissions 403, the host (another side)
// empty or 404, the demo tenant's admin 200 with the demo warehouse.
func TestEveryWarehouseEndpointAnswers401403OtherTenantAnd200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "demo")
		host := e.Token(t, "admin", apptest.Password, "")
		nobody := e.CreateUser(t, "demo", "nobody")

		gets := []string{
			"/api/app/factory",
			"/api/app/storehouse/get-storehouseRowlist",
			"/api/app/storehouse/get-shelvesinfo?Code=A01&StorageType=0",
			"/api/app/board-in-out-bound-logs/statistics?from=2020-01-01",
			"/api/app/board-in-out-bound-logs/get-stock-data?skipCount=0&maxResultCount=10",
			"/api/app/board-in-out-bound-logs?maxResultCount=10",
		}
		for _, p := range gets {
			if res := call(t, e, http.MethodGet, p, "", nil); res.Status != 401 {
				t.Errorf("anonymous GET %s: %d", p, res.Status)
			}
			if res := call(t, e, http.MethodGet, p, nobody, nil); res.Status != 403 {
				t.Errorf("nobody GET %s: %d", p, res.Status)
			}
			if res := call(t, e, http.MethodGet, p, admin, nil); res.Status != 200 {
				t.Errorf("admin GET %s: %d %s", p, res.Status, res.Body)
			}
			// The host is another side: it sees none of the demo's rows.
			res := call(t, e, http.MethodGet, p, host, nil)
			if strings.Contains(p, "get-shelvesinfo") {
				if res.Status != 404 {
					t.Errorf("host GET %s: %d", p, res.Status)
				}
				continue
			}
			if res.Status != 200 || strings.Contains(string(res.Body), "PB18") || strings.Contains(string(res.Body), "A01") {
				t.Errorf("host GET %s: %d %s", p, res.Status, res.Body)
			}
		}
		receipt := row{"kind": 0, "materialCode": "PB18-WW", "thickness": 18, "length": 2800, "width": 2070, "binCode": "A01-1-1",
			"quantity": 5, "direction": 0, "reason": "test"}
		for _, c := range []struct {
			tok  string
			want int
		}{{"", 401}, {nobody, 403}, {host, 400}, {admin, 200}} {
			if res := call(t, e, http.MethodPost, "/api/app/board-in-out-bound-logs/book", c.tok, receipt); res.Status != c.want {
				t.Errorf("book: %d %s, want %d", res.Status, res.Body, c.want)
			}
		}

		// The demo: one factory, its shelves, what A01-1-1 holds, the stock rows.
		var factories struct{ Items []row }
		call(t, e, http.MethodGet, "/api/app/factory", admin, nil).JSON(t, &factories)
		if len(factories.Items) != 1 || factories.Items[0]["name"] != "杭州一厂 / Hangzhou plant 1" || factories.Items[0]["isDefault"] != true {
			t.Fatalf("factories %v", factories.Items)
		}
		var shelves struct{ Items []row }
		call(t, e, http.MethodGet, "/api/app/storehouse/get-shelvesinfo?Code=A01&StorageType=0", admin, nil).JSON(t, &shelves)
		bins := shelves.Items[0]["bins"].([]any)
		first := bins[0].(row)
		if len(bins) != 20 || first["code"] != "A01-1-1" || first["onHand"] != float64(45) {
			t.Fatalf("A01 bins %d, first %v", len(bins), first)
		}
		if res := call(t, e, http.MethodGet, "/api/app/storehouse/get-shelvesinfo?Code=A01&StorageType=1", admin, nil); res.Status != 404 {
			t.Errorf("A01 as an offcut shelf: %d", res.Status)
		}
		if res := call(t, e, http.MethodGet, "/api/app/storehouse/get-shelvesinfo", admin, nil); res.Status != 400 {
			t.Errorf("no code nor type: %d", res.Status)
		}
		call(t, e, http.MethodGet, "/api/app/storehouse/get-shelvesinfo?StorageType=1", admin, nil).JSON(t, &shelves)
		if len(shelves.Items) != 2 || shelves.Items[1]["code"] != "B02" {
			t.Fatalf("offcut shelves %v", shelves.Items)
		}
		var stock struct {
			Items      []row
			TotalCount int
		}
		call(t, e, http.MethodGet, "/api/app/board-in-out-bound-logs/get-stock-data?kind=0&sorting=onHand%20desc", admin, nil).JSON(t, &stock)
		if stock.TotalCount != 3 || stock.Items[0]["materialCode"] != "HDF5-W" || stock.Items[0]["onHand"] != float64(60) {
			t.Fatalf("stock %+v", stock)
		}
		if res := call(t, e, http.MethodGet, "/api/app/board-in-out-bound-logs/get-stock-data?sorting=price", admin, nil); res.Status != 400 {
			t.Errorf("sorting by an unknown column: %d", res.Status)
		}

		// An over-issue: 400 with a message naming material and size; nothing changes.
		issue := row{"kind": 0, "materialCode": "PB18-OK", "thickness": 18, "length": 2440, "width": 1220, "quantity": 26, "direction": 1}
		res := call(t, e, http.MethodPost, "/api/app/board-in-out-bound-logs/book", admin, issue)
		if res.Status != 400 || res.ErrorMessage(t) != "Not enough PB18-OK 2440×1220×18 on hand: 26 needed, 25 on hand" {
			t.Fatalf("over-issue: %d %s", res.Status, res.Body)
		}
		zh := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/app/board-in-out-bound-logs/book", Token: admin, JSON: issue})
		if !strings.Contains(zh.ErrorMessage(t), "库存不足") {
			t.Errorf("zh-Hans message %s", zh.Body)
		}
		issue["quantity"] = 5
		if res := call(t, e, http.MethodPost, "/api/app/board-in-out-bound-logs/book", admin, issue); res.Status != 200 {
			t.Fatalf("issue: %d %s", res.Status, res.Body)
		}
		var st struct {
			Items  []row
			Totals row
		}
		call(t, e, http.MethodGet, "/api/app/board-in-out-bound-logs/statistics?materialCode=PB18", admin, nil).JSON(t, &st)
		if st.Totals["inQuantity"] != float64(70) || st.Totals["outQuantity"] != float64(5) || st.Totals["onHand"] != float64(65) {
			t.Fatalf("statistics %v", st.Totals)
		}
		var log struct {
			Items      []row
			TotalCount int
		}
		call(t, e, http.MethodGet, "/api/app/board-in-out-bound-logs?direction=1", admin, nil).JSON(t, &log)
		if log.TotalCount != 1 || log.Items[0]["operatorName"] != "admin" || log.Items[0]["quantity"] != float64(5) {
			t.Fatalf("log %+v", log)
		}
		if res := call(t, e, http.MethodGet, "/api/app/board-in-out-bound-logs?kind=x", admin, nil); res.Status != 400 {
			t.Errorf("bad kind: %d", res.Status)
		}
	})
}
