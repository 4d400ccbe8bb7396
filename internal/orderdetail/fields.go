package orderdetail

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/expr"
	"kerf/internal/platform/sheetmap"
)

// kind is what a column holds.
type kind int

const (
	kindText kind = iota
	kindNumber
	kindBool
	kindFile // a list of the order's line files
)

// builtin is a field every line has (a column of the line tables).
type builtin struct {
	kind  kind
	max   int   // text: the longest value, in characters
	scale int32 // number: decimal places a value is rounded to when computed or stored
}

// builtins are the line's own fields; every other column key is kept in the line's values.
// Money is rounded to 2 places, prices, counts and sizes to 4 (docs/decisions/0011, "Money
// and counts").
var builtins = map[string]builtin{
	"name":    {kind: kindText, max: MaxName},
	"code":    {kind: kindText, max: MaxCode},
	"length":  {kind: kindNumber, scale: 4},
	"width":   {kind: kindNumber, scale: 4},
	"height":  {kind: kindNumber, scale: 4},
	"color":   {kind: kindText, max: MaxColor},
	"unit":    {kind: kindText, max: MaxUnit},
	"price":   {kind: kindNumber, scale: 4},
	"count":   {kind: kindNumber, scale: 4},
	"amount":  {kind: kindNumber, scale: 2},
	"remark":  {kind: kindText, max: MaxRemark},
	"cabinet": {kind: kindText, max: MaxCabinet},
}

// builtinOrder is the order built-in fields are checked and exported in.
var builtinOrder = []string{"name", "code", "length", "width", "height", "color", "unit", "price", "count", "amount", "remark", "cabinet"}

// columnKey is a configured column's key: an identifier the expression language can name.
var columnKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)

// number answers the built-in number field key of l (nil: empty).
func (l *Line) number(key string) *float64 {
	switch key {
	case "length":
		return l.Length
	case "width":
		return l.Width
	case "height":
		return l.Height
	case "price":
		return &l.Price
	case "count":
		return &l.Count
	case "amount":
		return &l.Amount
	}
	return nil
}

// setNumber sets the built-in number field key of l.
func (l *Line) setNumber(key string, v *float64) {
	val := 0.0
	if v != nil {
		val = *v
	}
	switch key {
	case "length":
		l.Length = v
	case "width":
		l.Width = v
	case "height":
		l.Height = v
	case "price":
		l.Price = val
	case "count":
		l.Count = val
	case "amount":
		l.Amount = val
	}
}

// text answers the built-in text field key of l.
func (l *Line) text(key string) string {
	switch key {
	case "name":
		return l.Name
	case "code":
		return l.Code
	case "color":
		return l.Color
	case "unit":
		return l.Unit
	case "remark":
		return l.Remark
	case "cabinet":
		return l.Cabinet
	}
	return ""
}

// ---- decimals ----

// exprPriceTimesCount is a line's amount when its table computes none.
var exprPriceTimesCount = mustParse("price * count")

func mustParse(src string) *expr.Expr {
	e, err := expr.Parse(src)
	if err != nil {
		panic(err)
	}
	return e
}

// round answers d rounded half away from zero to n (0..4) decimal places, by the expression
// language's rule.
func round(d expr.Decimal, n int32) expr.Decimal {
	r, err := expr.Round(d, int(n))
	if err != nil { // n is a field's scale, 0..4
		panic(err)
	}
	return r
}

// decimalOf answers a stored double as the decimal it was written from (stored values have
// at most 15 significant digits, so the shortest form that reads back is that decimal).
func decimalOf(f float64) (expr.Decimal, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return expr.Decimal{}, false
	}
	d, err := sheetmap.ParseDec(strconv.FormatFloat(f, 'f', -1, 64))
	return d, err == nil
}

// parseNumber reads a number given as JSON (a json.Number, a float64 or a string).
func parseNumber(v any) (expr.Decimal, bool) {
	switch x := v.(type) {
	case float64:
		return decimalOf(x)
	case int:
		return sheetmap.NewDec(int64(x), 0), true
	case int64:
		return sheetmap.NewDec(x, 0), true
	case expr.Decimal:
		return x, true
	case interface{ String() string }: // json.Number
		d, err := sheetmap.ParseDec(x.String())
		return d, err == nil
	case string:
		d, err := sheetmap.ParseDec(x)
		return d, err == nil
	}
	return expr.Decimal{}, false
}

// parseBool reads a boolean given as JSON (a bool or its text).
func parseBool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		switch x {
		case "true", "1", "是", "Y", "y", "yes", "Yes":
			return true, true
		case "false", "0", "否", "N", "n", "no", "No":
			return false, true
		}
	}
	return false, false
}

// isEmpty reports whether a value counts as an empty cell.
func isEmpty(v any) bool {
	if v == nil {
		return true
	}
	s, ok := v.(string)
	return ok && s == ""
}

// ---- files ----

// fileRef is one file of a file column: a file of the order of category line.
type fileRef struct {
	ID       uuid.UUID
	FileName string
}

// parseFiles reads a file column's value given as JSON: a list of {id, fileName} (nil, an
// empty text or an empty list: no file). A file named twice counts once.
func parseFiles(v any) ([]fileRef, bool) {
	var items []any
	switch x := v.(type) {
	case nil:
		return []fileRef{}, true
	case string:
		return []fileRef{}, strings.TrimSpace(x) == ""
	case []any:
		items = x
	default:
		return nil, false
	}
	out := make([]fileRef, 0, len(items))
	seen := map[uuid.UUID]bool{}
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			return nil, false
		}
		s, ok := m["id"].(string)
		if !ok {
			return nil, false
		}
		id, err := uuid.Parse(s)
		if err != nil || id == uuid.Nil {
			return nil, false
		}
		name, ok := m["fileName"].(string)
		if m["fileName"] != nil && !ok {
			return nil, false
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, fileRef{ID: id, FileName: strings.TrimSpace(name)})
		}
	}
	return out, true
}

// filesValue is a file column's value as it is stored and answered.
func filesValue(refs []fileRef) []any {
	out := make([]any, len(refs))
	for i, r := range refs {
		out[i] = map[string]any{"id": r.ID.String(), "fileName": r.FileName}
	}
	return out
}
