package orderdetail

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/expr"
	"kerf/internal/platform/sheetmap"
)

// Limits of the configuration.
const (
	MaxColumns      = 100
	MaxColumnText   = 64 // displayName, title
	MaxColumnWidth  = 2000
	MaxDefaultValue = 128
	MaxSort         = 9999
)

// compiled is one table's configuration made ready to settle lines: its columns by key and
// its computed columns in an order where each comes after the computed columns it reads.
type compiled struct {
	key      string
	columns  []Column
	byKey    map[string]*Column
	computes []computeStep
}

// fileColumns answers the keys of the table's file columns.
func (c *compiled) fileColumns() []string {
	var out []string
	for i := range c.columns {
		if kindOf(&c.columns[i]) == kindFile {
			out = append(out, c.columns[i].Key)
		}
	}
	return out
}

// computeStep computes one column.
type computeStep struct {
	key string
	e   *expr.Expr
}

// kindOf answers what column c holds.
func kindOf(c *Column) kind {
	if b, ok := builtins[c.Key]; ok {
		return b.kind
	}
	switch c.Widget {
	case WidgetNumber:
		return kindNumber
	case WidgetBoolean:
		return kindBool
	case WidgetText:
		return kindText
	case WidgetFile:
		return kindFile
	}
	if c.Compute != "" {
		return kindNumber
	}
	return kindText
}

// configProblem is one broken rule of the configuration: the member, the message key and its
// arguments (the table's label key first).
type configProblem struct {
	member string
	key    string
	args   []any
}

// checkTable checks one table's configuration and compiles it. exists answers whether a
// permission name is defined (nil: any name is accepted). The problems name the table (its
// label key) and the column.
func checkTable(key string, columns []Column, actions Actions, exists func(string) bool, prefix string) (*compiled, []configProblem) {
	k := &checker{prefix: prefix, label: tableKey(key)}
	add := k.add
	if key == TableExamine && len(columns) > 0 {
		add("columns", KeyExamineColumns)
	}
	if len(columns) > MaxColumns {
		add("columns", KeyTooManyColumns, MaxColumns)
	}
	c := &compiled{key: key, columns: columns, byKey: map[string]*Column{}}
	for i := range columns {
		col := &columns[i]
		p := fmt.Sprintf("columns[%d].", i)
		col.Key = strings.TrimSpace(col.Key)
		col.Widget = strings.TrimSpace(col.Widget)
		col.Compute = strings.TrimSpace(col.Compute)
		if !columnKey.MatchString(col.Key) {
			add(p+"key", KeyColumnKey, col.Key)
			continue
		}
		if _, dup := c.byKey[col.Key]; dup {
			add(p+"key", KeyColumnDuplicate, col.Key)
			continue
		}
		c.byKey[col.Key] = col
		for _, f := range []struct {
			member, what, v string
			max             int
		}{{"displayName", "displayName", col.DisplayName, MaxColumnText}, {"title", "title", col.Title, MaxColumnText},
			{"defaultValue", "defaultValue", col.DefaultValue, MaxDefaultValue}} {
			if utf8.RuneCountInString(f.v) > f.max {
				add(p+f.member, KeyColumnTooLong, col.Key, f.what, f.max)
			}
		}
		if col.DisplayWidth < 0 || col.DisplayWidth > MaxColumnWidth {
			add(p+"displayWidth", KeyColumnWidth, col.Key)
		}
		switch col.Widget {
		case "", WidgetText, WidgetNumber, WidgetBoolean, WidgetFile:
		default:
			add(p+"widget", KeyColumnWidget, col.Key)
			continue
		}
		if b, ok := builtins[col.Key]; ok && col.Widget != "" {
			if (b.kind == kindText && col.Widget != WidgetText) || (b.kind == kindNumber && col.Widget != WidgetNumber) {
				add(p+"widget", KeyColumnWidgetOfField, col.Key, col.Widget)
			}
		}
		if col.Compute != "" && kindOf(col) == kindFile {
			add(p+"compute", KeyFileCompute, col.Key)
		} else if col.Compute != "" && kindOf(col) != kindNumber {
			add(p+"compute", KeyComputeText, col.Key)
		}
		if d := strings.TrimSpace(col.DefaultValue); d != "" {
			switch kindOf(col) {
			case kindFile:
				add(p+"defaultValue", KeyFileDefault, col.Key)
			case kindNumber:
				if _, err := sheetmap.ParseDec(d); err != nil {
					add(p+"defaultValue", KeyColumnDefault, col.Key, d)
				}
			case kindBool:
				if _, ok := parseBool(d); !ok {
					add(p+"defaultValue", KeyColumnDefault, col.Key, d)
				}
			}
		}
		for _, name := range col.Permissions {
			if exists != nil && !exists(name) {
				add(p+"permissions", KeyColumnPermission, col.Key, name)
			}
		}
	}
	for _, a := range ActionNames {
		for _, name := range actions.of(a) {
			if exists != nil && !exists(name) {
				k.problems = append(k.problems, configProblem{prefix + "actions." + a, KeyActionPermission, []any{k.label, actionKey(a), name}})
			}
		}
	}
	if len(k.problems) > 0 {
		return nil, k.problems
	}
	if c.compileComputes(k); len(k.problems) > 0 {
		return nil, k.problems
	}
	return c, nil
}

