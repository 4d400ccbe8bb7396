package expr

import (
	"math"
	"math/big"

	"kerf/internal/platform/sheetmap"
)

// Decimal is the exact decimal of platform/sheetmap (an int64 coefficient and a scale of
// 0..18, kept normalised), reused so that values read from spreadsheets and values
// computed from them are one type.
//
// Arithmetic rules (the page's copy in web/src/components/expr follows them digit for
// digit): + - * are exact; a product with more than 18 decimal places is rounded half away
// from zero to 18; a quotient is rounded half away from zero to 10 decimal places; any
// result whose coefficient does not fit in ±(2^63-1) is an overflow error, never a wrong
// number.
type Decimal = sheetmap.Dec

const (
	maxScale = 18 // decimal places a Decimal holds
	divScale = 10 // decimal places of a quotient
	maxRound = 10 // highest n of round(x, n)
)

var pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

var (
	bigMax = big.NewInt(math.MaxInt64)
	bigMin = big.NewInt(-math.MaxInt64)
	big10  = big.NewInt(10)
)

// mul64 answers a*b and whether it fits in ±(2^63-1).
func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || c == math.MinInt64 || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return c, true
}

// add64 answers a+b and whether it fits in ±(2^63-1).
func add64(a, b int64) (int64, bool) {
	c := a + b
	if (a > 0 && b > 0 && c < 0) || (a < 0 && b < 0 && c >= 0) || c == math.MinInt64 {
		return 0, false
	}
	return c, true
}

// make64 builds coef × 10^-scale through the slow path when scale is too large.
func make64(coef int64, scale int32) (Decimal, bool) {
	if scale <= maxScale {
		return sheetmap.NewDec(coef, scale), true
	}
	return finish(big.NewInt(coef), scale)
}

func toBig(d Decimal) *big.Int { return big.NewInt(d.Coef()) }

// finish turns the exact n × 10^-scale into a Decimal: trailing zeros dropped, more than 18
// places rounded half away from zero, false when it does not fit.
func finish(n *big.Int, scale int32) (Decimal, bool) {
	if scale > maxScale {
		n = roundBig(n, scale-maxScale)
		scale = maxScale
	}
	for scale < 0 {
		n = new(big.Int).Mul(n, big10)
		scale++
	}
	if n.Cmp(bigMax) > 0 || n.Cmp(bigMin) < 0 {
		// Trailing zeros may still bring it into range.
		q, r := new(big.Int), new(big.Int)
		for scale > 0 {
			q.QuoRem(n, big10, r)
			if r.Sign() != 0 {
				break
			}
			n = new(big.Int).Set(q)
			scale--
		}
		if n.Cmp(bigMax) > 0 || n.Cmp(bigMin) < 0 {
			return Decimal{}, false
		}
	}
	return sheetmap.NewDec(n.Int64(), scale), true
}

// roundBig divides n by 10^k rounding half away from zero.
func roundBig(n *big.Int, k int32) *big.Int {
	d := new(big.Int).Exp(big10, big.NewInt(int64(k)), nil)
	return divRound(n, d)
}

