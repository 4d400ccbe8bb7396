package optimization_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
)

type runList struct {
	Items      []optimization.Run
	TotalCount int
}

// waitRun polls the progress call until the run ends, and answers every progress it saw.
func waitRun(t *testing.T, e *apptest.Env, token, id string) []optimization.RunProgress {
	t.Helper()
	var seen []optimization.RunProgress
	until := time.Now().Add(90 * time.Second)
	for time.Now().Before(until) {
		var p struct{ Items []optimization.RunProgress }
		e.Get(t, "/api/optimization/import-files/progress?ids="+id, token).JSON(t, &p)
		if len(p.Items) != 1 {
			t.Fatalf("progress %+v", p)
		}
		seen = append(seen, p.Items[0])
		if p.Items[0].Status >= optimization.RunFinished {
			return seen
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("run %s did not end: %+v", id, seen[len(seen)-1])
	return nil
}

// TestARunIsQueuedCutAndItsResultLabelsEveryPart: upload, run through the job queue, progress to
// 100 %, the solution's figures, the result JSON with a label per part copy; a file with problems
// refuses the run; a queued run is cancelled.
func TestARunIsQueuedCutAndItsResultLabelsEveryPart(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		setting := defaultSetting(t, e, admin)
		var rows [][]any
		for i := 0; i < 12; i++ {
			rows = append(rows, []any{"SO1", "地柜", "侧板", "P1", "PB18-WW", 18, 720, 560 - i, 2, 0, 1, 1, 0, 0, ""})
		}
		rows = append(rows, []any{"SO2", "衣柜", "门板", "P2", "PB18-WW", 18, 2000, 450, 2, 1, 2, 2, 2, 2, ""})
		res := upload(t, e, admin, setting, "batch.xlsx", cutListXLSX(t, rows))
		var f optimization.ImportFile
		res.JSON(t, &f)

		// a queued run can be cancelled before any worker takes it
		var queued optimization.Run
		start := func(body any) *apptest.Response {
			return e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/optimization", Token: admin, JSON: body,
				Header: http.Header{"Accept-Language": {"en"}}})
		}
		res = start(map[string]any{"importFileIds": []string{f.ID.String()}})
		if res.Status != 200 {
			t.Fatalf("start: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &queued)
		if queued.Status != optimization.RunQueued || !strings.HasPrefix(queued.PlanNo, "OP") || queued.Pieces != 26 {
			t.Fatalf("queued %+v", queued)
		}
		var cancelled optimization.Run
		e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/solutions/" + queued.ID.String() + "/cancel", Token: admin}).JSON(t, &cancelled)
		if cancelled.Status != optimization.RunCancelled {
			t.Fatalf("cancelled %+v", cancelled)
		}

		var run optimization.Run
		start(map[string]any{"importFileIds": []string{f.ID.String()}}).JSON(t, &run)
		if run.PlanNo == queued.PlanNo {
			t.Fatalf("two runs numbered %s", run.PlanNo)
		}
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		seen := waitRun(t, e, admin, run.ID.String())
		last := seen[len(seen)-1]
		if last.Status != optimization.RunFinished || last.Percent != 100 || last.Boards < 2 || last.LowerBound < 1 {
			t.Fatalf("last progress %+v", last)
		}
		var list runList
		e.Get(t, "/api/optimization/import-files/solutions?status=2", admin).JSON(t, &list)
		if list.TotalCount != 1 || list.Items[0].ID != run.ID {
			t.Fatalf("finished runs %+v", list)
		}
		got := list.Items[0]
		if got.Parts != 26 || got.Boards != last.Boards || got.Utilisation <= 0 || got.Cycles < 1 || got.SawSeconds <= 0 || got.FinishedAt == nil {
			t.Fatalf("figures %+v", got.Figures)
		}
		res = e.Get(t, "/api/optimization/import-files/download/"+run.ID.String()+"/json", admin)
		var result optimization.RunResult
		if res.Status != 200 || json.Unmarshal(res.Body, &result) != nil {
			t.Fatalf("json: %d %.200s", res.Status, res.Body)
		}
		labels := map[string]bool{}
		for _, sh := range result.Sheets {
			for _, p := range sh.Parts {
				labels[p.LabelCode] = true
				if p.Name == "门板" && (p.CutLength != 1998 || p.CutWidth != 448 || p.Rotated) {
					t.Fatalf("door placed %+v", p)
				}
			}
		}
		if len(labels) != 26 || result.PlanNo != run.PlanNo || result.Figures.Boards != got.Boards {
			t.Fatalf("result: %d labels, %+v", len(labels), result.Figures)
		}
		// the saw kanban: every board in a channel, moved one column at a time
		var ch struct{ Items []optimization.Channel }
		e.Get(t, "/api/optimization/import-files/"+run.ID.String()+"/channels", admin).JSON(t, &ch)
		n := 0
		for _, c := range ch.Items {
			n += len(c.Boards)
		}
		if n != got.Boards || len(ch.Items) < 1 || ch.Items[0].Boards[0].State != optimization.BoardWaiting {
			t.Fatalf("channels %+v for %d boards", ch.Items, got.Boards)
		}
		b := ch.Items[0].Boards[0]
		move := func(state int) *apptest.Response {
			return e.Do(t, apptest.Request{Method: "PUT", Path: "/api/optimization/import-files/" + run.ID.String() + "/channels/" + b.ID.String(),
				Token: admin, JSON: map[string]any{"state": state}, Header: http.Header{"Accept-Language": {"en"}}})
		}
		if r := move(optimization.BoardDone); r.Status != 400 || !strings.Contains(r.ErrorMessage(t), "one column") {
			t.Fatalf("skip a column: %d %s", r.Status, r.Body)
		}
		var moved optimization.RunBoard
		move(optimization.BoardCutting).JSON(t, &moved)
		if moved.State != optimization.BoardCutting || moved.MovedBy != "admin" || moved.MovedAt == nil {
			t.Fatalf("moved %+v", moved)
		}
		// the download: a drawing per pattern, the cut list, the result
		res = e.Get(t, "/api/optimization/import-files/solutions/"+run.ID.String()+"/download", admin)
		zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
		if res.Status != 200 || err != nil {
			t.Fatalf("download: %d %v", res.Status, err)
		}
		svgs, csvLines := 0, 0
		for _, zf := range zr.File {
			rc, _ := zf.Open()
			body, _ := io.ReadAll(rc)
			rc.Close()
			switch {
			case strings.HasSuffix(zf.Name, ".svg"):
				svgs++
				if !strings.Contains(string(body), "<svg") {
					t.Fatalf("%s is no drawing", zf.Name)
				}
			case zf.Name == "parts.csv":
				csvLines = strings.Count(string(body), "\n")
			}
		}
		if svgs != len(result.Patterns) || csvLines != 27 {
			t.Fatalf("zip: %d drawings for %d patterns, %d csv lines", svgs, len(result.Patterns), csvLines)
		}
		// the solutions export: the finished run, in the caller's language
		res = e.Get(t, "/api/optimization/import-files/solutions/excel", admin)
		book, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if res.Status != 200 || err != nil {
			t.Fatalf("excel: %d %v", res.Status, err)
		}
		xr, _ := book.GetRows(book.GetSheetList()[0])
		if len(xr) != 2 || xr[0][0] != "方案号" || xr[1][0] != run.PlanNo {
			t.Fatalf("excel rows %v", xr)
		}

		var files struct{ Items []optimization.ImportFile }
		e.Get(t, "/api/optimization/import-files", admin).JSON(t, &files)
		if files.Items[0].Status != optimization.ImportOptimised {
			t.Fatalf("import file %+v", files.Items[0])
		}

		// problems refuse a run and name the file
		bad := upload(t, e, admin, setting, "bad.xlsx", cutListXLSX(t, [][]any{{"SO3", "柜", "侧板", "", "NOPE", 18, 720, 560, 1, 0, 0, 0, 0, 0, ""}}))
		var bf optimization.ImportFile
		bad.JSON(t, &bf)
		res = start(map[string]any{"importFileIds": []string{bf.ID.String()}})
		if res.Status != 400 || !strings.Contains(res.ErrorMessage(t), "bad.xlsx") || !strings.Contains(res.ErrorMessage(t), "NOPE") {
			t.Fatalf("bad run: %d %s", res.Status, res.Body)
		}
		if r := e.Get(t, "/api/optimization/import-files/download/"+cancelled.ID.String()+"/json", admin); r.Status != 400 {
			t.Fatalf("json of a cancelled run: %d", r.Status)
		}
		sales := e.Token(t, "sales", pw, "demo")
		if r := start(map[string]any{"importFileIds": []string{f.ID.String()}}); r.Status != 200 {
			t.Fatalf("admin again: %d", r.Status)
		}
		if r := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/optimization", Token: sales,
			JSON: map[string]any{"importFileIds": []string{f.ID.String()}}}); r.Status != 403 {
			t.Fatalf("sales starts a run: %d", r.Status)
		}
	})
}
