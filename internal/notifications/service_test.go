package notifications

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func TestAPublishedNotificationIsStoredForEachUserInTheirLanguageAndPushedOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, rec := newService(t, d)
		tenant := newTenant()
		ann, bob := uuid.New(), uuid.New()
		err := s.Publish(as(tenant, uuid.New(), localization.En), Notification{Name: kindPersistent, Users: []uuid.UUID{ann, bob, ann},
			Title: text("订单已确认", "Order confirmed"), Message: text("订单 SO1 已确认", "Order SO1 was confirmed"),
			Severity: Success, Data: map[string]any{"orderId": "x"}})
		if err != nil {
			t.Fatal(err)
		}
		zh, total := list(t, s, as(tenant, ann, localization.ZhHans), unread)
		if total != 1 || len(zh) != 1 || zh[0].Title != "订单已确认" || zh[0].Message != "订单 SO1 已确认" ||
			zh[0].State != UnRead || zh[0].Severity != Success || zh[0].Data["orderId"] != "x" || zh[0].TenantID == nil || *zh[0].TenantID != *tenant {
			t.Fatalf("ann (zh-Hans) sees %+v (total %d)", zh, total)
		}
		en, _ := list(t, s, as(tenant, bob, localization.En), unread)
		if len(en) != 1 || en[0].Title != "Order confirmed" || en[0].ID != zh[0].ID {
			t.Fatalf("bob (en) sees %+v", en)
		}
		sent := rec.all()
		if len(sent) != 1 || sent[0].hub != Hub || sent[0].method != MethodGetNotification || len(sent[0].users) != 2 {
			t.Fatalf("pushed %+v, want one get-notification to both users", sent)
		}
		if m := sent[0].msg; m.ID != zh[0].ID || m.Title != "Order confirmed" || m.Texts.Title.ZhHans != "订单已确认" || m.State != UnRead {
			t.Fatalf("pushed message %+v", m)
		}
	})
}

func TestUnsubscribedUsersAreSkippedAndResubscribingBringsThemBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, rec := newService(t, d)
		tenant := newTenant()
		ann, bob := uuid.New(), uuid.New()
		annCtx := as(tenant, ann, localization.ZhHans)
		if err := s.Unsubscribe(annCtx, kindPersistent); err != nil {
			t.Fatal(err)
		}
		if err := s.Unsubscribe(annCtx, kindPersistent); err != nil { // twice: still one opt-out
			t.Fatal(err)
		}
		subs := must[[]Subscription](t)(s.Subscriptions(annCtx))
		if len(subs) != 1 || subs[0].Name != kindOnlyOne {
			t.Fatalf("ann receives %v, want only %s", subs, kindOnlyOne)
		}
		publish := func() {
			t.Helper()
			if err := s.Publish(as(tenant, uuid.New(), localization.ZhHans), Notification{Name: kindPersistent, Users: []uuid.UUID{ann, bob},
				Title: text("标题", "Title")}); err != nil {
				t.Fatal(err)
			}
		}
		publish()
		if rows, _ := list(t, s, annCtx, unread); len(rows) != 0 {
			t.Fatalf("ann unsubscribed but got %+v", rows)
		}
		if rows, _ := list(t, s, as(tenant, bob, localization.ZhHans), unread); len(rows) != 1 {
			t.Fatalf("bob got %+v, want 1", rows)
		}
		if sent := rec.all(); len(sent) != 1 || len(sent[0].users) != 1 || sent[0].users[0] != bob {
			t.Fatalf("pushed %+v, want bob only", sent)
		}
		// Everyone unsubscribed: nothing stored, nothing pushed.
		if err := s.Publish(annCtx, Notification{Name: kindPersistent, Users: []uuid.UUID{ann}}); err != nil {
			t.Fatal(err)
		}
		if len(rec.all()) != 1 {
			t.Fatal("a notification nobody receives was pushed")
		}
		if err := s.Subscribe(annCtx, kindPersistent); err != nil {
			t.Fatal(err)
		}
		publish()
		if rows, _ := list(t, s, annCtx, unread); len(rows) != 1 {
			t.Fatalf("ann subscribed again but got %+v", rows)
		}
	})
}

func TestTheBroadcastReachesUnsubscribedUsersToo(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ann := uuid.New()
		s, _ := newService(t, d, ann)
		tenant := newTenant()
		ctx := as(tenant, ann, localization.ZhHans)
		fields(t, s.Unsubscribe(ctx, Broadcast)) // not subscribable: refused
		n := must[int](t)(s.SendBroadcast(ctx, BroadcastInput{Title: " 停机维护 ", Message: "今晚 22:00", Severity: Warn}))
		rows, _ := list(t, s, ctx, unread)
		if n != 1 || len(rows) != 1 || rows[0].Title != "停机维护" || rows[0].Name != Broadcast || rows[0].Source != FromUser || rows[0].Severity != Warn {
			t.Fatalf("broadcast reached %d: %+v", n, rows)
		}
	})
}

