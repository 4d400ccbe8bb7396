package auditdesign_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
	"kerf/internal/auditdesign"
	"kerf/internal/files"
	"kerf/internal/homedesign"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
	"kerf/internal/salesorder"
)

const pw = "1q2w3E*"

// env is the demo app with the services and the demo admin's token and context.
type env struct {
	*apptest.Env
	orders *salesorder.Service
	files  *files.Service
	admin  string
	ctx    context.Context
}

func newEnv(t *testing.T, e *apptest.Env) *env {
	t.Helper()
	v := &env{Env: e}
	for _, m := range e.App.Modules {
		switch x := m.(type) {
		case *salesorder.Module:
			v.orders = x.Service()
		case *files.Module:
			v.files = x.Service()
		}
	}
	v.admin = e.Token(t, "admin", pw, "demo")
	ctx := e.In(t, "demo")
	v.ctx = localization.WithCulture(auth.WithPrincipal(ctx, &auth.Principal{UserID: e.UserID(t, "admin", "demo"),
		UserName: "admin", TenantID: tenancy.ID(ctx)}), localization.En)
	return v
}

func (v *env) call(t *testing.T, method, path, token string, body any) *apptest.Response {
	t.Helper()
	r := apptest.Request{Method: method, Path: path, Token: token, Header: http.Header{"Accept-Language": {"en"}}}
	if body != nil {
		r.JSON = body
	}
	return v.Do(t, r)
}

func (v *env) ok(t *testing.T, method, path string, body any, out any) {
	t.Helper()
	res := v.call(t, method, path, v.admin, body)
	if res.Status/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, path, res.Status, res.Body)
	}
	if out != nil {
		res.JSON(t, out)
	}
}

// refused asserts a 400 whose message contains want, in English.
func (v *env) refused(t *testing.T, method, path string, body any, want string) {
	t.Helper()
	res := v.call(t, method, path, v.admin, body)
	if res.Status != http.StatusBadRequest || !strings.Contains(res.ErrorMessage(t), want) {
		t.Fatalf("%s %s: want 400 %q, got %d %s", method, path, want, res.Status, res.Body)
	}
}

func (v *env) draft(t *testing.T) *salesorder.SalesOrder {
	t.Helper()
	types, _, err := v.orders.ListOrderTypes(v.ctx, salesorder.TypeQuery{Limit: 10})
	if err != nil || len(types) == 0 {
		t.Fatalf("order types: %v", err)
	}
	o, err := v.orders.Create(v.ctx, salesorder.SalesOrderInput{OrderTypeID: types[0].ID, CustomerName: "李四", DealerName: "杭州展厅"})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// plan answers a demo plan with at least n solutions, and its design.
func (v *env) plan(t *testing.T, n int) (homedesign.Plan, homedesign.Design) {
	t.Helper()
	var plans struct{ Items []homedesign.Plan }
	v.ok(t, "GET", "/api/app/home-design/plans?num=999", nil, &plans)
	for _, p := range plans.Items {
		var d homedesign.Design
		v.ok(t, "GET", "/api/app/home-design/plans/"+p.PlanID, nil, &d)
		if len(d.Solutions) >= n {
			return p, d
		}
	}
	t.Fatalf("no demo plan with %d solutions among %d", n, len(plans.Items))
	return homedesign.Plan{}, homedesign.Design{}
}

type sheetList struct {
	Items      []auditdesign.AuditDesign
	TotalCount int
}

func (v *env) sheets(t *testing.T, orderID uuid.UUID) []auditdesign.AuditDesign {
	t.Helper()
	var l sheetList
	v.ok(t, "GET", "/api/sales-order/audit-designss?salesOrderId="+orderID.String(), nil, &l)
	return l.Items
}

func idsOf(rows ...auditdesign.AuditDesign) map[string]any {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.ID.String()
	}
	return map[string]any{"auditIds": out}
}

const base = "/api/sales-order/audit-designss"

