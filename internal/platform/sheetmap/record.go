package sheetmap

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// step is one step of a member path: a member name, or an array index.
type step struct {
	name  string
	index int // -1: a member
}

// parsePath reads a member path: names separated by dots, each optionally followed by
// array indexes ("order.customer.name", "lines[0].name", "lines.0.name").
func parsePath(p string) ([]step, bool) {
	if p == "" {
		return nil, false
	}
	var out []step
	for _, seg := range strings.Split(p, ".") {
		name := seg
		var idx []int
		if i := strings.IndexByte(seg, '['); i >= 0 {
			name = seg[:i]
			rest := seg[i:]
			for rest != "" {
				if rest[0] != '[' {
					return nil, false
				}
				end := strings.IndexByte(rest, ']')
				if end < 0 {
					return nil, false
				}
				n, err := strconv.Atoi(rest[1:end])
				if err != nil || n < 0 {
					return nil, false
				}
				idx = append(idx, n)
				rest = rest[end+1:]
			}
		}
		if strings.ContainsAny(name, "]") {
			return nil, false
		}
		if name == "" && len(idx) == 0 {
			return nil, false
		}
		if name != "" {
			if n, err := strconv.Atoi(name); err == nil && n >= 0 && len(idx) == 0 && len(out) > 0 {
				out = append(out, step{index: n})
				continue
			}
			out = append(out, step{name: name, index: -1})
		}
		for _, n := range idx {
			out = append(out, step{index: n})
		}
	}
	return out, len(out) > 0
}

// ValidPath reports whether p is a member path ReadRecord can follow.
func ValidPath(p string) bool {
	_, ok := parsePath(p)
	return ok
}

// lookup follows path in v and answers the text of what it finds ("" when absent or null).
func lookup(v any, path []step) string {
	for _, s := range path {
		switch t := v.(type) {
		case map[string]any:
			if s.index >= 0 {
				v = t[strconv.Itoa(s.index)]
			} else {
				v = t[s.name]
			}
		case []any:
			if s.index < 0 || s.index >= len(t) {
				return ""
			}
			v = t[s.index]
		default:
			return ""
		}
	}
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	case json.Number:
		return t.String()
	case bool:
		if t {
			return "true"
		}
		return "false"
	default:
		b, _ := json.Marshal(t)
		return string(b)
	}
}

// ReadRecord reads one JSON document through rules that name members by Path (a form's
// data, a design platform's order). Its errors name row 1 and, as their column, the
// member path. A document that is not JSON is a UserError.
func ReadRecord(doc []byte, rules []Rule) (*Result, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return nil, apperr.User(localization.KeySheetBadJSON)
	}
	res := &Result{Fields: fields(rules), DataRows: 1}
	row := Row{Number: 1, Values: make([]Value, len(rules))}
	ok := true
	for i, r := range rules {
		c := compile(r)
		path, good := parsePath(r.Path)
		text := ""
		if good {
			text = lookup(v, path)
		}
		val, e := c.cell(text)
		if e != nil {
			res.Errors = append(res.Errors, CellError{Row: 1, Column: r.Path, Field: r.Field, Key: e.Key, Args: e.Args})
			ok = false
			continue
		}
		row.Values[i] = val
	}
	if ok {
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

func fields(rules []Rule) []string {
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = r.Field
	}
	return out
}

// cell reads one cell's text with the rule's default and required check.
func (c *compiled) cell(text string) (Value, *ValueError) {
	if strings.TrimSpace(text) == "" {
		if strings.TrimSpace(c.Default) != "" {
			text = c.Default
		} else if c.Required {
			return Value{}, &ValueError{Key: localization.KeySheetRequired}
		} else {
			return Value{Kind: c.target}, nil
		}
	}
	v, e := c.read(text)
	if e == nil && !v.Valid && c.Required {
		return Value{}, &ValueError{Key: localization.KeySheetRequired} // mapped to an empty target
	}
	return v, e
}
