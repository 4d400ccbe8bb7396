package orderdetail

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released migration;
// add a new one at the end.
var migrations = []db.Migration{{
	// The four line tables of an order (docs/decisions/0011, "Detail lines"), the per-side
	// detail-table configuration and the quotation download tokens.
	//   - A line table is read a page of one order at a time, in line order: its index is led
	//     by the tenant and the order, then is_deleted (every read's filter), line_no and id
	//     (db.List's tie-break).
	//   - One configuration row per side, table key and order type (none: every type), among
	//     live rows; NULLs (the host, "every type") are indexed as the all-zero UUID, since
	//     they never clash in a unique index.
	//   - Quotation tokens are found by the token before the tenant is known, and purged by
	//     their expiry.
	ID: "orderdetail/0001_order_lines",
	Up: db.DDL(`
CREATE TABLE "sales_order_products" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_parts" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_standard_products" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_lists" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_detail_tables" (
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
	"table_key" VARCHAR NOT NULL,
	"order_type_id" uuid,
	"shown" BOOLEAN NOT NULL,
	"required" BOOLEAN NOT NULL,
	"sort" INTEGER NOT NULL,
	"columns" VARCHAR NOT NULL,
	"actions" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_quote_tokens" (
	"token" VARCHAR NOT NULL,
	"tenant_id" uuid,
	"sales_order_id" uuid NOT NULL,
	"culture" VARCHAR NOT NULL,
	"expires_at" TIMESTAMP NOT NULL,
	PRIMARY KEY ("token")
);
CREATE INDEX "ix_sales_order_products_order" ON "sales_order_products" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE INDEX "ix_sales_order_parts_order" ON "sales_order_parts" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE INDEX "ix_sales_order_standard_products_order" ON "sales_order_standard_products" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE INDEX "ix_sales_lists_order" ON "sales_lists" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE UNIQUE INDEX "ux_sales_order_detail_tables_key" ON "sales_order_detail_tables" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "table_key", COALESCE("order_type_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_deleted" = false;
CREATE INDEX "ix_sales_order_quote_tokens_expires" ON "sales_order_quote_tokens" ("expires_at")
`, `
CREATE TABLE "sales_order_products" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_parts" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_standard_products" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_lists" (
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
	"sales_order_id" uuid NOT NULL,
	"line_no" INTEGER NOT NULL,
	"source_id" uuid,
	"name" VARCHAR NOT NULL,
	"code" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION,
	"width" DOUBLE PRECISION,
	"height" DOUBLE PRECISION,
	"color" VARCHAR NOT NULL,
	"unit" VARCHAR NOT NULL,
	"price" DOUBLE PRECISION NOT NULL,
	"count" DOUBLE PRECISION NOT NULL,
	"amount" DOUBLE PRECISION NOT NULL,
	"remark" VARCHAR NOT NULL,
	"cabinet" VARCHAR NOT NULL,
	"values" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_detail_tables" (
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
	"table_key" VARCHAR NOT NULL,
	"order_type_id" uuid,
	"shown" BOOLEAN NOT NULL,
	"required" BOOLEAN NOT NULL,
	"sort" INTEGER NOT NULL,
	"columns" VARCHAR NOT NULL,
	"actions" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_quote_tokens" (
	"token" VARCHAR NOT NULL,
	"tenant_id" uuid,
	"sales_order_id" uuid NOT NULL,
	"culture" VARCHAR NOT NULL,
	"expires_at" TIMESTAMPTZ NOT NULL,
	PRIMARY KEY ("token")
);
CREATE INDEX "ix_sales_order_products_order" ON "sales_order_products" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE INDEX "ix_sales_order_parts_order" ON "sales_order_parts" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE INDEX "ix_sales_order_standard_products_order" ON "sales_order_standard_products" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE INDEX "ix_sales_lists_order" ON "sales_lists" ("tenant_id", "sales_order_id", "is_deleted", "line_no", "id");
CREATE UNIQUE INDEX "ux_sales_order_detail_tables_key" ON "sales_order_detail_tables" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "table_key", COALESCE("order_type_id", '00000000-0000-0000-0000-000000000000')) WHERE "is_deleted" = false;
CREATE INDEX "ix_sales_order_quote_tokens_expires" ON "sales_order_quote_tokens" ("expires_at")
`),
}}
