package salesorder

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
)

// transition is one status move: from a status, by an action, to a status, by whoever holds
// the permission (docs/decisions/0011, "Statuses and who moves them").
type transition struct {
	from   Status
	action Action
	to     Status
	perm   string
}

// transitions are every allowed move, in the order the order screen offers them.
var transitions = []transition{
	{StatusDraft, ActionSubmit, StatusSubmitted, PermOrdersSubmit},
	{StatusDraft, ActionCancel, StatusCancelled, PermOrdersCancel},
	{StatusSubmitted, ActionWithdraw, StatusDraft, PermOrdersSubmit},
	{StatusSubmitted, ActionReview, StatusInReview, PermOrdersReview},
	{StatusSubmitted, ActionCancel, StatusCancelled, PermOrdersCancel},
	{StatusInReview, ActionConfirm, StatusConfirmed, PermOrdersConfirm},
	{StatusInReview, ActionSendBack, StatusSubmitted, PermOrdersConfirm},
	{StatusConfirmed, ActionRelease, StatusInProduction, PermOrdersRelease},
	{StatusInProduction, ActionShip, StatusShipped, PermOrdersShip},
	{StatusShipped, ActionClose, StatusClosed, PermOrdersClose},
}

// Actions are every move's name.
var Actions = []Action{ActionSubmit, ActionWithdraw, ActionReview, ActionSendBack, ActionConfirm, ActionRelease,
	ActionShip, ActionClose, ActionCancel}

// actionPerm answers the permission of action (every move by one action needs the same one).
func actionPerm(a Action) (string, bool) {
	for _, t := range transitions {
		if t.action == a {
			return t.perm, true
		}
	}
	return "", false
}

// granted answers the permissions the caller holds in the current tenant.
func (s *Service) granted(ctx context.Context) (map[string]bool, error) {
	if s.perms == nil {
		return map[string]bool{}, nil
	}
	g, err := s.perms.Granted(ctx, auth.FromContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("granted permissions: %w", err)
	}
	return g, nil
}

// allowedActions are the moves from st whose permission granted holds.
func allowedActions(st Status, granted map[string]bool) []Action {
	out := []Action{}
	for _, t := range transitions {
		if t.from == st && granted[t.perm] {
			out = append(out, t.action)
		}
	}
	return out
}

// pendingStatuses are the statuses with a move granted holds the permission for.
func pendingStatuses(granted map[string]bool) []Status {
	var out []Status
	for _, t := range transitions {
		if granted[t.perm] && !slices.Contains(out, t.from) {
			out = append(out, t.from)
		}
	}
	return out
}

// Move makes one status move of an order and logs it (who, when, from, to, comment), in one
// transaction: an action unknown, not allowed from the order's status, or whose permission
// the caller lacks changes nothing. A submit also runs the OnSubmit checks.
func (s *Service) Move(ctx context.Context, id uuid.UUID, in StatusMoveInput) (*SalesOrder, error) {
	perm, ok := actionPerm(in.Action)
	if !ok {
		return nil, apperr.Invalid("action", KeyUnknownAction, string(in.Action))
	}
	in.Comment = strings.TrimSpace(in.Comment)
	ve := &apperr.ValidationError{}
	checkText(ve, "comment", FieldComment, in.Comment, false, MaxComment)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	granted, err := s.granted(ctx)
	if err != nil {
		return nil, err
	}
	if !granted[perm] {
		return nil, apperr.WithKey(apperr.ErrForbidden, KeyMoveForbidden, s.t(ctx, actionKey(in.Action)))
	}
	if in.Action == ActionSubmit {
		if err := s.checkSubmit(ctx, id); err != nil {
			return nil, err
		}
	}
	name := s.userName(ctx)
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		o, err := tx.getOrder(ctx, id)
		if err != nil {
			return err
		}
		var move *transition
		for i := range transitions {
			if transitions[i].from == o.Status && transitions[i].action == in.Action {
				move = &transitions[i]
			}
		}
		if move == nil {
			return apperr.User(KeyMoveNotAllowed, s.t(ctx, statusKey(o.Status)), s.t(ctx, actionKey(in.Action)))
		}
		o.Status = move.to
		if err := tx.updateOrder(ctx, o, in.ConcurrencyStamp, "status"); err != nil {
			return err
		}
		err = tx.insertLog(ctx, &StatusLog{OrderID: o.ID, FromStatus: move.from, ToStatus: move.to, Action: in.Action,
			Comment: in.Comment, UserID: auth.UserID(ctx), UserName: name})
		if err != nil {
			return err
		}
		return s.notifyStatus(ctx, tx.idb, o, move.from, move.to, name, in.Comment)
	})
	if err != nil {
		return nil, err
	}
	return s.GetOrder(ctx, id)
}

// checkSubmit runs the OnSubmit checks on the order as it is now (outside the moving
// transaction, so a check may read with its own store; the move itself then checks the
// status again in its transaction).
func (s *Service) checkSubmit(ctx context.Context, id uuid.UUID) error {
	if len(s.submitChecks) == 0 {
		return nil
	}
	o, err := s.store.getOrder(ctx, id)
	if err != nil {
		return err
	}
	if o.Status != StatusDraft {
		return nil // refused below, naming the status
	}
	for _, check := range s.submitChecks {
		if err := check(ctx, o); err != nil {
			return err
		}
	}
	return nil
}

// StatusLogs answers an order's status moves, oldest first.
func (s *Service) StatusLogs(ctx context.Context, id uuid.UUID) ([]StatusLog, error) {
	if _, err := s.store.getOrder(ctx, id); err != nil {
		return nil, err
	}
	return s.store.logsOf(ctx, id)
}
