package securitylog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// store holds the area's queries, each scoped to the current tenant by platform/db.
type store struct {
	db *db.DB
}

// sortable is the sorting whitelist of the list: API name → column. Each has an index
// led by tenant_id or is cheap enough on a page of ids (see docs/decisions/0008).
var sortable = map[string]string{
	"creationTime": "creation_time", "action": "action", "userName": "user_name", "clientId": "client_id",
	"identity": "identity", "applicationName": "application_name", "clientIpAddress": "client_ip_address",
	"tenantName": "tenant_name",
}

const defaultOrder = "creation_time DESC"

func (s *store) insert(ctx context.Context, l *Log) error {
	if err := db.Insert(ctx, s.db, l); err != nil {
		return fmt.Errorf("write security log: %w", err)
	}
	return nil
}

// list answers a page of the rows in selects; order was built by db.Order.
func (s *store) list(ctx context.Context, in ListInput, order string) ([]Log, int, error) {
	rows, n, err := db.List[Log](ctx, s.db, db.Page{Order: order, Skip: in.Skip, Limit: in.Limit}, func(q *bun.SelectQuery) *bun.SelectQuery {
		if in.StartTime != nil {
			q = q.Where("?TableAlias.creation_time >= ?", in.StartTime.UTC())
		}
		if in.EndTime != nil {
			q = q.Where("?TableAlias.creation_time <= ?", in.EndTime.UTC())
		}
		for _, f := range []struct{ col, v string }{{"action", in.Action}, {"client_id", in.ClientID}, {"identity", in.Identity},
			{"application_name", in.ApplicationName}, {"correlation_id", in.CorrelationID}} {
			if v := strings.TrimSpace(f.v); v != "" {
				q = q.Where("?TableAlias.? = ?", bun.Ident(f.col), v)
			}
		}
		return db.WhereContains(q, in.UserName, "user_name")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list security logs: %w", err)
	}
	return rows, n, nil
}

// get answers one row; a missing one unwraps to db.ErrNotFound.
func (s *store) get(ctx context.Context, id uuid.UUID) (*Log, error) {
	l := new(Log)
	if err := db.Select(ctx, s.db, l).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, db.NotFound(err, "security log")
	}
	return l, nil
}

// remove deletes one row; a missing one unwraps to db.ErrNotFound.
func (s *store) remove(ctx context.Context, id uuid.UUID) error {
	res, err := db.Delete(ctx, s.db, (*Log)(nil)).Where("?TableAlias.id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete security log: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("security log %s: %w", id, db.ErrNotFound)
	}
	return nil
}

func now(clock func() time.Time) time.Time { return clock().UTC().Truncate(time.Microsecond) }
