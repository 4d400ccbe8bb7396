package app_test

import (
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/expr"
)

// A computed field's error reaches the user in their language, whichever area evaluates it.
func TestExpressionMessagesAreInBothLanguages(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for _, c := range []struct{ culture, want string }{
			{"zh-Hans", "第 3 个字符处：除数为零"},
			{"en", "At character 3: division by zero"},
		} {
			if got := e.App.Catalog.Get(c.culture, expr.KeyDivisionByZero, 3); got != c.want {
				t.Errorf("%s: %q, want %q", c.culture, got, c.want)
			}
		}
	})
}
