package orderdetail

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// Every message key the area declares has its text in both languages, and so does every
// label the messages use (tables, fields, actions).
func TestEveryMessageIsInBothLanguages(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "texts.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Values) != 1 || !strings.HasPrefix(vs.Names[0].Name, "Key") {
			return true
		}
		if lit, ok := vs.Values[0].(*ast.BasicLit); ok {
			k, _ := strconv.Unquote(lit.Value)
			keys = append(keys, k)
		}
		return true
	})
	for _, k := range TableKeys {
		keys = append(keys, tableKey(k))
	}
	for _, k := range builtinOrder {
		keys = append(keys, fieldKey(k))
	}
	for _, a := range ActionNames {
		keys = append(keys, actionKey(a))
	}
	if len(keys) < 50 {
		t.Fatalf("read only %d keys", len(keys))
	}
	for _, k := range keys {
		if tx, ok := texts[k]; !ok || tx.ZhHans == "" || tx.En == "" {
			t.Errorf("%s: %+v", k, tx)
		}
	}
}