// divRound answers n/d rounded half away from zero (d ≠ 0).
func divRound(n, d *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Sign() == 0 {
		return q
	}
	r2 := new(big.Int).Abs(r)
	r2.Lsh(r2, 1)
	if r2.Cmp(new(big.Int).Abs(d)) >= 0 {
		if (n.Sign() < 0) != (d.Sign() < 0) {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

// align brings a and b to the larger scale; false when a coefficient overflows.
func align(a, b Decimal) (int64, int64, int32, bool) {
	ac, bc, as, bs := a.Coef(), b.Coef(), a.Scale(), b.Scale()
	ok := true
	switch {
	case as < bs:
		ac, ok = mul64(ac, pow10[bs-as])
		as = bs
	case bs < as:
		bc, ok = mul64(bc, pow10[as-bs])
	}
	return ac, bc, as, ok
}

func bigAligned(a, b Decimal) (*big.Int, *big.Int, int32) {
	x, y := toBig(a), toBig(b)
	as, bs := a.Scale(), b.Scale()
	if as < bs {
		x.Mul(x, new(big.Int).Exp(big10, big.NewInt(int64(bs-as)), nil))
		as = bs
	} else if bs < as {
		y.Mul(y, new(big.Int).Exp(big10, big.NewInt(int64(as-bs)), nil))
	}
	return x, y, as
}

func decAdd(a, b Decimal) (Decimal, bool) {
	if ac, bc, s, ok := align(a, b); ok {
		if c, ok := add64(ac, bc); ok {
			return sheetmap.NewDec(c, s), true
		}
	}
	x, y, s := bigAligned(a, b)
	return finish(x.Add(x, y), s)
}

func decNeg(a Decimal) (Decimal, bool) {
	if a.Coef() == math.MinInt64 {
		return Decimal{}, false
	}
	return sheetmap.NewDec(-a.Coef(), a.Scale()), true
}

func decSub(a, b Decimal) (Decimal, bool) {
	nb, ok := decNeg(b)
	if !ok {
		x, y, s := bigAligned(a, b)
		return finish(x.Sub(x, y), s)
	}
	return decAdd(a, nb)
}

func decMul(a, b Decimal) (Decimal, bool) {
	if c, ok := mul64(a.Coef(), b.Coef()); ok {
		return make64(c, a.Scale()+b.Scale())
	}
	x := toBig(a)
	return finish(x.Mul(x, toBig(b)), a.Scale()+b.Scale())
}

// decDiv answers a/b rounded half away from zero to 10 places; b must not be zero.
func decDiv(a, b Decimal) (Decimal, bool) {
	// a/b = (ac × 10^(10 + bs - as) / bc) × 10^-10
	k := divScale + b.Scale() - a.Scale()
	ac, bc := a.Coef(), b.Coef()
	if k >= 0 && k <= 18 && ac != math.MinInt64 && bc != math.MinInt64 {
		if n, ok := mul64(ac, pow10[k]); ok {
			q, r := n/bc, n%bc
			if r != 0 {
				ar, ab := r, bc
				if ar < 0 {
					ar = -ar
				}
				if ab < 0 {
					ab = -ab
				}
				if ar >= ab-ar { // 2r ≥ |b| without overflow
					if (n < 0) != (bc < 0) {
						q--
					} else {
						q++
					}
				}
			}
			if q != math.MinInt64 {
				return sheetmap.NewDec(q, divScale), true
			}
		}
	}
	n, d := toBig(a), toBig(b)
	if k >= 0 {
		n.Mul(n, new(big.Int).Exp(big10, big.NewInt(int64(k)), nil))
	} else {
		d.Mul(d, new(big.Int).Exp(big10, big.NewInt(int64(-k)), nil))
	}
	return finish(divRound(n, d), divScale)
}

func decCmp(a, b Decimal) int {
	if ac, bc, _, ok := align(a, b); ok {
		switch {
		case ac < bc:
			return -1
		case ac > bc:
			return 1
		}
		return 0
	}
	x, y, _ := bigAligned(a, b)
	return x.Cmp(y)
}

// decRound rounds a half away from zero to n places (0 ≤ n ≤ 18).
func decRound(a Decimal, n int32) Decimal {
	if a.Scale() <= n {
		return a
	}
	d := pow10[a.Scale()-n]
	c := a.Coef()
	q, r := c/d, c%d
	if r < 0 {
		r = -r
	}
	if r >= d-r {
		if c < 0 {
			q--
		} else {
			q++
		}
	}
	return sheetmap.NewDec(q, n)
}

// decFloor and decCeil round a to an integer towards -∞ and +∞.
func decFloor(a Decimal) Decimal {
	if a.Scale() == 0 {
		return a
	}
	d := pow10[a.Scale()]
	q, r := a.Coef()/d, a.Coef()%d
	if r < 0 {
		q--
	}
	return sheetmap.NewDec(q, 0)
}

func decCeil(a Decimal) Decimal {
	if a.Scale() == 0 {
		return a
	}
	d := pow10[a.Scale()]
	q, r := a.Coef()/d, a.Coef()%d
	if r > 0 {
		q++
	}
	return sheetmap.NewDec(q, 0)
}
