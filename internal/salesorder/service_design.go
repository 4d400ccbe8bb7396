package salesorder

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
)

// SetDesignID stores designID on the order as its chosen design scheme ("" clears it), in
// the caller's transaction tx (the design review creates or deletes the order's review sheets
// there). An order whose lines may no longer change is refused (LinesEditable), and so is a
// second scheme while one is chosen: the first must be cancelled.
func (s *Service) SetDesignID(ctx context.Context, tx bun.IDB, orderID uuid.UUID, designID string) (*SalesOrder, error) {
	st := s.store.with(tx)
	o, err := st.getOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if err := s.LinesEditable(ctx, o); err != nil {
		return nil, err
	}
	designID = strings.TrimSpace(designID)
	if designID != "" && o.DesginID != "" {
		return nil, apperr.User(KeyDesignChosen)
	}
	o.DesginID = designID
	if err := st.updateOrder(ctx, o, "", "desgin_id"); err != nil {
		return nil, err
	}
	return o, nil
}

// ConfirmReviewed moves an order in review to confirmed in tx, logged as a confirm by the
// caller with comment: the design review's last passed sheet confirms its order (decision
// 0012). An order in another status is left as it is and answers false.
func (s *Service) ConfirmReviewed(ctx context.Context, tx bun.IDB, orderID uuid.UUID, comment string) (bool, error) {
	st := s.store.with(tx)
	o, err := st.getOrder(ctx, orderID)
	if err != nil {
		return false, err
	}
	if o.Status != StatusInReview {
		return false, nil
	}
	o.Status = StatusConfirmed
	if err := st.updateOrder(ctx, o, "", "status"); err != nil {
		return false, err
	}
	name := s.userName(ctx)
	err = st.insertLog(ctx, &StatusLog{OrderID: o.ID, FromStatus: StatusInReview, ToStatus: StatusConfirmed,
		Action: ActionConfirm, Comment: comment, UserID: auth.UserID(ctx), UserName: name})
	if err == nil {
		err = s.notifyStatus(ctx, st.idb, o, StatusInReview, StatusConfirmed, name, comment)
	}
	return err == nil, err
}