func TestOnlyOneReplacesTheUsersEarlierUnreadOneOfItsName(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		tenant := newTenant()
		ann := uuid.New()
		ctx := as(tenant, ann, localization.En)
		pub := func(name, title string) {
			t.Helper()
			if err := s.Publish(ctx, Notification{Name: name, Users: []uuid.UUID{ann}, Title: text(title, title)}); err != nil {
				t.Fatal(err)
			}
		}
		pub(kindOnlyOne, "first")
		first, _ := list(t, s, ctx, unread)
		if err := s.ChangeState(ctx, ChangeStateInput{IDList: []uuid.UUID{first[0].ID}, State: Read}); err != nil {
			t.Fatal(err)
		}
		pub(kindOnlyOne, "second")
		pub(kindPersistent, "kept")
		pub(kindOnlyOne, "third")
		all, total := list(t, s, ctx, Query{ReadState: AllStates, Reverse: true})
		var titles []string
		for _, r := range all {
			titles = append(titles, r.Title)
		}
		if total != 3 || fmt.Sprint(titles) != "[third kept first]" {
			t.Fatalf("want the read first, kept and third (second replaced), got %v (total %d)", titles, total)
		}
		if all[0].Lifetime != OnlyOne || all[1].Lifetime != Persistent {
			t.Fatalf("lifetimes %+v", all)
		}
	})
}

func TestTheListDefaultsToTenUnreadNewestFirstAndPages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		tenant := newTenant()
		ann := uuid.New()
		ctx := as(tenant, ann, localization.En)
		base := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
		for i := range 12 {
			s.now = func() time.Time { return base.Add(time.Duration(i) * time.Minute) }
			title := fmt.Sprintf("n%02d", i)
			if err := s.Publish(ctx, Notification{Name: kindPersistent, Users: []uuid.UUID{ann}, Title: text(title, title)}); err != nil {
				t.Fatal(err)
			}
		}
		first, _ := list(t, s, ctx, unread)
		if err := s.ChangeState(ctx, ChangeStateInput{IDList: []uuid.UUID{first[0].ID}, State: Read}); err != nil { // n11 read
			t.Fatal(err)
		}
		page, total := list(t, s, ctx, unread)
		if total != 11 || len(page) != DefaultPage || page[0].Title != "n10" || page[9].Title != "n01" {
			t.Fatalf("first page %d rows from %s to %s, total %d", len(page), page[0].Title, page[len(page)-1].Title, total)
		}
		q := unread
		q.Skip = 10
		if page, total = list(t, s, ctx, q); total != 11 || len(page) != 1 || page[0].Title != "n00" {
			t.Fatalf("second page %+v total %d", page, total)
		}
		if page, _ = list(t, s, ctx, Query{ReadState: Read, Reverse: true}); len(page) != 1 || page[0].Title != "n11" {
			t.Fatalf("read only: %+v", page)
		}
		if page, _ = list(t, s, ctx, Query{ReadState: AllStates, Reverse: false, Limit: 3}); len(page) != 3 || page[0].Title != "n00" {
			t.Fatalf("all, oldest first: %+v", page)
		}
		if page, total = list(t, s, ctx, Query{ReadState: AllStates, Filter: "n0"}); total != 10 {
			t.Fatalf("filter n0: total %d, want 10", total)
		}
		if err := s.MarkAll(ctx, MarkAllInput{State: Read}); err != nil {
			t.Fatal(err)
		}
		if page, total = list(t, s, ctx, unread); total != 0 || len(page) != 0 {
			t.Fatalf("after mark all read: %d unread", total)
		}
		if err := s.Delete(ctx, first[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, total = list(t, s, ctx, Query{ReadState: AllStates}); total != 11 {
			t.Fatalf("after delete: %d, want 11", total)
		}
		if err := s.Delete(ctx, first[0].ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("delete twice: %v, want not found", err)
		}
	})
}

func TestATenantsNotificationsAreNeverSeenOrChangedFromAnotherTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, rec := newService(t, d)
		a, b := newTenant(), newTenant()
		user := uuid.New() // the same id asked from both sides
		aCtx, bCtx := as(a, user, localization.En), as(b, user, localization.En)
		if err := s.Publish(aCtx, Notification{Name: kindPersistent, Users: []uuid.UUID{user}, Title: text("A", "A")}); err != nil {
			t.Fatal(err)
		}
		rows, _ := list(t, s, aCtx, unread)
		if got, total := list(t, s, bCtx, Query{ReadState: AllStates}); total != 0 || len(got) != 0 {
			t.Fatalf("tenant B sees %+v", got)
		}
		if got, _ := list(t, s, as(nil, user, localization.En), Query{ReadState: AllStates}); len(got) != 0 {
			t.Fatalf("the host sees %+v", got)
		}
		if err := s.ChangeState(bCtx, ChangeStateInput{IDList: []uuid.UUID{rows[0].ID}, State: Read}); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkAll(bCtx, MarkAllInput{State: Read}); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(bCtx, rows[0].ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("B deletes A's: %v", err)
		}
		if got, _ := list(t, s, aCtx, unread); len(got) != 1 {
			t.Fatalf("B changed A's notification: %+v", got)
		}
		if sent := rec.all(); len(sent) != 1 || sent[0].msg.TenantID == nil || *sent[0].msg.TenantID != *a {
			t.Fatalf("pushed %+v", sent)
		}
	})
}

