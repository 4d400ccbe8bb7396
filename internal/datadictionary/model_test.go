package datadictionary

import (
	"errors"
	"reflect"
	"regexp"
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
	minimum   string
	maximum   string
	pattern   string
}

// taggedFields lists the fields of struct type t (embedded structs flattened) whose tags state
// maxLength, minimum, maximum or pattern.
func taggedFields(t reflect.Type, index []int) []tagged {
	var out []tagged
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		at := append(append([]int{}, index...), i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, taggedFields(f.Type, at)...)
			continue
		}
		tf := tagged{member: strings.Split(f.Tag.Get("json"), ",")[0], index: at,
			minimum: f.Tag.Get("minimum"), maximum: f.Tag.Get("maximum"), pattern: f.Tag.Get("pattern")}
		if s := f.Tag.Get("maxLength"); s != "" {
			tf.maxLength, _ = strconv.Atoi(s)
		}
		if tf.maxLength > 0 || tf.minimum != "" || tf.maximum != "" || tf.pattern != "" {
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

// TestInputTagsStateTheServiceRules: the limits /openapi.json carries are exactly the ones the
// service enforces, field by field: one more character than maxLength is refused and maxLength
// is accepted; one below the minimum and one above the maximum are refused, the bounds
// accepted; the code pattern is the service's.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	cases := []struct {
		name  string
		input func() any // a valid input, as a pointer
		check func(v any) error
	}{
		{"dictionary", func() any { return &DictionaryFieldsInput{Code: "c", DisplayName: "d"} },
			func(v any) error { return v.(*DictionaryFieldsInput).problems() }},
		{"detail", func() any { return &DetailFieldsInput{Code: "c", Label: "l", Value: "v"} },
			func(v any) error { return v.(*DetailFieldsInput).problems() }},
	}
	for _, c := range cases {
		fields := taggedFields(reflect.TypeOf(c.input()).Elem(), nil)
		if len(fields) == 0 {
			t.Fatalf("%s: no tagged fields", c.name)
		}
		for _, f := range fields {
			set := func(value func(reflect.Value)) string {
				in := c.input()
				value(reflect.ValueOf(in).Elem().FieldByIndex(f.index))
				return problemKeys(c.check(in))[f.member]
			}
			if f.maxLength > 0 {
				ch := "柜"
				if f.pattern != "" {
					ch = "a"
				}
				if got := set(func(v reflect.Value) { v.SetString(strings.Repeat(ch, f.maxLength+1)) }); got != localization.KeyTooLong {
					t.Errorf("%s.%s: maxLength %d, but %d characters give %q", c.name, f.member, f.maxLength, f.maxLength+1, got)
				}
				if got := set(func(v reflect.Value) { v.SetString(strings.Repeat(ch, f.maxLength)) }); got != "" {
					t.Errorf("%s.%s: maxLength %d, but that many characters give %q", c.name, f.member, f.maxLength, got)
				}
			}
			for _, bound := range []struct {
				tag, want string
				step      int
			}{{f.minimum, KeyMin, -1}, {f.maximum, KeyMax, 1}} {
				if bound.tag == "" {
					continue
				}
				n, _ := strconv.Atoi(bound.tag)
				if got := set(func(v reflect.Value) { v.SetInt(int64(n + bound.step)) }); got != bound.want {
					t.Errorf("%s.%s: bound %d, but %d gives %q", c.name, f.member, n, n+bound.step, got)
				}
				if got := set(func(v reflect.Value) { v.SetInt(int64(n)) }); got != "" {
					t.Errorf("%s.%s: bound %d refused: %q", c.name, f.member, n, got)
				}
			}
			if f.pattern != "" {
				if f.pattern != CodePattern {
					t.Errorf("%s.%s: pattern %s, rule %s", c.name, f.member, f.pattern, CodePattern)
				}
				re := regexp.MustCompile(f.pattern)
				for _, v := range []string{"Sales.Order_Type-2", "有中文", "a b", "a/b"} {
					got := set(func(fv reflect.Value) { fv.SetString(v) })
					if re.MatchString(v) != (got == "") {
						t.Errorf("%s.%s: %q matches the pattern: %v, but the service gives %q", c.name, f.member, v, re.MatchString(v), got)
					}
				}
			}
		}
	}
	for _, c := range []struct {
		tag  reflect.StructTag
		want int
	}{{fieldTag(CreateDictionaryInput{}, "Details"), MaxDetails}} {
		if c.tag.Get("maxItems") != strconv.Itoa(c.want) {
			t.Errorf("maxItems %s, rule %d", c.tag.Get("maxItems"), c.want)
		}
	}
}

func fieldTag(v any, name string) reflect.StructTag {
	f, _ := reflect.TypeOf(v).FieldByName(name)
	return f.Tag
}
