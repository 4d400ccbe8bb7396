package app_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/db/dbtest"
)

// TestMetricsCountRequestsByRoutePattern: after a call, /metrics holds a counter for it
// labelled with the route's pattern and status, never the raw path, beside the database
// pool and Go runtime metrics.
func TestMetricsCountRequestsByRoutePattern(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		id := uuid.NewString()
		if res := e.Get(t, "/api/menu/"+id, admin); res.Status != http.StatusNotFound {
			t.Fatalf("unknown menu: %d %s", res.Status, res.Body)
		}
		res := e.Get(t, "/metrics", "")
		if res.Status != http.StatusOK {
			t.Fatalf("metrics: %d", res.Status)
		}
		out := string(res.Body)
		for _, want := range []string{
			`kerf_http_requests_total{method="GET",route="/api/menu/{id}",status="404"} 1`,
			`kerf_http_request_duration_seconds_bucket{method="GET",route="/api/menu/{id}",le="+Inf"} 1`,
			`go_sql_max_open_connections{db_name="kerf"}`,
			`go_goroutines`,
			`process_resident_memory_bytes`,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("metrics lack %s", want)
			}
		}
		if strings.Contains(out, id) {
			t.Error("a raw path became a label")
		}
	})
}

// TestDeadConnectionsNeverAnswer500 runs concurrent requests through the router while
// another connection terminates every backend of the app (pg_terminate_backend by its
// application_name), several times: every request still succeeds, on fresh connections.
func TestDeadConnectionsNeverAnswer500(t *testing.T) {
	dbURL, name, base := dbtest.NamedPostgres(t)
	e := apptest.New(t, dbURL)
	admin := e.Token(t, "admin", apptest.Password, "")
	killer, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer killer.Close()

	// Rounds are hundreds of requests apart, so that no request meets two of them: a
	// statement runs again on a fresh connection at most twice.
	const (
		workers  = 8
		requests = 2400 // in all
		kills    = 5    // one every requests/(kills+1) answers
	)
	// A safety stop only; the test is bounded by its request count.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var (
		done     atomic.Int64
		failures sync.Map // status → first body
		progress = make(chan int64, requests+workers)
		wg       sync.WaitGroup
	)
	paths := []string{"/api/identity/my-profile", "/api/identity/security-logs?MaxResultCount=10", "/api/abp/application-configuration"}
	for w := range workers {
		wg.Go(func() {
			for i := w; ctx.Err() == nil; i++ {
				if done.Load() >= requests {
					return
				}
				req := httptest.NewRequest(http.MethodGet, paths[i%len(paths)], nil).WithContext(ctx)
				req.Header.Set("Authorization", "Bearer "+admin)
				rec := httptest.NewRecorder()
				e.App.Handler().ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					failures.LoadOrStore(rec.Code, fmt.Sprintf("%s: %s", req.URL.Path, rec.Body.String()))
				}
				progress <- done.Add(1)
			}
		})
	}
	terminated := 0
	for k := 1; k <= kills; k++ {
		for n := int64(0); n < int64(k*requests/(kills+1)); {
			select {
			case n = <-progress:
			case <-ctx.Done():
				t.Fatalf("stopped after %d requests: %v", done.Load(), ctx.Err())
			}
		}
		var n int
		err := killer.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE application_name = $1 AND pid <> pg_backend_pid()) AS k`, name).Scan(&n)
		if err != nil {
			t.Fatalf("terminate backends: %v", err)
		}
		terminated += n
	}
	wg.Wait()
	failures.Range(func(status, body any) bool {
		t.Errorf("answered %d during the terminations, first: %s", status, body)
		return true
	})
	if terminated == 0 {
		t.Fatal("no backend was terminated: the test proved nothing")
	}
	if e.App.DB.Reconnects() == 0 {
		t.Errorf("%d backends terminated but no connection was replaced", terminated)
	}
	t.Logf("%d requests, %d backends terminated in %d rounds, %d connections replaced",
		done.Load(), terminated, kills, e.App.DB.Reconnects())
}
