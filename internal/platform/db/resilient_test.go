package db_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// postgres opens a pool of one connection on a schema of its own, with an
// application_name of its own, and returns it with a connection that can terminate it.
func postgres(t *testing.T) (*db.DB, func()) {
	t.Helper()
	dbURL, name, base := dbtest.NamedPostgres(t)
	d, err := db.OpenPool(context.Background(), dbURL, db.Pool{MaxOpen: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	terminate := func() {
		t.Helper()
		var pid int
		err := admin.QueryRow(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, name).Scan(&pid)
		if err != nil {
			t.Fatalf("find the backend: %v", err)
		}
		if _, err := admin.Exec(`SELECT pg_terminate_backend($1, 60000)`, pid); err != nil { // waits until it is gone
			t.Fatalf("terminate: %v", err)
		}
	}
	return d, terminate
}

// TestAReadRunsAgainOnAFreshConnection: a read whose pooled connection was terminated
// runs on a new one. A write is never sent twice: it runs on a new connection when the
// old one is found dead before it is sent, and fails otherwise, changing nothing.
func TestAReadRunsAgainOnAFreshConnection(t *testing.T) {
	d, terminate := postgres(t)
	ctx := context.Background()
	if _, err := d.ExecContext(ctx, "CREATE TABLE notes (n int)"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ExecContext(ctx, "INSERT INTO notes VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	count := func() (int, error) {
		var n int
		err := d.QueryRowContext(ctx, "SELECT count(*) FROM notes").Scan(&n)
		return n, err
	}
	terminate()
	if n, err := count(); err != nil || n != 1 {
		t.Fatalf("read after the connection died: %d, %v; want 1, nil", n, err)
	}
	if d.Reconnects() != 1 {
		t.Errorf("reconnects: %d, want 1", d.Reconnects())
	}
	terminate()
	_, werr := d.ExecContext(ctx, "INSERT INTO notes VALUES (2)")
	want := 2
	if werr != nil {
		want = 1
	}
	if n, err := count(); err != nil || n != want {
		t.Errorf("after a write answering %v: %d rows, %v; want %d", werr, n, err, want)
	}
}

// TestLongReadsStreamPastTheReadAhead: a result longer than what is read ahead arrives
// whole, in order, every value its own (the driver reuses its buffers).
func TestLongReadsStreamPastTheReadAhead(t *testing.T) {
	d, _ := postgres(t)
	rows, err := d.QueryContext(context.Background(),
		"SELECT g, convert_to('v' || g, 'UTF8'), ('{\"g\":' || g || '}')::jsonb FROM generate_series(1, 1000) AS g")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var raw, doc [][]byte
	want := 0
	for rows.Next() {
		var g int
		var b, j []byte
		if err := rows.Scan(&g, &b, &j); err != nil {
			t.Fatal(err)
		}
		want++
		if g != want {
			t.Fatalf("row %d: g = %d", want, g)
		}
		raw, doc = append(raw, b), append(doc, j)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if want != 1000 {
		t.Fatalf("%d rows, want 1000", want)
	}
	for i := range raw {
		if string(raw[i]) != fmt.Sprintf("v%d", i+1) || string(doc[i]) != fmt.Sprintf(`{"g": %d}`, i+1) {
			t.Fatalf("row %d: %q %q", i+1, raw[i], doc[i])
		}
	}
}
