package orderdetail

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"kerf/internal/platform/expr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// lineProblem is one broken rule of a line: the field (a built-in field or a column key),
// the message key and the arguments after the field's label (which the caller puts first,
// naming the table and the line).
type lineProblem struct {
	field string
	key   string
	args  []any
}

// visibility answers whether the caller may see and edit a column.
type visibility func(c *Column) bool

func everyone(*Column) bool { return true }

// fromInput makes a new line from a typed line: every built-in field as given, and the
// values of the configured columns the caller may edit (computed ones are the server's).
// given tells which of price and count the input had (an empty one takes its default).
func fromInput(c *compiled, in *LineInput, visible visibility) (Line, map[string]bool) {
	l := Line{Table: c.key, Values: map[string]any{}}
	l.Name, l.Code, l.Color, l.Unit = strings.TrimSpace(in.Name), strings.TrimSpace(in.Code), strings.TrimSpace(in.Color), strings.TrimSpace(in.Unit)
	l.Remark, l.Cabinet = strings.TrimSpace(in.Remark), strings.TrimSpace(in.Cabinet)
	l.Length, l.Width, l.Height = in.Length, in.Width, in.Height
	l.setNumber("price", in.Price)
	l.setNumber("count", in.Count)
	given := map[string]bool{"price": in.Price != nil, "count": in.Count != nil}
	for i := range c.columns {
		col := &c.columns[i]
		if _, ok := builtins[col.Key]; ok || col.Compute != "" || !visible(col) {
			continue
		}
		if v, ok := in.Values[col.Key]; ok {
			l.Values[col.Key] = v
		}
	}
	return l, given
}

// applyInput writes a changed line's input over the stored line: only the configured columns
// the caller may edit; everything else (fields the table does not show, columns of other
// permissions, computed columns) keeps its stored value.
func applyInput(c *compiled, stored Line, in *LineInput, visible visibility) (Line, map[string]bool) {
	l := stored
	l.Values = map[string]any{}
	for k, v := range stored.Values {
		l.Values[k] = v
	}
	given := map[string]bool{"price": true, "count": true}
	for i := range c.columns {
		col := &c.columns[i]
		if col.Compute != "" || !visible(col) {
			continue
		}
		if b, ok := builtins[col.Key]; ok {
			if b.kind == kindText {
				setText(&l, col.Key, in)
			} else {
				v := inputNumber(in, col.Key)
				l.setNumber(col.Key, v)
				if _, ok := given[col.Key]; ok {
					given[col.Key] = v != nil
				}
			}
			continue
		}
		if v, ok := in.Values[col.Key]; ok {
			l.Values[col.Key] = v
		} else {
			delete(l.Values, col.Key)
		}
	}
	return l, given
}

func setText(l *Line, key string, in *LineInput) {
	switch key {
	case "name":
		l.Name = strings.TrimSpace(in.Name)
	case "code":
		l.Code = strings.TrimSpace(in.Code)
	case "color":
		l.Color = strings.TrimSpace(in.Color)
	case "unit":
		l.Unit = strings.TrimSpace(in.Unit)
	case "remark":
		l.Remark = strings.TrimSpace(in.Remark)
	case "cabinet":
		l.Cabinet = strings.TrimSpace(in.Cabinet)
	}
}

func inputNumber(in *LineInput, key string) *float64 {
	switch key {
	case "length":
		return in.Length
	case "width":
		return in.Width
	case "height":
		return in.Height
	case "price":
		return in.Price
	case "count":
		return in.Count
	}
	return nil
}

