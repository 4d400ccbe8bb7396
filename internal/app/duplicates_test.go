package app_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/db/dbtest"
)

// TestUniqueIndexMigrationsResolveExistingDuplicates builds a database at the version
// before the unique indexes, fills it with rows that break the rules the indexes
// enforce, and upgrades it: the earliest row of each clash keeps its value and the later
// ones are resolved as the migrations document.
func TestUniqueIndexMigrationsResolveExistingDuplicates(t *testing.T) {
	ctx := context.Background()
	for dialect := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			url := newDatabaseURL(t, dialect)
			a := openApp(t, url)
			ms := a.Migrations()
			a.Close()
			hist := history(t, ms)
			before := slices.Index(hist, "catalog/0002_unique_codes_and_links")
			if i := slices.Index(hist, "identity/0002_unique_names"); i < before {
				before = i
			}
			d := dbtest.Open(t, url)
			if err := d.Migrate(ctx, upTo(ms, hist, before)); err != nil {
				t.Fatal(err)
			}
			exec := func(q string, args ...any) {
				t.Helper()
				if _, err := d.ExecContext(ctx, q, args...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			at := func(second int) string { return fmt.Sprintf("2024-01-01 00:00:%02d+00:00", second) }
			id := func(n int) uuid.UUID { return uuid.MustParse(fmt.Sprintf("00000000-0000-7000-8000-%012d", n)) }
			tenant := id(900)
			var host *uuid.UUID

			// Directories: A and B share a code, and so do their children.
			root := uuid.Nil
			dir := func(n int, tenantID *uuid.UUID, module string, parent uuid.UUID, code string, second int, deleted bool) {
				exec(`INSERT INTO catalogs (id, tenant_id, creation_time, is_deleted, concurrency_stamp, parent_id, display_name,
					catalog_name, module_name, code, is_enable) VALUES (?, ?, ?, ?, 's', ?, 'd', 'd', ?, ?, ?)`,
					id(n), tenantID, at(second), deleted, parent, module, code, true)
			}
			dir(1, &tenant, "product", root, "00001.00001", 1, false)              // A
			dir(2, &tenant, "product", root, "00001.00001", 2, false)              // B, later
			dir(3, &tenant, "product", id(1), "00001.00001.00001", 3, false)       // A's child
			dir(4, &tenant, "product", id(2), "00001.00001.00001", 4, false)       // B's child
			dir(5, &tenant, "product", root, "00001.00002", 5, false)              // C
			dir(6, &tenant, "product", root, "00001.00001", 0, true)               // deleted: no clash
			dir(7, host, "product", root, "00001.00001", 6, false)                 // the host's own
			dir(8, &tenant, "matter", root, "00001.00001", 7, false)               // another module
			dir(9, &tenant, "product", id(4), "00001.00001.00001.00001", 8, false) // B's grandchild

			link := func(n int, product, part uuid.UUID, second int) {
				exec(`INSERT INTO catalog_product_parts (id, tenant_id, creation_time, is_deleted, concurrency_stamp, product_id,
					part_id, count) VALUES (?, ?, ?, ?, 's', ?, ?, 1)`, id(n), tenant, at(second), false, product, part)
			}
			link(20, id(100), id(200), 1)
			link(21, id(100), id(200), 2) // the same link again
			link(22, id(100), id(201), 3)

			standard := func(n int, tenantID *uuid.UUID, code string, second int) {
				exec(`INSERT INTO standard_products (id, tenant_id, creation_time, is_deleted, concurrency_stamp, product_name,
					images, product_code, product_material, door_material, product_style, product_version, level_name,
					product_image, remark, info1, info2, info3, info4, info5, info6, info7, info8, info9, info10, is_enable,
					creator, last_modifier) VALUES (?, ?, ?, ?, 's', 'p', '', ?, '', '', '', '', '', '', '', '', '', '', '', '',
					'', '', '', '', '', ?, '', '')`, id(n), tenantID, at(second), false, code, true)
			}
			standard(30, &tenant, "SW", 1)
			standard(31, &tenant, "SW", 2) // a taken code
			standard(32, &tenant, "", 3)
			standard(33, &tenant, "", 4) // no code: never a clash
			standard(34, host, "SW", 5)

			user := func(n int, tenantID *uuid.UUID, name string, second int) {
				exec(`INSERT INTO identity_users (id, tenant_id, creation_time, is_deleted, concurrency_stamp, user_name,
					normalized_user_name, is_active, lockout_enabled) VALUES (?, ?, ?, ?, 's', ?, ?, ?, ?)`,
					id(n), tenantID, at(second), false, name, strings.ToUpper(name), true, true)
			}
			user(40, &tenant, "alice", 1)
			user(41, &tenant, "Alice", 2) // a taken name
			user(42, host, "alice", 3)

			role := func(n int, name string, second int) {
				exec(`INSERT INTO identity_roles (id, tenant_id, creation_time, is_deleted, concurrency_stamp, name,
					normalized_name, is_public) VALUES (?, ?, ?, ?, 's', ?, ?, ?)`,
					id(n), tenant, at(second), false, name, strings.ToUpper(name), true)
			}
			role(50, "editor", 1)
			role(51, "Editor", 2) // a taken name
			for _, ur := range [][2]int{{40, 50}, {40, 51}, {41, 51}} {
				exec(`INSERT INTO identity_user_roles (user_id, role_id, tenant_id) VALUES (?, ?, ?)`, id(ur[0]), id(ur[1]), tenant)
			}

			tenantRow := func(n int, name string, second int) {
				exec(`INSERT INTO saas_tenants (id, creation_time, is_deleted, concurrency_stamp, name, normalized_name,
					is_active) VALUES (?, ?, ?, 's', ?, ?, ?)`, id(n), at(second), false, name, strings.ToUpper(name), true)
			}
			tenantRow(60, "acme", 1)
			tenantRow(61, "ACME", 2) // a taken name

			if err := d.Migrate(ctx, ms); err != nil {
				t.Fatalf("upgrade: %v", err)
			}

			text := func(q string, args ...any) string {
				t.Helper()
				var s string
				if err := d.QueryRowContext(ctx, q, args...).Scan(&s); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				return s
			}
			live := func(table string, n int) bool {
				t.Helper()
				var deleted bool
				if err := d.QueryRowContext(ctx, "SELECT is_deleted FROM "+table+" WHERE id = ?", id(n)).Scan(&deleted); err != nil {
					t.Fatalf("%s %d: %v", table, n, err)
				}
				return !deleted
			}
			for n, want := range map[int]string{1: "00001.00001", 2: "00001.00003", 3: "00001.00001.00001",
				4: "00001.00003.00001", 5: "00001.00002", 6: "00001.00001", 7: "00001.00001", 8: "00001.00001",
				9: "00001.00003.00001.00001"} {
				if got := text(`SELECT code FROM catalogs WHERE id = ?`, id(n)); got != want {
					t.Errorf("directory %d: code %s, want %s", n, got, want)
				}
			}
			if !live("catalog_product_parts", 20) || live("catalog_product_parts", 21) || !live("catalog_product_parts", 22) {
				t.Error("of two equal product–part links the later one must be soft-deleted, and only it")
			}
			for n, want := range map[int]string{30: "SW", 31: "SW-" + id(31).String(), 32: "", 33: "", 34: "SW"} {
				if got := text(`SELECT product_code FROM standard_products WHERE id = ?`, id(n)); got != want {
					t.Errorf("standard product %d: code %q, want %q", n, got, want)
				}
			}
			for n, want := range map[int]string{40: "alice/ALICE", 41: "Alice-" + id(41).String() + "/ALICE-" + strings.ToUpper(id(41).String()),
				42: "alice/ALICE"} {
				if got := text(`SELECT user_name || '/' || normalized_user_name FROM identity_users WHERE id = ?`, id(n)); got != want {
					t.Errorf("user %d: %s, want %s", n, got, want)
				}
			}
			if !live("identity_roles", 50) || live("identity_roles", 51) {
				t.Error("the later of two roles with one name must be merged into the earlier and deleted")
			}
			var links []string
			rs, err := d.QueryContext(ctx, `SELECT user_id, role_id FROM identity_user_roles ORDER BY user_id, role_id`)
			if err != nil {
				t.Fatal(err)
			}
			for rs.Next() {
				var u, r string
				if err := rs.Scan(&u, &r); err != nil {
					t.Fatal(err)
				}
				links = append(links, u+" "+r)
			}
			_ = rs.Close()
			if want := []string{id(40).String() + " " + id(50).String(), id(41).String() + " " + id(50).String()}; !slices.Equal(links, want) {
				t.Errorf("user roles after the merge: %v, want %v", links, want)
			}
			for n, want := range map[int]string{60: "acme", 61: "ACME-" + id(61).String()} {
				if got := text(`SELECT name FROM saas_tenants WHERE id = ?`, id(n)); got != want {
					t.Errorf("tenant %d: %s, want %s", n, got, want)
				}
			}
		})
	}
}

