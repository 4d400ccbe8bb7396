package homedesign

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// ViewerPath is Kerf's own design viewer page; the development provider's design URL.
const ViewerPath = "/home-design/viewer/"

// Development is the development provider: plans in Kerf's tables (home_design_plans),
// within the current tenant.
//
// Plans lists the given account's plans only. DesignURL and Design answer any plan of the
// tenant whatever the account: a design stored on a sales order is read by reviewers who
// are bound to other accounts (or to none), as a factory reads a plan a shop shared with it.
type Development struct {
	db *db.DB
}

// NewDevelopment answers the development provider on d.
func NewDevelopment(d *db.DB) *Development { return &Development{db: d} }

func (p *Development) Name() string { return ProviderDevelopment }

func (p *Development) Plans(ctx context.Context, account string, q PlanQuery) ([]Plan, int, error) {
	rows, total, err := db.List[planRow](ctx, p.db, db.Page{Order: "p.name ASC", Skip: q.Start, Limit: q.Num},
		func(s *bun.SelectQuery) *bun.SelectQuery {
			return db.WhereContains(s.Where("p.account = ?", account), q.Keyword, "p.name")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("development plans: %w", err)
	}
	out := make([]Plan, 0, len(rows))
	for _, r := range rows {
		var d Design
		if err := json.Unmarshal([]byte(r.Design), &d); err != nil {
			return nil, 0, fmt.Errorf("plan %s: %w", r.PlanID, err)
		}
		out = append(out, Plan{PlanID: r.PlanID, DesignID: r.PlanID, Name: r.Name, PlanPic: PictureDataURL(&d)})
	}
	return out, total, nil
}

func (p *Development) DesignURL(ctx context.Context, _, planID string) (string, error) {
	if _, err := p.row(ctx, planID); err != nil {
		return "", err
	}
	return ViewerPath + planID, nil
}

func (p *Development) Design(ctx context.Context, _, planID string) (*Design, error) {
	r, err := p.row(ctx, planID)
	if err != nil {
		return nil, err
	}
	var d Design
	if err := json.Unmarshal([]byte(r.Design), &d); err != nil {
		return nil, fmt.Errorf("plan %s: %w", planID, err)
	}
	return &d, nil
}

func (p *Development) row(ctx context.Context, planID string) (*planRow, error) {
	var r planRow
	err := db.Select(ctx, p.db, &r).Where("p.plan_id = ?", planID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.WithKey(apperr.ErrNotFound, KeyPlanNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("plan %s: %w", planID, err)
	}
	return &r, nil
}

// AddPlan stores a plan of account in the current tenant (the demo seed, tests).
func (p *Development) AddPlan(ctx context.Context, idb bun.IDB, account string, d *Design) error {
	b, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("plan %s: %w", d.PlanID, err)
	}
	return db.Insert(ctx, idb, &planRow{Account: account, PlanID: d.PlanID, Name: d.Name, Design: string(b)})
}
