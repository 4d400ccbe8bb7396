package auditlogging

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
)

// store holds the area's queries, each scoped to the current tenant by platform/db (the
// retention's, which deletes across tenants, ask for it with tenancy.AllTenants).
type store struct {
	idb bun.IDB
}

// logSorting is the sorting whitelist of the audit log list: API name → column, each with
// an index led by tenant_id (audit/0002).
var logSorting = map[string]string{
	"executionTime": "execution_time", "executionDuration": "execution_duration",
	"httpStatusCode": "http_status_code", "userName": "user_name",
}

const logDefaultOrder = "execution_time DESC"

// changeSorting is the sorting whitelist of the entity change list.
var changeSorting = map[string]string{"changeTime": "change_time", "changeType": "change_type"}

const changeDefaultOrder = "change_time DESC"

func (s store) listLogs(ctx context.Context, in ListInput, order string) ([]audit.Log, int, error) {
	rows, n, err := db.List[audit.Log](ctx, s.idb, db.Page{Order: order, Skip: in.Skip, Limit: in.Limit}, func(q *bun.SelectQuery) *bun.SelectQuery {
		if in.StartTime != nil {
			q = q.Where("?TableAlias.execution_time >= ?", in.StartTime.UTC())
		}
		if in.EndTime != nil {
			q = q.Where("?TableAlias.execution_time <= ?", in.EndTime.UTC())
		}
		if v := strings.TrimSpace(in.HTTPMethod); v != "" {
			q = q.Where("?TableAlias.http_method = ?", strings.ToUpper(v))
		}
		for _, f := range []struct{ col, v string }{{"application_name", in.ApplicationName}, {"correlation_id", in.CorrelationID}} {
			if v := strings.TrimSpace(f.v); v != "" {
				q = q.Where("?TableAlias.? = ?", bun.Ident(f.col), v)
			}
		}
		if in.HTTPStatusCode != nil {
			q = q.Where("?TableAlias.http_status_code = ?", *in.HTTPStatusCode)
		}
		if in.MinExecutionDuration != nil {
			q = q.Where("?TableAlias.execution_duration >= ?", *in.MinExecutionDuration)
		}
		if in.MaxExecutionDuration != nil {
			q = q.Where("?TableAlias.execution_duration <= ?", *in.MaxExecutionDuration)
		}
		if in.HasException != nil {
			if *in.HasException {
				q = q.Where("?TableAlias.exceptions IS NOT NULL AND ?TableAlias.exceptions <> ''")
			} else {
				q = q.Where("(?TableAlias.exceptions IS NULL OR ?TableAlias.exceptions = '')")
			}
		}
		q = db.WhereContains(q, in.URL, "url")
		return db.WhereContains(q, in.UserName, "user_name")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list audit logs: %w", err)
	}
	return rows, n, nil
}

// getLog answers one log; a missing one unwraps to db.ErrNotFound.
func (s store) getLog(ctx context.Context, id uuid.UUID) (*audit.Log, error) {
	l := new(audit.Log)
	if err := db.Select(ctx, s.idb, l).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, db.NotFound(err, "audit log")
	}
	return l, nil
}

func (s store) actionsOf(ctx context.Context, logID uuid.UUID) ([]audit.Action, error) {
	rows := []audit.Action{}
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.audit_log_id = ?", logID).
		OrderExpr("?TableAlias.execution_time, ?TableAlias.id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("audit log actions: %w", err)
	}
	return rows, nil
}

func (s store) changesOf(ctx context.Context, logID uuid.UUID) ([]audit.EntityChange, error) {
	rows := []audit.EntityChange{}
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.audit_log_id = ?", logID).
		OrderExpr("?TableAlias.change_time, ?TableAlias.id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("entity changes: %w", err)
	}
	return rows, s.withProperties(ctx, rows)
}

// withProperties fills the property changes of rows, with one query.
func (s store) withProperties(ctx context.Context, rows []audit.EntityChange) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(rows))
	at := make(map[uuid.UUID]int, len(rows))
	for i := range rows {
		ids[i], at[rows[i].ID] = rows[i].ID, i
		rows[i].PropertyChanges = []audit.PropertyChange{}
	}
	var props []audit.PropertyChange
	if err := db.Select(ctx, s.idb, &props).Where("?TableAlias.entity_change_id IN (?)", bun.In(ids)).
		OrderExpr("?TableAlias.id").Scan(ctx); err != nil {
		return fmt.Errorf("property changes: %w", err)
	}
	for _, p := range props {
		i := at[p.EntityChangeID]
		rows[i].PropertyChanges = append(rows[i].PropertyChanges, p)
	}
	return nil
}

func (s store) listChanges(ctx context.Context, in EntityChangeQuery, order string) ([]audit.EntityChange, int, error) {
	rows, n, err := db.List[audit.EntityChange](ctx, s.idb, db.Page{Order: order, Skip: in.Skip, Limit: in.Limit}, changeFilter(in))
	if err != nil {
		return nil, 0, fmt.Errorf("list entity changes: %w", err)
	}
	return rows, n, s.withProperties(ctx, rows)
}