// checker collects the problems of one table's configuration.
type checker struct {
	prefix, label string
	problems      []configProblem
}

// add records a problem of member; the table's label key is the message's first argument.
func (k *checker) add(member, msg string, args ...any) {
	k.problems = append(k.problems, configProblem{k.prefix + member, msg, append([]any{k.label}, args...)})
}

// compileComputes parses every compute, checks the columns it names and orders the steps.
// A table without a computed amount computes price × count.
func (c *compiled) compileComputes(k *checker) {
	addp := k.add
	start := len(k.problems)
	steps := map[string]*expr.Expr{}
	member := map[string]string{}
	for i := range c.columns {
		col := &c.columns[i]
		if col.Compute == "" {
			continue
		}
		p := fmt.Sprintf("columns[%d].compute", i)
		member[col.Key] = p
		e, err := expr.Parse(col.Compute)
		var ee *expr.Error
		if errors.As(err, &ee) {
			addp(p, KeyComputeInvalid, col.Key, exprMessage{ee.Key, ee.Args})
			continue
		}
		if err != nil {
			addp(p, KeyComputeInvalid, col.Key, err.Error())
			continue
		}
		bad := false
		for _, v := range e.Vars() {
			if b, ok := builtins[v]; ok {
				if b.kind != kindNumber {
					addp(p, KeyComputeTextColumn, col.Key, v)
					bad = true
				}
				continue
			}
			other, ok := c.byKey[v]
			switch {
			case !ok:
				addp(p, KeyComputeUnknownColumn, col.Key, v)
				bad = true
			case kindOf(other) == kindText:
				addp(p, KeyComputeTextColumn, col.Key, v)
				bad = true
			case kindOf(other) == kindFile:
				addp(p, KeyComputeFileColumn, col.Key, v)
				bad = true
			}
		}
		if !bad {
			steps[col.Key] = e
		}
	}
	if len(k.problems) > start {
		return
	}
	if _, ok := steps["amount"]; !ok {
		steps["amount"] = exprPriceTimesCount
	}
	// Order the steps: each after the computed columns it reads (depth-first; a column met
	// again while it is being ordered reads itself).
	keys := make([]string, 0, len(steps))
	for k := range steps {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(key string) bool
	visit = func(key string) bool {
		switch state[key] {
		case 1:
			return false
		case 2:
			return true
		}
		state[key] = 1
		for _, v := range steps[key].Vars() {
			if _, computed := steps[v]; computed && !visit(v) {
				return false
			}
		}
		state[key] = 2
		c.computes = append(c.computes, computeStep{key: key, e: steps[key]})
		return true
	}
	for _, key := range keys {
		if !visit(key) {
			addp(member[key], KeyComputeCycle, key)
			return
		}
	}
}

// exprMessage is an expression language error as a message argument: the HTTP edge
// translates an argument only when it is a plain key, so the service localises it first
// (see Service.localise).
type exprMessage struct {
	key  string
	args []any
}

// compiledDefault compiles a table without configuration: no columns, amount = price × count.
func compiledDefault(key string) *compiled {
	c := &compiled{key: key, byKey: map[string]*Column{}}
	c.computes = []computeStep{{key: "amount", e: exprPriceTimesCount}}
	return c
}

// configKey identifies a configuration row: the table and the order type (nil: every type).
type configKey struct {
	table     string
	orderType uuid.UUID
}

func keyOf(table string, orderType *uuid.UUID) configKey {
	k := configKey{table: table}
	if orderType != nil {
		k.orderType = *orderType
	}
	return k
}
