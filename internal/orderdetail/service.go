package orderdetail

import (
	"context"
	"fmt"
	"math"

	"github.com/google/uuid"

	"kerf/internal/catalog"
	"kerf/internal/importmapping"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/expr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/sheetmap"
	"kerf/internal/salesorder"
)

// Service holds the rules of an order's lines: which tables an order shows and who may do
// what in them, the lines' fields and computed columns, the order's total, the split-order
// import, exports and the quotation. It knows no HTTP; its queries are the store's. The
// configuration is in service_config.go, lines in service_lines.go, the import in import.go,
// spreadsheets in excel.go.
//
// The configuration is read from the database on every use, not cached: it is at most a few
// dozen rows of one side, read by one statement; reading and compiling it costs about 0.5 ms
// (BenchmarkShownTables, both databases), next to the order and lines every such request
// reads and writes anyway, so a per-replica cache and its invalidation would buy little.
type Service struct {
	store    store
	texts    *localization.Catalog
	perms    *permission.Service
	registry *permission.Registry
	orders   *salesorder.Service
	catalog  *catalog.Service
	mappings *importmapping.Service
}

// NewService returns the lines service.
func NewService(deps Deps) *Service {
	return &Service{store: newStore(deps.DB), texts: deps.Catalog, perms: deps.Permissions, registry: deps.Registry,
		orders: deps.Orders, catalog: deps.Products, mappings: deps.Mappings}
}

// t answers key in the caller's language.
func (s *Service) t(ctx context.Context, key string, args ...any) string {
	if s.texts == nil {
		return key
	}
	for i, a := range args {
		if m, ok := a.(exprMessage); ok {
			args[i] = s.t(ctx, m.key, m.args...)
		}
	}
	return s.texts.T(ctx, key, args...)
}

// granted reports whether the caller holds any of names (none: nobody does).
func (s *Service) granted(ctx context.Context, names []string) (bool, error) {
	if len(names) == 0 {
		return false, nil
	}
	if s.perms == nil {
		return false, nil
	}
	return s.perms.IsGranted(ctx, auth.FromContext(ctx), names...)
}

// permissionExists reports whether a permission is defined (any name when the service has no
// registry).
func (s *Service) permissionExists(name string) bool {
	if s.registry == nil {
		return true
	}
	_, ok := s.registry.Lookup(name)
	return ok
}

// tableLabel answers a table's name in the caller's language.
func (s *Service) tableLabel(ctx context.Context, table string) string {
	return s.t(ctx, tableKey(table))
}

// fieldLabel answers a field's or column's title in the caller's language: the column's
// display name, else its title, else the built-in field's name, else the key.
func (s *Service) fieldLabel(ctx context.Context, c *compiled, key string) string {
	if c != nil {
		if col, ok := c.byKey[key]; ok {
			if col.DisplayName != "" {
				return col.DisplayName
			}
			if col.Title != "" {
				return col.Title
			}
		}
	}
	if s.texts != nil {
		if v := s.t(ctx, fieldKey(key)); v != fieldKey(key) {
			return v
		}
	}
	return key
}

// lineErrors turns the problems of lines into one validation error: member is the member a
// problem's field belongs to, label names the line (in the caller's language).
func (s *Service) addLineProblems(ctx context.Context, ve *apperr.ValidationError, c *compiled, member string, lineNo int, ps []lineProblem) {
	for _, p := range ps {
		label := s.t(ctx, KeyLineField, s.tableLabel(ctx, c.key), lineNo, s.fieldLabel(ctx, c, p.field))
		args := append([]any{label}, p.args...)
		for i, a := range args {
			if m, ok := a.(exprMessage); ok {
				args[i] = s.t(ctx, m.key, m.args...)
			}
		}
		f := p.field
		if _, ok := builtins[f]; !ok {
			f = "values." + f
		}
		ve.Add(member+f, p.key, args...)
	}
}

// order answers the order id of the current tenant (ErrNotFound otherwise).
func (s *Service) order(ctx context.Context, id uuid.UUID) (*salesorder.SalesOrder, error) {
	return s.orders.Get(ctx, id)
}

