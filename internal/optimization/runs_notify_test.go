package optimization_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
)

type notification struct {
	Name, Title, Message, Description string
	Severity                          int
}

// TestARunsStarterIsToldItFinished: the starter of a run finds one notification of its end in
// their list, with its figures (a failed run: runs_notify_internal_test.go).
func TestARunsStarterIsToldItFinished(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo")
		setting := defaultSetting(t, e, admin)
		start := func(name string, rows [][]any) optimization.Run {
			t.Helper()
			var f optimization.ImportFile
			upload(t, e, admin, setting, name, cutListXLSX(t, rows)).JSON(t, &f)
			res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/optimization/import-files/optimization", Token: admin,
				JSON: map[string]any{"importFileIds": []string{f.ID.String()}}, Header: http.Header{"Accept-Language": {"en"}}})
			if res.Status != http.StatusOK {
				t.Fatalf("start: %d %s", res.Status, res.Body)
			}
			var r optimization.Run
			res.JSON(t, &r)
			return r
		}
		mine := func() []notification {
			t.Helper()
			var p struct{ Items []notification }
			e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/my-notifilers?maxResultCount=100", Token: admin,
				Header: http.Header{"Accept-Language": {"en"}}}).JSON(t, &p)
			var out []notification
			for _, n := range p.Items {
				if strings.HasPrefix(n.Name, "Kerf.Optimization.") {
					out = append(out, n)
				}
			}
			return out
		}
		ok := start("ok.xlsx", [][]any{{"SO1", "地柜", "侧板", "P1", "PB18-WW", 18, 720, 560, 2, 0, 1, 1, 0, 0, ""}})
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		done := waitRun(t, e, admin, ok.ID.String())
		if done[len(done)-1].Status != optimization.RunFinished {
			t.Fatalf("the run ended %d", done[len(done)-1].Status)
		}
		got := mine()
		if len(got) != 1 {
			t.Fatalf("notifications %+v, want one", got)
		}
		fin := got[0]
		if fin.Name != optimization.NotifyRunFinished || fin.Title != "Optimisation run finished" || !strings.HasPrefix(fin.Message, "Optimisation run "+ok.PlanNo+" has finished: 1 boards, utilisation ") || fin.Severity != 0 {
			t.Fatalf("finished: %+v", fin)
		}
	})
}