func changeFilter(in EntityChangeQuery) func(q *bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		if in.AuditLogID != nil {
			q = q.Where("?TableAlias.audit_log_id = ?", *in.AuditLogID)
		}
		if in.ChangeType != nil {
			q = q.Where("?TableAlias.change_type = ?", int(*in.ChangeType))
		}
		if in.EntityID != nil {
			q = q.Where("?TableAlias.entity_id = ?", *in.EntityID)
		}
		if v := strings.TrimSpace(in.EntityTypeFullName); v != "" {
			q = q.Where("?TableAlias.entity_type_full_name = ?", v)
		}
		if in.StartDate != nil {
			q = q.Where("?TableAlias.change_time >= ?", in.StartDate.UTC())
		}
		if in.EndDate != nil {
			q = q.Where("?TableAlias.change_time <= ?", in.EndDate.UTC())
		}
		return q
	}
}

// userNames answers the user name of each of the logs ids that exists (in the current
// tenant), by id.
func (s store) userNames(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]string, error) {
	out := map[uuid.UUID]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var logs []audit.Log
	if err := db.Select(ctx, s.idb, &logs).Column("id", "user_name").Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("user names of audit logs: %w", err)
	}
	for _, l := range logs {
		out[l.ID] = l.UserName
	}
	return out, nil
}

// deleteLog removes one log with its actions, its entity changes and their properties; a
// missing log unwraps to db.ErrNotFound. idb is a transaction.
func (s store) deleteLog(ctx context.Context, id uuid.UUID) error {
	var changes []uuid.UUID
	if err := db.Select(ctx, s.idb, (*audit.EntityChange)(nil)).Column("id").Where("?TableAlias.audit_log_id = ?", id).
		Scan(ctx, &changes); err != nil {
		return fmt.Errorf("entity changes of the audit log: %w", err)
	}
	if len(changes) > 0 {
		if _, err := db.Delete(ctx, s.idb, (*audit.PropertyChange)(nil)).Where("?TableAlias.entity_change_id IN (?)", bun.In(changes)).Exec(ctx); err != nil {
			return fmt.Errorf("delete property changes: %w", err)
		}
		if _, err := db.Delete(ctx, s.idb, (*audit.EntityChange)(nil)).Where("?TableAlias.id IN (?)", bun.In(changes)).Exec(ctx); err != nil {
			return fmt.Errorf("delete entity changes: %w", err)
		}
	}
	if _, err := db.Delete(ctx, s.idb, (*audit.Action)(nil)).Where("?TableAlias.audit_log_id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("delete audit log actions: %w", err)
	}
	res, err := db.Delete(ctx, s.idb, (*audit.Log)(nil)).Where("?TableAlias.id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete audit log: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("audit log %s: %w", id, db.ErrNotFound)
	}
	return nil
}

// purgeChanges deletes up to batch entity changes older than before, with their
// properties; ctx looks across tenants. idb is a transaction.
func (s store) purgeChanges(ctx context.Context, before time.Time, batch int) (int, error) {
	var ids []uuid.UUID
	if err := db.Select(ctx, s.idb, (*audit.EntityChange)(nil)).Column("id").Where("?TableAlias.change_time < ?", before).
		Limit(int64(batch)).Scan(ctx, &ids); err != nil {
		return 0, fmt.Errorf("old entity changes: %w", err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	if _, err := db.Delete(ctx, s.idb, (*audit.PropertyChange)(nil)).Where("?TableAlias.entity_change_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return 0, fmt.Errorf("delete old property changes: %w", err)
	}
	if _, err := db.Delete(ctx, s.idb, (*audit.EntityChange)(nil)).Where("?TableAlias.id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return 0, fmt.Errorf("delete old entity changes: %w", err)
	}
	return len(ids), nil
}

// purgeLogs deletes up to batch logs older than before, with their actions; ctx looks
// across tenants. idb is a transaction.
func (s store) purgeLogs(ctx context.Context, before time.Time, batch int) (int, error) {
	var ids []uuid.UUID
	if err := db.Select(ctx, s.idb, (*audit.Log)(nil)).Column("id").Where("?TableAlias.execution_time < ?", before).
		Limit(int64(batch)).Scan(ctx, &ids); err != nil {
		return 0, fmt.Errorf("old audit logs: %w", err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	if _, err := db.Delete(ctx, s.idb, (*audit.Action)(nil)).Where("?TableAlias.audit_log_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return 0, fmt.Errorf("delete old audit log actions: %w", err)
	}
	if _, err := db.Delete(ctx, s.idb, (*audit.Log)(nil)).Where("?TableAlias.id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return 0, fmt.Errorf("delete old audit logs: %w", err)
	}
	return len(ids), nil
}
