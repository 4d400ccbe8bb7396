package salesorder

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: the statements it ran
// when it was released, written out per dialect. Never edit or remove a released migration;
// add a new one at the end.
var migrations = []db.Migration{{
	// Orders, their numbering, status log, order and product types, and order files
	// (docs/decisions/0011).
	//   - An order number is unique per side (the all-zero UUID stands for the host, since
	//     NULLs never clash in a unique index), deleted drafts included: numbers come from the
	//     per-side, per-day counter (sales_order_numbers, unique per side and day) and are
	//     never given twice.
	//   - Order and product type codes are unique among the side's live rows, without regard
	//     to case.
	//   - Every sortable column of the lists has an index led by the tenant and is_deleted
	//     (the lists' filter), then the column and id (the tie-break); the types in use by
	//     orders are found through ix_sales_orders_order_type and ix_sales_orders_product_type.
	//   - A list of one status by order date (the tracking lists' usual question) reads
	//     ix_sales_orders_status_order_date, which also answers its total price filter and
	//     its count from the index (scripts/bench/salesorders).
	ID: "salesorder/0001_sales_orders",
	Up: db.DDL(`
CREATE TABLE "sales_orders" (
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
	"sales_order_id" VARCHAR NOT NULL,
	"order_type_id" uuid NOT NULL,
	"product_type_id" uuid,
	"dealer_name" VARCHAR NOT NULL,
	"customer_name" VARCHAR NOT NULL,
	"customer_phone" VARCHAR NOT NULL,
	"customer_address" VARCHAR NOT NULL,
	"salesman_id" uuid,
	"status" INTEGER NOT NULL,
	"is_urgent" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	"desgin_id" VARCHAR NOT NULL,
	"creator_name" VARCHAR NOT NULL,
	"order_date" TIMESTAMP,
	"pay_date" TIMESTAMP,
	"delivery_date" TIMESTAMP,
	"second_delivery_date" TIMESTAMP,
	"actual_delivery_date" TIMESTAMP,
	"transfer_date" TIMESTAMP,
	"close_file_date" TIMESTAMP,
	"final_payment_time" TIMESTAMP,
	"total_price" DOUBLE PRECISION NOT NULL,
	"discount_total" DOUBLE PRECISION NOT NULL,
	"logistics_price" DOUBLE PRECISION NOT NULL,
	"total_sum_price" DOUBLE PRECISION NOT NULL,
	"pay_total" DOUBLE PRECISION NOT NULL,
	"difference_price" DOUBLE PRECISION NOT NULL,
	"bill" DOUBLE PRECISION NOT NULL,
	"is_h5" BOOLEAN NOT NULL,
	"is_ship" BOOLEAN NOT NULL,
	"is_import_confirmed" BOOLEAN NOT NULL,
	"is_designer" BOOLEAN NOT NULL,
	"is_close_file" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_numbers" (
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
	"day" VARCHAR NOT NULL,
	"last_seq" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_status_logs" (
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
	"order_id" uuid NOT NULL,
	"from_status" INTEGER NOT NULL,
	"to_status" INTEGER NOT NULL,
	"action" VARCHAR NOT NULL,
	"comment" VARCHAR NOT NULL,
	"user_id" uuid,
	"user_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_types" (
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
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"sort_order" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "product_types" (
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
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"sort_order" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_files" (
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
	"order_id" uuid NOT NULL,
	"file_descriptor_id" uuid NOT NULL,
	"file_name" VARCHAR NOT NULL,
	"file_type" VARCHAR NOT NULL,
	"mime_type" VARCHAR NOT NULL,
	"size" BIGINT NOT NULL,
	"category" VARCHAR NOT NULL,
	"is_success" BOOLEAN NOT NULL,
	"error_message" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_sales_orders_number" ON "sales_orders" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "sales_order_id");
CREATE UNIQUE INDEX "ux_sales_order_numbers_day" ON "sales_order_numbers" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "day");
CREATE UNIQUE INDEX "ux_sales_order_types_code" ON "sales_order_types" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_product_types_code" ON "product_types" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE INDEX "ix_sales_orders_sort_id" ON "sales_orders" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_sales_orders_sort_sales_order_id" ON "sales_orders" ("tenant_id", "is_deleted", "sales_order_id", "id");
CREATE INDEX "ix_sales_orders_sort_creation_time" ON "sales_orders" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_sales_orders_sort_status" ON "sales_orders" ("tenant_id", "is_deleted", "status", "id");
CREATE INDEX "ix_sales_orders_sort_customer_name" ON "sales_orders" ("tenant_id", "is_deleted", "customer_name", "id");
CREATE INDEX "ix_sales_orders_sort_dealer_name" ON "sales_orders" ("tenant_id", "is_deleted", "dealer_name", "id");
CREATE INDEX "ix_sales_orders_sort_order_date" ON "sales_orders" ("tenant_id", "is_deleted", "order_date", "id");
CREATE INDEX "ix_sales_orders_sort_pay_date" ON "sales_orders" ("tenant_id", "is_deleted", "pay_date", "id");
CREATE INDEX "ix_sales_orders_sort_delivery_date" ON "sales_orders" ("tenant_id", "is_deleted", "delivery_date", "id");
CREATE INDEX "ix_sales_orders_sort_second_delivery_date" ON "sales_orders" ("tenant_id", "is_deleted", "second_delivery_date", "id");
CREATE INDEX "ix_sales_orders_sort_actual_delivery_date" ON "sales_orders" ("tenant_id", "is_deleted", "actual_delivery_date", "id");
CREATE INDEX "ix_sales_orders_sort_transfer_date" ON "sales_orders" ("tenant_id", "is_deleted", "transfer_date", "id");
CREATE INDEX "ix_sales_orders_sort_close_file_date" ON "sales_orders" ("tenant_id", "is_deleted", "close_file_date", "id");
CREATE INDEX "ix_sales_orders_sort_final_payment_time" ON "sales_orders" ("tenant_id", "is_deleted", "final_payment_time", "id");
CREATE INDEX "ix_sales_orders_sort_total_price" ON "sales_orders" ("tenant_id", "is_deleted", "total_price", "id");
CREATE INDEX "ix_sales_orders_sort_total_sum_price" ON "sales_orders" ("tenant_id", "is_deleted", "total_sum_price", "id");
CREATE INDEX "ix_sales_orders_sort_difference_price" ON "sales_orders" ("tenant_id", "is_deleted", "difference_price", "id");
CREATE INDEX "ix_sales_orders_sort_pay_total" ON "sales_orders" ("tenant_id", "is_deleted", "pay_total", "id");
CREATE INDEX "ix_sales_orders_sort_logistics_price" ON "sales_orders" ("tenant_id", "is_deleted", "logistics_price", "id");
CREATE INDEX "ix_sales_orders_sort_discount_total" ON "sales_orders" ("tenant_id", "is_deleted", "discount_total", "id");
CREATE INDEX "ix_sales_orders_sort_bill" ON "sales_orders" ("tenant_id", "is_deleted", "bill", "id");
CREATE INDEX "ix_sales_orders_status_order_date" ON "sales_orders" ("tenant_id", "is_deleted", "status", "order_date", "id", "total_price");
CREATE INDEX "ix_sales_orders_order_type" ON "sales_orders" ("tenant_id", "is_deleted", "order_type_id");
CREATE INDEX "ix_sales_orders_product_type" ON "sales_orders" ("tenant_id", "is_deleted", "product_type_id");
CREATE INDEX "ix_sales_order_types_sort_id" ON "sales_order_types" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_sales_order_types_sort_code" ON "sales_order_types" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_sales_order_types_sort_name" ON "sales_order_types" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_sales_order_types_sort_sort_order" ON "sales_order_types" ("tenant_id", "is_deleted", "sort_order", "id");
CREATE INDEX "ix_sales_order_types_sort_is_enable" ON "sales_order_types" ("tenant_id", "is_deleted", "is_enable", "id");
CREATE INDEX "ix_sales_order_types_sort_creation_time" ON "sales_order_types" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_product_types_sort_id" ON "product_types" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_product_types_sort_code" ON "product_types" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_product_types_sort_name" ON "product_types" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_product_types_sort_sort_order" ON "product_types" ("tenant_id", "is_deleted", "sort_order", "id");
CREATE INDEX "ix_product_types_sort_is_enable" ON "product_types" ("tenant_id", "is_deleted", "is_enable", "id");
CREATE INDEX "ix_product_types_sort_creation_time" ON "product_types" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_sales_order_status_logs_order" ON "sales_order_status_logs" ("tenant_id", "is_deleted", "order_id", "creation_time", "id");
CREATE INDEX "ix_sales_order_files_order" ON "sales_order_files" ("tenant_id", "is_deleted", "order_id", "category", "creation_time", "id")
`, `
CREATE TABLE "sales_orders" (
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
	"sales_order_id" VARCHAR NOT NULL,
	"order_type_id" uuid NOT NULL,
	"product_type_id" uuid,
	"dealer_name" VARCHAR NOT NULL,
	"customer_name" VARCHAR NOT NULL,
	"customer_phone" VARCHAR NOT NULL,
	"customer_address" VARCHAR NOT NULL,
	"salesman_id" uuid,
	"status" INTEGER NOT NULL,
	"is_urgent" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	"desgin_id" VARCHAR NOT NULL,
	"creator_name" VARCHAR NOT NULL,
	"order_date" TIMESTAMPTZ,
	"pay_date" TIMESTAMPTZ,
	"delivery_date" TIMESTAMPTZ,
	"second_delivery_date" TIMESTAMPTZ,
	"actual_delivery_date" TIMESTAMPTZ,
	"transfer_date" TIMESTAMPTZ,
	"close_file_date" TIMESTAMPTZ,
	"final_payment_time" TIMESTAMPTZ,
	"total_price" DOUBLE PRECISION NOT NULL,
	"discount_total" DOUBLE PRECISION NOT NULL,
	"logistics_price" DOUBLE PRECISION NOT NULL,
	"total_sum_price" DOUBLE PRECISION NOT NULL,
	"pay_total" DOUBLE PRECISION NOT NULL,
	"difference_price" DOUBLE PRECISION NOT NULL,
	"bill" DOUBLE PRECISION NOT NULL,
	"is_h5" BOOLEAN NOT NULL,
	"is_ship" BOOLEAN NOT NULL,
	"is_import_confirmed" BOOLEAN NOT NULL,
	"is_designer" BOOLEAN NOT NULL,
	"is_close_file" BOOLEAN NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_numbers" (
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
	"day" VARCHAR NOT NULL,
	"last_seq" INTEGER NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_status_logs" (
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
	"order_id" uuid NOT NULL,
	"from_status" INTEGER NOT NULL,
	"to_status" INTEGER NOT NULL,
	"action" VARCHAR NOT NULL,
	"comment" VARCHAR NOT NULL,
	"user_id" uuid,
	"user_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_types" (
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
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"sort_order" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "product_types" (
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
	"code" VARCHAR NOT NULL,
	"name" VARCHAR NOT NULL,
	"sort_order" INTEGER NOT NULL,
	"is_enable" BOOLEAN NOT NULL,
	"remark" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "sales_order_files" (
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
	"order_id" uuid NOT NULL,
	"file_descriptor_id" uuid NOT NULL,
	"file_name" VARCHAR NOT NULL,
	"file_type" VARCHAR NOT NULL,
	"mime_type" VARCHAR NOT NULL,
	"size" BIGINT NOT NULL,
	"category" VARCHAR NOT NULL,
	"is_success" BOOLEAN NOT NULL,
	"error_message" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ux_sales_orders_number" ON "sales_orders" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "sales_order_id");
CREATE UNIQUE INDEX "ux_sales_order_numbers_day" ON "sales_order_numbers" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), "day");
CREATE UNIQUE INDEX "ux_sales_order_types_code" ON "sales_order_types" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE UNIQUE INDEX "ux_product_types_code" ON "product_types" (COALESCE("tenant_id", '00000000-0000-0000-0000-000000000000'), lower("code")) WHERE "is_deleted" = false;
CREATE INDEX "ix_sales_orders_sort_id" ON "sales_orders" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_sales_orders_sort_sales_order_id" ON "sales_orders" ("tenant_id", "is_deleted", "sales_order_id", "id");
CREATE INDEX "ix_sales_orders_sort_creation_time" ON "sales_orders" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_sales_orders_sort_status" ON "sales_orders" ("tenant_id", "is_deleted", "status", "id");
CREATE INDEX "ix_sales_orders_sort_customer_name" ON "sales_orders" ("tenant_id", "is_deleted", "customer_name", "id");
CREATE INDEX "ix_sales_orders_sort_dealer_name" ON "sales_orders" ("tenant_id", "is_deleted", "dealer_name", "id");
CREATE INDEX "ix_sales_orders_sort_order_date" ON "sales_orders" ("tenant_id", "is_deleted", "order_date", "id");
CREATE INDEX "ix_sales_orders_sort_pay_date" ON "sales_orders" ("tenant_id", "is_deleted", "pay_date", "id");
CREATE INDEX "ix_sales_orders_sort_delivery_date" ON "sales_orders" ("tenant_id", "is_deleted", "delivery_date", "id");
CREATE INDEX "ix_sales_orders_sort_second_delivery_date" ON "sales_orders" ("tenant_id", "is_deleted", "second_delivery_date", "id");
CREATE INDEX "ix_sales_orders_sort_actual_delivery_date" ON "sales_orders" ("tenant_id", "is_deleted", "actual_delivery_date", "id");
CREATE INDEX "ix_sales_orders_sort_transfer_date" ON "sales_orders" ("tenant_id", "is_deleted", "transfer_date", "id");
CREATE INDEX "ix_sales_orders_sort_close_file_date" ON "sales_orders" ("tenant_id", "is_deleted", "close_file_date", "id");
CREATE INDEX "ix_sales_orders_sort_final_payment_time" ON "sales_orders" ("tenant_id", "is_deleted", "final_payment_time", "id");
CREATE INDEX "ix_sales_orders_sort_total_price" ON "sales_orders" ("tenant_id", "is_deleted", "total_price", "id");
CREATE INDEX "ix_sales_orders_sort_total_sum_price" ON "sales_orders" ("tenant_id", "is_deleted", "total_sum_price", "id");
CREATE INDEX "ix_sales_orders_sort_difference_price" ON "sales_orders" ("tenant_id", "is_deleted", "difference_price", "id");
CREATE INDEX "ix_sales_orders_sort_pay_total" ON "sales_orders" ("tenant_id", "is_deleted", "pay_total", "id");
CREATE INDEX "ix_sales_orders_sort_logistics_price" ON "sales_orders" ("tenant_id", "is_deleted", "logistics_price", "id");
CREATE INDEX "ix_sales_orders_sort_discount_total" ON "sales_orders" ("tenant_id", "is_deleted", "discount_total", "id");
CREATE INDEX "ix_sales_orders_sort_bill" ON "sales_orders" ("tenant_id", "is_deleted", "bill", "id");
CREATE INDEX "ix_sales_orders_status_order_date" ON "sales_orders" ("tenant_id", "is_deleted", "status", "order_date", "id", "total_price");
CREATE INDEX "ix_sales_orders_order_type" ON "sales_orders" ("tenant_id", "is_deleted", "order_type_id");
CREATE INDEX "ix_sales_orders_product_type" ON "sales_orders" ("tenant_id", "is_deleted", "product_type_id");
CREATE INDEX "ix_sales_order_types_sort_id" ON "sales_order_types" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_sales_order_types_sort_code" ON "sales_order_types" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_sales_order_types_sort_name" ON "sales_order_types" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_sales_order_types_sort_sort_order" ON "sales_order_types" ("tenant_id", "is_deleted", "sort_order", "id");
CREATE INDEX "ix_sales_order_types_sort_is_enable" ON "sales_order_types" ("tenant_id", "is_deleted", "is_enable", "id");
CREATE INDEX "ix_sales_order_types_sort_creation_time" ON "sales_order_types" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_product_types_sort_id" ON "product_types" ("tenant_id", "is_deleted", "id");
CREATE INDEX "ix_product_types_sort_code" ON "product_types" ("tenant_id", "is_deleted", "code", "id");
CREATE INDEX "ix_product_types_sort_name" ON "product_types" ("tenant_id", "is_deleted", "name", "id");
CREATE INDEX "ix_product_types_sort_sort_order" ON "product_types" ("tenant_id", "is_deleted", "sort_order", "id");
CREATE INDEX "ix_product_types_sort_is_enable" ON "product_types" ("tenant_id", "is_deleted", "is_enable", "id");
CREATE INDEX "ix_product_types_sort_creation_time" ON "product_types" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_sales_order_status_logs_order" ON "sales_order_status_logs" ("tenant_id", "is_deleted", "order_id", "creation_time", "id");
CREATE INDEX "ix_sales_order_files_order" ON "sales_order_files" ("tenant_id", "is_deleted", "order_id", "category", "creation_time", "id")
`),
}}
