package pageconfig

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kerf/internal/platform/apperr"
)

// TestInputTagsStateTheServiceRules: the limits /openapi.json carries (maxLength, maxItems,
// pattern) are the ones the service enforces, field by field: maxLength accepted and one more
// character refused; the route key's pattern is the service's.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	checks := map[string]struct {
		limit int
		valid func(n int) string // a valid value of exactly n characters
		check func(v string) error
	}{
		"routeKey": {MaxRouteKey, func(n int) string { return strings.Repeat("a", n) },
			func(v string) error { _, err := checkRouteKey(v); return err }},
		"config": {MaxConfig, validConfig,
			func(v string) error {
				ve := &apperr.ValidationError{}
				parseConfig(ve, "config", v)
				return ve.OrNil()
			}},
		"hiddenFields": {MaxHiddenFields, validHidden,
			func(v string) error {
				ve := &apperr.ValidationError{}
				parseHidden(ve, "hiddenFields", v)
				return ve.OrNil()
			}},
	}
	types := []reflect.Type{reflect.TypeOf(SaveConfigInput{}), reflect.TypeOf(SaveTenantConfigInput{}),
		reflect.TypeOf(CreateInput{}), reflect.TypeOf(UpdateInput{})}
	seen := map[string]bool{}
	for _, typ := range types {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			member := strings.Split(f.Tag.Get("json"), ",")[0]
			if s := f.Tag.Get("maxItems"); s != "" && s != strconv.Itoa(MaxRoles) {
				t.Errorf("%s.%s: maxItems %s, rule %d", typ.Name(), member, s, MaxRoles)
			}
			if p := f.Tag.Get("pattern"); p != "" && p != routeKeyPattern.String() {
				t.Errorf("%s.%s: pattern %s, rule %s", typ.Name(), member, p, routeKeyPattern)
			}
			s := f.Tag.Get("maxLength")
			if s == "" {
				continue
			}
			c, ok := checks[member]
			if !ok {
				t.Errorf("%s.%s states maxLength %s, which no check covers", typ.Name(), member, s)
				continue
			}
			if s != strconv.Itoa(c.limit) {
				t.Errorf("%s.%s: maxLength %s, rule %d", typ.Name(), member, s, c.limit)
				continue
			}
			if seen[member] {
				continue
			}
			seen[member] = true
			if err := c.check(c.valid(c.limit)); err != nil {
				t.Errorf("%s: %d characters refused: %v", member, c.limit, err)
			}
			if err := c.check(c.valid(c.limit + 1)); err == nil {
				t.Errorf("%s: %d characters accepted", member, c.limit+1)
			}
		}
	}
	if len(seen) != len(checks) {
		t.Errorf("checked %v, want every one of %d", seen, len(checks))
	}
}

// validConfig answers a valid config of exactly n characters: columns whose keys and titles
// keep within their limits, the last title padded.
func validConfig(n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; ; i++ {
		col := `{"key":"c` + strconv.Itoa(i) + `","isShow":true,"title":"`
		if i > 0 {
			col = "," + col
		}
		rest := n - b.Len() - len(col) - len(`"}]`)
		if rest <= MaxTitle {
			b.WriteString(col + strings.Repeat("t", rest) + `"}]`)
			return b.String()
		}
		b.WriteString(col + strings.Repeat("t", 200) + `"}`)
	}
}

// validHidden answers valid hidden fields of exactly n characters.
func validHidden(n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; ; i++ {
		k := `"h` + strconv.Itoa(i)
		if i > 0 {
			k = "," + k
		}
		rest := n - b.Len() - len(k) - len(`"]`)
		if rest <= MaxKey-10 {
			b.WriteString(k + strings.Repeat("k", rest) + `"]`)
			return b.String()
		}
		b.WriteString(k + strings.Repeat("k", 100) + `"`)
	}
}
