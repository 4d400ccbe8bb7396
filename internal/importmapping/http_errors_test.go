package importmapping_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"kerf/internal/app/apptest"
)

// lockedBuffer is a log destination safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestADatabaseOutageAnswers500AndLogsItsCause(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		paths := []string{"/api/basic-setup/import-rule-mappings/" + v.rule, "/api/basic-setup/import-rule-mappings",
			"/api/basic-setup/import-rule-mappings/mapping-rules?moduleType=1", "/api/app/formFieldMappings/" + v.form,
			"/api/split-order/import-split-mappings/" + v.split, "/api/split-order/import-split-mappings/enabled"}
		for _, p := range paths {
			ok(t, e.Get(t, p, v.admin), 200, "GET "+p)
		}
		logs := &lockedBuffer{}
		prev := slog.Default()
		slog.SetDefault(slog.New(slog.NewTextHandler(logs, nil)))
		t.Cleanup(func() { slog.SetDefault(prev) })

		if err := e.App.DB.Close(); err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if res := e.Get(t, p, v.admin); res.Status != http.StatusInternalServerError {
				t.Errorf("GET %s with the database down: %d %s, want 500", p, res.Status, res.Body)
			}
		}
		body, ct := upload(t, "file", "a.xlsx", xlsx(t, []any{"名称"}, []any{"侧板"}))
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/basic-setup/import-rule-mappings/" + v.rule + "/preview",
			Token: v.admin, Body: body, ContentType: ct})
		if res.Status != http.StatusInternalServerError {
			t.Errorf("preview with the database down: %d %s", res.Status, res.Body)
		}
		if !strings.Contains(logs.String(), "database is closed") {
			t.Fatalf("the log does not name the cause:\n%s", logs.String())
		}
	})
}
