package optimization_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
)

type mailItem struct {
	ID      string `json:"id"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	HTML    string `json:"html"`
}

// mailsQueued counts the e-mails queued so far (delivered or not).
func mailsQueued(t *testing.T, e *apptest.Env) int {
	t.Helper()
	var n int
	if err := e.App.DB.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM river_job WHERE kind = 'email.send'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAFinishedRunMailsItsStarterOnceAndACancelledOneNobody: the starter of a run hears by
// e-mail (in the language the run was started in) that it finished, with its figures and a
// link to its boards; a cancelled run sends nothing.
func TestAFinishedRunMailsItsStarterOnceAndACancelledOneNobody(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", pw, "demo") // admin@kerf.local
		setting := defaultSetting(t, e, admin)
		var rows [][]any
		for i := 0; i < 6; i++ {
			rows = append(rows, []any{"SO1", "地柜", "侧板", "P1", "PB18-WW", 18, 720, 560 - i, 2, 0, 1, 1, 0, 0, ""})
		}
		var f optimization.ImportFile
		upload(t, e, admin, setting, "mail.xlsx", cutListXLSX(t, rows)).JSON(t, &f)
		start := func() optimization.Run {
			t.Helper()
			res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/optimization/import-files/optimization", Token: admin,
				JSON: map[string]any{"importFileIds": []string{f.ID.String()}}, Header: http.Header{"Accept-Language": {"en"}}})
			if res.Status != http.StatusOK {
				t.Fatalf("start: %d %s", res.Status, res.Body)
			}
			var r optimization.Run
			res.JSON(t, &r)
			return r
		}
		cancelled := start()
		if res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/optimization/import-files/solutions/" + cancelled.ID.String() + "/cancel",
			Token: admin}); res.Status != http.StatusOK {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		run := start()
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		if last := waitRun(t, e, admin, run.ID.String()); last[len(last)-1].Status != optimization.RunFinished {
			t.Fatalf("the run did not finish: %+v", last[len(last)-1])
		}
		waitRun(t, e, admin, cancelled.ID.String())
		if n := mailsQueued(t, e); n != 1 {
			t.Fatalf("%d e-mails queued for a finished and a cancelled run, want 1", n)
		}
		var list runList
		e.Get(t, "/api/optimization/import-files/solutions?status=2", admin).JSON(t, &list)
		if list.TotalCount != 1 {
			t.Fatalf("finished runs: %+v", list)
		}
		got := list.Items[0]

		var box struct {
			Items      []mailItem
			TotalCount int
		}
		for until := time.Now().Add(60 * time.Second); box.TotalCount == 0 && time.Now().Before(until); time.Sleep(50 * time.Millisecond) {
			e.Get(t, "/api/setting-management/emailing/mailbox", admin).JSON(t, &box)
		}
		if box.TotalCount != 1 {
			t.Fatalf("the demo mailbox: %+v", box)
		}
		var m mailItem
		e.Get(t, "/api/setting-management/emailing/mailbox/"+box.Items[0].ID, admin).JSON(t, &m)
		want := []string{
			fmt.Sprintf("%d sheets, %.1f%% utilisation", got.Boards, got.Utilisation),
			`"` + run.PlanNo + `"`,
			"Hello 管理员",
			`href="` + e.App.Config.Public() + "/engineOptimization/solutions?run=" + run.ID.String() + `"`,
		}
		if m.To != "admin@kerf.local" || m.Subject != "Optimisation run "+run.PlanNo+" has finished" {
			t.Fatalf("the e-mail: %+v", m)
		}
		for _, w := range want {
			if !strings.Contains(strings.ReplaceAll(m.HTML, "&#34;", `"`), w) {
				t.Errorf("the e-mail does not say %q: %s", w, m.HTML)
			}
		}
	})
}
