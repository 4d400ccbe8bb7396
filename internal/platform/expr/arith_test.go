package expr

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"kerf/internal/platform/sheetmap"
)

func dec(t *testing.T, s string) Decimal {
	t.Helper()
	d, err := sheetmap.ParseDec(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return d
}

// outcome is a result's digits, or its error key.
func outcome(d Decimal, err error) string {
	if err != nil {
		var xe *Error
		if !errors.As(err, &xe) {
			return "not an *Error: " + err.Error()
		}
		return xe.Key
	}
	return d.String()
}

func TestArithmeticRules(t *testing.T) {
	for _, c := range []struct {
		name string
		got  func() (Decimal, error)
		want string
	}{
		{"sums are exact", func() (Decimal, error) { return Add(dec(t, "0.1"), dec(t, "0.2")) }, "0.3"},
		{"differences are exact", func() (Decimal, error) { return Sub(dec(t, "129.9"), dec(t, "0.01")) }, "129.89"},
		{"a difference below zero", func() (Decimal, error) { return Sub(dec(t, "1"), dec(t, "2.5")) }, "-1.5"},
		{"products are exact", func() (Decimal, error) { return Mul(dec(t, "129.99"), dec(t, "3")) }, "389.97"},
		{"a product past 18 places is rounded to 18", func() (Decimal, error) {
			return Mul(dec(t, "0.000000001"), dec(t, "0.0000000015"))
		}, "0.000000000000000002"},
		{"quotients have 10 places", func() (Decimal, error) { return Div(dec(t, "2"), dec(t, "3")) }, "0.6666666667"},
		{"division by zero", func() (Decimal, error) { return Div(dec(t, "1"), dec(t, "0")) }, KeyDivisionByZero},
		{"a sum that does not fit", func() (Decimal, error) {
			return Add(sheetmap.NewDec(math.MaxInt64, 0), sheetmap.NewDec(1, 0))
		}, KeyOverflow},
		{"a product that does not fit", func() (Decimal, error) {
			return Mul(sheetmap.NewDec(math.MaxInt64, 0), sheetmap.NewDec(2, 0))
		}, KeyOverflow},
		{"round half away from zero", func() (Decimal, error) { return Round(dec(t, "2.345"), 2) }, "2.35"},
		{"round of a negative half", func() (Decimal, error) { return Round(dec(t, "-2.345"), 2) }, "-2.35"},
		{"round to more places than there are", func() (Decimal, error) { return Round(dec(t, "1.5"), 4) }, "1.5"},
		{"round to 0 places", func() (Decimal, error) { return Round(dec(t, "0.5"), 0) }, "1"},
		{"round to 11 places", func() (Decimal, error) { return Round(dec(t, "1"), 11) }, KeyBadRoundDigits},
		{"round to -1 places", func() (Decimal, error) { return Round(dec(t, "1"), -1) }, KeyBadRoundDigits},
	} {
		if got := outcome(c.got()); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
	_, err := Div(dec(t, "1"), dec(t, "0"))
	var xe *Error
	if !errors.As(err, &xe) || xe.Pos != 0 || fmt.Sprint(xe.Args) != "[1]" {
		t.Errorf("an error without a source is at position 0: %#v", err)
	}
}

// The exported operations are the evaluator's: for every pair of a spread of values, Add,
// Sub, Mul, Div and Round answer what the expressions a + b, a - b, a * b, a / b and
// round(a, n) answer, digits and error keys alike.
func TestArithmeticIsTheEvaluators(t *testing.T) {
	values := []Decimal{
		dec(t, "0"), dec(t, "1"), dec(t, "-1"), dec(t, "0.5"), dec(t, "-2.345"), dec(t, "129.99"), dec(t, "0.000000000000000001"),
		dec(t, "3"), dec(t, "999999999999999999"), dec(t, "-0.333333333333333333"), dec(t, "12345678.87654321"),
		sheetmap.NewDec(math.MaxInt64, 0), sheetmap.NewDec(-math.MaxInt64, 18), sheetmap.NewDec(math.MaxInt64, 9),
	}
	parse := func(src string) *Expr {
		e, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	ops := []struct {
		src string
		fn  func(a, b Decimal) (Decimal, error)
	}{{"a + b", Add}, {"a - b", Sub}, {"a * b", Mul}, {"a / b", Div}}
	for _, op := range ops {
		e := parse(op.src)
		for _, a := range values {
			for _, b := range values {
				want := outcome(e.Eval(func(n string) (Decimal, bool) {
					if n == "a" {
						return a, true
					}
					return b, true
				}))
				if got := outcome(op.fn(a, b)); got != want {
					t.Errorf("%s with a=%s b=%s: %s, the expression %s", op.src, a, b, got, want)
				}
			}
		}
	}
	round := parse("round(a, n)")
	for n := -1; n <= maxRound+1; n++ {
		for _, a := range values {
			want := outcome(round.Eval(func(name string) (Decimal, bool) {
				if name == "a" {
					return a, true
				}
				return sheetmap.NewDec(int64(n), 0), true
			}))
			if got := outcome(Round(a, n)); got != want {
				t.Errorf("round(%s, %d): %s, the expression %s", a, n, got, want)
			}
		}
	}
}
