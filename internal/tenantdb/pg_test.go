package tenantdb_test

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/db/dbtest"
)

// secondPostgres creates a PostgreSQL database beside the test database (named like
// apptest's copies, so a later run drops it if this one dies) and answers its URL.
func secondPostgres(t *testing.T) string {
	t.Helper()
	base := os.Getenv(dbtest.EnvPostgres)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("kerf_copy_%d_%s", time.Now().Unix(), strings.ReplaceAll(uuid.NewString(), "-", "")[:12])
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		_ = admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	q := u.Query()
	q.Del("search_path")
	u.RawQuery = q.Encode()
	return u.String()
}
