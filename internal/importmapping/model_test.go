package importmapping

import (
	"context"
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
	maxLength int
	minimum   *int
	maximum   *int
}

func taggedFields(t reflect.Type, index []int) []tagged {
	var out []tagged
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		at := append(append([]int{}, index...), i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, taggedFields(f.Type, at)...)
			continue
		}
		tf := tagged{member: strings.Split(f.Tag.Get("json"), ",")[0], index: at}
		if s := f.Tag.Get("maxLength"); s != "" {
			tf.maxLength, _ = strconv.Atoi(s)
		}
		if s := f.Tag.Get("minimum"); s != "" {
			n, _ := strconv.Atoi(s)
			tf.minimum = &n
		}
		if s := f.Tag.Get("maximum"); s != "" {
			n, _ := strconv.Atoi(s)
			tf.maximum = &n
		}
		if tf.maxLength > 0 || tf.minimum != nil || tf.maximum != nil {
			out = append(out, tf)
		}
	}
	return out
}

func members(err error) map[string]string {
	out := map[string]string{}
	var ve *apperr.ValidationError
	if errors.As(err, &ve) {
		for _, f := range ve.Fields {
			out[f.Field] = f.Key
		}
	}
	return out
}

// TestInputTagsStateTheServiceRules: the limits /openapi.json carries (maxLength, minimum,
// maximum) are the ones the service enforces, field by field: one character more than
// maxLength is refused and maxLength accepted; one below the minimum and one above the
// maximum are refused and the bounds accepted. Rules are checked as the first rule of a
// mapping's body.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	s := NewService(nil, nil, dicts)
	ctx := context.Background()
	cases := []struct {
		name   string
		prefix string
		input  func() any
		check  func(v any) error
	}{
		{"rule mapping", "", func() any { in := products("x", false); return &in },
			func(v any) error { _, _, err := s.checkRuleMapping(ctx, v.(*ImportRuleMappingInput)); return err }},
		{"mapping rule", "mappingRules[1].", func() any { r := products("x", false).MappingRules[1]; return &r },
			func(v any) error {
				in := products("x", false)
				in.MappingRules[1] = *v.(*MappingRule)
				_, _, err := s.checkRuleMapping(ctx, &in)
				return err
			}},
		{"form mapping", "", func() any {
			return &FormFieldMappingInput{Name: "x", MappingType: 1, MappingRules: []FormFieldRule{{SourceField: "a", FieldName: "name"}}}
		}, func(v any) error { _, _, err := s.checkFormMapping(ctx, v.(*FormFieldMappingInput)); return err }},
		{"form rule", "mappingRules[0].", func() any { return &FormFieldRule{SourceField: "a", FieldName: "code"} },
			func(v any) error {
				in := FormFieldMappingInput{Name: "x", MappingType: 1, MappingRules: []FormFieldRule{*v.(*FormFieldRule)}}
				_, _, err := s.checkFormMapping(ctx, &in)
				return err
			}},
		{"split mapping", "", func() any { return &ImportSplitMappingInput{Name: "x"} },
			func(v any) error { _, err := checkSplitMapping(v.(*ImportSplitMappingInput)); return err }},
		{"split rule", "rules[0].", func() any {
			return &SplitRule{Order: 1, FieldName: "code", Operator: OpEquals, Value: "x", LineType: LinePart}
		}, func(v any) error {
			_, err := checkSplitMapping(&ImportSplitMappingInput{Name: "x", Rules: []SplitRule{*v.(*SplitRule)}})
			return err
		}},
	}
	for _, c := range cases {
		if err := c.check(c.input()); err != nil {
			t.Fatalf("%s: the valid input is refused: %v", c.name, err)
		}
		fields := taggedFields(reflect.TypeOf(c.input()).Elem(), nil)
		if len(fields) == 0 {
			t.Fatalf("%s: no tagged fields", c.name)
		}
		for _, f := range fields {
			set := func(value func(reflect.Value)) string {
				in := c.input()
				value(reflect.ValueOf(in).Elem().FieldByIndex(f.index))
				return members(c.check(in))[c.prefix+f.member]
			}
			if f.maxLength > 0 {
				// A text of spaces stays a text of that length, and is no JSON to misread.
				long := func(n int) func(v reflect.Value) {
					return func(v reflect.Value) { v.SetString("a" + strings.Repeat(" ", n-1)) }
				}
				if got := set(long(f.maxLength + 1)); got != localization.KeyTooLong {
					t.Errorf("%s.%s: maxLength %d, but %d characters give %q", c.name, f.member, f.maxLength, f.maxLength+1, got)
				}
				if got := set(long(f.maxLength)); got == localization.KeyTooLong {
					t.Errorf("%s.%s: maxLength %d, but that many characters are refused", c.name, f.member, f.maxLength)
				}
			}
			setInt := func(n int) func(v reflect.Value) {
				return func(v reflect.Value) {
					if v.Kind() == reflect.Pointer {
						v.Set(reflect.ValueOf(&n))
					} else {
						v.SetInt(int64(n))
					}
				}
			}
			// Bounds that make other rules fail too (a column index 0 taken twice) are
			// judged on the member alone.
			if f.minimum != nil {
				if got := set(setInt(*f.minimum - 1)); got == "" {
					t.Errorf("%s.%s: minimum %d, but %d is accepted", c.name, f.member, *f.minimum, *f.minimum-1)
				}
			}
			if f.maximum != nil {
				if got := set(setInt(*f.maximum + 1)); got == "" {
					t.Errorf("%s.%s: maximum %d, but %d is accepted", c.name, f.member, *f.maximum, *f.maximum+1)
				}
				if got := set(setInt(*f.maximum)); got != "" && f.member != "valueType" {
					t.Errorf("%s.%s: maximum %d, but it is refused: %s", c.name, f.member, *f.maximum, got)
				}
			}
		}
	}
}

// TestEveryPermissionTheAreaChecksIsDefinedAndEveryTextIsInBothLanguages.
func TestEveryTextIsInBothLanguagesAndEveryModuleFieldHasALabel(t *testing.T) {
	for k, v := range texts {
		if v.ZhHans == "" || v.En == "" {
			t.Errorf("%s: zh %q en %q", k, v.ZhHans, v.En)
		}
	}
	seen := map[int]bool{}
	for _, mt := range ModuleTypes {
		if seen[mt.Value] || mt.Name == "" {
			t.Errorf("module type %d is declared twice or has no name", mt.Value)
		}
		seen[mt.Value] = true
		required := false
		names := map[string]bool{}
		for _, f := range mt.Fields {
			if names[f.Name] || f.Label.ZhHans == "" || f.Label.En == "" || !f.ValueType.Valid() || f.ValueType == 5 {
				t.Errorf("%s.%s: twice, unlabelled or of no reading type", mt.Name, f.Name)
			}
			names[f.Name] = true
			required = required || f.Required
		}
		if !required {
			t.Errorf("%s has no required field: a mapping could read nothing", mt.Name)
		}
	}
}
