package audit_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// record sends each request through the middleware of a writer on d and returns the rows
// written, in order.
func record(t *testing.T, d *db.DB, auditReads bool, reqs ...*http.Request) []audit.Log {
	t.Helper()
	w := audit.NewWriter(d, auditReads)
	go w.Run()
	defer w.Close()
	h := w.Middleware(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("fail") != "" {
			audit.SetException(r.Context(), errors.New("broken"))
			rw.WriteHeader(http.StatusNotFound)
			return
		}
		rw.WriteHeader(http.StatusOK)
	}))
	for _, r := range reqs {
		h.ServeHTTP(httptest.NewRecorder(), r)
	}
	w.Flush()
	var rows []audit.Log
	if err := d.NewSelect().Model(&rows).OrderExpr("execution_time, url").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return rows
}

func migrated(t *testing.T, d *db.DB) {
	t.Helper()
	if err := d.Migrate(context.Background(), audit.Migrations); err != nil {
		t.Fatal(err)
	}
}

func methods(rows []audit.Log) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.HTTPMethod+" "+r.URL)
	}
	return out
}

func TestReadsAreAuditedOnlyWhenConfiguredOrFailed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		migrated(t, d)
		reqs := func() []*http.Request {
			return []*http.Request{
				httptest.NewRequest(http.MethodGet, "/api/a", nil),
				httptest.NewRequest(http.MethodHead, "/api/b", nil),
				httptest.NewRequest(http.MethodGet, "/api/c?fail=1", nil),
				httptest.NewRequest(http.MethodPost, "/api/d", nil),
				httptest.NewRequest(http.MethodDelete, "/api/e", nil),
			}
		}
		rows := record(t, d, false, reqs()...)
		got := methods(rows)
		want := []string{"GET /api/c?fail=1", "POST /api/d", "DELETE /api/e"}
		if len(got) != len(want) {
			t.Fatalf("reads not audited by default: got %v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("got %v, want %v", got, want)
			}
		}
		if rows[0].Exceptions == "" || rows[0].HTTPStatusCode != http.StatusNotFound {
			t.Fatalf("failed read recorded without its failure: %+v", rows[0])
		}
		if _, err := d.NewDelete().Model((*audit.Log)(nil)).Where("1 = 1").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		if rows := record(t, d, true, reqs()...); len(rows) != 5 {
			t.Fatalf("with reads audited: %v", methods(rows))
		}
	})
}

func TestTokensAndSecretsNeverReachTheAuditLog(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		migrated(t, d)
		r := httptest.NewRequest(http.MethodPost,
			"/api/files/download?token=eyJhbGciOi.secret&name=a%20b.pdf&Access_Token=x&code=abc&password=p&client_secret=s&refresh_token=r&id_token_hint=h", nil)
		rows := record(t, d, false, r)
		if len(rows) != 1 {
			t.Fatalf("%d rows", len(rows))
		}
		want := "/api/files/download?token=***&name=a%20b.pdf&Access_Token=***&code=***&password=***&client_secret=***&refresh_token=***&id_token_hint=***"
		if rows[0].URL != want {
			t.Fatalf("url recorded as\n%s\nwant\n%s", rows[0].URL, want)
		}
	})
}

func TestRedactURLKeepsOrdinaryQueriesAsSent(t *testing.T) {
	cases := map[string]string{
		"/api/x":                          "/api/x",
		"/api/x?sorting=name%20desc&b=1":  "/api/x?sorting=name%20desc&b=1",
		"/api/x?tok%65n=abc":              "/api/x?tok%65n=***",
		"/api/x?token":                    "/api/x?token",
		"/api/x?tokens=1&mytoken=2":       "/api/x?tokens=1&mytoken=2",
		"/connect/authorize?code=1&s=2#f": "/connect/authorize?code=***&s=2",
	}
	for in, want := range cases {
		u, err := url.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := audit.RedactURL(u); got != want {
			t.Errorf("RedactURL(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestTheAuditLogRecordsTheAddressTheEdgeResolved(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		migrated(t, d)
		r := httptest.NewRequest(http.MethodPost, "/api/x", nil)
		r.RemoteAddr = "10.0.0.1:443"
		r.Header.Set("X-Forwarded-For", "6.6.6.6")
		spoofed := record(t, d, false, r)
		if spoofed[0].ClientIPAddress != "10.0.0.1" {
			t.Fatalf("recorded %q: a client's own X-Forwarded-For was believed", spoofed[0].ClientIPAddress)
		}
		r = httptest.NewRequest(http.MethodPost, "/api/y", nil)
		r = r.WithContext(audit.WithClientIP(r.Context(), "198.51.100.1"))
		rows := record(t, d, false, r)
		if got := rows[len(rows)-1].ClientIPAddress; got != "198.51.100.1" {
			t.Fatalf("recorded %q, want the resolved address", got)
		}
	})
}

func TestARequestThatOutlivesTheWriterIsNotRecordedAndDoesNotPanic(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		migrated(t, d)
		w := audit.NewWriter(d, true)
		go w.Run()
		h := w.Middleware(http.HandlerFunc(func(rw http.ResponseWriter, _ *http.Request) { rw.WriteHeader(http.StatusOK) }))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/api/before", nil))
		w.Close() // as serve does when its drain times out
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/api/after", nil))
		w.Close()
		var urls []string
		if err := d.NewSelect().Model((*audit.Log)(nil)).Column("url").Scan(context.Background(), &urls); err != nil {
			t.Fatal(err)
		}
		if len(urls) != 1 || urls[0] != "/api/before" {
			t.Fatalf("rows %v, want the request made before Close only", urls)
		}
	})
}