func TestPublishingInACallersTransactionKeepsNothingWhenItRollsBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, rec := newService(t, d)
		tenant := newTenant()
		ann := uuid.New()
		ctx := as(tenant, ann, localization.En)
		boom := errors.New("the caller's write failed")
		err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := s.PublishTx(ctx, tx, Notification{Name: kindPersistent, Users: []uuid.UUID{ann}, Title: text("x", "x")}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if rows, _ := list(t, s, ctx, unread); len(rows) != 0 || len(rec.all()) != 0 {
			t.Fatalf("rolled back, yet stored %+v / pushed %+v", rows, rec.all())
		}
		err = d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			return s.PublishTx(ctx, tx, Notification{Name: kindPersistent, Users: []uuid.UUID{ann}, Title: text("y", "y")})
		})
		if err != nil {
			t.Fatal(err)
		}
		if rows, _ := list(t, s, ctx, unread); len(rows) != 1 || len(rec.all()) != 1 {
			t.Fatalf("committed: stored %+v / pushed %+v", rows, rec.all())
		}
	})
}

func TestBadInputIsRefusedNamingTheField(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d, uuid.New())
		ctx := as(newTenant(), uuid.New(), localization.En)
		long := make([]rune, MaxTitle+1)
		for i := range long {
			long[i] = '字'
		}
		cases := []struct {
			name string
			err  error
			want map[string]string
		}{
			{"no ids", s.ChangeState(ctx, ChangeStateInput{State: Read}), map[string]string{"idList": KeyNoIDs}},
			{"bad state", s.ChangeState(ctx, ChangeStateInput{IDList: []uuid.UUID{uuid.New()}, State: 7}), map[string]string{"state": KeyBadState}},
			{"mark all bad state", s.MarkAll(ctx, MarkAllInput{State: -1}), map[string]string{"state": KeyBadState}},
			{"subscribe unknown", s.Subscribe(ctx, "Nope"), map[string]string{"name": KeyUnknownName}},
			{"unsubscribe empty", s.Unsubscribe(ctx, " "), map[string]string{"name": localization.KeyRequired}},
			{"broadcast empty", second(s.SendBroadcast(ctx, BroadcastInput{Severity: 5})),
				map[string]string{"title": localization.KeyRequired, "message": localization.KeyRequired, "severity": KeyBadSeverity}},
			{"broadcast too long", second(s.SendBroadcast(ctx, BroadcastInput{Title: string(long), Message: "m"})),
				map[string]string{"title": localization.KeyTooLong}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if got := fields(t, c.err); fmt.Sprint(got) != fmt.Sprint(c.want) {
					t.Fatalf("got %v, want %v", got, c.want)
				}
			})
		}
		if rows, total := list(t, s, ctx, Query{ReadState: AllStates}); total != 0 {
			t.Fatalf("refused input stored %+v", rows)
		}
		if _, _, err := s.List(ctx, Query{ReadState: 3}); fields(t, err)["readState"] != KeyBadState {
			t.Fatalf("readState 3: %v", err)
		}
	})
}

func second(_ int, err error) error { return err }

func TestAnUndeclaredNameIsAProgrammingError(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		if err := s.Publish(as(nil, uuid.New(), localization.En), Notification{Name: "Nobody.Declared", Users: []uuid.UUID{uuid.New()}}); err == nil {
			t.Fatal("an undeclared name was published")
		}
	})
}

func TestRenderFillsEachLanguageWithItsOwnArguments(t *testing.T) {
	cat := localization.NewCatalog()
	cat.Add(localization.Texts{"T:Moved": {ZhHans: "订单 {0} 已变为{1}", En: "Order {0} is now {1}"}})
	got := Render(context.Background(), cat, "T:Moved", "SO1", text("已确认", "confirmed"))
	if got.ZhHans != "订单 SO1 已变为已确认" || got.En != "Order SO1 is now confirmed" {
		t.Fatalf("got %+v", got)
	}
}

func TestAssignablesListTheSubscribableKindsInTheCallersLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newService(t, d)
		got := must[[]Assignable](t)(s.Assignables(as(nil, uuid.New(), localization.En)))
		if len(got) != 2 || got[0].Name != kindPersistent || got[0].DisplayName != "Persistent" || got[0].Description != "About" || got[1].Lifetime != OnlyOne {
			t.Fatalf("got %+v", got)
		}
	})
}