// settle makes a line whole: empty cells take their defaults (a column's defaultValue, else 1
// for a number widget, false for a boolean and no file for a file column; an empty count is 1
// and an empty price 0),
// every field is checked, and the computed columns (amount = price × count unless the table
// computes it otherwise) are evaluated with exact decimals. Values of keys the table does not
// configure are dropped. The line is changed in place; what is wrong is answered, and then
// the line is not to be stored. given tells which of price and count were given (nil: both).
func settle(c *compiled, l *Line, given map[string]bool) []lineProblem {
	var out []lineProblem
	add := func(field, key string, args ...any) { out = append(out, lineProblem{field, key, args}) }

	// Defaults of empty cells.
	for i := range c.columns {
		col := &c.columns[i]
		if col.Compute != "" {
			continue
		}
		def := strings.TrimSpace(col.DefaultValue)
		if _, ok := builtins[col.Key]; ok {
			if kindOf(col) == kindNumber && col.Widget == WidgetNumber && l.number(col.Key) == nil {
				l.setNumber(col.Key, ptr(defaultNumber(def, 1)))
			}
			if kindOf(col) == kindText && def != "" && l.text(col.Key) == "" {
				setText(l, col.Key, &LineInput{Name: def, Code: def, Color: def, Unit: def, Remark: def, Cabinet: def})
			}
			continue
		}
		if !isEmpty(l.Values[col.Key]) {
			continue
		}
		switch kindOf(col) {
		case kindNumber:
			if def == "" {
				def = "1"
			}
			l.Values[col.Key] = def
		case kindBool:
			b, _ := parseBool(def)
			l.Values[col.Key] = b
		case kindFile:
			l.Values[col.Key] = []any{}
		default:
			l.Values[col.Key] = def
		}
	}
	for _, f := range []struct {
		key string
		def float64
	}{{"count", 1}, {"price", 0}} {
		if given != nil && !given[f.key] {
			d := f.def
			if col, ok := c.byKey[f.key]; ok && strings.TrimSpace(col.DefaultValue) != "" {
				d = defaultNumber(col.DefaultValue, f.def)
			}
			l.setNumber(f.key, &d)
		}
	}

	// Built-in fields.
	if l.Name == "" {
		add("name", localization.KeyRequired)
	}
	for _, k := range builtinOrder {
		b := builtins[k]
		if b.kind == kindText {
			if utf8.RuneCountInString(l.text(k)) > b.max {
				add(k, localization.KeyTooLong, b.max)
			}
			continue
		}
		if k == "amount" {
			continue
		}
		if v := l.number(k); v != nil {
			if *v < 0 || *v > MaxNumber {
				add(k, KeyNumberRange, int64(MaxNumber))
				continue
			}
			if d, ok := decimalOf(*v); ok {
				f := round(d, b.scale).Float64()
				l.setNumber(k, &f)
			}
		}
	}

	// Configured values: kept only for configured columns, each of its kind.
	values := map[string]any{}
	nums := map[string]expr.Decimal{}
	for i := range c.columns {
		col := &c.columns[i]
		if _, ok := builtins[col.Key]; ok || col.Compute != "" {
			continue
		}
		v := l.Values[col.Key]
		switch kindOf(col) {
		case kindNumber:
			d, ok := parseNumber(v)
			switch {
			case !ok:
				add(col.Key, KeyNotNumber)
			case d.IsNeg() || d.Float64() > MaxNumber:
				add(col.Key, KeyNumberRange, int64(MaxNumber))
			default:
				nums[col.Key] = d
				values[col.Key] = json.Number(d.String())
			}
		case kindBool:
			b, ok := parseBool(v)
			if !ok {
				add(col.Key, KeyNotBoolean)
				continue
			}
			values[col.Key] = b
			if b {
				nums[col.Key] = sheetmap.NewDec(1, 0)
			} else {
				nums[col.Key] = sheetmap.NewDec(0, 0)
			}
		case kindFile:
			refs, ok := parseFiles(v)
			switch {
			case !ok:
				add(col.Key, KeyNotFiles)
			case len(refs) > MaxLineFiles:
				add(col.Key, KeyTooManyLineFiles, MaxLineFiles)
			default:
				values[col.Key] = filesValue(refs)
			}
		default:
			s, ok := textOf(v)
			switch {
			case !ok:
				add(col.Key, KeyNotText)
			case utf8.RuneCountInString(s) > MaxValue:
				add(col.Key, localization.KeyTooLong, MaxValue)
			default:
				values[col.Key] = s
			}
		}
	}
	l.Values = values
	if len(out) > 0 {
		return out
	}

	// Computed columns, in dependency order.
	vars := func(name string) (expr.Decimal, bool) {
		if _, ok := builtins[name]; ok {
			v := l.number(name)
			if v == nil {
				return sheetmap.NewDec(0, 0), true
			}
			d, ok := decimalOf(*v)
			return d, ok
		}
		if d, ok := nums[name]; ok {
			return d, true
		}
		return sheetmap.NewDec(0, 0), true
	}
	for _, st := range c.computes {
		d, err := st.e.Eval(vars)
		var ee *expr.Error
		if errors.As(err, &ee) {
			add(st.key, KeyCompute, exprMessage{ee.Key, ee.Args})
			return out
		}
		if err != nil {
			add(st.key, KeyCompute, err.Error())
			return out
		}
		if b, ok := builtins[st.key]; ok {
			d = round(d, b.scale)
			if f := d.Float64(); f > MaxNumber || f < -MaxNumber {
				add(st.key, KeyNumberRange, int64(MaxNumber))
				return out
			}
			f := d.Float64()
			l.setNumber(st.key, &f)
			continue
		}
		if f := d.Float64(); f > MaxNumber || f < -MaxNumber {
			add(st.key, KeyNumberRange, int64(MaxNumber))
			return out
		}
		nums[st.key] = d
		values[st.key] = json.Number(d.String())
	}
	return out
}

func ptr(f float64) *float64 { return &f }

// defaultNumber reads a default value, or answers def.
func defaultNumber(s string, def float64) float64 {
	if d, err := sheetmap.ParseDec(strings.TrimSpace(s)); err == nil {
		return d.Float64()
	}
	return def
}

// textOf answers a text column's value given as JSON (a number or a boolean is written as
// text).
func textOf(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return strings.TrimSpace(x), true
	case json.Number:
		return x.String(), true
	case float64:
		d, ok := decimalOf(x)
		return d.String(), ok
	case bool:
		if x {
			return "true", true
		}
		return "false", true
	}
	return "", false
}
