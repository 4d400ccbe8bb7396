package catalog

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// tagged is one input field that states a limit in its tags.
type tagged struct {
	member    string
	index     []int
	maxLength int // 0: none
	minimum   bool
}

// taggedFields lists the fields of struct type t (embedded structs flattened) whose tags
// state maxLength or minimum.
func taggedFields(t reflect.Type, index []int) []tagged {
	var out []tagged
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		at := append(append([]int{}, index...), i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, taggedFields(f.Type, at)...)
			continue
		}
		member := strings.Split(f.Tag.Get("json"), ",")[0]
		tf := tagged{member: member, index: at, minimum: f.Tag.Get("minimum") != ""}
		if s := f.Tag.Get("maxLength"); s != "" {
			tf.maxLength, _ = strconv.Atoi(s)
		}
		if tf.maxLength > 0 || tf.minimum {
			out = append(out, tf)
		}
	}
	return out
}

func problemKeys(err error) map[string]string {
	out := map[string]string{}
	var ve *apperr.ValidationError
	if errors.As(err, &ve) {
		for _, f := range ve.Fields {
			out[f.Field] = f.Key
		}
	}
	return out
}

// TestInputTagsStateTheServiceRules: the limits /openapi.json carries (maxLength,
// minimum) are exactly the ones the service enforces, field by field: one more
// character than maxLength is refused and maxLength is accepted; -1 is refused where
// the minimum is 0.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	cases := []struct {
		name  string
		input func() any // a valid input, as a pointer
		check func(v any) error
	}{
		{"part fields", func() any { return &PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: "x"}} },
			func(v any) error { return checkPartFields("", v.(*PartFieldsInput)) }},
		{"product fields", func() any { return &ItemFieldsInput{Name: "x"} },
			func(v any) error { return checkProductFields("", "", v.(*ItemFieldsInput)) }},
		{"standard product", func() any { return &CreateStandardProductInput{ProductName: "x"} },
			func(v any) error { return v.(*CreateStandardProductInput).check() }},
	}
	for _, c := range cases {
		fields := taggedFields(reflect.TypeOf(c.input()).Elem(), nil)
		if len(fields) == 0 {
			t.Fatalf("%s: no tagged fields", c.name)
		}
		for _, f := range fields {
			set := func(value func(reflect.Value)) map[string]string {
				in := c.input()
				value(reflect.ValueOf(in).Elem().FieldByIndex(f.index))
				return problemKeys(c.check(in))
			}
			if f.maxLength > 0 {
				if got := set(func(v reflect.Value) { v.SetString(strings.Repeat("柜", f.maxLength+1)) })[f.member]; got != localization.KeyTooLong {
					t.Errorf("%s.%s: maxLength %d, but %d characters give %q", c.name, f.member, f.maxLength, f.maxLength+1, got)
				}
				if got := set(func(v reflect.Value) { v.SetString(strings.Repeat("柜", f.maxLength)) })[f.member]; got != "" {
					t.Errorf("%s.%s: maxLength %d, but that many characters give %q", c.name, f.member, f.maxLength, got)
				}
			}
			if f.minimum {
				neg := -1.0
				if got := set(func(v reflect.Value) { v.Set(reflect.ValueOf(&neg)) })[f.member]; got != KeyMin {
					t.Errorf("%s.%s: minimum 0, but -1 gives %q", c.name, f.member, got)
				}
			}
		}
	}
	// Directory names are checked before any row is read.
	dn, _ := reflect.TypeOf(CreateCatalogInput{}).FieldByName("DisplayName")
	un, _ := reflect.TypeOf(UpdateCatalogInput{}).FieldByName("DisplayName")
	for _, tag := range []string{dn.Tag.Get("maxLength"), un.Tag.Get("maxLength")} {
		if tag != strconv.Itoa(MaxDisplayName) {
			t.Errorf("displayName maxLength %s, rule %d", tag, MaxDisplayName)
		}
	}
}
