package metrics_test

import (
	"database/sql"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	_ "modernc.org/sqlite"

	"kerf/internal/platform/metrics"
)

func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("metrics: %d", rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

// TestRequestsAreCountedByRoutePatternAndStatus: a request is counted under the route
// pattern it matched (never its raw path) and its status; unknown paths and methods fall
// into bounded labels.
func TestRequestsAreCountedByRoutePatternAndStatus(t *testing.T) {
	m := metrics.New()
	r := chi.NewRouter()
	r.Use(m.Middleware)
	r.Get("/things/{id}", func(w http.ResponseWriter, r *http.Request) {
		if chi.URLParam(r, "id") == "missing" {
			http.Error(w, "no", http.StatusNotFound)
			return
		}
		_, _ = w.Write([]byte("ok"))
	})
	for _, path := range []string{"/things/1", "/things/2", "/things/missing", "/nowhere/at/all"} {
		r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
	}
	r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("BREW", "/things/1", nil))
	out := scrape(t, m)
	for _, want := range []string{
		`kerf_http_requests_total{method="GET",route="/things/{id}",status="200"} 2`,
		`kerf_http_requests_total{method="GET",route="/things/{id}",status="404"} 1`,
		`kerf_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`kerf_http_requests_total{method="other",route="unmatched",status="405"} 1`,
		`kerf_http_request_duration_seconds_count{method="GET",route="/things/{id}"} 3`,
		`go_goroutines `,
		`process_cpu_seconds_total `,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	for _, raw := range []string{"/things/1", "/things/missing", "/nowhere"} {
		if strings.Contains(out, `route="`+raw) {
			t.Errorf("a raw path became a label: %s", raw)
		}
	}
}

func TestTheDatabasePoolIsWatched(t *testing.T) {
	d, err := sql.Open("sqlite", "file:"+t.TempDir()+"/m.db")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.SetMaxOpenConns(3)
	m := metrics.New()
	if err := m.WatchDB("kerf", d, func() int64 { return 2 }); err != nil {
		t.Fatal(err)
	}
	out := scrape(t, m)
	for _, want := range []string{`go_sql_max_open_connections{db_name="kerf"} 3`, `kerf_db_reconnects_total{db_name="kerf"} 2`} {
		if !strings.Contains(out, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
