package dbtest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Recorder is a bun query hook that keeps the text of every statement sent, so a test can
// read the plans of exactly what a list asked.
type Recorder struct{ Queries *[]string }

func (r Recorder) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }
func (r Recorder) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	*r.Queries = append(*r.Queries, e.Query)
}

// PlanShows answers the plan of q when it holds a node of type pgNode (PostgreSQL) or a step
// starting with sqliteStep and using no index (SQLite), else "".
func PlanShows(t testing.TB, d *db.DB, q, pgNode, sqliteStep string) string {
	t.Helper()
	ctx := context.Background()
	if d.Kind == db.Postgres {
		var plan string
		if err := d.QueryRowContext(ctx, "EXPLAIN (FORMAT JSON) "+q).Scan(&plan); err != nil {
			t.Fatalf("explain %s: %v", q, err)
		}
		var nodes []struct {
			Plan planNode `json:"Plan"`
		}
		if err := json.Unmarshal([]byte(plan), &nodes); err != nil {
			t.Fatal(err)
		}
		if len(nodes) == 1 && nodes[0].Plan.has(pgNode) {
			return plan
		}
		return ""
	}
	rs, err := d.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q)
	if err != nil {
		t.Fatalf("explain %s: %v", q, err)
	}
	defer rs.Close()
	var lines []string
	found := false
	for rs.Next() {
		var id, parent, unused int
		var detail string
		if err := rs.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, detail)
		found = found || strings.HasPrefix(detail, sqliteStep) && !strings.Contains(detail, "INDEX")
	}
	if found {
		return strings.Join(lines, "\n")
	}
	return ""
}

// Sorts answers the plan of q when the database sorts rows for it (no index gives the order),
// else "".
func Sorts(t testing.TB, d *db.DB, q string) string {
	t.Helper()
	return PlanShows(t, d, q, "Sort", "USE TEMP B-TREE FOR ORDER BY")
}

type planNode struct {
	NodeType string     `json:"Node Type"`
	Plans    []planNode `json:"Plans"`
}

func (n planNode) has(nodeType string) bool {
	if n.NodeType == nodeType {
		return true
	}
	for _, c := range n.Plans {
		if c.has(nodeType) {
			return true
		}
	}
	return false
}
