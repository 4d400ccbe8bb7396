package optimization

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/notifications"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
	"kerf/internal/warehouse"
)

type recordedNotes struct {
	mu  sync.Mutex
	got []notifications.Notification
}

func (r *recordedNotes) PublishTx(ctx context.Context, _ bun.IDB, n notifications.Notification) error {
	db.AfterCommit(ctx, func() { r.mu.Lock(); r.got = append(r.got, n); r.mu.Unlock() })
	return nil
}

// TestAFailedRunTellsItsStarterOnceAndACancelledOneNobody: a run ending failed tells the user
// who started it, with the reason, in the transaction that records the end; a cancelled one
// tells nobody.
func TestAFailedRunTellsItsStarterOnceAndACancelledOneNobody(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if err := d.Migrate(context.Background(), append(warehouse.New(warehouse.Deps{DB: d}).Migrations(), (&Module{}).Migrations()...)); err != nil {
			t.Fatal(err)
		}
		cat := localization.NewCatalog()
		cat.Add(notifyTexts)
		rec := &recordedNotes{}
		s := NewService(Deps{DB: d, Catalog: cat, Notifier: rec})
		ctx := matCtx(uuid.New())
		starter := *auth.UserID(ctx)
		newRun := func(planNo string) *Run {
			r := &Run{PlanNo: planNo, Parameters: "{}", Machine: "{}"}
			if err := db.Insert(ctx, d, r); err != nil {
				t.Fatal(err)
			}
			return r
		}
		if err := s.endRun(ctx, newRun("OP20261128001"), RunFailed, "part does not fit any board"); err != nil {
			t.Fatal(err)
		}
		if err := s.endRun(ctx, newRun("OP20261128002"), RunCancelled, ""); err != nil {
			t.Fatal(err)
		}
		if len(rec.got) != 1 {
			t.Fatalf("published %+v, want one", rec.got)
		}
		n := rec.got[0]
		if n.Name != NotifyRunFailed || len(n.Users) != 1 || n.Users[0] != starter || n.Severity != notifications.Error ||
			n.Message.En != "Optimisation run OP20261128001 failed" || n.Message.ZhHans != "优化任务 OP20261128001 失败" ||
			n.Description.En != "part does not fit any board" {
			t.Fatalf("published %+v", n)
		}
	})
}