// TestConcurrentCreatesNeverDuplicate fires the same create from several requests at
// once, as double clicks and two replicas do: the rules' uniqueness holds (one row), and
// every refused request is answered 400 or 409, never 500.
func TestConcurrentCreatesNeverDuplicate(t *testing.T) {
	const n = 8
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		post := func(path string, body any) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: admin, JSON: body})
		}
		must := func(res *apptest.Response) map[string]any {
			t.Helper()
			if res.Status != http.StatusOK {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
			return res.Map(t)
		}
		concurrently := func(what string, fire func() *apptest.Response) (created int) {
			t.Helper()
			var wg sync.WaitGroup
			answers := make([]*apptest.Response, n)
			for i := range n {
				wg.Go(func() { answers[i] = fire() })
			}
			wg.Wait()
			statuses := make([]int, n)
			for i, res := range answers {
				statuses[i] = res.Status
				switch res.Status {
				case http.StatusOK:
					created++
				case http.StatusBadRequest, http.StatusConflict:
					if res.ErrorMessage(t) == "" {
						t.Errorf("%s: refused without a message: %s", what, res.Body)
					}
				default:
					t.Errorf("%s: %d %s", what, res.Status, res.Body)
				}
			}
			t.Logf("%s %d times at once: %v", what, n, statuses)
			return created
		}
		list := func(path string) []map[string]any {
			t.Helper()
			var page struct {
				Items []map[string]any `json:"items"`
			}
			res := e.Get(t, path, admin)
			if res.Status != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
			}
			res.JSON(t, &page)
			return page.Items
		}

		t.Run("directory codes", func(t *testing.T) {
			parent := must(post("/api/salesorder/catalogs", map[string]any{"displayName": "Concurrent", "moduleName": "product"}))
			created := concurrently("create directory", func() *apptest.Response {
				return post("/api/salesorder/catalogs", map[string]any{"displayName": "Child", "moduleName": "product", "parentId": parent["id"]})
			})
			codes := map[string]bool{}
			children := 0
			for _, c := range list("/api/salesorder/catalogs?ModuleName=product&MaxResultCount=999") {
				code, _ := c["code"].(string)
				if codes[code] {
					t.Errorf("two directories hold code %s", code)
				}
				codes[code] = true
				if c["parentId"] == parent["id"] {
					children++
				}
			}
			if created == 0 || children != created {
				t.Errorf("%d creates answered 200 but %d directories were made", created, children)
			}
		})

		t.Run("product–part link", func(t *testing.T) {
			pdir := must(post("/api/salesorder/catalogs", map[string]any{"displayName": "Links P", "moduleName": "product"}))
			mdir := must(post("/api/salesorder/catalogs", map[string]any{"displayName": "Links M", "moduleName": "matter"}))
			product := must(post("/api/salesorder/products", map[string]any{"catalogId": pdir["id"], "name": "Cabinet"}))
			part := must(post("/api/salesorder/parts", map[string]any{"catalogId": mdir["id"], "name": "Door"}))
			created := concurrently("link part", func() *apptest.Response {
				return post("/api/salesorder/products/part", map[string]any{"productId": product["id"], "partId": part["id"], "count": 2})
			})
			links := list(fmt.Sprintf("/api/salesorder/products/parts?ProductId=%s&MaxResultCount=999", product["id"]))
			if created != 1 || len(links) != 1 {
				t.Errorf("linking one part %d times at once: %d answered 200, %d links made; want 1 and 1", n, created, len(links))
			}
		})

		t.Run("standard product code", func(t *testing.T) {
			created := concurrently("create standard product", func() *apptest.Response {
				return post("/api/sales-order/sales-order-catalog-products", map[string]any{"productName": "Wardrobe", "productCode": "SAME-CODE-1"})
			})
			rows := list("/api/sales-order/sales-order-catalog-products?Filter=SAME-CODE-1&MaxResultCount=999")
			if created != 1 || len(rows) != 1 {
				t.Errorf("creating one code %d times at once: %d answered 200, %d rows made; want 1 and 1", n, created, len(rows))
			}
		})
	})
}
