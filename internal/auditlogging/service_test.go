package auditlogging

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// newService migrates d and returns the area's service over it.
func newService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	ctx := context.Background()
	for _, ms := range [][]db.Migration{audit.Migrations, setting.Migrations} {
		if err := d.Migrate(ctx, ms); err != nil {
			t.Fatal(err)
		}
	}
	st := setting.New(d, nil)
	st.Define(settings...)
	return NewService(d, st)
}

// logAt writes a log at time at in tenant (nil: host) with one action and one entity change
// with one property, as a request would have; it answers the log's id.
func logAt(t *testing.T, d *db.DB, tenant *uuid.UUID, at time.Time, user string) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	l := &audit.Log{ID: db.NewID(), TenantID: tenant, UserName: user, ExecutionTime: at, HTTPMethod: "PUT", URL: "/api/x/" + user,
		HTTPStatusCode: 200, ApplicationName: audit.ApplicationName}
	c := &audit.EntityChange{ID: db.NewID(), AuditLogID: &l.ID, TenantID: tenant, ChangeTime: at, ChangeType: db.ChangeUpdated,
		EntityID: uuid.New(), EntityTypeFullName: "catalog.Product"}
	v := `"x"`
	for _, m := range []any{l,
		&audit.Action{ID: db.NewID(), TenantID: tenant, AuditLogID: l.ID, ServiceName: "x", MethodName: "put-x", Parameters: "{}", ExecutionTime: at},
		c,
		&audit.PropertyChange{ID: db.NewID(), TenantID: tenant, EntityChangeID: c.ID, PropertyName: "name", PropertyTypeFullName: "string", NewValue: &v},
	} {
		if _, err := d.NewInsert().Model(m).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return l.ID
}

func count(t *testing.T, d *db.DB, model any) int {
	t.Helper()
	n, err := d.NewSelect().Model(model).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestRetentionDeletesOnlyWhatIsOlderThanItsDays(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := context.Background()
		now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		tenant := uuid.New()
		old := []uuid.UUID{logAt(t, d, nil, now.AddDate(0, 0, -91), "old-host"), logAt(t, d, &tenant, now.AddDate(0, 0, -200), "old-tenant")}
		kept := []uuid.UUID{logAt(t, d, nil, now.AddDate(0, 0, -89), "recent-host"), logAt(t, d, &tenant, now.Add(-time.Hour), "recent-tenant")}
		// An entity change written outside a request (a seed), old.
		if _, err := d.NewInsert().Model(&audit.EntityChange{ID: db.NewID(), ChangeTime: now.AddDate(-1, 0, 0), EntityID: uuid.New(),
			EntityTypeFullName: "catalog.Product"}).Exec(ctx); err != nil {
			t.Fatal(err)
		}

		if err := s.ApplyRetention(ctx, now); err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, (*audit.Log)(nil)); n != 2 {
			t.Fatalf("%d logs left, want the 2 within 90 days", n)
		}
		for _, id := range old {
			if _, err := s.GetLog(tenancy.AllTenants(ctx), id); !errors.Is(err, db.ErrNotFound) {
				t.Errorf("old log %s: %v", id, err)
			}
		}
		for _, id := range kept {
			l, err := s.GetLog(tenancy.AllTenants(ctx), id)
			if err != nil || len(l.Actions) != 1 || len(l.EntityChanges) != 1 || len(l.EntityChanges[0].PropertyChanges) != 1 {
				t.Errorf("recent log %s lost something: %+v %v", id, l, err)
			}
		}
		if a, c, p := count(t, d, (*audit.Action)(nil)), count(t, d, (*audit.EntityChange)(nil)), count(t, d, (*audit.PropertyChange)(nil)); a != 2 || c != 2 || p != 2 {
			t.Fatalf("left %d actions, %d changes, %d properties; want 2 of each", a, c, p)
		}

		// A shorter retention set for the installation applies; 0 keeps everything.
		if err := s.settings.Set(ctx, d, SettingRetentionDays, "0", false); err != nil {
			t.Fatal(err)
		}
		if err := s.ApplyRetention(ctx, now.AddDate(10, 0, 0)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, (*audit.Log)(nil)); n != 2 {
			t.Fatalf("retention 0 deleted logs: %d left", n)
		}
		if err := s.settings.Set(ctx, d, SettingRetentionDays, "1", false); err != nil {
			t.Fatal(err)
		}
		if err := s.ApplyRetention(ctx, now); err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, (*audit.Log)(nil)); n != 1 {
			t.Fatalf("retention of 1 day left %d logs, want 1", n)
		}
	})
}