// TestADesignMakesItsSheetsIsQuotedAndDownloadedOnlyOncePassed walks the order's design:
// choose, sheets per solution, refusals, quotation in the order's files, JSON and zip.
func TestADesignMakesItsSheetsIsQuotedAndDownloadedOnlyOncePassed(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := newEnv(t, e)
		o := v.draft(t)
		plan, design := v.plan(t, 2)
		oid := o.ID.String()

		var chosen salesorder.SalesOrder
		v.ok(t, "PUT", "/api/app/salesorder/design-id/"+oid, map[string]any{"designId": plan.DesignID}, &chosen)
		if chosen.DesginID != plan.DesignID {
			t.Fatalf("desginId = %q, want %q", chosen.DesginID, plan.DesignID)
		}
		rows := v.sheets(t, o.ID)
		if len(rows) != len(design.Solutions) {
			t.Fatalf("%d sheets for %d solutions", len(rows), len(design.Solutions))
		}
		for i, r := range rows {
			if r.State != auditdesign.StateWaiting || r.AuditName != design.Solutions[i].Name || r.SalesOrderNo != o.SalesOrderID {
				t.Fatalf("sheet %d = %+v", i, r)
			}
		}
		v.refused(t, "PUT", "/api/app/salesorder/design-id/"+oid, map[string]any{"designId": plan.DesignID}, "already chosen")
		v.refused(t, "PUT", "/api/app/salesorder/design-id/"+oid, map[string]any{"designId": ""}, "Choose a scheme")

		var u struct{ URL string }
		v.ok(t, "GET", "/api/app/salesorder/design-url/"+oid, nil, &u)
		if u.URL != "/home-design/viewer/"+plan.PlanID {
			t.Fatalf("order design url = %q", u.URL)
		}
		v.ok(t, "GET", base+"/"+rows[1].ID.String()+"/design-url", nil, &u)
		if !strings.HasSuffix(u.URL, "?solution="+rows[1].AuditCode) {
			t.Fatalf("sheet design url = %q", u.URL)
		}

		// nothing passed: no quotation, no download
		v.refused(t, "POST", base+"/generate-quotation", idsOf(rows...), "No audit sheets available for quotation")
		v.refused(t, "POST", base+"/batch-download", idsOf(rows...), "None available to download")
		v.refused(t, "GET", base+"/download-attachment?salesOrderId="+oid, nil, "None available to download")

		v.ok(t, "POST", base+"/claim", idsOf(rows[0]), nil)
		v.refused(t, "DELETE", "/api/app/salesorder/design-id/"+oid, nil, "cannot be cleared")
		if n := len(v.sheets(t, o.ID)); n != len(rows) {
			t.Fatalf("a refused cancel left %d sheets of %d", n, len(rows))
		}
		v.ok(t, "POST", base+"/pass", idsOf(rows[0]), nil)

		// the quotation: passed sheets only, an .xlsx in the order's files, every line priced
		v.refused(t, "POST", base+"/generate-quotation", map[string]any{"auditIds": idsOf(rows...)["auditIds"], "quotationName": "批发价"}, "does not exist")
		var f salesorder.OrderFile
		v.ok(t, "POST", base+"/generate-quotation", map[string]any{"auditIds": idsOf(rows...)["auditIds"], "quotationName": "经销价"}, &f)
		if f.Category != salesorder.CategoryOrder || !strings.HasPrefix(f.FileName, o.SalesOrderID+"-经销价-") || f.FileType != "xlsx" {
			t.Fatalf("quotation file = %+v", f)
		}
		fs, err := v.orders.Files(v.ctx, o.ID, salesorder.CategoryOrder)
		if err != nil || len(fs) != 1 || fs[0].ID != f.ID {
			t.Fatalf("order files = %+v %v", fs, err)
		}
		book := v.workbook(t, f.FileDescriptorID)
		sheets := book.GetSheetList()
		if len(sheets) != 2 || sheets[0] != "Summary" {
			t.Fatalf("quotation sheets = %v (one solution passed)", sheets)
		}
		summary, _ := book.GetRows("Summary")
		text := fmt.Sprint(summary)
		if !strings.Contains(text, o.SalesOrderID) || !strings.Contains(text, "经销价") || strings.Contains(text, "no price") {
			t.Fatalf("summary = %v", summary)
		}
		lines, _ := book.GetRows(sheets[1])
		if len(lines) < 5 || lines[1][0] != "Kind" || !strings.Contains(fmt.Sprint(lines), "Hardware") || !strings.Contains(fmt.Sprint(lines), "Edge banding") {
			t.Fatalf("solution sheet = %v", lines)
		}

		// the JSON: the passed solution's panels; the zip: one file; both mark the sheet
		res := v.call(t, "GET", base+"/download-attachment?salesOrderId="+oid, v.admin, nil)
		var got homedesign.Design
		if res.Status != 200 || json.Unmarshal(res.Body, &got) != nil || len(got.Solutions) != 1 ||
			got.Solutions[0].Code != rows[0].AuditCode || len(got.Solutions[0].Cabinets[0].Panels) == 0 {
			t.Fatalf("download-attachment: %d %.300s", res.Status, res.Body)
		}
		if !strings.Contains(res.Header.Get("Content-Disposition"), o.SalesOrderID+"-design.json") {
			t.Fatalf("disposition %q", res.Header.Get("Content-Disposition"))
		}
		res = v.call(t, "POST", base+"/batch-download", v.admin, idsOf(rows...))
		zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
		if res.Status != 200 || err != nil || len(zr.File) != 1 || zr.File[0].Name != o.SalesOrderID+"-"+rows[0].AuditCode+".json" {
			t.Fatalf("batch-download: %d %v %v", res.Status, err, zr)
		}
		after := v.sheets(t, o.ID)
		if !after[0].IsDownload || after[1].IsDownload {
			t.Fatalf("isDownload: %v %v", after[0].IsDownload, after[1].IsDownload)
		}
		var task struct{ Items []auditdesign.SheetDesign }
		v.ok(t, "POST", base+"/start-task-design", idsOf(rows...), &task)
		if len(task.Items) != 1 || task.Items[0].Sheet.ID != rows[0].ID || len(task.Items[0].Design.Solutions) != 1 {
			t.Fatalf("start-task-design = %+v", task.Items)
		}
	})
}

