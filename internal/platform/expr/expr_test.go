package expr

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"regexp"
	"sort"
	"testing"

	"kerf/internal/platform/sheetmap"
)

type testCase struct {
	Name   string            `json:"name"`
	Src    string            `json:"src"`
	Vars   map[string]string `json:"vars"`
	Result *string           `json:"result"`
	Error  string            `json:"error"`
	Pos    int               `json:"pos"`
	VarsOf []string          `json:"varsOf"`
}

func loadCases(t testing.TB) []testCase {
	b, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []testCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// run answers the case's outcome as the shared table writes it: the result's digits, or
// the error key and position.
func run(t *testing.T, c testCase) (result, key string, pos int, vars []string) {
	e, err := Parse(c.Src)
	if err == nil {
		vars = e.Vars()
		var v Decimal
		v, err = e.Eval(func(name string) (Decimal, bool) {
			s, ok := c.Vars[name]
			if !ok {
				return Decimal{}, false
			}
			d, perr := sheetmap.ParseDec(s)
			if perr != nil {
				t.Fatalf("case %q: bad value %q of %s", c.Name, s, name)
			}
			return d, true
		})
		if err == nil {
			return v.String(), "", 0, vars
		}
	}
	var xe *Error
	if !errors.As(err, &xe) {
		t.Fatalf("case %q: error %v is not an *Error", c.Name, err)
	}
	return "", xe.Key, xe.Pos, vars
}

func TestCases(t *testing.T) {
	cases := loadCases(t)
	if len(cases) < 60 {
		t.Fatalf("only %d cases", len(cases))
	}
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.Name] {
			t.Errorf("case name %q twice", c.Name)
		}
		names[c.Name] = true
		if (c.Result == nil) == (c.Error == "") {
			t.Errorf("case %q: give a result or an error", c.Name)
			continue
		}
		result, key, pos, vars := run(t, c)
		switch {
		case c.Result != nil && (key != "" || result != *c.Result):
			t.Errorf("%s: %q = %q (error %s at %d), want %q", c.Name, c.Src, result, key, pos, *c.Result)
		case c.Error != "" && (key != c.Error || pos != c.Pos):
			t.Errorf("%s: %q = %q (error %s at %d), want error %s at %d", c.Name, c.Src, result, key, pos, c.Error, c.Pos)
		}
		if c.VarsOf != nil && !reflect.DeepEqual(vars, c.VarsOf) {
			t.Errorf("%s: Vars() = %v, want %v", c.Name, vars, c.VarsOf)
		}
	}
}

func TestErrorsCarryTheirPositionAsFirstArgument(t *testing.T) {
	_, err := Parse("1 + $")
	var xe *Error
	if !errors.As(err, &xe) || xe.Key != KeyUnexpectedChar || !reflect.DeepEqual(xe.Args, []any{5, "$"}) {
		t.Fatalf("got %#v", err)
	}
	if xe.User() == nil {
		t.Fatal("no user error")
	}
}

func TestValuesBeyondTheLiteralRangeFromColumns(t *testing.T) {
	// A column may hold the most negative coefficient; negating it is an overflow.
	e, err := Parse("-a")
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Eval(func(string) (Decimal, bool) { return sheetmap.NewDec(-1<<63, 0), true })
	var xe *Error
	if !errors.As(err, &xe) || xe.Key != KeyOverflow {
		t.Fatalf("got %v", err)
	}
}

// Every key has both texts, and the page's texts.ts holds the same keys.
func TestTextsMatchThePage(t *testing.T) {
	var keys []string
	for k, v := range Texts {
		if v.ZhHans == "" || v.En == "" {
			t.Errorf("%s lacks a text", k)
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b, err := os.ReadFile("../../../web/src/components/expr/texts.ts")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`'(Expr:[A-Za-z]+)'`).FindAllStringSubmatch(string(b), -1) {
		seen[m[1]] = true
	}
	var page []string
	for k := range seen {
		page = append(page, k)
	}
	sort.Strings(page)
	if !reflect.DeepEqual(keys, page) {
		t.Errorf("keys differ:\nGo   %v\npage %v", keys, page)
	}
}

func BenchmarkLineAmount(b *testing.B) {
	e, err := Parse("round(price * count * (1 - discount / 100), 2)")
	if err != nil {
		b.Fatal(err)
	}
	vals := map[string]Decimal{
		"price":    sheetmap.NewDec(129990, 2),
		"count":    sheetmap.NewDec(3, 0),
		"discount": sheetmap.NewDec(125, 1),
	}
	vars := func(name string) (Decimal, bool) { v, ok := vals[name]; return v, ok }
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Eval(vars); err != nil {
			b.Fatal(err)
		}
	}
}

// Any source either parses or fails with an *Error, and evaluating never panics.
func FuzzParse(f *testing.F) {
	for _, c := range loadCases(f) {
		f.Add(c.Src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src)
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) {
				t.Fatalf("%q: %v is not an *Error", src, err)
			}
			return
		}
		if _, err := e.Eval(func(string) (Decimal, bool) { return sheetmap.NewDec(-15, 1), true }); err != nil {
			var xe *Error
			if !errors.As(err, &xe) {
				t.Fatalf("%q: %v is not an *Error", src, err)
			}
		}
	})
}
