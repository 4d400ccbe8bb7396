package app_test

import (
	"bufio"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kerf/internal/app"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

var updateMigrations = flag.Bool("update-migrations", false,
	"append the migration IDs the app lists but testdata/migrations.txt does not to the end of that file")

const migrationsFile = "testdata/migrations.txt"

// openApp builds the app on the database at url without migrating it; the caller closes it.
func openApp(t *testing.T, url string) *app.App {
	t.Helper()
	cfg := config.Default()
	cfg.Database, cfg.DataDir = url, t.TempDir()
	a, err := app.New(context.Background(), cfg)
	if err != nil {
		t.Fatalf("build app: %v", err)
	}
	return a
}

func migrationIDs(ms []db.Migration) []string {
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	return ids
}

func readMigrationsFile(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(migrationsFile)
	if err != nil {
		t.Fatalf("read %s: %v", migrationsFile, err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			ids = append(ids, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// area is the part of a migration ID before the slash.
func area(id string) string { a, _, _ := strings.Cut(id, "/"); return a }

// TestMigrationsAreNeverRemovedOrReordered keeps testdata/migrations.txt, the IDs of
// every migration ever released in the order they were added: a listed ID may never
// leave the app, an area's migrations keep their order, and every migration the app
// lists is in the file (new ones are appended at its end, by hand or with
// go test ./internal/app -run TestMigrationsAreNeverRemovedOrReordered -update-migrations).
func TestMigrationsAreNeverRemovedOrReordered(t *testing.T) {
	a := openApp(t, dbtest.SQLiteURL(t))
	defer a.Close()
	current := migrationIDs(a.Migrations())
	released := readMigrationsFile(t)

	seen := map[string]bool{}
	for _, id := range released {
		if seen[id] {
			t.Errorf("%s lists %s twice", migrationsFile, id)
		}
		seen[id] = true
		if !slices.Contains(current, id) {
			t.Errorf("migration %s was released and may not be removed or renamed", id)
		}
	}
	// Within an area the app applies migrations in its list's order: the released ones
	// must come first, in the order they were released.
	byArea := func(ids []string, keep func(string) bool) map[string][]string {
		out := map[string][]string{}
		for _, id := range ids {
			if keep(id) {
				out[area(id)] = append(out[area(id)], id)
			}
		}
		return out
	}
	appOrder := byArea(current, func(string) bool { return true })
	for ar, ids := range byArea(released, func(string) bool { return true }) {
		got := appOrder[ar]
		if len(got) < len(ids) || !slices.Equal(got[:len(ids)], ids) {
			t.Errorf("area %s applies %v; its released migrations %v must stay first and in that order", ar, got, ids)
		}
	}
	var added []string
	for _, id := range current {
		if !seen[id] {
			added = append(added, id)
		}
	}
	if len(added) == 0 || t.Failed() {
		return
	}
	if !*updateMigrations {
		t.Errorf("migrations missing from %s (append them at its end, or run with -update-migrations): %v", migrationsFile, added)
		return
	}
	f, err := os.OpenFile(migrationsFile, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, id := range added {
		if _, err := fmt.Fprintln(f, id); err != nil {
			t.Fatal(err)
		}
	}
}

// history is the app's migrations in the order they were released: those of
// testdata/migrations.txt first, then any the file does not list yet, in the app's order.
func history(t *testing.T, ms []db.Migration) []string {
	released := readMigrationsFile(t)
	current := migrationIDs(ms)
	var out []string
	for _, id := range released {
		if slices.Contains(current, id) {
			out = append(out, id)
		}
	}
	for _, id := range current {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// upTo returns the migrations of ms among the first k of history, in ms's order: the
// list an earlier version of the app applied.
func upTo(ms []db.Migration, history []string, k int) []db.Migration {
	var out []db.Migration
	for _, m := range ms {
		if slices.Contains(history[:k], m.ID) {
			out = append(out, m)
		}
	}
	return out
}

// newDatabaseURL returns the URL of an empty database of dialect.
func newDatabaseURL(t *testing.T, dialect string) string {
	if dialect == db.Postgres {
		// Nothing here must survive a crash: commits need not wait for the disk.
		return dbtest.PostgresURL(t, os.Getenv(dbtest.EnvPostgres)) + "&synchronous_commit=off"
	}
	return dbtest.SQLiteURL(t)
}

// TestUpgradedSchemaEqualsFresh builds a database with every migration, and for every
// earlier version of the app (its first k released migrations) one that version built
// and today's app then upgraded; all must have the same tables, columns, indexes and
// constraints.
func TestUpgradedSchemaEqualsFresh(t *testing.T) {
	ctx := context.Background()
	for dialect := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			a := openApp(t, newDatabaseURL(t, dialect))
			ms := a.Migrations()
			if err := a.Migrate(ctx); err != nil {
				t.Fatalf("migrate a fresh database: %v", err)
			}
			fresh := readSchema(t, a.DB)
			a.Close()
			hist := history(t, ms)
			for k := 1; k < len(hist); k++ {
				// The version with the first k migrations builds the database and stops;
				// today's version starts on it and migrates (the app itself is left out:
				// building it does not touch the schema, and rebuilding it per version
				// would make this test quadratic in more than the migrations).
				url := newDatabaseURL(t, dialect)
				old := dbtest.Open(t, url)
				if err := old.Migrate(ctx, upTo(ms, hist, k)); err != nil {
					t.Fatalf("migrate up to %s: %v", hist[k-1], err)
				}
				_ = old.Close()
				upgraded := dbtest.Open(t, url)
				if err := upgraded.Migrate(ctx, ms); err != nil {
					t.Fatalf("upgrade from %s: %v", hist[k-1], err)
				}
				if got := readSchema(t, upgraded); !slices.Equal(got, fresh) {
					t.Errorf("upgraded from %s, the schema differs from a fresh one:\n%s", hist[k-1], diff(fresh, got))
				}
				_ = upgraded.Close()
			}
		})
	}
}

func diff(want, got []string) string {
	var b strings.Builder
	for _, l := range want {
		if !slices.Contains(got, l) {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range got {
		if !slices.Contains(want, l) {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}

var spaces = regexp.MustCompile(`\s+`)

// readSchema describes d's schema, one sorted line per table, column, index and
// constraint.
func readSchema(t *testing.T, d *db.DB) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	rows := func(query string, scan func(r *sql.Rows) error, args ...any) {
		t.Helper()
		rs, err := d.QueryContext(ctx, query, args...)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		defer rs.Close()
		for rs.Next() {
			if err := scan(rs); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
		}
		if err := rs.Err(); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	if d.Kind == db.Postgres {
		rows(`SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = current_schema()`,
			func(r *sql.Rows) error {
				var name, typ string
				err := r.Scan(&name, &typ)
				out = append(out, fmt.Sprintf("table %s %s", name, typ))
				return err
			})
		rows(`SELECT table_name, ordinal_position, column_name, data_type, is_nullable, COALESCE(column_default, ''),
			COALESCE(character_maximum_length, 0) FROM information_schema.columns WHERE table_schema = current_schema()`,
			func(r *sql.Rows) error {
				var table, name, typ, nullable, def string
				var pos, length int
				err := r.Scan(&table, &pos, &name, &typ, &nullable, &def, &length)
				out = append(out, fmt.Sprintf("column %s.%s #%d %s(%d) nullable=%s default=%q", table, name, pos, typ, length, nullable, def))
				return err
			})
		var schema string
		if err := d.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
			t.Fatal(err)
		}
		rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()`,
			func(r *sql.Rows) error {
				var table, name, def string
				err := r.Scan(&table, &name, &def)
				out = append(out, fmt.Sprintf("index %s.%s %s", table, name, strings.ReplaceAll(def, schema+".", "")))
				return err
			})
		rows(`SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
			WHERE connamespace = current_schema()::regnamespace`,
			func(r *sql.Rows) error {
				var table, name, def string
				err := r.Scan(&table, &name, &def)
				out = append(out, fmt.Sprintf("constraint %s.%s %s", table, name, def))
				return err
			})
		slices.Sort(out)
		return out
	}
	// One query per kind of object, joining the pragma functions to the tables.
	const tables = `FROM sqlite_master AS m WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite_%'`
	rows(`SELECT m.name, m.type `+tables, func(r *sql.Rows) error {
		var name, typ string
		err := r.Scan(&name, &typ)
		out = append(out, fmt.Sprintf("table %s %s", name, typ))
		return err
	})
	rows(`SELECT m.name, c.cid, c.name, c.type, c."notnull", COALESCE(c.dflt_value, ''), c.pk
		FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS c WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite_%'`,
		func(r *sql.Rows) error {
			var cid, notNull, pk int
			var table, name, typ, def string
			err := r.Scan(&table, &cid, &name, &typ, &notNull, &def, &pk)
			out = append(out, fmt.Sprintf("column %s.%s #%d %s notnull=%d default=%q pk=%d", table, name, cid, typ, notNull, def, pk))
			return err
		})
	type index struct {
		table, name, origin, def string
		unique, partial          int
		columns                  []string
	}
	var indexes []*index
	byName := map[string]*index{}
	rows(`SELECT m.name, i.name, i."unique", i.origin, i.partial, COALESCE(x.name, '<expression>'), x."desc",
			COALESCE((SELECT s.sql FROM sqlite_master AS s WHERE s.type = 'index' AND s.name = i.name), '')
		FROM sqlite_master AS m JOIN pragma_index_list(m.name) AS i JOIN pragma_index_xinfo(i.name) AS x
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND x.key = 1 ORDER BY m.name, i.name, x.seqno`,
		func(r *sql.Rows) error {
			var i index
			var column string
			var desc int
			err := r.Scan(&i.table, &i.name, &i.unique, &i.origin, &i.partial, &column, &desc, &i.def)
			if desc == 1 {
				column += " DESC"
			}
			key := i.table + "." + i.name
			if byName[key] == nil {
				byName[key] = &i
				indexes = append(indexes, &i)
			}
			byName[key].columns = append(byName[key].columns, column)
			return err
		})
	for _, i := range indexes {
		name := i.name
		if strings.HasPrefix(name, "sqlite_autoindex_") {
			name = "<auto>" // numbered in creation order
		}
		out = append(out, fmt.Sprintf("index %s.%s unique=%d partial=%d origin=%s (%s) %s", i.table, name,
			i.unique, i.partial, i.origin, strings.Join(i.columns, ", "), strings.TrimSpace(spaces.ReplaceAllString(i.def, " "))))
	}
	rows(`SELECT m.name, f."table", f."from", COALESCE(f."to", ''), f.on_update, f.on_delete
		FROM sqlite_master AS m JOIN pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`,
		func(r *sql.Rows) error {
			var table, ref, from, to, onUpdate, onDelete string
			err := r.Scan(&table, &ref, &from, &to, &onUpdate, &onDelete)
			out = append(out, fmt.Sprintf("foreign key %s.%s -> %s.%s on update %s on delete %s", table, from, ref, to, onUpdate, onDelete))
			return err
		})
	slices.Sort(out)
	return out
}

// TestMigrationsAreFrozenDDL refuses schema derived from today's structs outside tests:
// a released migration must build the same schema forever, so migrations are written
// out as SQL per dialect (db.DDL, db.SameDDL), never bun's CREATE/ALTER/DROP builders.
func TestMigrationsAreFrozenDDL(t *testing.T) {
	refused := []string{"NewCreateTable", "NewCreateIndex", "NewDropTable", "NewDropIndex", "NewAddColumn",
		"NewDropColumn", "NewTruncateTable", "CreateTables", "CreateIndexes"}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "web" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && slices.Contains(refused, sel.Sel.Name) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s: %s derives schema from structs; write the migration out with db.DDL", filepath.ToSlash(rel), sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
