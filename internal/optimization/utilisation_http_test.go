package optimization_test

import (
	"context"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
)

// runFiles uploads cut lists, runs them together to the end and answers the finished run and
// the files' ids by name.
func runFiles(t *testing.T, e *apptest.Env, token, setting string, lists map[string][][]any, order ...string) (optimization.Run, map[string]string) {
	t.Helper()
	ids := map[string]string{}
	var list []string
	for _, name := range order {
		var f optimization.ImportFile
		res := upload(t, e, token, setting, name, cutListXLSX(t, lists[name]))
		if res.Status != 200 {
			t.Fatalf("upload %s: %d %s", name, res.Status, res.Body)
		}
		res.JSON(t, &f)
		ids[name] = f.ID.String()
		list = append(list, f.ID.String())
	}
	var run optimization.Run
	res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/optimization", Token: token,
		JSON: map[string]any{"importFileIds": list}})
	if res.Status != 200 {
		t.Fatalf("start: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &run)
	if seen := waitRun(t, e, token, run.ID.String()); seen[len(seen)-1].Status != optimization.RunFinished {
		t.Fatalf("run %s ended %+v", run.PlanNo, seen[len(seen)-1])
	}
	var runs runList
	e.Get(t, "/api/optimization/import-files/solutions?planNo="+run.PlanNo, token).JSON(t, &runs)
	if len(runs.Items) != 1 {
		t.Fatalf("run %s listed %+v", run.PlanNo, runs)
	}
	return runs.Items[0], ids
}

// area answers the m² of rows without banding (cut size = finished size).
func area(rows [][]any) float64 {
	s := 0.0
	for _, r := range rows {
		s += float64(r[6].(int)*r[7].(int)*r[8].(int)) / 1e6
	}
	return s
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestUtilisationFiguresPerFileAddUpToTheirRuns: a file cut alone has its run's figures; two
// files cut together share their run's boards by their own parts' area and add up to it; the
// period and the material select; the list pages, sorts and totals; the detail splits by
// material and board and lists the runs; permission and tenant are checked.
func TestUtilisationFiguresPerFileAddUpToTheirRuns(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		setting := defaultSetting(t, e, admin)
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		row := func(order, part, material string, thick, l, w, n int) []any {
			return []any{order, "柜", part, "", material, thick, l, w, n, 0, 0, 0, 0, 0, ""}
		}
		lists := map[string][][]any{
			"alone.xlsx": {row("SO1", "侧板", "PB18-WW", 18, 720, 560, 6), row("SO1", "顶板", "PB18-WW", 18, 764, 560, 3)},
			// b and c share a part that is the same in both (order, cabinet, name, size): it is
			// the same part, attributed by count in file order.
			"b.xlsx": {row("SO2", "侧板", "PB18-WW", 18, 2000, 580, 4), row("SO9", "隔板", "PB18-WW", 18, 500, 300, 2)},
			"c.xlsx": {row("SO3", "门板", "PB18-WW", 18, 700, 400, 5), row("SO9", "隔板", "PB18-WW", 18, 500, 300, 3),
				row("SO3", "背板", "HDF5-W", 5, 1200, 800, 2)},
		}
		alone, ids := runFiles(t, e, admin, setting, lists, "alone.xlsx")
		shared, more := runFiles(t, e, admin, setting, lists, "b.xlsx", "c.xlsx")
		for k, v := range more {
			ids[k] = v
		}

		var by optimization.ByFileUtilisation
		if r := e.Get(t, "/api/optimization/import-files/utilization/by-file", admin); r.Status != 200 {
			t.Fatalf("by-file: %d %s", r.Status, r.Body)
		} else {
			r.JSON(t, &by)
		}
		if len(by.Items) != 3 || by.Items[0].FileName != "alone.xlsx" {
			t.Fatalf("by-file items %+v", by.Items)
		}
		got := map[string]optimization.FileUtilisation{}
		for _, it := range by.Items {
			got[it.FileName] = it
		}
		a := got["alone.xlsx"]
		if a.RunID != alone.ID || a.RunFiles != 1 || a.Boards != float64(alone.Boards) || a.BoardsUsed != alone.Boards ||
			a.PartsArea != alone.PartsArea || a.BoardsArea != alone.BoardsArea || a.Utilisation != alone.Utilisation ||
			a.WastePct != alone.WastePct || a.Pieces != alone.Parts || a.OffcutsArea != alone.OffcutsArea {
			t.Fatalf("a file cut alone has its run's figures: %+v, run %+v", a.UtilisationFigures, alone.Figures)
		}
		b, c := got["b.xlsx"], got["c.xlsx"]
		if !near(b.PartsArea, area(lists["b.xlsx"]), 0.0005) || !near(c.PartsArea, area(lists["c.xlsx"]), 0.0005) {
			t.Fatalf("parts area from the files' own parts: b %v (want %v), c %v (want %v)", b.PartsArea, area(lists["b.xlsx"]),
				c.PartsArea, area(lists["c.xlsx"]))
		}
		if b.Pieces != 6 || c.Pieces != 10 || b.RunFiles != 2 || b.RunID != shared.ID {
			t.Fatalf("pieces b %d c %d, run files %d", b.Pieces, c.Pieces, b.RunFiles)
		}
		if !near(b.BoardsArea+c.BoardsArea, shared.BoardsArea, 0.0015) || !near(b.Boards+c.Boards, float64(shared.Boards), 0.015) ||
			!near(b.PartsArea+c.PartsArea, shared.PartsArea, 0.0015) || !near(b.OffcutsArea+c.OffcutsArea, shared.OffcutsArea, 0.0015) {
			t.Fatalf("shares add up to the run: b %+v c %+v run %+v", b.UtilisationFigures, c.UtilisationFigures, shared.Figures)
		}
		if !near(b.Utilisation, 100*b.PartsArea/b.BoardsArea, 0.05) || b.Utilisation <= 0 || b.Utilisation > 100 {
			t.Fatalf("b's utilisation %v of %v / %v", b.Utilisation, b.PartsArea, b.BoardsArea)
		}
		if !near(by.Total.PartsArea, a.PartsArea+b.PartsArea+c.PartsArea, 0.0015) || by.Total.Pieces != a.Pieces+16 {
			t.Fatalf("total %+v", by.Total)
		}
		if strings.Join(by.Materials, ",") != "HDF5-W,PB18-WW" {
			t.Fatalf("materials %v", by.Materials)
		}

		// the material: only c has HDF5-W, with only those boards
		var hdf optimization.ByFileUtilisation
		e.Get(t, "/api/optimization/import-files/utilization/by-file?materialCode=hdf5-w", admin).JSON(t, &hdf)
		if len(hdf.Items) != 1 || hdf.Items[0].FileName != "c.xlsx" || hdf.Items[0].Pieces != 2 ||
			!near(hdf.Items[0].PartsArea, 2*1.2*0.8, 0.0005) || hdf.Items[0].RunFiles != 2 {
			t.Fatalf("HDF5-W: %+v", hdf.Items)
		}

		// the period: the runs finished today (UTC)
		today := time.Now().UTC()
		day := func(d time.Time) string { return d.Format(time.DateOnly) }
		for _, c := range []struct {
			query string
			want  int
		}{
			{"from=" + day(today) + "&to=" + day(today), 3},
			{"from=" + day(today.AddDate(0, 0, 1)), 0},
			{"to=" + day(today.AddDate(0, 0, -1)), 0},
		} {
			var p optimization.ByFileUtilisation
			e.Get(t, "/api/optimization/import-files/utilization/by-file?"+c.query, admin).JSON(t, &p)
			if len(p.Items) != c.want {
				t.Fatalf("%s: %d files, want %d", c.query, len(p.Items), c.want)
			}
		}
		if r := e.Do(t, apptest.Request{Method: "GET", Path: "/api/optimization/import-files/utilization/by-file?from=yesterday", Token: admin,
			Header: http.Header{"Accept-Language": {"en"}}}); r.Status != 400 || !strings.Contains(string(r.Body), "from has an invalid value") {
			t.Fatalf("a bad date: %d %s", r.Status, r.Body)
		}

		// the list: pages, sorts, totals of every matching file
		var page optimization.FileUtilisationPage
		e.Get(t, "/api/optimization/import-files/utilization/files?sorting=utilisation%20asc&maxResultCount=2", admin).JSON(t, &page)
		if page.TotalCount != 3 || len(page.Items) != 2 || page.Items[0].Utilisation > page.Items[1].Utilisation {
			t.Fatalf("page 1: %+v", page)
		}
		if !near(page.Totals.PartsArea, a.PartsArea+b.PartsArea+c.PartsArea, 0.0015) || page.Totals.Pieces != a.Pieces+16 {
			t.Fatalf("totals %+v", page.Totals)
		}
		first := append([]optimization.FileUtilisation{}, page.Items...)
		page = optimization.FileUtilisationPage{}
		e.Get(t, "/api/optimization/import-files/utilization/files?sorting=utilisation%20asc&maxResultCount=2&skipCount=2", admin).JSON(t, &page)
		if len(page.Items) != 1 || page.Items[0].Utilisation < first[1].Utilisation || page.Items[0].ImportFileID == first[0].ImportFileID {
			t.Fatalf("page 2: %+v after %+v", page.Items, first)
		}
		page = optimization.FileUtilisationPage{}
		e.Get(t, "/api/optimization/import-files/utilization/files?filter=ALONE", admin).JSON(t, &page)
		if page.TotalCount != 1 || page.Items[0].FileName != "alone.xlsx" || page.Totals.PartsArea != a.PartsArea {
			t.Fatalf("file name filter: %+v", page)
		}
		page = optimization.FileUtilisationPage{}
		e.Get(t, "/api/optimization/import-files/utilization/files?sorting=fileName%20desc", admin).JSON(t, &page)
		if len(page.Items) != 3 || page.Items[0].FileName != "c.xlsx" || page.Items[2].FileName != "alone.xlsx" {
			t.Fatalf("by name desc: %+v", page.Items)
		}
		if r := e.Get(t, "/api/optimization/import-files/utilization/files?sorting=creator_id", admin); r.Status != 400 {
			t.Fatalf("sorting off the list: %d", r.Status)
		}

		// the detail: by material and board, the runs
		var d optimization.FileUtilisationDetail
		e.Get(t, "/api/optimization/import-files/utilization/files/"+ids["alone.xlsx"], admin).JSON(t, &d)
		if d.RunID == nil || *d.RunID != alone.ID || d.Figures != a.UtilisationFigures || len(d.Materials) != 1 ||
			d.Materials[0].MaterialCode != "PB18-WW" || len(d.Boards) != alone.Boards || len(d.Runs) != 1 ||
			d.Runs[0].Figures == nil || d.Runs[0].RunFigures.Boards != alone.Boards {
			t.Fatalf("detail of alone: %+v", d)
		}
		for _, bd := range d.Boards {
			if bd.Share != 100 || bd.Utilisation <= 0 || bd.Utilisation > 100 {
				t.Fatalf("a board of a file cut alone: %+v", bd)
			}
		}
		d = optimization.FileUtilisationDetail{}
		e.Get(t, "/api/optimization/import-files/utilization/files/"+ids["c.xlsx"], admin).JSON(t, &d)
		if d.RunFiles != 2 || len(d.Materials) != 2 || d.Figures.Pieces != 10 || d.FilePieces != 10 || !near(d.Figures.PartsArea, c.PartsArea, 0.0005) {
			t.Fatalf("detail of c: %+v", d)
		}
		pieces := 0
		for _, bd := range d.Boards {
			pieces += bd.Pieces
			if bd.Share <= 0 || bd.Share > 100 {
				t.Fatalf("c's share of board %d: %v", bd.Index, bd.Share)
			}
		}
		if pieces != 10 {
			t.Fatalf("c's pieces on its boards: %d", pieces)
		}
		if r := e.Get(t, "/api/optimization/import-files/utilization/files/"+ids["c.xlsx"]+"?runId="+alone.ID.String(), admin); r.Status != 404 {
			t.Fatalf("a run the file was not in: %d", r.Status)
		}
		// a file never run: no figures, no runs
		var nf optimization.ImportFile
		upload(t, e, admin, setting, "later.xlsx", cutListXLSX(t, lists["alone.xlsx"])).JSON(t, &nf)
		d = optimization.FileUtilisationDetail{}
		e.Get(t, "/api/optimization/import-files/utilization/files/"+nf.ID.String(), admin).JSON(t, &d)
		if d.RunID != nil || len(d.Runs) != 0 || d.Figures.Pieces != 0 || d.FileName != "later.xlsx" {
			t.Fatalf("a file never run: %+v", d)
		}

		// permission and tenant
		paths := []string{"/api/optimization/import-files/utilization/by-file", "/api/optimization/import-files/utilization/files",
			"/api/optimization/import-files/utilization/files/" + ids["b.xlsx"]}
		sales := e.Token(t, "sales", pw, "demo")
		for _, p := range paths {
			if r := e.Get(t, p, ""); r.Status != 401 {
				t.Fatalf("anonymous %s: %d", p, r.Status)
			}
			if r := e.Get(t, p, sales); r.Status != 403 {
				t.Fatalf("sales %s: %d", p, r.Status)
			}
		}
		host := e.Token(t, "admin", pw, "")
		if r := e.Get(t, paths[2], host); r.Status != 404 {
			t.Fatalf("the host reads a demo file's figures: %d", r.Status)
		}
		var hostBy optimization.ByFileUtilisation
		e.Get(t, paths[0], host).JSON(t, &hostBy)
		var hostPage optimization.FileUtilisationPage
		e.Get(t, paths[1], host).JSON(t, &hostPage)
		if len(hostBy.Items) != 0 || hostPage.TotalCount != 0 || hostPage.Totals.PartsArea != 0 {
			t.Fatalf("the host sees the demo's files: %+v %+v", hostBy, hostPage)
		}
	})
}
