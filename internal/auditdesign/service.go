package auditdesign

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/catalog"
	"kerf/internal/homedesign"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
	"kerf/internal/salesorder"
)

// Grants answers the permissions a principal holds in the current tenant
// (permission.Service does).
type Grants interface {
	Granted(ctx context.Context, p *auth.Principal) (map[string]bool, error)
}

// Service holds the rules of the review sheets: their creation, lists, logs, separate pallet
// and the actions of the transition table. It knows no HTTP.
type Service struct {
	store store
	texts *localization.Catalog
	perms Grants
	// actor answers the caller's name and role names (the log's operator and roleName).
	actor func(ctx context.Context) (name string, roles []string)
	// separatePallet reports whether code is a value of the SeparatePallet dictionary.
	separatePallet func(ctx context.Context, code string) bool
	// assignee answers a user's name and whether the user may claim sheets (assign, transfer).
	assignee func(ctx context.Context, userID uuid.UUID) (name string, canClaim bool, err error)
	// allPassed are the steps run, in a pass's transaction, for each order whose every
	// sheet (voided ones aside) has passed (the app moves the order to confirmed).
	allPassed []func(ctx context.Context, tx bun.IDB, orderID uuid.UUID) error

	orders         *salesorder.Service
	plans          *homedesign.Service
	parts          *catalog.Service
	settings       *setting.Service
	quotationTypes func(ctx context.Context) ([]QuotationType, error)
	notifier       Notifier // nil: no one is told (notify.go)
}

// OnAllPassed adds a step run in a pass's transaction for each order of the passed sheets
// whose every live sheet, voided ones aside, has now passed; its error undoes the pass.
func (s *Service) OnAllPassed(step func(ctx context.Context, tx bun.IDB, orderID uuid.UUID) error) {
	s.allPassed = append(s.allPassed, step)
}