func TestRetentionDeletesInBatchesUntilNothingOldIsLeft(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := context.Background()
		now := time.Now().UTC()
		const n = retentionBatch*2 + 7
		logs := make([]audit.Log, n)
		for i := range logs {
			logs[i] = audit.Log{ID: db.NewID(), ExecutionTime: now.AddDate(0, 0, -100).Add(time.Duration(i) * time.Second)}
		}
		if _, err := d.NewInsert().Model(&logs).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		deleted, _, err := s.Purge(ctx, now.AddDate(0, 0, -90))
		if err != nil || deleted != n {
			t.Fatalf("purged %d (%v), want %d", deleted, err, n)
		}
		if left := count(t, d, (*audit.Log)(nil)); left != 0 {
			t.Fatalf("%d left", left)
		}
	})
}

func TestTheRetentionLoopRunsAfterStartAndStopsWhenAsked(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		logAt(t, d, nil, time.Now().AddDate(-1, 0, 0), "old")
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); s.runRetention(ctx, 0, time.Hour) }()
		deadline := time.Now().Add(10 * time.Second)
		for count(t, d, (*audit.Log)(nil)) != 0 {
			if time.Now().After(deadline) {
				t.Fatal("the first run did not delete the old log")
			}
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("the loop did not stop")
		}
		// The module's Start and stop: stop returns once the loop ended.
		stop := (&Module{svc: s}).Start()
		stopped := make(chan struct{})
		go func() { stop(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(5 * time.Second):
			t.Fatal("stop did not return")
		}
	})
}

func TestLogsArePagedOnTheServerAtAnySize(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := context.Background()
		const n = 2345
		logs := make([]audit.Log, n)
		start := time.Now().UTC().Add(-time.Hour)
		for i := range logs {
			logs[i] = audit.Log{ID: db.NewID(), ExecutionTime: start.Add(time.Duration(i%100) * time.Second), UserName: fmt.Sprint("u", i%7)}
		}
		if _, err := d.NewInsert().Model(&logs).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		seen := map[uuid.UUID]bool{}
		var last time.Time
		for skip := 0; ; skip += 1000 {
			rows, total, err := s.ListLogs(ctx, ListInput{Skip: skip, Limit: 1000})
			if err != nil {
				t.Fatal(err)
			}
			if total != n {
				t.Fatalf("total %d, want %d", total, n)
			}
			for _, r := range rows {
				if seen[r.ID] {
					t.Fatalf("row %s on two pages", r.ID)
				}
				if !last.IsZero() && r.ExecutionTime.After(last) {
					t.Fatalf("not newest first: %s after %s", r.ExecutionTime, last)
				}
				seen[r.ID], last = true, r.ExecutionTime
			}
			if len(rows) < 1000 {
				break
			}
		}
		if len(seen) != n {
			t.Fatalf("paged through %d rows of %d", len(seen), n)
		}
		// Filters and the sorting whitelist.
		if _, total, _ := s.ListLogs(ctx, ListInput{UserName: "U3", Limit: 10}); total != 335 {
			t.Fatalf("user name filter: %d", total)
		}
		var ve *apperr.ValidationError
		if _, _, err := s.ListLogs(ctx, ListInput{Sorting: "url; DROP TABLE audit_logs", Limit: 10}); !errors.As(err, &ve) {
			t.Fatalf("sorting outside the whitelist: %v", err)
		}
		bad := db.ChangeType(3)
		if _, _, err := s.ListEntityChanges(ctx, EntityChangeQuery{ChangeType: &bad, Limit: 10}); !errors.As(err, &ve) || ve.Fields[0].Field != "entityChangeType" {
			t.Fatalf("change type 3: %v", err)
		}
		if _, err := s.EntityChangesWithUserName(ctx, uuid.Nil, ""); !errors.As(err, &ve) || len(ve.Fields) != 2 {
			t.Fatalf("history without entity: %v", err)
		}
	})
}

func TestDeletingALogDeletesItsActionsAndChangesOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := context.Background()
		id := logAt(t, d, nil, time.Now().UTC(), "admin")
		other := logAt(t, d, nil, time.Now().UTC(), "other")
		if l, err := s.GetLog(ctx, id); err != nil || len(l.EntityChanges) != 1 || len(l.Actions) != 1 {
			t.Fatalf("before the delete: %+v %v", l, err)
		}
		if err := s.DeleteLog(ctx, id); err != nil {
			t.Fatal(err)
		}
		if a, c, p := count(t, d, (*audit.Action)(nil)), count(t, d, (*audit.EntityChange)(nil)), count(t, d, (*audit.PropertyChange)(nil)); a != 1 || c != 1 || p != 1 {
			t.Fatalf("left %d actions, %d changes, %d properties; want only the other log's", a, c, p)
		}
		if _, err := s.GetLog(ctx, other); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteLog(ctx, id); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
	})
}
