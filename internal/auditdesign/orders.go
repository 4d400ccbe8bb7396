package auditdesign

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/homedesign"
	"kerf/internal/platform/apperr"
	"kerf/internal/salesorder"
)

// ChooseDesign stores designID as the order's design scheme and makes one waiting review
// sheet per solution of the design, in one transaction (decision 0012). The design is read
// from the platform first, so a design the platform does not know, or one without solutions,
// changes nothing; so does an order past submitted, or one with a scheme already chosen.
func (s *Service) ChooseDesign(ctx context.Context, orderID uuid.UUID, designID string) (*salesorder.SalesOrder, error) {
	designID = strings.TrimSpace(designID)
	if designID == "" {
		return nil, apperr.User(KeyDesignRequired)
	}
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if err := s.orders.LinesEditable(ctx, o); err != nil {
		return nil, err
	}
	if o.DesginID != "" {
		return nil, apperr.User(salesorder.KeyDesignChosen)
	}
	d, err := s.plans.Design(ctx, designID)
	if err != nil {
		return nil, err
	}
	if len(d.Solutions) == 0 {
		return nil, apperr.User(KeyDesignEmpty, d.Name)
	}
	sols := make([]Solution, len(d.Solutions))
	for i, sol := range d.Solutions {
		sols[i] = Solution{Code: sol.Code, Name: sol.Name}
	}
	var out *salesorder.SalesOrder
	err = s.store.inTx(ctx, func(ctx context.Context, st store) error {
		o, err := s.orders.SetDesignID(ctx, st.idb, orderID, designID)
		if err != nil {
			return err
		}
		if _, err := s.CreateSheets(ctx, st.idb, Order{ID: o.ID, Number: o.SalesOrderID, CreatorID: o.CreatorID}, sols); err != nil {
			return err
		}
		out = o
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.orders.GetOrder(ctx, out.ID)
}

// CancelDesign clears the order's design scheme and deletes its sheets, in one transaction;
// refused while any sheet is past waiting, and for an order without a scheme.
func (s *Service) CancelDesign(ctx context.Context, orderID uuid.UUID) error {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.DesginID == "" {
		return apperr.User(KeyNoDesign)
	}
	return s.store.inTx(ctx, func(ctx context.Context, st store) error {
		if err := s.DeleteSheets(ctx, st.idb, orderID, false); err != nil {
			return err
		}
		_, err := s.orders.SetDesignID(ctx, st.idb, orderID, "")
		return err
	})
}

// OrderDesignURL answers where the order's design is shown.
func (s *Service) OrderDesignURL(ctx context.Context, orderID uuid.UUID) (string, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return "", err
	}
	if o.DesginID == "" {
		return "", apperr.User(KeyNoDesign)
	}
	return s.plans.DesignURL(ctx, o.DesginID)
}

// SheetDesignURL answers where a sheet's solution is shown: its order's design with the
// solution's code as the query's solution.
func (s *Service) SheetDesignURL(ctx context.Context, id uuid.UUID) (string, error) {
	a, err := s.store.get(ctx, id)
	if err != nil {
		return "", err
	}
	u, err := s.OrderDesignURL(ctx, a.SalesOrderID)
	if err != nil {
		return "", err
	}
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
	}
	return u + sep + "solution=" + url.QueryEscape(a.AuditCode), nil
}

// designOf answers the design stored on a sheet's order, read once per order through cache.
func (s *Service) designOf(ctx context.Context, a *AuditDesign, cache map[uuid.UUID]*homedesign.Design) (*homedesign.Design, error) {
	if d, ok := cache[a.SalesOrderID]; ok {
		return d, nil
	}
	o, err := s.orders.Get(ctx, a.SalesOrderID)
	if err != nil {
		return nil, err
	}
	if o.DesginID == "" {
		return nil, apperr.User(KeyNoDesign)
	}
	d, err := s.plans.Design(ctx, o.DesginID)
	if err != nil {
		return nil, err
	}
	cache[a.SalesOrderID] = d
	return d, nil
}

// solutionOf answers the design restricted to the sheet's solution.
func (s *Service) solutionOf(ctx context.Context, a *AuditDesign, cache map[uuid.UUID]*homedesign.Design) (*homedesign.Design, error) {
	d, err := s.designOf(ctx, a, cache)
	if err != nil {
		return nil, err
	}
	for _, sol := range d.Solutions {
		if sol.Code == a.AuditCode {
			return &homedesign.Design{PlanID: d.PlanID, Name: d.Name, Solutions: []homedesign.Solution{sol}}, nil
		}
	}
	return nil, fmt.Errorf("sheet %s: solution %s: %w", a.ID, a.AuditCode, errors.New("not in the design"))
}
