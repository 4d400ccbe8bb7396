package catalog

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released
// migration; add a new one at the end.
var migrations = []db.Migration{{
	ID: "catalog/0001_catalog",
	Up: db.DDL(`
CREATE TABLE "catalogs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"parent_id" uuid NOT NULL,
	"display_name" VARCHAR NOT NULL,
	"catalog_name" VARCHAR NOT NULL,
	"module_name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "catalog_products" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"module_name" VARCHAR NOT NULL,
	"catalog_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"erp_code" VARCHAR NOT NULL,
	"stock_code" VARCHAR NOT NULL,
	"workshop_code" VARCHAR NOT NULL,
	"factory_code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"price" DOUBLE PRECISION,
	"describe" VARCHAR NOT NULL,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"images" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "catalog_parts" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"catalog_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"erp_code" VARCHAR NOT NULL,
	"stock_code" VARCHAR NOT NULL,
	"workshop_code" VARCHAR NOT NULL,
	"factory_code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"price" DOUBLE PRECISION,
	"describe" VARCHAR NOT NULL,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"images" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"count" DOUBLE PRECISION,
	"size" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "catalog_product_parts" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"product_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "standard_products" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMP NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMP,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMP,
	"concurrency_stamp" VARCHAR NOT NULL,
	"product_name" VARCHAR NOT NULL,
	"images" VARCHAR NOT NULL,
	"product_code" VARCHAR NOT NULL,
	"product_width" DOUBLE PRECISION,
	"product_height" DOUBLE PRECISION,
	"product_depth" DOUBLE PRECISION,
	"product_material" VARCHAR NOT NULL,
	"door_material" VARCHAR NOT NULL,
	"product_style" VARCHAR NOT NULL,
	"product_version" VARCHAR NOT NULL,
	"level_name" VARCHAR NOT NULL,
	"batch_size" DOUBLE PRECISION,
	"product_image" VARCHAR NOT NULL,
	"remark" VARCHAR NOT NULL,
	"info1" VARCHAR NOT NULL,
	"info2" VARCHAR NOT NULL,
	"info3" VARCHAR NOT NULL,
	"info4" VARCHAR NOT NULL,
	"info5" VARCHAR NOT NULL,
	"info6" VARCHAR NOT NULL,
	"info7" VARCHAR NOT NULL,
	"info8" VARCHAR NOT NULL,
	"info9" VARCHAR NOT NULL,
	"info10" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"creator" VARCHAR NOT NULL,
	"last_modifier" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_catalogs_module" ON "catalogs" ("tenant_id", "module_name", "parent_id");
CREATE INDEX "ix_catalog_products_catalog" ON "catalog_products" ("tenant_id", "catalog_id");
CREATE INDEX "ix_catalog_parts_catalog" ON "catalog_parts" ("tenant_id", "catalog_id");
CREATE INDEX "ix_catalog_product_parts_product" ON "catalog_product_parts" ("tenant_id", "product_id");
CREATE INDEX "ix_catalog_product_parts_part" ON "catalog_product_parts" ("tenant_id", "part_id");
CREATE INDEX "ix_standard_products_tenant" ON "standard_products" ("tenant_id", "product_code")
`, `
CREATE TABLE "catalogs" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"parent_id" uuid NOT NULL,
	"display_name" VARCHAR NOT NULL,
	"catalog_name" VARCHAR NOT NULL,
	"module_name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "catalog_products" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"module_name" VARCHAR NOT NULL,
	"catalog_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"erp_code" VARCHAR NOT NULL,
	"stock_code" VARCHAR NOT NULL,
	"workshop_code" VARCHAR NOT NULL,
	"factory_code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"price" DOUBLE PRECISION,
	"describe" VARCHAR NOT NULL,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"images" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "catalog_parts" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"catalog_id" uuid NOT NULL,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"erp_code" VARCHAR NOT NULL,
	"stock_code" VARCHAR NOT NULL,
	"workshop_code" VARCHAR NOT NULL,
	"factory_code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"price" DOUBLE PRECISION,
	"describe" VARCHAR NOT NULL,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"images" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"count" DOUBLE PRECISION,
	"size" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "catalog_product_parts" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"product_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "standard_products" (
	"id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" TIMESTAMPTZ NOT NULL,
	"creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ,
	"last_modifier_id" uuid,
	"is_deleted" BOOLEAN NOT NULL DEFAULT false,
	"deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ,
	"concurrency_stamp" VARCHAR NOT NULL,
	"product_name" VARCHAR NOT NULL,
	"images" VARCHAR NOT NULL,
	"product_code" VARCHAR NOT NULL,
	"product_width" DOUBLE PRECISION,
	"product_height" DOUBLE PRECISION,
	"product_depth" DOUBLE PRECISION,
	"product_material" VARCHAR NOT NULL,
	"door_material" VARCHAR NOT NULL,
	"product_style" VARCHAR NOT NULL,
	"product_version" VARCHAR NOT NULL,
	"level_name" VARCHAR NOT NULL,
	"batch_size" DOUBLE PRECISION,
	"product_image" VARCHAR NOT NULL,
	"remark" VARCHAR NOT NULL,
	"info1" VARCHAR NOT NULL,
	"info2" VARCHAR NOT NULL,
	"info3" VARCHAR NOT NULL,
	"info4" VARCHAR NOT NULL,
	"info5" VARCHAR NOT NULL,
	"info6" VARCHAR NOT NULL,
	"info7" VARCHAR NOT NULL,
	"info8" VARCHAR NOT NULL,
	"info9" VARCHAR NOT NULL,
	"info10" VARCHAR NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"creator" VARCHAR NOT NULL,
	"last_modifier" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_catalogs_module" ON "catalogs" ("tenant_id", "module_name", "parent_id");
CREATE INDEX "ix_catalog_products_catalog" ON "catalog_products" ("tenant_id", "catalog_id");
CREATE INDEX "ix_catalog_parts_catalog" ON "catalog_parts" ("tenant_id", "catalog_id");
CREATE INDEX "ix_catalog_product_parts_product" ON "catalog_product_parts" ("tenant_id", "product_id");
CREATE INDEX "ix_catalog_product_parts_part" ON "catalog_product_parts" ("tenant_id", "part_id");
CREATE INDEX "ix_standard_products_tenant" ON "standard_products" ("tenant_id", "product_code")
`),
}, {
	// The uniqueness the catalogue's rules promise, as unique indexes over live rows, so
	// that requests running at the same moment cannot both pass a check and both insert
	// (the store answers db.ErrDuplicate, 409): directory codes per tenant and module, one
	// link per product and part, and a standard product's code per tenant when it has one.
	// NULL tenant ids (the host) never clash in a unique index, so the host is indexed as
	// the all-zero UUID. Rows that already break a rule are resolved first, deterministically,
	// keeping the earliest row of each clash (by creation_time, then id) as it is:
	//   - a later directory with a taken code gets the next free code under the same parent
	//     code, and its subtree's codes follow it (renumberDuplicateCatalogCodes);
	//   - later duplicate product–part links are soft-deleted;
	//   - a later standard product with a taken code gets "-<its id>" appended to the code.
	ID: "catalog/0002_unique_codes_and_links",
	Up: db.Steps(renumberDuplicateCatalogCodes, db.DDL(`
CREATE UNIQUE INDEX "ux_catalogs_code" ON "catalogs" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "module_name", "code") WHERE "is_deleted" = false;
UPDATE "catalog_product_parts" SET "is_deleted" = true, "deletion_time" = strftime('%Y-%m-%d %H:%M:%f+00:00', 'now') WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "product_id", "part_id" ORDER BY "creation_time", "id") AS "n"
		FROM "catalog_product_parts" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_catalog_product_parts_link" ON "catalog_product_parts" ("product_id", "part_id") WHERE "is_deleted" = false;
UPDATE "standard_products" SET "product_code" = "product_code" || '-' || CAST("id" AS VARCHAR) WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "product_code" ORDER BY "creation_time", "id") AS "n"
		FROM "standard_products" WHERE "is_deleted" = false AND "product_code" <> '') AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_standard_products_code" ON "standard_products" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "product_code") WHERE "is_deleted" = false AND "product_code" <> ''
`, `
CREATE UNIQUE INDEX "ux_catalogs_code" ON "catalogs" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "module_name", "code") WHERE "is_deleted" = false;
UPDATE "catalog_product_parts" SET "is_deleted" = true, "deletion_time" = now() WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "product_id", "part_id" ORDER BY "creation_time", "id") AS "n"
		FROM "catalog_product_parts" WHERE "is_deleted" = false) AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_catalog_product_parts_link" ON "catalog_product_parts" ("product_id", "part_id") WHERE "is_deleted" = false;
UPDATE "standard_products" SET "product_code" = "product_code" || '-' || CAST("id" AS VARCHAR) WHERE "id" IN (
	SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "product_code" ORDER BY "creation_time", "id") AS "n"
		FROM "standard_products" WHERE "is_deleted" = false AND "product_code" <> '') AS "d" WHERE "n" > 1);
CREATE UNIQUE INDEX "ux_standard_products_code" ON "standard_products" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "product_code") WHERE "is_deleted" = false AND "product_code" <> ''
`)),
}, {
	// Every sortable column of the catalogue's lists has an index that gives the list's
	// order without sorting: led by the tenant and is_deleted (every list's filter), then
	// the sort column and id (the tie-break), then the columns a list filters on
	// (catalog_id, is_enable), so those filters are checked in the index and a page of ids
	// is read from the index alone. Directories are listed per module in code order.
	ID: "catalog/0003_list_sort_indexes",
	Up: db.SameDDL(`
CREATE INDEX "ix_catalogs_list" ON "catalogs" ("tenant_id", "is_deleted", "module_name", "code", "id");
CREATE INDEX "ix_catalog_products_sort_id" ON "catalog_products" ("tenant_id", "is_deleted", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_name" ON "catalog_products" ("tenant_id", "is_deleted", "name", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_code" ON "catalog_products" ("tenant_id", "is_deleted", "code", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_erp_code" ON "catalog_products" ("tenant_id", "is_deleted", "erp_code", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_length" ON "catalog_products" ("tenant_id", "is_deleted", "length", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_width" ON "catalog_products" ("tenant_id", "is_deleted", "width", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_height" ON "catalog_products" ("tenant_id", "is_deleted", "height", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_price" ON "catalog_products" ("tenant_id", "is_deleted", "price", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_creation_time" ON "catalog_products" ("tenant_id", "is_deleted", "creation_time", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_products_sort_is_enable" ON "catalog_products" ("tenant_id", "is_deleted", "is_enable", "id", "catalog_id");
CREATE INDEX "ix_catalog_parts_sort_id" ON "catalog_parts" ("tenant_id", "is_deleted", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_name" ON "catalog_parts" ("tenant_id", "is_deleted", "name", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_code" ON "catalog_parts" ("tenant_id", "is_deleted", "code", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_erp_code" ON "catalog_parts" ("tenant_id", "is_deleted", "erp_code", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_length" ON "catalog_parts" ("tenant_id", "is_deleted", "length", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_width" ON "catalog_parts" ("tenant_id", "is_deleted", "width", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_height" ON "catalog_parts" ("tenant_id", "is_deleted", "height", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_price" ON "catalog_parts" ("tenant_id", "is_deleted", "price", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_creation_time" ON "catalog_parts" ("tenant_id", "is_deleted", "creation_time", "id", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_sort_is_enable" ON "catalog_parts" ("tenant_id", "is_deleted", "is_enable", "id", "catalog_id");
CREATE INDEX "ix_standard_products_sort_id" ON "standard_products" ("tenant_id", "is_deleted", "id", "is_enable");
CREATE INDEX "ix_standard_products_sort_product_name" ON "standard_products" ("tenant_id", "is_deleted", "product_name", "id", "is_enable");
CREATE INDEX "ix_standard_products_sort_product_code" ON "standard_products" ("tenant_id", "is_deleted", "product_code", "id", "is_enable");
CREATE INDEX "ix_standard_products_sort_creation_time" ON "standard_products" ("tenant_id", "is_deleted", "creation_time", "id", "is_enable");
CREATE INDEX "ix_standard_products_sort_product_width" ON "standard_products" ("tenant_id", "is_deleted", "product_width", "id", "is_enable");
CREATE INDEX "ix_standard_products_sort_product_height" ON "standard_products" ("tenant_id", "is_deleted", "product_height", "id", "is_enable");
CREATE INDEX "ix_standard_products_sort_product_depth" ON "standard_products" ("tenant_id", "is_deleted", "product_depth", "id", "is_enable")
`),
}, {
	// A list's total is a COUNT under the list's filters (tenant, live rows, directory,
	// enabled): these narrow indexes hold exactly those columns, so PostgreSQL counts a
	// directory of 10,000 items from the index alone (about 0.8 ms) instead of reading
	// the table (about 7 ms).
	ID: "catalog/0004_list_count_indexes",
	Up: db.SameDDL(`
CREATE INDEX "ix_catalog_products_count" ON "catalog_products" ("tenant_id", "is_deleted", "catalog_id", "is_enable");
CREATE INDEX "ix_catalog_parts_count" ON "catalog_parts" ("tenant_id", "is_deleted", "catalog_id", "is_enable");
CREATE INDEX "ix_standard_products_count" ON "standard_products" ("tenant_id", "is_deleted", "is_enable")
`),
}}

