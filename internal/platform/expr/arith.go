package expr

// Arithmetic for Go callers that compute with decimals outside an expression (the order's
// amounts, a line's rounding): the evaluator's own operations, so a figure computed here and
// the same figure computed by an expression are the same digits. Errors are *Error with the
// evaluator's keys; there is no source, so their position is 0 (character 1 in the message).

// Add answers a + b exactly; a result that does not fit is KeyOverflow.
func Add(a, b Decimal) (Decimal, error) { return arith(decAdd(a, b)) }

// Sub answers a - b exactly; a result that does not fit is KeyOverflow.
func Sub(a, b Decimal) (Decimal, error) { return arith(decSub(a, b)) }

// Mul answers a × b (more than 18 decimal places rounded half away from zero to 18); a result
// that does not fit is KeyOverflow.
func Mul(a, b Decimal) (Decimal, error) { return arith(decMul(a, b)) }

// Div answers a / b rounded half away from zero to 10 decimal places; b zero is
// KeyDivisionByZero, a result that does not fit KeyOverflow.
func Div(a, b Decimal) (Decimal, error) {
	if b.IsZero() {
		return Decimal{}, errAt(0, KeyDivisionByZero)
	}
	return arith(decDiv(a, b))
}

// Round answers d rounded half away from zero to places decimal places, as round(d, places)
// does: places must be 0..10 (KeyBadRoundDigits otherwise).
func Round(d Decimal, places int) (Decimal, error) {
	if places < 0 || places > maxRound {
		return Decimal{}, errAt(0, KeyBadRoundDigits, maxRound)
	}
	return decRound(d, int32(places)), nil
}

func arith(v Decimal, ok bool) (Decimal, error) {
	if !ok {
		return Decimal{}, errAt(0, KeyOverflow)
	}
	return v, nil
}
