package securitylog

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

func TestWriteListFilterAndDeleteWithinTheTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, migrations); err != nil {
			t.Fatal(err)
		}
		clock := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		s := NewService(d, func() time.Time { return clock })
		tenant := uuid.New()
		tctx := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenant, Name: "demo"})
		r := httptest.NewRequest("POST", "/connect/token", nil)
		r.Header.Set("User-Agent", "test-browser")
		r.RemoteAddr = "10.1.2.3:50123"
		r.Header.Set("X-Forwarded-For", "203.0.113.9") // a client's own word, never taken
		uid := uuid.New()

		s.Write(ctx, Event{Identity: IdentityToken, Action: ActionLoginSucceeded, UserID: &uid, UserName: "admin", ClientID: "kerf-web", Request: r,
			Extra: map[string]any{"grantType": "password"}})
		clock = clock.Add(time.Hour)
		s.Write(ctx, Event{Identity: IdentityToken, Action: ActionLoginFailed, UserName: "admin", ClientID: "kerf-web"})
		clock = clock.Add(24 * time.Hour)
		s.Write(ctx, Event{Identity: IdentityToken, Action: ActionLogout, UserName: "Administrator"})
		s.Write(tctx, Event{Identity: IdentityToken, Action: ActionLoginSucceeded, TenantID: &tenant, TenantName: "demo", UserName: "admin"})

		rows, total, err := s.List(ctx, ListInput{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if total != 3 || len(rows) != 3 || rows[0].Action != ActionLogout {
			t.Fatalf("host sees %d rows (%d), newest first %v; want its own 3", total, len(rows), rows)
		}
		first := rows[2]
		if first.ClientIPAddress != "10.1.2.3" || first.BrowserInfo != "test-browser" || first.ApplicationName != ApplicationName ||
			first.ExtraProperties["grantType"] != "password" || first.UserID == nil || *first.UserID != uid {
			t.Fatalf("row lost its details: %+v", first)
		}
		day := clock.Add(-23 * time.Hour) // after the two first rows, before the last
		end := day.Add(2 * time.Hour)
		if _, n, _ := s.List(ctx, ListInput{StartTime: &day, EndTime: &end, Limit: 10}); n != 0 {
			t.Fatalf("time window matched %d rows", n)
		}
		start := clock.Add(-25 * time.Hour)
		if rows, n, _ := s.List(ctx, ListInput{StartTime: &start, Action: ActionLoginFailed, Limit: 10}); n != 1 || rows[0].Action != ActionLoginFailed {
			t.Fatalf("action filter: %d %v", n, rows)
		}
		if _, n, _ := s.List(ctx, ListInput{UserName: "ADMIN", Limit: 10}); n != 3 {
			t.Fatalf("user name filter is a case-insensitive contains: %d", n)
		}
		if _, n, _ := s.List(ctx, ListInput{UserName: "%", Limit: 10}); n != 0 {
			t.Fatalf("a %% in the user name filter is a character, not a wildcard: %d rows", n)
		}
		if rows, _, err := s.List(ctx, ListInput{Sorting: "userName desc", Limit: 10}); err != nil || rows[0].UserName != "admin" {
			t.Fatalf("sorted by user name: %v %v", rows, err)
		}
		// The sorting is the client's text: only whitelisted columns ever reach the SQL.
		for _, bad := range []string{"creation_time", "creationTime; DROP TABLE identity_security_logs", "password desc"} {
			var ve *apperr.ValidationError
			if _, _, err := s.List(ctx, ListInput{Sorting: bad, Limit: 10}); !errors.As(err, &ve) || ve.Fields[0].Field != "sorting" {
				t.Fatalf("sorting %q: %v, want a validation error on sorting", bad, err)
			}
		}
		if rows, n, _ := s.List(ctx, ListInput{Skip: 1, Limit: 1}); n != 3 || len(rows) != 1 {
			t.Fatalf("paging: total %d, page %d", n, len(rows))
		}
		trows, n, _ := s.List(tctx, ListInput{Limit: 10})
		if n != 1 || trows[0].TenantName != "demo" {
			t.Fatalf("tenant sees %d rows", n)
		}
		if _, err := s.Get(tctx, first.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("tenant reads a host row: %v", err)
		}
		if err := s.Delete(tctx, first.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("tenant deletes a host row: %v", err)
		}
		if err := s.Delete(ctx, first.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(ctx, first.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleted row still there: %v", err)
		}
	})
}

func TestParseTimeAcceptsTheClientFormats(t *testing.T) {
	for _, c := range []struct {
		in       string
		endOfDay bool
		want     string
	}{
		{"2026-03-01T08:00:00Z", false, "2026-03-01T08:00:00Z"},
		{"2026-03-01 08:00:00", false, "2026-03-01T08:00:00Z"},
		{"2026-03-01", false, "2026-03-01T00:00:00Z"},
		{"2026-03-01", true, "2026-03-01T23:59:59.999999999Z"},
	} {
		got, err := parseTime(c.in, c.endOfDay)
		if err != nil || got.Format(time.RFC3339Nano) != c.want {
			t.Errorf("parseTime(%q, %v) = %v, %v; want %s", c.in, c.endOfDay, got, err, c.want)
		}
	}
	if _, err := parseTime("yesterday", false); err == nil {
		t.Error("nonsense must be refused")
	}
}
