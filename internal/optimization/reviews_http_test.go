package optimization_test

import (
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/auditdesign"
	"kerf/internal/optimization"
)

// TestPassedReviewSheetsBecomeAnImportFileThatVerifies: the demo's passed sheets (the design
// review's seed passes the confirmed orders') are read in-process into one import file, whose
// panels the demo's materials can cut; a sheet that has not passed gives none.
func TestPassedReviewSheetsBecomeAnImportFileThatVerifies(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		var passed struct{ Items []auditdesign.AuditDesign }
		e.Get(t, "/api/sales-order/audit-designss?state=5", admin).JSON(t, &passed)
		if len(passed.Items) == 0 {
			t.Fatal("the demo has no passed review sheet")
		}
		ids := []string{}
		for _, s := range passed.Items {
			ids = append(ids, s.ID.String())
		}
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/from-audit-designs", Token: admin,
			JSON: map[string]any{"auditIds": ids}})
		var f optimization.ImportFile
		if res.Status != 200 {
			t.Fatalf("import: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &f)
		if f.Parts == 0 || f.Source != optimization.SourceReviewSheets || !strings.Contains(f.OrderNos, passed.Items[0].SalesOrderNo) {
			t.Fatalf("file %+v", f)
		}
		var v optimization.Verification
		e.Get(t, "/api/optimization/import-files/optimization/"+f.ID.String()+"/verification", admin).JSON(t, &v)
		if !v.OK {
			t.Fatalf("the demo designs do not verify: %+v", v.Problems[:min(3, len(v.Problems))])
		}
		var waiting struct{ Items []auditdesign.AuditDesign }
		e.Get(t, "/api/sales-order/audit-designss?state=0", admin).JSON(t, &waiting)
		if len(waiting.Items) > 0 {
			r := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/from-audit-designs", Token: admin,
				JSON: map[string]any{"auditIds": []string{waiting.Items[0].ID.String()}}})
			if r.Status != 400 {
				t.Fatalf("a waiting sheet imported: %d %s", r.Status, r.Body)
			}
		}
	})
}