// renumberDuplicateCatalogCodes is the first step of catalog/0002: it gives every live
// directory whose code an earlier live directory of the same tenant and module already
// holds the next free code under the same parent code (one more than the highest such
// code), and moves the codes of its live subtree under the new code. Directories are
// taken in creation order (then id), so the earliest keeps its code. Part of a released
// migration: never change it.
func renumberDuplicateCatalogCodes(ctx context.Context, tx bun.Tx, _ *db.DB) error {
	type dir struct{ id, parent, code string }
	rs, err := tx.QueryContext(ctx, `SELECT "id", COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "module_name", "parent_id", "code"
		FROM "catalogs" WHERE "is_deleted" = false ORDER BY "creation_time", "id"`)
	if err != nil {
		return fmt.Errorf("read directory codes: %w", err)
	}
	groups := map[string][]*dir{} // by tenant and module
	var order []string
	for rs.Next() {
		var d dir
		var tenant, module string
		if err := rs.Scan(&d.id, &tenant, &module, &d.parent, &d.code); err != nil {
			_ = rs.Close()
			return fmt.Errorf("read directory codes: %w", err)
		}
		key := tenant + "/" + module
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], &d)
	}
	if err := rs.Close(); err != nil {
		return fmt.Errorf("read directory codes: %w", err)
	}
	if err := rs.Err(); err != nil {
		return fmt.Errorf("read directory codes: %w", err)
	}
	for _, key := range order {
		dirs := groups[key]
		changed := map[*dir]bool{}
		for range len(dirs) + 1 {
			holder := map[string]*dir{}
			var later *dir
			for _, d := range dirs {
				if holder[d.code] != nil {
					later = d
					break
				}
				holder[d.code] = d
			}
			if later == nil {
				break
			}
			// The next free code under the same parent code.
			prefix := ""
			if i := strings.LastIndexByte(later.code, '.'); i >= 0 {
				prefix = later.code[:i+1]
			}
			last := 0
			for _, d := range dirs {
				if rest, ok := strings.CutPrefix(d.code, prefix); ok && !strings.Contains(rest, ".") {
					if n, err := strconv.Atoi(rest); err == nil && n > last {
						last = n
					}
				}
			}
			oldCode, newCode := later.code, fmt.Sprintf("%s%05d", prefix, last+1)
			subtree, seen := []*dir{later}, map[*dir]bool{later: true}
			for i := 0; i < len(subtree); i++ {
				for _, d := range dirs {
					if d.parent == subtree[i].id && !seen[d] {
						seen[d] = true
						subtree = append(subtree, d)
					}
				}
			}
			for _, d := range subtree {
				if d == later {
					d.code = newCode
				} else if rest, ok := strings.CutPrefix(d.code, oldCode+"."); ok {
					d.code = newCode + "." + rest
				} else {
					continue
				}
				changed[d] = true
			}
		}
		for _, d := range dirs {
			if !changed[d] {
				continue
			}
			if _, err := tx.ExecContext(ctx, `UPDATE "catalogs" SET "code" = ? WHERE "id" = ?`, d.code, d.id); err != nil {
				return fmt.Errorf("renumber directory %s: %w", d.id, err)
			}
		}
	}
	return nil
}
