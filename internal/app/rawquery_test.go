package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// rawQueryMethods start a query that platform/db does not scope to the tenant: bun's
// builders used directly instead of db.Select, db.Update, db.Delete, db.List, and
// database/sql's raw statements.
var rawQueryMethods = []string{"NewSelect", "NewUpdate", "NewDelete", "NewRaw", "ExecContext", "QueryContext", "QueryRowContext"}

// rawQueryAllowed are the files outside internal/platform/db that may start unscoped
// queries, each with the reason. Everything else goes through platform/db, which adds the
// tenant and hides deleted rows, so no query can forget them. An entry whose file no
// longer needs it fails the test: remove it.
var rawQueryAllowed = map[string]string{
	"internal/app/prepare.go": "start-up reads schema_migrations (a platform table without tenant) " +
		"to tell an empty database from a live one",
	"internal/platform/bus/bus.go": "pg_notify on the bus channel; no table is read",
	"internal/platform/ratelimit/ratelimit.go": "the shared rate-limit buckets are keyed by limiter and " +
		"client, across tenants by design (a login is limited before its tenant is known); one UPSERT statement",
	"internal/oidc/store.go": "fosite's token storage: a token is found by its signature (the secret " +
		"itself) before its tenant is known; families are revoked by id",
	"internal/oidc/client.go": "an OAuth client's grant types, scopes, redirect URIs, origins and secrets " +
		"are host rows keyed by the client id read through db.Select just before",
	"scripts/bench/load/measure.go": "the load benchmark EXPLAINs the statements the server ran and reads " +
		"pg_stat_activity; it is a measuring tool, not a request path",
	"scripts/bench/load/main.go": "the load benchmark runs VACUUM ANALYZE on its fresh database before it " +
		"measures; a measuring tool, not a request path",
	"scripts/bench/optimization/queue.go": "the optimisation benchmark reads river's river_job table " +
		"(a platform table without tenant) to show every run was worked exactly once; a measuring tool",
	"internal/app/apptest/template.go": "the test harness creates, copies and drops whole databases " +
		"(CREATE DATABASE … TEMPLATE) and lists the stale ones in pg_database; no table is read",
	"internal/platform/realtime/envelopes.go": "realtime_envelopes is a platform table without tenant: " +
		"a hub frame too large for the bus, stored for the replicas to read by id and swept after a minute",
	"internal/files/service.go": "download tokens are found by the token (the secret) before the file's " +
		"tenant is known, and expired ones are purged across tenants",
}

// rawSQLCall reports whether call starts an unscoped query: one of rawQueryMethods, or a
// database/sql Exec, Query or QueryRow given SQL text.
func rawSQLCall(call *ast.CallExpr) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	name := sel.Sel.Name
	if slices.Contains(rawQueryMethods, name) {
		return name, true
	}
	if name == "Exec" || name == "Query" || name == "QueryRow" {
		if len(call.Args) > 0 {
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING && looksLikeSQL(lit.Value) {
				return name, true
			}
		}
	}
	return "", false
}

func looksLikeSQL(lit string) bool {
	f := strings.Fields(strings.ToUpper(strings.Trim(lit, "`\"")))
	return len(f) > 0 && slices.Contains([]string{"SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "CREATE", "DROP", "ALTER"}, f[0])
}

// isMigration reports whether rel is an area's migration file: a migration changes every
// tenant's rows at once, on the raw database, by design (docs/decisions/0008).
func isMigration(rel string) bool {
	base := filepath.Base(rel)
	return base == "migrations.go" || strings.HasPrefix(base, "migrations_")
}

// moduleFiles calls fn with the module-relative slash path and the parsed syntax of every
// non-test Go file of the module (cmd, internal, scripts).
func moduleFiles(t *testing.T, mode parser.Mode, fn func(rel string, f *ast.File, fset *token.FileSet)) {
	t.Helper()
	root := filepath.Join("..", "..")
	for _, top := range []string{"cmd", "internal", "scripts"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if n := d.Name(); n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			rel, _ := filepath.Rel(root, path)
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, mode)
			if err != nil {
				return err
			}
			fn(filepath.ToSlash(rel), f, fset)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestNoQueryCanForgetTheTenant refuses queries that platform/db does not scope (bun's
// NewSelect, NewUpdate, NewDelete, NewRaw; database/sql's raw statements) outside
// internal/platform/db, except in the files of rawQueryAllowed.
func TestNoQueryCanForgetTheTenant(t *testing.T) {
	used := map[string]bool{}
	moduleFiles(t, parser.SkipObjectResolution, func(rel string, f *ast.File, fset *token.FileSet) {
		if strings.HasPrefix(rel, "internal/platform/db/") || isMigration(rel) {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name, raw := rawSQLCall(call)
			if !raw {
				return true
			}
			if _, ok := rawQueryAllowed[rel]; ok {
				used[rel] = true
				return true
			}
			t.Errorf("%s: %s starts a query the tenant filter never sees; use db.Select, db.Update, db.Delete "+
				"or db.List (tenancy.AllTenants(ctx) to look across tenants, db.WithDeleted(ctx) for deleted rows), "+
				"or add the file to rawQueryAllowed with the reason", fset.Position(call.Pos()), name)
			return true
		})
	})
	for rel := range rawQueryAllowed {
		if !used[rel] {
			t.Errorf("rawQueryAllowed lists %s, which starts no raw query any more: remove the entry", rel)
		}
	}
}

func TestTheRawQueryCheckSeesRawQueries(t *testing.T) {
	src := `package x
func f() {
	d.NewSelect().Model(&rows).Scan(ctx)
	tx.NewRaw("SELECT 1").Scan(ctx, &n)
	sqldb.Exec("DELETE FROM users")
	conn.ExecContext(ctx, "SELECT pg_notify($1, $2)")
	db.Select(ctx, d, &rows).Scan(ctx)
	db.List[Row](ctx, d, page, nil)
	hctx.Query("providerName")
	q.Exec(ctx)
}`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if name, raw := rawSQLCall(call); raw {
				found = append(found, name)
			}
		}
		return true
	})
	if got := strings.Join(found, ","); got != "NewSelect,NewRaw,Exec,ExecContext" {
		t.Fatalf("flagged %s", got)
	}
}