func (v *env) workbook(t *testing.T, descriptor uuid.UUID) *excelize.File {
	t.Helper()
	tok, err := v.files.DownloadToken(v.ctx, descriptor)
	if err != nil {
		t.Fatal(err)
	}
	_, r, err := v.files.OpenWithToken(v.ctx, descriptor, tok)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	book, err := excelize.OpenReader(r)
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// TestTheLastPassConfirmsTheOrderAndADeletedDraftTakesItsSheets: the demo's order in review
// (its first sheet passed, its second rejected by the demo seed) is confirmed by the last
// pass; cancelling a scheme with waiting sheets deletes them; so does deleting the draft.
func TestTheLastPassConfirmsTheOrderAndADeletedDraftTakesItsSheets(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := newEnv(t, e)
		inReview, _, err := v.orders.List(v.ctx, salesorder.OrderQuery{Statuses: []salesorder.Status{salesorder.StatusInReview}, Limit: 10})
		if err != nil || len(inReview) == 0 {
			t.Fatalf("demo orders in review: %v %v", inReview, err)
		}
		o := inReview[0]
		rows := v.sheets(t, o.ID)
		if len(rows) == 0 || rows[0].State == auditdesign.StateWaiting {
			t.Fatalf("the demo seed did not review %s: %+v", o.SalesOrderID, rows)
		}
		for i, r := range rows {
			switch r.State {
			case auditdesign.StatePassed:
				continue
			case auditdesign.StateRejected:
				v.ok(t, "POST", base+"/"+r.ID.String()+"/revoke", map[string]any{"comment": "已按意见修改"}, nil)
				fallthrough
			case auditdesign.StateWaiting:
				v.ok(t, "POST", base+"/claim", idsOf(r), nil)
			}
			if got, _ := v.orders.Get(v.ctx, o.ID); got.Status != salesorder.StatusInReview {
				t.Fatalf("order moved before its last pass: %d", got.Status)
			}
			v.ok(t, "POST", base+"/pass", idsOf(r), nil)
			if got, _ := v.orders.Get(v.ctx, o.ID); i < len(rows)-1 && got.Status != salesorder.StatusInReview {
				t.Fatalf("order moved before its last pass: %d", got.Status)
			}
		}
		got, _ := v.orders.Get(v.ctx, o.ID)
		if got.Status != salesorder.StatusConfirmed {
			t.Fatalf("order after every pass: %d", got.Status)
		}
		logs, _ := v.orders.StatusLogs(v.ctx, o.ID)
		last := logs[len(logs)-1]
		if last.Action != salesorder.ActionConfirm || last.Comment != "Every design sheet passed" || last.UserName == "" {
			t.Fatalf("last status log = %+v", last)
		}

		d := v.draft(t)
		plan, _ := v.plan(t, 1)
		v.ok(t, "PUT", "/api/app/salesorder/design-id/"+d.ID.String(), map[string]any{"designId": plan.DesignID}, nil)
		v.ok(t, "DELETE", "/api/app/salesorder/design-id/"+d.ID.String(), nil, nil)
		if n := len(v.sheets(t, d.ID)); n != 0 {
			t.Fatalf("cancel left %d sheets", n)
		}
		got, _ = v.orders.Get(v.ctx, d.ID)
		if got.DesginID != "" {
			t.Fatalf("cancel left desginId %q", got.DesginID)
		}
		v.refused(t, "DELETE", "/api/app/salesorder/design-id/"+d.ID.String(), nil, "no design scheme")
		v.ok(t, "PUT", "/api/app/salesorder/design-id/"+d.ID.String(), map[string]any{"designId": plan.DesignID}, nil)
		v.ok(t, "DELETE", "/api/app/salesorder/"+d.ID.String(), nil, nil)
		var l sheetList
		v.ok(t, "GET", base+"?salesOrderNo="+d.SalesOrderID, nil, &l)
		if l.TotalCount != 0 {
			t.Fatalf("a deleted draft left %d sheets", l.TotalCount)
		}
	})
}

