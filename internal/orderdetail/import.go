package orderdetail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"

	"kerf/internal/importmapping"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/sheetmap"
)

// ImportInput is a split-order import: a file read through an import rule mapping of
// sales-order lines, its rows sent to the tables a split mapping names.
type ImportInput struct {
	SalesOrderID   uuid.UUID
	RuleMappingID  uuid.UUID
	SplitMappingID uuid.UUID
	FileName       string
	File           io.Reader
}

// lineTableOfType is the table of each line type of a split mapping.
var lineTableOfType = map[string]string{
	importmapping.LineProduct:         TableProduct,
	importmapping.LinePart:            TableMatter,
	importmapping.LineStandardProduct: TableStandardProduct,
}

// mappedField answers the mapping's field a line's field is read from: the standard
// products' own names (their width, depth and height are the line's length, width and
// height, as a picked standard product's are), else the same name.
func mappedField(moduleType int, field string) string {
	if moduleType == importmapping.ModuleSalesOrderStandardProducts {
		switch field {
		case "name":
			return "productName"
		case "code":
			return "productCode"
		case "length":
			return "productWidth"
		case "width":
			return "productDepth"
		case "height":
			return "productHeight"
		}
	}
	return field
}

// Import reads a spreadsheet through the rule mapping (of sales-order products, parts or
// standard products) and sends each row to the table the split mapping gives its line type
// (product → products, part → parts, standard product → standard products). Every row is
// checked first: a value that cannot be read and a line that breaks a rule are answered
// together as one validation error, each naming its row and column; then all lines are
// added in one transaction, or none. Amounts are the server's, and the order's total
// follows. It answers the lines added per table.
func (s *Service) Import(ctx context.Context, in ImportInput) (*ImportResult, error) {
	o, err := s.editable(ctx, in.SalesOrderID)
	if err != nil {
		return nil, err
	}
	m, err := s.mappings.GetRuleMapping(ctx, in.RuleMappingID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, apperr.Invalid("ruleMappingId", importmapping.KeyNotFound)
	}
	if err != nil {
		return nil, err
	}
	switch m.ModuleType {
	case importmapping.ModuleSalesOrderProducts, importmapping.ModuleSalesOrderParts, importmapping.ModuleSalesOrderStandardProducts:
	default:
		return nil, apperr.Invalid("ruleMappingId", KeyImportModuleType)
	}
	if _, err := s.mappings.GetSplitMapping(ctx, in.SplitMappingID); errors.Is(err, db.ErrNotFound) {
		return nil, apperr.Invalid("splitMappingId", importmapping.KeyNotFound)
	} else if err != nil {
		return nil, err
	}
	res, err := s.mappings.Read(ctx, m.ID, in.FileName, in.File)
	if err != nil {
		return nil, err
	}
	if res.DataRows == 0 {
		return nil, apperr.User(KeyImportNoRows)
	}
	types, err := s.mappings.Split(ctx, in.SplitMappingID, res)
	if err != nil {
		return nil, err
	}
	columnOf := map[string]string{}
	for _, r := range m.MappingRules {
		columnOf[r.FieldName] = sheetmap.ColumnLetter(r.ColumnIndex)
	}

	ve := &apperr.ValidationError{}
	for _, e := range res.Errors {
		ve.Add(fmt.Sprintf("%s%d", e.Column, e.Row), KeyMessage, s.mappings.CellMessage(ctx, m.ModuleType, e))
	}

	// The tables the rows go to: each shown on the order, with the caller's import action.
	cfg, err := s.resolved(ctx, &o.OrderTypeID)
	if err != nil {
		return nil, err
	}
	compiledOf := map[string]*compiled{}
	for _, lt := range types {
		table := lineTableOfType[lt]
		if _, done := compiledOf[table]; done || table == "" {
			continue
		}
		if err := s.requireAction(ctx, table, cfg[table], ActionImportExcel); err != nil {
			return nil, err
		}
		c, err := compile(table, cfg[table])
		if err != nil {
			return nil, err
		}
		compiledOf[table] = c
	}

	byTable := map[string][]Line{}
	for i, row := range res.Rows {
		table := lineTableOfType[types[i]]
		c := compiledOf[table]
		if c == nil {
			return nil, fmt.Errorf("split line type %q has no table", types[i])
		}
		l, given, problems := lineFromRow(c, m.ModuleType, &res, row)
		if len(problems) == 0 {
			problems = settle(c, &l, given)
		}
		for _, p := range problems {
			msg := s.t(ctx, p.key, append([]any{s.fieldLabel(ctx, c, p.field)}, p.args...)...)
			col := columnOf[mappedField(m.ModuleType, p.field)]
			member := fmt.Sprintf("%s%d", col, row.Number)
			if col == "" {
				col = "-"
				member = fmt.Sprintf("%d", row.Number)
			}
			ve.Add(member, KeyImportRow, row.Number, col, msg)
		}
		byTable[table] = append(byTable[table], l)
	}
	if res.MoreErrors > 0 {
		ve.Add("file", KeyImportMoreErrors, res.MoreErrors)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}

	out := &ImportResult{Added: map[string]int{TableProduct: 0, TableMatter: 0, TableStandardProduct: 0}}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockOrder(ctx, o.ID); err != nil {
			return err
		}
		for _, table := range LineTables {
			lines := byTable[table]
			if len(lines) == 0 {
				continue
			}
			t := tables[table]
			last, err := t.maxLineNo(ctx, tx.idb, o.ID)
			if err != nil {
				return err
			}
			for i := range lines {
				lines[i].Table, lines[i].SalesOrderID, lines[i].LineNo = table, o.ID, last+i+1
			}
			if err := t.insert(ctx, tx.idb, lines); err != nil {
				return err
			}
			out.Added[table] = len(lines)
		}
		_, err := s.settleTotal(ctx, tx, o.ID, "")
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// lineFromRow makes a line from a mapped row: the built-in fields by name (the standard
// products' by theirs, mappedField), and the values of the table's configured columns that
// the mapping fills. A mapped amount is ignored (the server computes it).
func lineFromRow(c *compiled, moduleType int, res *sheetmap.Result, row sheetmap.Row) (Line, map[string]bool, []lineProblem) {
	l := Line{Table: c.key, Values: map[string]any{}}
	var problems []lineProblem
	get := func(field string) sheetmap.Value { return res.Get(row, mappedField(moduleType, field)) }
	for _, k := range builtinOrder {
		v := get(k)
		if !v.Valid || k == "amount" {
			continue
		}
		if builtins[k].kind == kindText {
			setText(&l, k, textInput(k, v.String()))
			continue
		}
		if d, ok := decimalValue(v); ok {
			f := d.Float64()
			l.setNumber(k, &f)
		} else {
			problems = append(problems, lineProblem{k, KeyNotNumber, nil})
		}
	}
	given := map[string]bool{"price": get("price").Valid, "count": get("count").Valid}
	for i := range c.columns {
		col := &c.columns[i]
		if _, ok := builtins[col.Key]; ok || col.Compute != "" || kindOf(col) == kindFile {
			continue // files are uploaded on the page, never imported
		}
		v := res.Get(row, col.Key)
		if !v.Valid {
			continue
		}
		switch x := v.Any().(type) {
		case sheetmap.Dec:
			l.Values[col.Key] = json.Number(x.String())
		case int64:
			l.Values[col.Key] = json.Number(fmt.Sprint(x))
		case time.Time:
			l.Values[col.Key] = v.String()
		default:
			l.Values[col.Key] = x
		}
	}
	return l, given, problems
}

// decimalValue answers a mapped number.
func decimalValue(v sheetmap.Value) (sheetmap.Dec, bool) {
	switch v.Kind {
	case sheetmap.Decimal:
		return v.Dec, true
	case sheetmap.Integer:
		return sheetmap.NewDec(v.Int, 0), true
	}
	d, err := sheetmap.ParseDec(v.String())
	return d, err == nil
}

// textInput is a LineInput carrying text in field key (setText reads it).
func textInput(key, v string) *LineInput {
	in := &LineInput{}
	switch key {
	case "name":
		in.Name = v
	case "code":
		in.Code = v
	case "color":
		in.Color = v
	case "unit":
		in.Unit = v
	case "remark":
		in.Remark = v
	case "cabinet":
		in.Cabinet = v
	}
	return in
}
