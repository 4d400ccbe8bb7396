package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

// TestEachAuditedRequestRecordsTheOperationItRan: the log of a request has one action with
// the operation's area (its tag, else the path's area), its operation id and its path and
// query parameters, secrets masked; a refused operation is recorded too.
func TestEachAuditedRequestRecordsTheOperationItRan(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, audit.Migrations); err != nil {
			t.Fatal(err)
		}
		w := audit.NewWriter(d, true)
		go w.Run()
		defer w.Close()
		a := New(Config{Catalog: localization.NewCatalog(), Checker: denyAll{}, Audit: w, Title: "test", Version: "1"})
		type in struct {
			ID   string `path:"id"`
			Name string `query:"name"`
		}
		Register(a, huma.Operation{Method: http.MethodPost, Path: "/api/things/{id}", Tags: []string{"things"}}, Public(),
			func(context.Context, *in) (*Body[string], error) { s := "ok"; return Reply(&s, nil) })
		Register(a, huma.Operation{Method: http.MethodDelete, Path: "/api/things/{id}"}, Perm("Things.Delete"),
			func(context.Context, *in) (*struct{}, error) { return nil, nil })
		a.Handle(http.MethodPost, "/api/files/{name}", "upload", Public(), func(rw http.ResponseWriter, _ *http.Request) {
			rw.WriteHeader(http.StatusNoContent)
		})
		for _, r := range []*http.Request{
			httptest.NewRequest(http.MethodPost, "/api/things/7?name=lamp&token=abc&tag=a&tag=b", nil),
			httptest.NewRequest(http.MethodDelete, "/api/things/8", nil),
			httptest.NewRequest(http.MethodPost, "/api/files/a.pdf?password=p", nil),
		} {
			a.Router.ServeHTTP(httptest.NewRecorder(), r)
		}
		w.Flush()
		var logs []audit.Log
		if err := d.NewSelect().Model(&logs).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		var actions []audit.Action
		if err := d.NewSelect().Model(&actions).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if len(logs) != 3 || len(actions) != 3 {
			t.Fatalf("%d logs and %d actions, want one action per log", len(logs), len(actions))
		}
		byLog := map[string]audit.Action{}
		for _, x := range actions {
			byLog[x.AuditLogID.String()] = x
		}
		byURL := map[string]audit.Action{}
		for _, l := range logs {
			x, ok := byLog[l.ID.String()]
			if !ok {
				t.Fatalf("log %s %s has no action", l.HTTPMethod, l.URL)
			}
			if l.ApplicationName != audit.ApplicationName || x.ExecutionTime.IsZero() || x.ExecutionDuration < 0 {
				t.Errorf("log %+v action %+v", l, x)
			}
			byURL[l.HTTPMethod+" "+strconv.Itoa(l.HTTPStatusCode)] = x
		}
		check := func(key, service, method string, params map[string]any) {
			t.Helper()
			x, ok := byURL[key]
			if !ok {
				t.Fatalf("no log for %s (have %v)", key, byURL)
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(x.Parameters), &got); err != nil {
				t.Fatalf("parameters %q: %v", x.Parameters, err)
			}
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(params)
			if x.ServiceName != service || x.MethodName != method || string(gotJSON) != string(wantJSON) {
				t.Errorf("%s: action %s %s %s, want %s %s %s", key, x.ServiceName, x.MethodName, gotJSON, service, method, wantJSON)
			}
		}
		check("POST 200", "things", "post-api-things-id", map[string]any{"id": "7", "name": "lamp", "token": "***", "tag": []any{"a", "b"}})
		check("DELETE 401", "things", "delete-api-things-id", map[string]any{"id": "8"})
		check("POST 204", "files", "post-api-files-name", map[string]any{"name": "a.pdf", "password": "***"})
	})
}