// TestTheOrderCallsKeepTheirPermissionsAndTenant: the sales clerk may choose a scheme but not
// review; the host's admin does not reach the demo tenant's order.
func TestTheOrderCallsKeepTheirPermissionsAndTenant(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := newEnv(t, e)
		o := v.draft(t)
		plan, _ := v.plan(t, 1)
		oid := o.ID.String()
		host := e.Token(t, "admin", pw, "")
		if res := v.call(t, "PUT", "/api/app/salesorder/design-id/"+oid, host, map[string]any{"designId": plan.DesignID}); res.Status != http.StatusNotFound {
			t.Fatalf("host admin on a demo order: %d %s", res.Status, res.Body)
		}
		clerk := e.Token(t, "sales", pw, "demo")
		if res := v.call(t, "PUT", "/api/app/salesorder/design-id/"+oid, clerk, map[string]any{"designId": plan.DesignID}); res.Status != http.StatusOK {
			t.Fatalf("the clerk chooses a scheme: %d %s", res.Status, res.Body)
		}
		rows := v.sheets(t, o.ID)
		for _, c := range []struct{ method, path string }{
			{"POST", base + "/claim"}, {"POST", base + "/generate-quotation"}, {"POST", base + "/batch-download"},
			{"GET", base + "?salesOrderId=" + oid}, {"GET", base + "/download-attachment?salesOrderId=" + oid},
		} {
			if res := v.call(t, c.method, c.path, clerk, idsOf(rows...)); res.Status != http.StatusForbidden {
				t.Fatalf("clerk %s %s: %d", c.method, c.path, res.Status)
			}
			if res := v.call(t, c.method, c.path, host, idsOf(rows...)); res.Status == http.StatusOK && c.method == "POST" {
				t.Fatalf("host admin %s %s on demo sheets: 200", c.method, c.path)
			}
		}
		if res := v.call(t, "GET", base+"?salesOrderId="+oid, host, nil); !strings.Contains(string(res.Body), `"totalCount":0`) {
			t.Fatalf("host admin lists demo sheets: %s", res.Body)
		}
	})
}
