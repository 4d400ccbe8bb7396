package auditdesign

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/google/uuid"

	"kerf/internal/homedesign"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
	"kerf/internal/salesorder"
)

const demoTenantName = "demo"

// demoDesign chooses a design plan for a demo order, as its sales clerk does (the demo
// seed's OnDemoOrder step): the clerk's plans in turn, by the order's sequence number.
func (s *Service) demoDesign(ctx context.Context, o *salesorder.SalesOrder) error {
	plans, _, err := s.plans.Plans(ctx, homedesign.PlanQuery{Num: homedesign.MaxNum})
	if err != nil || len(plans) == 0 {
		slog.InfoContext(ctx, "auditdesign seed: no plans for the demo order", "order", o.SalesOrderID, "err", err)
		return nil
	}
	seq := 0
	if n := len(o.SalesOrderID); n >= 4 {
		seq, _ = strconv.Atoi(o.SalesOrderID[n-4:])
	}
	_, err = s.ChooseDesign(ctx, o.ID, plans[seq%len(plans)].DesignID)
	return err
}

// seed reviews the demo orders' sheets as the demo admin would, once (orders whose sheets
// all still wait): an order already confirmed or further has every sheet claimed, passed and
// quoted; an order in review has its first sheet claimed, and passed when there are more,
// and with three or more its second rejected; the others wait in the queue.
func (m *Module) seed(ctx context.Context, demo bool) error {
	if !demo || m.deps.Orders == nil || m.deps.UserID == nil {
		return nil
	}
	scope := tenancy.WithTenant(ctx, tenancy.Tenant{})
	if m.deps.Tenants != nil {
		t, err := m.deps.Tenants.ResolveTenant(ctx, demoTenantName)
		switch {
		case err == nil:
			scope = tenancy.WithTenant(ctx, t)
		case errors.Is(err, tenancy.ErrTenantNotAvailable):
		default:
			return err
		}
	}
	adminID, err := m.deps.UserID(scope, "admin")
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("auditdesign seed: admin: %w", err)
	}
	admin := auth.WithPrincipal(scope, &auth.Principal{UserID: adminID, TenantID: tenancy.ID(scope), UserName: "admin"})
	ids, err := m.svc.store.untouchedOrders(admin)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := m.svc.demoReview(admin, id); err != nil {
			return fmt.Errorf("auditdesign seed: order %s: %w", id, err)
		}
	}
	return nil
}

func (s *Service) demoReview(ctx context.Context, orderID uuid.UUID) error {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	rows, err := s.store.byOrder(ctx, orderID)
	if err != nil || len(rows) == 0 {
		return err
	}
	act := func(a Action, comment string, sheets ...AuditDesign) error {
		_, err := s.Act(ctx, ActionInput{Action: a, IDs: ids(sheets), Comment: comment})
		return err
	}
	switch {
	case o.Status >= salesorder.StatusConfirmed && o.Status != salesorder.StatusCancelled:
		if err := act(ActClaim, "", rows...); err != nil {
			return err
		}
		if err := act(ActPass, "", rows...); err != nil {
			return err
		}
		_, err := s.GenerateQuotation(ctx, QuotationInput{IDs: ids(rows)})
		return err
	case o.Status == salesorder.StatusInReview:
		if err := act(ActClaim, "", rows[0]); err != nil || len(rows) == 1 {
			return err // a single sheet stays claimed: passing it would confirm the order
		}
		if err := act(ActPass, "", rows[0]); err != nil {
			return err
		}
		if len(rows) >= 3 {
			if err := act(ActClaim, "", rows[1]); err != nil {
				return err
			}
			return act(ActReject, "抽屉滑轨长度与柜深不符，请改为 450 滑轨", rows[1])
		}
	}
	return nil
}

func ids(rows []AuditDesign) []uuid.UUID {
	out := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}
