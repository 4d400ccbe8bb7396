package language_test

import (
	"os"
	"testing"
	"time"

	"kerf/internal/app/apptest"
	"kerf/internal/language"
	"kerf/internal/platform/db/dbtest"
)

// Two replicas on one PostgreSQL: a text changed through one is in the other's next message
// once the bus has carried the change (waited for, not slept on); a restore likewise.
func TestAnOverrideReachesAnotherReplica(t *testing.T) {
	pg := os.Getenv(dbtest.EnvPostgres)
	if pg == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s must be set in CI so the PostgreSQL suite runs", dbtest.EnvPostgres)
		}
		t.Skipf("%s is not set: replicas share a PostgreSQL database", dbtest.EnvPostgres)
	}
	u := dbtest.PostgresURL(t, pg)
	t.Setenv("KERF_SECRET", "replicas share one secret")
	a, b := apptest.New(t, u), apptest.New(t, u)
	seen := make(chan struct{}, 100)
	b.App.Bus.Subscribe(language.TopicTexts, func(string) { seen <- struct{}{} }) // after b's cache: it has dropped by then
	wait := func() {
		t.Helper()
		select {
		case <-seen:
		case <-time.After(20 * time.Second):
			t.Fatal("the change never reached the second replica")
		}
	}
	va, vb := &env{Env: a, admin: a.Token(t, "admin", apptest.Password, "")}, &env{Env: b}
	vb.admin = b.Token(t, "admin", apptest.Password, "")
	missing := langs + "/00000000-0000-0000-0000-000000000001"
	message := func() string { return vb.do(t, "GET", missing, vb.admin, nil).ErrorMessage(t) }
	if got := message(); got != "The language does not exist" { // b has read (and cached) en's overrides
		t.Fatalf("before: %q", got)
	}
	ok(t, va.do(t, "PUT", setText("language", "en", "Languages:NotFound", "Gone, on every replica"), va.admin, nil), 204, "override")
	wait()
	if got := message(); got != "Gone, on every replica" {
		t.Fatalf("second replica after the override: %q", got)
	}
	ok(t, va.do(t, "PUT", textPath("language", "en", "Languages:NotFound")+"/restore", va.admin, nil), 204, "restore")
	wait()
	if got := message(); got != "The language does not exist" {
		t.Fatalf("second replica after the restore: %q", got)
	}
}
