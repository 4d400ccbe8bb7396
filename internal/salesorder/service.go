package salesorder

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/files"
	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/expr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// Service holds the rules of the sales orders: numbering, the fields of an order, its status
// moves and who may make them, the amounts derived from its lines, order and product types,
// and order files. It knows no HTTP; its queries are the store's.
type Service struct {
	store    store
	texts    *localization.Catalog
	perms    Grants
	identity *identity.Service
	files    *files.Service
	notifier Notifier // nil: no one is told of status moves

	submitChecks []func(ctx context.Context, o *SalesOrder) error
	deleteHooks  []func(ctx context.Context, tx bun.IDB, o *SalesOrder) error
	demoHooks    []func(ctx context.Context, o *SalesOrder) error
}

// Grants answers the permissions a principal holds in the current tenant
// (permission.Service does).
type Grants interface {
	Granted(ctx context.Context, p *auth.Principal) (map[string]bool, error)
}

// NewService returns the sales-order service.
func NewService(deps Deps) *Service {
	s := &Service{store: newStore(deps.DB), texts: deps.Catalog, identity: deps.Identity, files: deps.Files, notifier: deps.Notifier}
	if deps.Permissions != nil {
		s.perms = deps.Permissions
	}
	return s
}

// t answers key in the caller's language (names of statuses and moves inside messages).
func (s *Service) t(ctx context.Context, key string, args ...any) string {
	if s.texts == nil {
		return key
	}
	return s.texts.T(ctx, key, args...)
}

// OnSubmit adds a check a submit must pass (the lines area refuses a submit while a required
// table is empty). It runs on the draft order just before the submitting transaction, with
// the request's context (it reads through its own store); an error it answers is the
// submit's answer, and nothing is changed.
func (s *Service) OnSubmit(check func(ctx context.Context, o *SalesOrder) error) {
	s.submitChecks = append(s.submitChecks, check)
}

// OnDelete adds a step of deleting a draft order: it runs inside the deleting transaction
// (tx), after the order passed the delete's checks and before its row is marked deleted (the
// lines area deletes the order's lines there). An error it answers is the delete's answer and
// rolls everything back, the order included.
func (s *Service) OnDelete(step func(ctx context.Context, tx bun.IDB, o *SalesOrder) error) {
	s.deleteHooks = append(s.deleteHooks, step)
}

// OnDemoOrder adds a step the demo seed runs on each demo order it creates, before it moves
// the order on (the lines area adds demo lines, so the submits pass its checks). ctx is the
// demo tenant's sales clerk.
func (s *Service) OnDemoOrder(fill func(ctx context.Context, o *SalesOrder) error) {
	s.demoHooks = append(s.demoHooks, fill)
}

// Get answers one order of the current tenant (another tenant's, or a missing one, is
// ErrNotFound with KeyOrderNotFound), with its type names.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*SalesOrder, error) {
	o, err := s.store.getOrder(ctx, id)
	if err != nil {
		return nil, err
	}
	return o, nil
}

// linesEditable are the statuses in which an order's lines change.
func linesEditable(st Status) bool { return st == StatusDraft || st == StatusSubmitted }

// LinesEditable answers nil when o's lines may change (draft and submitted orders), else a
// user error naming the order's status in the caller's language.
func (s *Service) LinesEditable(ctx context.Context, o *SalesOrder) error {
	if linesEditable(o.Status) {
		return nil
	}
	return apperr.User(KeyLinesLocked, s.t(ctx, statusKey(o.Status)))
}

// decimalOf is the decimal a stored double stands for (its shortest representation).
func decimalOf(f float64) (expr.Decimal, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return expr.Decimal{}, fmt.Errorf("amount %v is not a number", f)
	}
	return sheetmap.ParseDec(strconv.FormatFloat(f, 'f', -1, 64))
}

// derive sets o's derived amounts from total (the lines' sum): totalPrice = total rounded to
// 2 places, totalSumPrice = totalPrice - discountTotal + logisticsPrice, differencePrice =
// totalSumPrice - payTotal, all with exact decimals.
func derive(o *SalesOrder, total expr.Decimal) error {
	d, err := decimalOf(o.DiscountTotal)
	if err != nil {
		return err
	}
	l, err := decimalOf(o.LogisticsPrice)
	if err != nil {
		return err
	}
	p, err := decimalOf(o.PayTotal)
	if err != nil {
		return err
	}
	t, err := expr.Round(total, 2)
	if err != nil {
		return fmt.Errorf("total: %w", err)
	}
	sum, err := expr.Sub(t, d)
	if err == nil {
		sum, err = expr.Add(sum, l)
	}
	if err == nil {
		sum, err = expr.Round(sum, 2)
	}
	if err != nil {
		return fmt.Errorf("total sum: %w", err)
	}
	diff, err := expr.Sub(sum, p)
	if err == nil {
		diff, err = expr.Round(diff, 2)
	}
	if err != nil {
		return fmt.Errorf("difference: %w", err)
	}
	o.TotalPrice, o.TotalSumPrice, o.DifferencePrice = t.Float64(), sum.Float64(), diff.Float64()
	return nil
}

// amountColumns are the columns derive writes.
var amountColumns = []string{"total_price", "total_sum_price", "difference_price"}

// SetLinesTotal stores total (the sum of the order's line amounts) on the order, in the
// caller's transaction tx: totalPrice = total rounded to 2 places, totalSumPrice = totalPrice -
// discountTotal + logisticsPrice, differencePrice = totalSumPrice - payTotal, and a new
// concurrency stamp. expectedStamp "" is not checked; a stale one answers the platform's
// concurrency error (409). An order whose lines may no longer change (LinesEditable) is
// refused, so the caller's transaction rolls back.
func (s *Service) SetLinesTotal(ctx context.Context, tx bun.IDB, orderID uuid.UUID, expectedStamp string, total expr.Decimal) (*SalesOrder, error) {
	st := s.store.with(tx)
	o, err := st.getOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if err := s.LinesEditable(ctx, o); err != nil {
		return nil, err
	}
	if err := derive(o, total); err != nil {
		return nil, fmt.Errorf("sales order %s: %w", orderID, err)
	}
	if err := st.updateOrder(ctx, o, expectedStamp, amountColumns...); err != nil {
		return nil, err
	}
	return o, nil
}
