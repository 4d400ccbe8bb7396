package sheetmap

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// Dec is an exact decimal number: coef × 10^-scale, at most 18 significant digits.
//
// Why not float64: a spreadsheet cell holds "0.1" or "1299.90" as text in its XML (and a
// CSV always does); reading it into a binary float would store 0.1000000000000000055…,
// and sums of prices or lengths would drift. Why not math/big: an int64 coefficient and a
// scale cost no allocation per value, compare and add exactly, and 18 digits are more
// than a spreadsheet keeps (Excel holds 15). A number that needs more is refused as too
// long, never rounded. The value is kept normalised (no trailing fractional zeros), so
// equal numbers are equal Decs; JSON writes it as a number literal with exactly its
// digits.
type Dec struct {
	coef  int64
	scale int32 // digits after the point, 0..18
}

// errTooLong is a number with more significant digits than a Dec holds.
var errTooLong = errors.New("too many digits")

// errNotNumber is text that is not a number.
var errNotNumber = errors.New("not a number")

// NewDec returns coef × 10^-scale (scale ≥ 0), normalised.
func NewDec(coef int64, scale int32) Dec { return Dec{coef, scale}.norm() }

func (d Dec) norm() Dec {
	for d.scale > 0 && d.coef%10 == 0 {
		d.coef /= 10
		d.scale--
	}
	if d.coef == 0 {
		d.scale = 0
	}
	return d
}

// Coef and Scale answer d as coef × 10^-scale.
func (d Dec) Coef() int64  { return d.coef }
func (d Dec) Scale() int32 { return d.scale }
func (d Dec) IsZero() bool { return d.coef == 0 }
func (d Dec) IsNeg() bool  { return d.coef < 0 }
func (d Dec) IsInt() bool  { return d.scale == 0 }
func (d Dec) Float64() float64 {
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}

// Int64 answers d as an integer when it is one.
func (d Dec) Int64() (int64, bool) { return d.coef, d.scale == 0 }

// String writes d in plain notation ("-12.5", "0.003", "1200").
func (d Dec) String() string {
	s := strconv.FormatInt(d.coef, 10)
	if d.scale == 0 {
		return s
	}
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	if n := int(d.scale) - len(s) + 1; n > 0 {
		s = strings.Repeat("0", n) + s
	}
	p := len(s) - int(d.scale)
	s = s[:p] + "." + s[p:]
	if neg {
		s = "-" + s
	}
	return s
}

// MarshalJSON writes d as a JSON number with exactly its digits.
func (d Dec) MarshalJSON() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalJSON reads a JSON number or a string holding one.
func (d *Dec) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	v, err := ParseDec(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Cmp compares d and e: -1, 0 or 1.
func (d Dec) Cmp(e Dec) int {
	a, b := d, e
	// Bring both to the larger scale; if that overflows, compare as floats of their text
	// (both hold at most 18 digits, so the order is still right unless they are equal).
	for a.scale < b.scale {
		if a.coef > math.MaxInt64/10 || a.coef < math.MinInt64/10 {
			return cmpFloat(d.Float64(), e.Float64())
		}
		a.coef *= 10
		a.scale++
	}
	for b.scale < a.scale {
		if b.coef > math.MaxInt64/10 || b.coef < math.MinInt64/10 {
			return cmpFloat(d.Float64(), e.Float64())
		}
		b.coef *= 10
		b.scale++
	}
	switch {
	case a.coef < b.coef:
		return -1
	case a.coef > b.coef:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ParseDec reads a decimal number: an optional sign, digits with an optional point and
// fraction, thousands separated by commas ("1,299.90"), and an optional exponent as
// spreadsheets write large and small numbers ("1.5E-3", "2E+5"). Full-width digits are
// read as digits. More than 18 significant digits, or a value beyond ±9.2×10^18, is
// refused.
func ParseDec(s string) (Dec, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Dec{}, errNotNumber
	}
	if !isASCII(s) {
		s = narrow(s)
	}
	i := 0
	neg := false
	if s[0] == '+' || s[0] == '-' {
		neg = s[0] == '-'
		i++
	}
	var coef uint64
	var scale int32
	digits, sig := 0, 0
	point := false
	lastComma := -1
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			if sig == 0 && c == '0' {
				if point {
					scale++
				}
				continue
			}
			sig++
			if sig > 18 {
				return Dec{}, errTooLong
			}
			coef = coef*10 + uint64(c-'0')
			if point {
				scale++
			}
		case c == '.' && !point:
			if lastComma >= 0 && i-lastComma != 4 {
				return Dec{}, errNotNumber
			}
			point = true
		case c == ',' && !point && digits > 0:
			if lastComma >= 0 && i-lastComma != 4 {
				return Dec{}, errNotNumber
			}
			lastComma = i
		case c == 'e' || c == 'E':
			if digits == 0 {
				return Dec{}, errNotNumber
			}
			exp, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
			if err != nil || exp > 40 || exp < -40 {
				return Dec{}, errNotNumber
			}
			return scaleBy(coef, scale, neg, int32(exp))
		default:
			return Dec{}, errNotNumber
		}
	}
	if digits == 0 || (lastComma >= 0 && !point && len(s)-lastComma != 4) {
		return Dec{}, errNotNumber
	}
	return scaleBy(coef, scale, neg, 0)
}

// scaleBy builds coef × 10^(exp-scale).
func scaleBy(coef uint64, scale int32, neg bool, exp int32) (Dec, error) {
	scale -= exp
	for scale < 0 {
		if coef > math.MaxInt64/10 {
			return Dec{}, errTooLong
		}
		coef *= 10
		scale++
	}
	for scale > 18 {
		if coef%10 != 0 {
			return Dec{}, errTooLong
		}
		coef /= 10
		scale--
	}
	if coef > math.MaxInt64 {
		return Dec{}, errTooLong
	}
	c := int64(coef)
	if neg {
		c = -c
	}
	return Dec{c, scale}.norm(), nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// narrow turns full-width digits, signs, points and commas (what a Chinese input method
// types) into their ASCII forms.
func narrow(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '０' && r <= '９':
			r = '0' + (r - '０')
		case r == '．' || r == '。':
			r = '.'
		case r == '，':
			r = ','
		case r == '－':
			r = '-'
		case r == '＋':
			r = '+'
		case r == 'Ｅ' || r == 'ｅ':
			r = 'E'
		}
		b.WriteRune(r)
	}
	return b.String()
}
