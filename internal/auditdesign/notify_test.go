package auditdesign

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/notifications"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// notes records what the area publishes, once the caller's transaction commits.
type notes struct {
	mu  sync.Mutex
	got []notifications.Notification
}

func (n *notes) PublishTx(ctx context.Context, _ bun.IDB, v notifications.Notification) error {
	db.AfterCommit(ctx, func() { n.mu.Lock(); n.got = append(n.got, v); n.mu.Unlock() })
	return nil
}

func (n *notes) take() []notifications.Notification {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := n.got
	n.got = nil
	return out
}

// TestAssignSendBackRejectAndPassEachNotifyTheRightUserOnce drives the sheets through the
// area's HTTP calls: the assignee hears of an assignment, the order's creator of a send back,
// a reject and a pass, each exactly once, in both languages; nobody hears of their own act.
func TestAssignSendBackRejectAndPassEachNotifyTheRightUserOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		rec := &notes{}
		h.svc.notifier = rec
		h.svc.texts.Add(notifyTexts)
		tenant := uuid.New()
		creatorCtx := h.user(&tenant, "designer")
		lead := h.token(h.user(&tenant, "lead", allPerms...))
		revCtx := h.user(&tenant, "rev", PermRead, PermClaim, PermPass, PermSendBack, PermReject)
		rev := h.token(revCtx)
		sheets := h.sheets(t, creatorCtx, "SO7", 3)
		id := func(i int) string { return sheets[i].ID.String() }
		one := func(step string, to uuid.UUID, name, zh, en string) {
			t.Helper()
			got := rec.take()
			if len(got) != 1 || len(got[0].Users) != 1 || got[0].Users[0] != to || got[0].Name != name ||
				got[0].Message.ZhHans != zh || got[0].Message.En != en {
				t.Fatalf("%s published %+v, want one %s to %s: %q / %q", step, got, name, to, zh, en)
			}
		}
		call := func(path string, token string, body map[string]any) {
			t.Helper()
			if status, out := h.do(t, "POST", base+path, token, body); status != 200 {
				t.Fatalf("%s: %d %v", path, status, out)
			}
		}
		call("/"+id(0)+"/assign", lead, map[string]any{"userId": userID(revCtx).String()})
		one("assign", userID(revCtx), NotifyAssigned, "lead 把审核单“SO7/方案1”分配给了你", "lead assigned the review sheet “SO7/方案1” to you")
		call("/sendback", rev, map[string]any{"auditIds": []string{id(0)}})
		one("send back", userID(creatorCtx), NotifyReturned, "rev 退回了审核单“SO7/方案1”", "rev sent back the review sheet “SO7/方案1”")
		call("/claim", rev, map[string]any{"auditIds": []string{id(1), id(2)}})
		if got := rec.take(); len(got) != 0 {
			t.Fatalf("a claim told %+v", got)
		}
		call("/reject", rev, map[string]any{"auditIds": []string{id(1)}, "comment": "尺寸不对"})
		got := rec.take()
		if len(got) != 1 || got[0].Name != NotifyReturned || got[0].Users[0] != userID(creatorCtx) || got[0].Description.ZhHans != "尺寸不对" ||
			got[0].Severity != notifications.Warn {
			t.Fatalf("reject published %+v", got)
		}
		call("/pass", rev, map[string]any{"auditIds": []string{id(2)}})
		one("pass", userID(creatorCtx), NotifyPassed, "rev 通过了审核单“SO7/方案3”", "rev passed the review sheet “SO7/方案3”")
		// The lead assigns a sheet to themself: nobody is told.
		call("/"+id(0)+"/assign", lead, map[string]any{"userId": h.ver.by[lead].UserID.String()})
		if got := rec.take(); len(got) != 0 {
			t.Fatalf("assigning to oneself told %+v", got)
		}
	})
}
