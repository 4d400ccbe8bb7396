package datadictionary_test

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
		paths := []string{"/api/dataDictionary/" + v.dict, "/api/dataDictionary?MaxResultCount=5",
			"/api/dataDictionaryDetail?dataDictionaryId=" + v.dict}
		for _, p := range paths {
			ok(t, e.Get(t, p, v.admin), 200, "GET "+p)
		}
		// The choices are read through the cache: only a code not read before reaches the database.
		paths = append(paths, "/api/datadictionary/details/Colour")
		logs := &lockedBuffer{}
		prev := slog.Default()
		slog.SetDefault(slog.New(slog.NewTextHandler(logs, nil)))
		t.Cleanup(func() { slog.SetDefault(prev) })

		if err := e.App.DB.Close(); err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			res := e.Get(t, p, v.admin)
			if res.Status != http.StatusInternalServerError {
				t.Errorf("GET %s with the database down: %d %s, want 500", p, res.Status, res.Body)
			}
		}
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/dataDictionary", Token: v.admin, JSON: row{"code": "X", "displayName": "x"}})
		if res.Status != http.StatusInternalServerError {
			t.Errorf("POST with the database down: %d %s", res.Status, res.Body)
		}
		if !strings.Contains(logs.String(), "database is closed") {
			t.Fatalf("the log does not name the cause:\n%s", logs.String())
		}
	})
}