// DeleteSheets deletes an order's sheets in tx (the order's design id is cleared); refused
// while any sheet is past waiting (state 0), unless force (a deleted draft takes its sheets).
func (s *Service) DeleteSheets(ctx context.Context, tx bun.IDB, orderID uuid.UUID, force bool) error {
	return s.store.with(tx).inTx(ctx, func(ctx context.Context, st store) error {
		rows, err := st.byOrder(ctx, orderID)
		if err != nil {
			return err
		}
		for i := range rows {
			if !force && rows[i].State != StateWaiting {
				return apperr.User(KeySheetsInReview, rows[i].label(), s.t(ctx, stateKey(rows[i].State.Normal())))
			}
		}
		for i := range rows {
			if err := st.delete(ctx, &rows[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// NewService returns the review-sheet service.
func NewService(deps Deps) *Service {
	s := &Service{store: newStore(deps.DB), texts: deps.Catalog, actor: deps.Actor,
		separatePallet: deps.SeparatePallet, assignee: deps.Assignee, orders: deps.Orders, plans: deps.Plans,
		parts: deps.Parts, settings: deps.Settings, quotationTypes: deps.QuotationTypes, notifier: deps.Notifier}
	if deps.Permissions != nil {
		s.perms = deps.Permissions
	}
	return s
}

func (s *Service) t(ctx context.Context, key string, args ...any) string {
	if s.texts == nil {
		return key
	}
	return s.texts.T(ctx, key, args...)
}

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

func (s *Service) who(ctx context.Context) (name string, roles []string) {
	if s.actor != nil {
		return s.actor(ctx)
	}
	if p := auth.FromContext(ctx); p != nil {
		return p.UserName, nil
	}
	return "", nil
}

// CreateSheets makes one waiting sheet per solution of the order's design, each with its
// create log, in tx (the caller's transaction: storing the order's design id).
func (s *Service) CreateSheets(ctx context.Context, tx bun.IDB, o Order, solutions []Solution) ([]AuditDesign, error) {
	st := s.store.with(tx)
	name, roles := s.who(ctx)
	out := make([]AuditDesign, 0, len(solutions))
	err := st.inTx(ctx, func(ctx context.Context, st store) error {
		for i, sol := range solutions {
			a := AuditDesign{SalesOrderID: o.ID, SalesOrderNo: o.Number, OrderCreatorID: o.CreatorID,
				AuditDesignID: sol.Code, AuditName: sol.Name, AuditCode: sol.Code, State: StateWaiting, LevelIndex: i + 1}
			if err := st.insert(ctx, &a); err != nil {
				return err
			}
			if err := st.insertLog(ctx, s.logRow(ctx, a.ID, LogCreate, name, roles, "")); err != nil {
				return err
			}
			out = append(out, a)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("create audit designs: %w", err)
	}
	return out, nil
}

func (s *Service) logRow(ctx context.Context, id uuid.UUID, code LogCode, name string, roles []string, comment string) *Log {
	return &Log{AuditDesignID: id, OperationState: code, OperationTime: time.Now().UTC().Truncate(time.Microsecond),
		OperatorID: auth.UserID(ctx), OperationOperator: name, RoleName: strings.Join(roles, ","), Comment: comment}
}

// Query selects review sheets: an order's (the order tab) or across orders (the queue).
type Query struct {
	SalesOrderID   *uuid.UUID
	States         []State // any of them; none: every state
	SalesOrderNo   string
	ClaimedByMe    bool
	From, To       *time.Time
	Sorting        string
	SkipCount      int
	MaxResultCount int
}

// Limits of an action: sheets in one call, characters of its comment.
const (
	MaxBatch   = 999
	MaxComment = 500
)

// MaxPage is the largest page of sheets (spec 001 §9: 99; decision 0012).
const MaxPage = 99

// List answers a page of sheets and their count.
func (s *Service) List(ctx context.Context, q Query) ([]AuditDesign, int, error) {
	if q.MaxResultCount <= 0 || q.MaxResultCount > MaxPage {
		q.MaxResultCount = MaxPage
	}
	if q.SkipCount < 0 {
		q.SkipCount = 0
	}
	def := defaultSorting
	if q.SalesOrderID != nil {
		def = "?TableAlias.level_index"
	}
	order, err := db.Order(q.Sorting, listSorting, def)
	if err != nil {
		return nil, 0, err
	}
	var me uuid.UUID
	if id := auth.UserID(ctx); id != nil {
		me = *id
	} else if q.ClaimedByMe {
		return []AuditDesign{}, 0, nil
	}
	rows, n, err := s.store.list(ctx, q, order, me)
	if err != nil {
		return nil, 0, err
	}
	if rows == nil {
		rows = []AuditDesign{}
	}
	return rows, n, nil
}

// Logs answers a sheet's operation logs, oldest first.
func (s *Service) Logs(ctx context.Context, id uuid.UUID) ([]Log, error) {
	if _, err := s.store.get(ctx, id); err != nil {
		return nil, err
	}
	rows, err := s.store.logs(ctx, id)
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []Log{}
	}
	return rows, nil
}

// SetSeparatePallet stores a sheet's separate pallet (a SeparatePallet dictionary value, or ""
// to clear it).
func (s *Service) SetSeparatePallet(ctx context.Context, id uuid.UUID, value string) (*AuditDesign, error) {
	value = strings.TrimSpace(value)
	if value != "" && (s.separatePallet == nil || !s.separatePallet(ctx, value)) {
		return nil, apperr.User(KeyBadSeparatePallet, value)
	}
	a, err := s.store.get(ctx, id)
	if err != nil {
		return nil, err
	}
	a.SeparatePallet = value
	if err := s.store.update(ctx, a, a.ConcurrencyStamp, "separate_pallet"); err != nil {
		return nil, err
	}
	return a, nil
}

// ActionInput is one action on sheets.
type ActionInput struct {
	Action  Action
	IDs     []uuid.UUID
	Comment string
	UserID  uuid.UUID // assign and transfer: the reviewer the sheets go to
}

// Act takes an action on every sheet of in, all or nothing: every sheet is checked first and
// the refused ones are named in one error; then every sheet moves (guarded by its state and
// stamp: a concurrent change answers a conflict and nothing is kept) and logs, in one
// transaction. assign on a claimed sheet is a transfer.
func (s *Service) Act(ctx context.Context, in ActionInput) ([]AuditDesign, error) {
	if _, ok := Table[in.Action]; !ok {
		return nil, apperr.User(KeyUnknownAction, string(in.Action))
	}
	ids := dedupe(in.IDs)
	if len(ids) == 0 {
		return nil, apperr.User(KeyNoSheets)
	}
	if len(ids) > MaxBatch {
		return nil, apperr.User(KeyTooMany, MaxBatch)
	}
	in.Comment = strings.TrimSpace(in.Comment)
	if in.Action == ActReject && in.Comment == "" {
		return nil, apperr.Invalid("comment", KeyReasonRequired)
	}
	if utf8.RuneCountInString(in.Comment) > MaxComment {
		return nil, apperr.Invalid("comment", KeyCommentTooLong, MaxComment)
	}
	g, err := s.granted(ctx)
	if err != nil {
		return nil, err
	}
	var me uuid.UUID
	if id := auth.UserID(ctx); id != nil {
		me = *id
	}
	var assigneeName string
	if in.Action == ActAssign || in.Action == ActTransfer {
		if s.assignee == nil {
			return nil, apperr.User(KeyAssigneeCannotClaim)
		}
		name, ok, err := s.assignee(ctx, in.UserID)
		if err != nil {
			return nil, fmt.Errorf("assignee: %w", err)
		}
		if !ok {
			return nil, apperr.User(KeyAssigneeCannotClaim)
		}
		assigneeName = name
	}
	name, roles := s.who(ctx)
	var out []AuditDesign
	err = s.store.inTx(ctx, func(ctx context.Context, st store) error {
		rows, err := st.getMany(ctx, ids)
		if err != nil {
			return err
		}
		if len(rows) != len(ids) {
			return apperr.WithKey(fmt.Errorf("audit designs: %w", db.ErrNotFound), KeyNotFound)
		}
		sort.Slice(rows, func(i, j int) bool { return rows[i].ID.String() < rows[j].ID.String() })
		var refused []string
		var firstErr error
		for i := range rows {
			a := &rows[i]
			act := actionOn(in.Action, a)
			if err := Check(act, a.sheet(), Actor{UserID: me, HasPermission: g[Table[act].Permission]}); err != nil {
				if errors.Is(err, apperr.ErrForbidden) {
					return err // a permission the caller lacks: 403 for the whole call
				}
				if firstErr == nil {
					firstErr = err
				}
				refused = append(refused, a.label())
			}
		}
		if len(refused) == len(rows) && len(rows) == 1 {
			return s.localise(ctx, firstErr)
		}
		if len(refused) > 0 {
			return apperr.User(KeyRefused, s.t(ctx, actionKey(in.Action)), strings.Join(refused, "、"))
		}
		for i := range rows {
			a := &rows[i]
			act := actionOn(in.Action, a)
			r := Table[act]
			from, stamp := a.State, a.ConcurrencyStamp
			a.State = r.To
			cols := []string{"state"}
			switch act {
			case ActClaim:
				a.ClaimedBy, a.ClaimedByName = &me, name
				cols = append(cols, "claimed_by", "claimed_by_name")
			case ActAssign, ActTransfer:
				uid := in.UserID
				a.ClaimedBy, a.ClaimedByName = &uid, assigneeName
				cols = append(cols, "claimed_by", "claimed_by_name")
			case ActReject:
				a.RejectComment = in.Comment
				cols = append(cols, "reject_comment")
			case ActRevoke:
				a.SubmitComment = in.Comment
				a.ClaimedBy, a.ClaimedByName = nil, ""
				cols = append(cols, "submit_comment", "claimed_by", "claimed_by_name")
			case ActSendBack:
				a.ClaimedBy, a.ClaimedByName = nil, ""
				cols = append(cols, "claimed_by", "claimed_by_name")
			}
			if err := st.move(ctx, a, from, stamp, cols...); err != nil {
				return err
			}
			if r.Log >= 0 {
				comment := in.Comment
				if (act == ActAssign || act == ActTransfer) && comment == "" {
					comment = assigneeName // whom the sheet went to
				}
				if err := st.insertLog(ctx, s.logRow(ctx, a.ID, r.Log, name, roles, comment)); err != nil {
					return err
				}
			}
			if err := s.notify(ctx, st.idb, act, a, me, name, in.Comment); err != nil {
				return err
			}
		}
		if in.Action == ActPass && len(s.allPassed) > 0 {
			if err := s.runAllPassed(ctx, st, rows); err != nil {
				return err
			}
		}
		out = rows
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// actionOn answers the table's action for a on the call's: assign on a claimed sheet is a transfer.
func actionOn(call Action, a *AuditDesign) Action {
	if call == ActAssign && a.State.Normal() == StateAuditing {
		return ActTransfer
	}
	return call
}

// localise fills the state and action names of a Check error in the caller's language.
func (s *Service) localise(ctx context.Context, err error) error {
	if ue, ok := err.(*apperr.UserError); ok && ue.Key == KeyStateNotAllowed && len(ue.Args) == 2 {
		return apperr.User(ue.Key, s.t(ctx, fmt.Sprint(ue.Args[0])), s.t(ctx, fmt.Sprint(ue.Args[1])))
	}
	return err
}

func dedupe(ids []uuid.UUID) []uuid.UUID {
	seen := map[uuid.UUID]bool{}
	out := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if id != uuid.Nil && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// runAllPassed runs the all-passed steps for each order of rows whose every live sheet,
// voided ones aside, has passed.
func (s *Service) runAllPassed(ctx context.Context, st store, rows []AuditDesign) error {
	done := map[uuid.UUID]bool{}
	for _, r := range rows {
		if done[r.SalesOrderID] {
			continue
		}
		done[r.SalesOrderID] = true
		sheets, err := st.byOrder(ctx, r.SalesOrderID)
		if err != nil {
			return err
		}
		all := true
		for _, a := range sheets {
			if a.State != StatePassed && a.State != StateVoided {
				all = false
			}
		}
		if !all {
			continue
		}
		for _, step := range s.allPassed {
			if err := step(ctx, st.idb, r.SalesOrderID); err != nil {
				return fmt.Errorf("all sheets passed: %w", err)
			}
		}
	}
	return nil
}
