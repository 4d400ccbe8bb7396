package homedesign

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

func TestEveryHomeDesignEndpointAnswers401403400And200(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		sv := newServer(t, s)
		tenant := newTenant()
		reader, readerCtx := sv.user(tenant, true)
		nobody, _ := sv.user(tenant, false)
		if err := SeedDemo(readerCtx, d, s.Development()); err != nil {
			t.Fatal(err)
		}

		// Binding: any logged-in user; anonymous 401; bad input 400.
		for _, c := range []struct {
			path string
			body any
			tok  string
			want int
		}{
			{"/api/app/home-design/bind", map[string]string{"account": "demo"}, "", 401},
			{"/api/app/home-design/bind", map[string]string{"account": ""}, nobody, 400},
			{"/api/app/home-design/change", map[string]string{"account": "x"}, nobody, 400}, // not bound
			{"/api/app/home-design/unbind", nil, nobody, 400},
			{"/api/app/home-design/bind", map[string]string{"account": "demo"}, nobody, 200},
			{"/api/app/home-design/bind", map[string]string{"account": "demo"}, nobody, 400}, // already bound
			{"/api/app/home-design/change", map[string]string{"account": "other"}, nobody, 200},
			{"/api/app/home-design/unbind", nil, nobody, 204},
			{"/api/app/home-design/unbind", nil, "", 401},
			{"/api/app/home-design/bind", map[string]string{"account": "demo"}, reader, 200},
		} {
			if code, body := sv.do(t, http.MethodPost, c.path, c.tok, c.body); code != c.want {
				t.Errorf("%s %v: %d %.300v, want %d", c.path, c.body, code, body, c.want)
			}
		}

		// Plans and designs: HomeDesign.Plans.
		for _, c := range []struct {
			path, tok string
			want      int
		}{
			{"/api/app/home-design/plans?Num=8&Start=0", "", 401},
			{"/api/app/home-design/plans?Num=8&Start=0", nobody, 403},
			{"/api/app/home-design/plans?Num=1000", reader, 400},
			{"/api/app/home-design/plans?Num=8&Start=0&Keyword=Kitchen", reader, 200},
			{"/api/app/home-design/plans/DEV-0001", "", 401},
			{"/api/app/home-design/plans/DEV-0001", nobody, 403},
			{"/api/app/home-design/plans/NOPE", reader, 404},
			{"/api/app/home-design/plans/DEV-0001", reader, 200},
		} {
			if code, body := sv.do(t, http.MethodGet, c.path, c.tok, nil); code != c.want {
				t.Errorf("GET %s: %d %.300v, want %d", c.path, code, body, c.want)
			}
		}
		code, body := sv.do(t, http.MethodGet, "/api/app/home-design/plans?Num=8&Start=0&Keyword=Kitchen", reader, nil)
		items, _ := body["items"].([]any)
		if code != 200 || body["totalCount"] != float64(2) || len(items) != 2 {
			t.Fatalf("kitchen plans: %d %.300v", code, body)
		}
		first := items[0].(map[string]any)
		for _, k := range []string{"planId", "designId", "name", "planPic"} {
			if first[k] == nil || first[k] == "" {
				t.Errorf("plan lacks %s: %v", k, first)
			}
		}
		_, design := sv.do(t, http.MethodGet, "/api/app/home-design/plans/DEV-0001", reader, nil)
		sols, _ := design["solutions"].([]any)
		if design["planId"] != "DEV-0001" || len(sols) == 0 {
			t.Fatalf("design %v", design)
		}
		cab := sols[0].(map[string]any)["cabinets"].([]any)[0].(map[string]any)
		panel := cab["panels"].([]any)[0].(map[string]any)
		for _, k := range []string{"name", "material", "thickness", "length", "width", "grain", "edges", "holes", "count"} {
			if _, ok := panel[k]; !ok {
				t.Errorf("panel lacks %s: %v", k, panel)
			}
		}

		// Unbound readers are told to bind; another tenant does not see the plan.
		plain, _ := sv.user(tenant, true)
		if code, body := sv.do(t, http.MethodGet, "/api/app/home-design/plans", plain, nil); code != 400 ||
			!strings.Contains(fmt.Sprint(body), "You have not bound a design platform account") {
			t.Errorf("unbound plans: %d %.300v", code, body)
		}
		stranger, _ := sv.user(newTenant(), true)
		if code, _ := sv.do(t, http.MethodGet, "/api/app/home-design/plans/DEV-0001", stranger, nil); code != 404 {
			t.Errorf("cross-tenant design: %d", code)
		}
	})
}
