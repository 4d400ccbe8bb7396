package optimization_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
)

const pw = "1q2w3E*"

// cutListXLSX writes rows under the demo cut list's header (A–O).
func cutListXLSX(t *testing.T, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	header := []any{"订单号", "柜体", "板件名称", "板件编码", "材料编码", "厚度", "长度", "宽度", "数量", "纹理", "上封边", "下封边", "左封边", "右封边", "备注"}
	for i, r := range append([][]any{header}, rows...) {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func upload(t *testing.T, e *apptest.Env, token, settingID, name string, data []byte) *apptest.Response {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("importFileSettingId", settingID)
	fw, _ := w.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = w.Close()
	return e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files", Token: token, Body: &body,
		ContentType: w.FormDataContentType(), Header: http.Header{"Accept-Language": {"en"}}})
}

// defaultSetting answers the demo's default cut-list setting's id.
func defaultSetting(t *testing.T, e *apptest.Env, token string) string {
	t.Helper()
	var all struct {
		Items []struct {
			ID        string `json:"id"`
			IsDefault bool   `json:"isDefault"`
		}
	}
	e.Get(t, "/api/optimization/import-file-settings/all", token).JSON(t, &all)
	for _, s := range all.Items {
		if s.IsDefault {
			return s.ID
		}
	}
	t.Fatalf("no default setting among %+v", all.Items)
	return ""
}

// TestACutListIsUploadedVerifiedAndDeleted: the demo's cut list setting reads an .xlsx; the
// verification names the rows that cannot be cut; a bad cell refuses the whole file.
func TestACutListIsUploadedVerifiedAndDeleted(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		setting := defaultSetting(t, e, admin)
		good := cutListXLSX(t, [][]any{
			{"SO1", "地柜", "侧板", "P1", "PB18-WW", 18, 720, 560, 2, 0, 1, 1, 0, 0, ""},
			{"SO1", "地柜", "门板", "P2", "PB18-WW", 18, 716, 396, 1, 1, 2, 2, 2, 2, "右开"},
			{"SO2", "衣柜", "背板", "P3", "HDF5-W", 5, 2000, 900, 1, 0, 0, 0, 0, 0, ""},
		})
		res := upload(t, e, admin, setting, "kitchen.xlsx", good)
		if res.Status != 200 {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		var f optimization.ImportFile
		res.JSON(t, &f)
		if f.Parts != 3 || f.Pieces != 4 || f.OrderNos != "SO1,SO2" || f.FileName != "kitchen.xlsx" {
			t.Fatalf("file %+v", f)
		}
		var rows struct {
			Items      []optimization.ImportFileDetail
			TotalCount int
		}
		e.Get(t, "/api/optimization/import-file-details?importFileId="+f.ID.String(), admin).JSON(t, &rows)
		if rows.TotalCount != 3 || rows.Items[1].PartName != "门板" || !rows.Items[1].Grain || rows.Items[1].EdgeLeft != 2 || rows.Items[1].RowNo != 3 {
			t.Fatalf("rows %+v", rows)
		}
		var v optimization.Verification
		e.Get(t, "/api/optimization/import-files/optimization/"+f.ID.String()+"/verification", admin).JSON(t, &v)
		if !v.OK || len(v.Problems) != 0 {
			t.Fatalf("verification %+v", v)
		}

		// a file whose rows cannot be cut: every problem with its row, in English
		bad := cutListXLSX(t, [][]any{
			{"SO3", "柜", "侧板", "", "NOPE", 18, 720, 560, 1, 0, 0, 0, 0, 0, ""},
			{"SO3", "柜", "长板", "", "PB18-WW", 18, 5000, 560, 1, 0, 0, 0, 0, 0, ""},
			{"SO3", "柜", "薄板", "", "PB18-WW", 25, 700, 560, 1, 0, 0, 0, 0, 0, ""},
		})
		res = upload(t, e, admin, setting, "bad.xlsx", bad)
		res.JSON(t, &f)
		e.Do(t, apptest.Request{Method: "GET", Path: "/api/optimization/import-files/optimization/" + f.ID.String() + "/verification",
			Token: admin, Header: http.Header{"Accept-Language": {"en"}}}).JSON(t, &v)
		if v.OK || len(v.Problems) != 3 || v.Problems[0].Row != 2 || !strings.Contains(v.Problems[0].Message, "NOPE") ||
			v.Problems[1].Kind != optimization.ProblemTooLarge || v.Problems[2].Kind != optimization.ProblemNoBoard {
			t.Fatalf("verification %+v", v)
		}

		// a bad cell: the file is refused and nothing is kept
		var before struct{ TotalCount int }
		e.Get(t, "/api/optimization/import-files", admin).JSON(t, &before)
		res = upload(t, e, admin, setting, "cells.xlsx", cutListXLSX(t, [][]any{{"SO4", "柜", "侧板", "", "PB18-WW", 18, "长", 560, 1, 0, 0, 0, 0, 0, ""}}))
		if res.Status != 400 || !strings.Contains(res.ErrorMessage(t), "1 errors") {
			t.Fatalf("bad cell: %d %s", res.Status, res.Body)
		}
		var after struct{ TotalCount int }
		e.Get(t, "/api/optimization/import-files", admin).JSON(t, &after)
		if after.TotalCount != before.TotalCount {
			t.Fatalf("a refused file was kept: %d → %d", before.TotalCount, after.TotalCount)
		}

		// permissions and tenant
		if r := upload(t, e, "", setting, "x.xlsx", good); r.Status != 401 {
			t.Fatalf("anonymous upload: %d", r.Status)
		}
		host := e.Token(t, "admin", pw, "")
		if r := e.Get(t, "/api/optimization/import-file-details?importFileId="+f.ID.String(), host); r.Status != 404 {
			t.Fatalf("host reads a demo file: %d", r.Status)
		}
		userToken := e.Token(t, "sales", pw, "demo")
		for _, c := range []struct{ method, path string }{
			{"GET", "/api/optimization/import-files"}, {"DELETE", "/api/optimization/import-files/" + f.ID.String()},
			{"GET", "/api/optimization/import-files/optimization/" + f.ID.String() + "/verification"},
		} {
			if r := e.Do(t, apptest.Request{Method: c.method, Path: c.path, Token: userToken}); r.Status != 403 {
				t.Fatalf("sales %s %s: %d", c.method, c.path, r.Status)
			}
		}
		if r := e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/optimization/import-files/" + f.ID.String(), Token: admin}); r.Status != 204 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if r := e.Get(t, "/api/optimization/import-file-details?importFileId="+f.ID.String(), admin); r.Status != 404 {
			t.Fatalf("a deleted file's rows: %d", r.Status)
		}
	})
}
