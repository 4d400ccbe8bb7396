package optimization_test

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/optimization"
)

type push struct {
	hub, method string
	users       []uuid.UUID
	progress    optimization.RunProgress
}

type recordedPushes struct {
	mu  sync.Mutex
	got []push
}

func (r *recordedPushes) ToUsers(_ context.Context, hub, method string, users []uuid.UUID, args ...any) error {
	p := push{hub: hub, method: method, users: users}
	if len(args) == 1 {
		p.progress, _ = args[0].(optimization.RunProgress)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, p)
	return nil
}

func (r *recordedPushes) all() []push {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]push(nil), r.got...)
}

// TestARunsProgressIsPushedToItsStarter: a run worked through the job queue pushes its
// progress, in the progress call's shape, to the user who started it on the notifications
// hub: running from 0 %, rising, and last finished at 100 % as the progress call then answers.
func TestARunsProgressIsPushedToItsStarter(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		rec := &recordedPushes{}
		for _, m := range e.App.Modules {
			if om, ok := m.(*optimization.Module); ok {
				om.SetProgressPusher(rec)
			}
		}
		admin := e.Token(t, "admin", pw, "demo")
		starter := e.UserID(t, "admin", "demo")
		setting := defaultSetting(t, e, admin)
		var rows [][]any
		for i := 0; i < 12; i++ {
			rows = append(rows, []any{"SO1", "地柜", "侧板", "P1", "PB18-WW", 18, 720, 560 - i, 2, 0, 1, 1, 0, 0, ""})
		}
		var f optimization.ImportFile
		upload(t, e, admin, setting, "live.xlsx", cutListXLSX(t, rows)).JSON(t, &f)
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/optimization/import-files/optimization", Token: admin,
			JSON: map[string]any{"importFileIds": []string{f.ID.String()}}})
		if res.Status != http.StatusOK {
			t.Fatalf("start: %d %s", res.Status, res.Body)
		}
		var run optimization.Run
		res.JSON(t, &run)
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		seen := waitRun(t, e, admin, run.ID.String())
		final := seen[len(seen)-1]
		if final.Status != optimization.RunFinished {
			t.Fatalf("the run ended %+v", final)
		}
		got := rec.all()
		if len(got) < 3 {
			t.Fatalf("pushes %+v, want the start, progress and the end", got)
		}
		for i, p := range got {
			if p.hub != "notifications" || p.method != "optimization-progress" || len(p.users) != 1 || p.users[0] != starter ||
				p.progress.ID != run.ID || p.progress.PlanNo != run.PlanNo {
				t.Fatalf("push %d: %+v", i, p)
			}
			if i > 0 && p.progress.Percent < got[i-1].progress.Percent {
				t.Fatalf("percent fell: %+v then %+v", got[i-1].progress, p.progress)
			}
		}
		if first := got[0].progress; first.Status != optimization.RunRunning || first.Percent != 0 {
			t.Fatalf("first push %+v, want running at 0 %%", first)
		}
		if last := got[len(got)-1].progress; last != final {
			t.Fatalf("last push %+v, want what the progress call answers %+v", last, final)
		}
	})
}