// editable answers the order when its lines may change now.
func (s *Service) editable(ctx context.Context, id uuid.UUID) (*salesorder.SalesOrder, error) {
	o, err := s.order(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.orders.LinesEditable(ctx, o); err != nil {
		return nil, err
	}
	return o, nil
}

func lineTableOf(table string) (lineTable, error) {
	t, ok := tables[table]
	if !ok {
		return lineTable{}, apperr.Invalid("table", KeyUnknownTable, table)
	}
	return t, nil
}

// total answers the sum of the amounts of every line of the order, exactly (amounts are
// stored rounded to cents).
func (s store) total(ctx context.Context, orderID uuid.UUID) (expr.Decimal, error) {
	var cents int64
	for _, key := range LineTables {
		amounts, err := tables[key].amounts(ctx, s.idb, orderID)
		if err != nil {
			return expr.Decimal{}, err
		}
		for _, a := range amounts {
			cents += int64(math.Round(a * 100))
		}
	}
	return sheetmap.NewDec(cents, 2), nil
}

// settleTotal recomputes the order's total in the transaction of tx and answers the order
// with its new amounts and stamp (expectedStamp "" is not checked).
func (s *Service) settleTotal(ctx context.Context, tx store, orderID uuid.UUID, expectedStamp string) (*salesorder.SalesOrder, error) {
	total, err := tx.total(ctx, orderID)
	if err != nil {
		return nil, err
	}
	return s.orders.SetLinesTotal(ctx, tx.idb, orderID, expectedStamp, total)
}

// CheckSubmit refuses the submit of an order while a required table its type shows has no
// line (registered with salesorder.Service.OnSubmit).
func (s *Service) CheckSubmit(ctx context.Context, o *salesorder.SalesOrder) error {
	cfg, err := s.resolved(ctx, &o.OrderTypeID)
	if err != nil {
		return err
	}
	for _, k := range sortedKeys(cfg) {
		row := cfg[k]
		if !row.Shown || !row.Required || !IsLineTable(k) {
			continue
		}
		ok, err := tables[k].exists(ctx, s.store.idb, o.ID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.User(KeyRequiredTableEmpty, s.tableLabel(ctx, k))
		}
	}
	return nil
}

// requireAction checks that the table row shows on the order and that the caller holds one
// of the permissions of action in it.
func (s *Service) requireAction(ctx context.Context, table string, row *DetailTable, action string) error {
	if row == nil || !row.Shown {
		return apperr.User(KeyTableNotShown, s.tableLabel(ctx, table))
	}
	ok, err := s.granted(ctx, row.Actions.of(action))
	if err != nil {
		return fmt.Errorf("check %s of %s: %w", action, table, err)
	}
	if !ok {
		return apperr.WithKey(apperr.ErrForbidden, KeyActionNotGranted, s.tableLabel(ctx, table), s.t(ctx, actionKey(action)))
	}
	return nil
}

// visibility answers which of c's columns the caller sees and edits: a column naming
// permissions is the column of who holds one of them.
func (s *Service) visibility(ctx context.Context, c *compiled) (visibility, error) {
	hidden := map[string]bool{}
	for i := range c.columns {
		col := &c.columns[i]
		if len(col.Permissions) == 0 {
			continue
		}
		ok, err := s.granted(ctx, col.Permissions)
		if err != nil {
			return nil, fmt.Errorf("check the permissions of column %s: %w", col.Key, err)
		}
		hidden[col.Key] = !ok
	}
	return func(col *Column) bool { return !hidden[col.Key] }, nil
}

// demoSources answers want enabled catalogue rows of table's kind, starting at the n-th (the
// demo seed's picks; every row when there are fewer).
func (s *Service) demoSources(ctx context.Context, table string, n, want int) ([]uuid.UUID, error) {
	yes := true
	var ids []uuid.UUID
	switch table {
	case TableStandardProduct:
		rows, _, err := s.catalog.ListStandardProducts(ctx, catalog.StandardProductQuery{IsEnable: &yes, Limit: 50})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			ids = append(ids, r.ID)
		}
	case TableMatter:
		rows, _, err := s.catalog.ListParts(ctx, catalog.ItemQuery{IsEnable: &yes, Limit: 50})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			ids = append(ids, r.ID)
		}
	default:
		rows, _, err := s.catalog.ListProducts(ctx, catalog.ItemQuery{IsEnable: &yes, Limit: 50})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) <= want {
		return ids, nil
	}
	out := make([]uuid.UUID, want)
	for i := range out {
		out[i] = ids[(n*want+i)%len(ids)]
	}
	return out, nil
}
