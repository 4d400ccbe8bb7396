package optimization_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
)

// pages counts a PDF's pages (its /Type /Page objects, not the /Pages tree).
func pages(data []byte) int { return len(regexp.MustCompile(`/Type /Page[^s]`).FindAll(data, -1)) }

// TestAFinishedRunPrintsItsDiagramsAndLabels: the diagrams (a summary and a page per pattern),
// the labels on A4 sheets (24 a page) and on a roll (one a page), in the zip with the saw file;
// a bad layout, a run that has not finished, no login, no permission and another tenant are
// refused.
func TestAFinishedRunPrintsItsDiagramsAndLabels(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		var rows [][]any
		for i := 0; i < 10; i++ { // 50 part copies
			rows = append(rows, []any{"SO9", "地柜", "侧板", "P" + string(rune('A'+i)), "PB18-WW", 18, 700 - 10*i, 400, 5, 0, 1, 1, 0, 0, ""})
		}
		var f optimization.ImportFile
		upload(t, e, admin, defaultSetting(t, e, admin), "print.xlsx", cutListXLSX(t, rows)).JSON(t, &f)
		get := func(path, token, language string) *apptest.Response {
			return e.Do(t, apptest.Request{Method: "GET", Path: path, Token: token, Header: http.Header{"Accept-Language": {language}}})
		}
		start := func() optimization.Run {
			var run optimization.Run
			res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/optimization", Token: admin,
				JSON: map[string]any{"importFileIds": []string{f.ID.String()}}})
			if res.Status != 200 {
				t.Fatalf("start: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &run)
			return run
		}
		// a run that never finishes: cancelled while queued
		stopped := start()
		if r := e.Do(t, apptest.Request{Method: "POST", Path: "/api/optimization/import-files/solutions/" + stopped.ID.String() + "/cancel", Token: admin}); r.Status != 200 {
			t.Fatalf("cancel: %d", r.Status)
		}
		run := start()
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		if seen := waitRun(t, e, admin, run.ID.String()); seen[len(seen)-1].Status != optimization.RunFinished {
			t.Fatalf("run ended %+v", seen[len(seen)-1])
		}
		var result optimization.RunResult
		if err := json.Unmarshal(get("/api/optimization/import-files/download/"+run.ID.String()+"/json", admin, "en").Body, &result); err != nil {
			t.Fatal(err)
		}
		patterns := 0
		for _, p := range result.Patterns {
			if len(p.Sheets) > 0 {
				patterns++
			}
		}
		base := "/api/optimization/import-files/solutions/" + run.ID.String()
		pdfOf := func(path, name string, want int) []byte {
			t.Helper()
			for _, language := range []string{"zh-Hans", "en"} {
				res := get(path, admin, language)
				if res.Status != 200 || res.Header.Get("Content-Type") != "application/pdf" ||
					!strings.Contains(res.Header.Get("Content-Disposition"), run.PlanNo+"-"+name) || !bytes.HasPrefix(res.Body, []byte("%PDF-")) {
					t.Fatalf("%s (%s): %d %v %.100s", path, language, res.Status, res.Header, res.Body)
				}
				if got := pages(res.Body); got != want {
					t.Fatalf("%s (%s): %d pages, want %d", path, language, got, want)
				}
				if language == "en" {
					return res.Body
				}
			}
			return nil
		}
		pdfOf(base+"/diagrams", "diagrams.pdf", patterns+1)
		pdfOf(base+"/labels", "labels.pdf", 3)              // sheet by default: 50 labels, 24 a page
		pdfOf(base+"/labels?layout=sheet", "labels.pdf", 3) // the same, named
		roll := pdfOf(base+"/labels?layout=roll", "labels.pdf", 50)
		t.Logf("%d patterns; 50 labels on a roll: %d bytes", patterns, len(roll))

		// the zip carries them with the saw file
		res := get(base+"/download", admin, "en")
		zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
		if res.Status != 200 || err != nil {
			t.Fatalf("zip: %d %v", res.Status, err)
		}
		names := map[string]bool{}
		for _, zf := range zr.File {
			names[zf.Name] = true
		}
		for _, want := range []string{"diagrams.pdf", "labels.pdf", run.PlanNo + ".ptx", "parts.csv", run.PlanNo + ".json"} {
			if !names[want] {
				t.Fatalf("the zip has no %s: %v", want, names)
			}
		}

		// refusals
		for _, c := range []struct{ language, want string }{{"en", "sheet"}, {"zh-Hans", "标签版式"}} {
			r := get(base+"/labels?layout=a5", admin, c.language)
			if r.Status != 400 || !strings.Contains(string(r.Body), c.want) || !strings.Contains(string(r.Body), `"members":["layout"]`) {
				t.Fatalf("a bad layout (%s): %d %s", c.language, r.Status, r.Body)
			}
		}
		notFinished := get("/api/optimization/import-files/solutions/"+stopped.ID.String()+"/download", admin, "en")
		if notFinished.Status != 400 {
			t.Fatalf("the zip of a cancelled run: %d", notFinished.Status)
		}
		host := e.Token(t, "admin", pw, "")
		nobody := e.CreateUser(t, "demo", "noprint")
		for _, path := range []string{"/diagrams", "/labels", "/labels?layout=roll"} {
			r := get("/api/optimization/import-files/solutions/"+stopped.ID.String()+path, admin, "en")
			if r.Status != 400 || r.ErrorMessage(t) != notFinished.ErrorMessage(t) {
				t.Fatalf("%s of a cancelled run: %d %s", path, r.Status, r.Body)
			}
			for _, c := range []struct {
				who, token string
				want       int
			}{{"anonymous", "", 401}, {"without the download permission", nobody, 403}, {"another tenant", host, 404}} {
				if r := get(base+path, c.token, "en"); r.Status != c.want {
					t.Fatalf("%s %s: %d, want %d", c.who, path, r.Status, c.want)
				}
			}
		}
		if r := get("/api/optimization/import-files/solutions/not-an-id/diagrams", admin, "en"); r.Status != 400 {
			t.Fatalf("a bad id: %d", r.Status)
		}
	})
}
