package auditdesign

import "kerf/internal/platform/db"

// migrations are this area's schema changes, in order. Each is frozen: never edit or remove a
// released migration; add a new one at the end.
var migrations = []db.Migration{{
	// Review sheets and their operation logs (docs/decisions/0012).
	//   - The order tab reads ix_audit_designs_order (an order's sheets by level_index); the
	//     review queue reads ix_audit_designs_state (a state's sheets by creation time) and
	//     ix_audit_designs_claimed_by (my claimed sheets).
	//   - Every sortable column of the list (creationTime, salesOrderNo, levelIndex, state) has
	//     an index led by tenant_id and is_deleted, then the column and id.
	//   - order_creator_id is the order's creator when the sheets were made (revoke: the
	//     claimer or the order's creator); claimed_by_name the reviewer's name for the lists.
	ID: "auditdesign/0001_audit_designs",
	Up: db.DDL(`
CREATE TABLE "audit_designs" (
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
	"sales_order_no" VARCHAR NOT NULL,
	"order_creator_id" uuid,
	"audit_design_id" VARCHAR NOT NULL,
	"audit_name" VARCHAR NOT NULL,
	"audit_code" VARCHAR NOT NULL,
	"state" INTEGER NOT NULL,
	"submit_comment" VARCHAR NOT NULL,
	"reject_comment" VARCHAR NOT NULL,
	"level_index" INTEGER NOT NULL,
	"separate_pallet" VARCHAR NOT NULL,
	"is_download" BOOLEAN NOT NULL,
	"claimed_by" uuid,
	"claimed_by_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "audit_design_logs" (
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
	"audit_design_id" uuid NOT NULL,
	"operation_state" INTEGER NOT NULL,
	"operation_time" TIMESTAMP NOT NULL,
	"operator_id" uuid,
	"operation_operator" VARCHAR NOT NULL,
	"role_name" VARCHAR NOT NULL,
	"comment" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_designs_order" ON "audit_designs" ("tenant_id", "is_deleted", "sales_order_id", "level_index", "id");
CREATE INDEX "ix_audit_designs_state" ON "audit_designs" ("tenant_id", "is_deleted", "state", "creation_time", "id");
CREATE INDEX "ix_audit_designs_sort_creation_time" ON "audit_designs" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_audit_designs_sort_sales_order_no" ON "audit_designs" ("tenant_id", "is_deleted", "sales_order_no", "id");
CREATE INDEX "ix_audit_designs_sort_level_index" ON "audit_designs" ("tenant_id", "is_deleted", "level_index", "id");
CREATE INDEX "ix_audit_designs_sort_state" ON "audit_designs" ("tenant_id", "is_deleted", "state", "id");
CREATE INDEX "ix_audit_designs_claimed_by" ON "audit_designs" ("tenant_id", "is_deleted", "claimed_by", "creation_time", "id");
CREATE INDEX "ix_audit_design_logs_sheet" ON "audit_design_logs" ("tenant_id", "is_deleted", "audit_design_id", "operation_time", "id")
`, `
CREATE TABLE "audit_designs" (
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
	"sales_order_no" VARCHAR NOT NULL,
	"order_creator_id" uuid,
	"audit_design_id" VARCHAR NOT NULL,
	"audit_name" VARCHAR NOT NULL,
	"audit_code" VARCHAR NOT NULL,
	"state" INTEGER NOT NULL,
	"submit_comment" VARCHAR NOT NULL,
	"reject_comment" VARCHAR NOT NULL,
	"level_index" INTEGER NOT NULL,
	"separate_pallet" VARCHAR NOT NULL,
	"is_download" BOOLEAN NOT NULL,
	"claimed_by" uuid,
	"claimed_by_name" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE TABLE "audit_design_logs" (
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
	"audit_design_id" uuid NOT NULL,
	"operation_state" INTEGER NOT NULL,
	"operation_time" TIMESTAMPTZ NOT NULL,
	"operator_id" uuid,
	"operation_operator" VARCHAR NOT NULL,
	"role_name" VARCHAR NOT NULL,
	"comment" VARCHAR NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "ix_audit_designs_order" ON "audit_designs" ("tenant_id", "is_deleted", "sales_order_id", "level_index", "id");
CREATE INDEX "ix_audit_designs_state" ON "audit_designs" ("tenant_id", "is_deleted", "state", "creation_time", "id");
CREATE INDEX "ix_audit_designs_sort_creation_time" ON "audit_designs" ("tenant_id", "is_deleted", "creation_time", "id");
CREATE INDEX "ix_audit_designs_sort_sales_order_no" ON "audit_designs" ("tenant_id", "is_deleted", "sales_order_no", "id");
CREATE INDEX "ix_audit_designs_sort_level_index" ON "audit_designs" ("tenant_id", "is_deleted", "level_index", "id");
CREATE INDEX "ix_audit_designs_sort_state" ON "audit_designs" ("tenant_id", "is_deleted", "state", "id");
CREATE INDEX "ix_audit_designs_claimed_by" ON "audit_designs" ("tenant_id", "is_deleted", "claimed_by", "creation_time", "id");
CREATE INDEX "ix_audit_design_logs_sheet" ON "audit_design_logs" ("tenant_id", "is_deleted", "audit_design_id", "operation_time", "id")
`),
}}
