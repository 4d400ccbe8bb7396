package benchkit

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestDialectsWithoutPostgreSQL(t *testing.T) {
	for _, tc := range []struct {
		name             string
		sqlite, postgres bool
		want             []string // dialect names
		skipped          bool     // the "PostgreSQL: skipped" line is printed
		err              string
	}{
		{name: "both asked, no URL: SQLite, PostgreSQL said skipped", sqlite: true, postgres: true, want: []string{"sqlite"}, skipped: true},
		{name: "SQLite only: nothing said of PostgreSQL", sqlite: true, want: []string{"sqlite"}},
		{name: "PostgreSQL only with no URL: nothing to measure", postgres: true, skipped: true, err: "no dialect left to measure"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			ds, drop, err := Dialects(&out, "/tmp/x", "", "bench_test", tc.sqlite, tc.postgres)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				drop()
			}
			var names []string
			for _, d := range ds {
				names = append(names, d.Name)
			}
			if strings.Join(names, ",") != strings.Join(tc.want, ",") {
				t.Errorf("dialects = %v, want %v", names, tc.want)
			}
			if len(ds) > 0 && ds[0].URL != "sqlite:///tmp/x/bench.db" {
				t.Errorf("SQLite URL = %q", ds[0].URL)
			}
			if got := strings.Contains(out.String(), "PostgreSQL: skipped"); got != tc.skipped {
				t.Errorf("output %q: skipped line shown %v, want %v", out.String(), got, tc.skipped)
			}
		})
	}
}

// fakeServer answers /connect/token for the demo admin and echoes what a request carried.
func fakeServer(t *testing.T) *httptest.Server {
	t.Helper()
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/connect/token":
			_ = r.ParseForm()
			if r.Header.Get("__tenant") != "demo" || r.PostForm.Get("username") != "admin" || r.PostForm.Get("grant_type") != "password" {
				http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
				return
			}
			_, _ = io.WriteString(w, `{"access_token":"tok"}`)
		case "/echo":
			b, _ := io.ReadAll(r.Body)
			_ = json.NewEncoder(w).Encode(map[string]string{"method": r.Method, "auth": r.Header.Get("Authorization"),
				"lang": r.Header.Get("Accept-Language"), "type": r.Header.Get("Content-Type"), "body": string(b)})
		default:
			http.Error(w, "  nothing here\n", http.StatusNotFound)
		}
	}))
}

func TestClient(t *testing.T) {
	srv := fakeServer(t)
	defer srv.Close()
	ctx := context.Background()
	c, err := Login(ctx, srv.Client(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "tok" || c.Base != srv.URL {
		t.Fatalf("client = %+v", c)
	}
	var got map[string]string
	if err := c.Get(ctx, "/echo", &got); err != nil {
		t.Fatal(err)
	}
	if got["method"] != "GET" || got["auth"] != "Bearer tok" || got["lang"] != "en" || got["type"] != "" {
		t.Errorf("GET carried %v", got)
	}
	if err := c.Post(ctx, "/echo", map[string]int{"n": 1}, &got); err != nil {
		t.Fatal(err)
	}
	if got["method"] != "POST" || got["type"] != "application/json" || got["body"] != `{"n":1}` {
		t.Errorf("POST carried %v", got)
	}
	if err := c.Post(ctx, "/echo", map[string]int{"n": 1}, nil); err != nil {
		t.Errorf("POST answered into nil: %v", err)
	}
	_, err = c.Send(ctx, http.MethodGet, "/missing", nil, "")
	if err == nil || err.Error() != "GET /missing: 404 nothing here" {
		t.Errorf("a 404 gave %v, want the method, path, status and trimmed body", err)
	}
}

func TestLoginRefused(t *testing.T) {
	srv := fakeServer(t)
	defer srv.Close()
	_, err := Login(context.Background(), srv.Client(), srv.URL+"/other")
	if err == nil || !strings.HasPrefix(err.Error(), "login: 404") {
		t.Errorf("login to a server without /connect/token gave %v, want a login error with the status", err)
	}
}
