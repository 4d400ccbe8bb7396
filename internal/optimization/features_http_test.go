package optimization_test

import (
	"context"
	"net/http"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/optimization"
)

// TestMaxPartsPerRunRefusesALargerRun: with the demo tenant's parts-per-run limit below a
// file's pieces, starting its run is refused with the limit and the pieces, and nothing is
// queued; at the limit the run starts.
func TestMaxPartsPerRunRefusesALargerRun(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		host := e.Token(t, "admin", pw, "")
		rows := [][]any{{"SO1", "地柜", "侧板", "P1", "PB18-WW", 18, 720, 560, 3, 0, 1, 1, 0, 0, ""}}
		var f optimization.ImportFile
		upload(t, e, admin, defaultSetting(t, e, admin), "three.xlsx", cutListXLSX(t, rows)).JSON(t, &f)
		if f.Pieces != 3 {
			t.Fatalf("pieces %d", f.Pieces)
		}
		tn, err := e.App.Identity.ResolveTenant(context.Background(), identity.DemoTenantName)
		if err != nil {
			t.Fatal(err)
		}
		limit := func(v string) {
			t.Helper()
			res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/feature-management/features?providerName=T&providerKey=" + tn.ID.String(),
				Token: host, JSON: map[string]any{"features": []map[string]string{{"name": optimization.FeatureMaxPartsPerRun, "value": v}}}})
			if res.Status != http.StatusNoContent {
				t.Fatalf("set the limit: %d %s", res.Status, res.Body)
			}
		}
		start := func() *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/optimization/import-files/optimization", Token: admin,
				JSON: map[string]any{"importFileIds": []string{f.ID.String()}}, Header: http.Header{"Accept-Language": {"en"}}})
		}
		limit("2")
		res := start()
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != `Over the limit "Parts per run": the limit is 2, this is 3` {
			t.Fatalf("over the limit: %d %s", res.Status, res.Body)
		}
		var runs runList
		e.Get(t, "/api/optimization/import-files/solutions", admin).JSON(t, &runs)
		if runs.TotalCount != 0 {
			t.Fatalf("a refused run was queued: %+v", runs)
		}
		limit("3")
		if res := start(); res.Status != http.StatusOK {
			t.Fatalf("at the limit: %d %s", res.Status, res.Body)
		}
	})
}
