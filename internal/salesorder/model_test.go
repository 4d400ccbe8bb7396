package salesorder

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db/dbtest"
)

// tagged is one input field that states a limit in its tags.
type tagged struct {
	member           string
	index            []int
	maxLength        int // 0: none
	minimum, maximum *float64
}

// taggedFields lists the fields of struct type t (embedded structs flattened) whose tags state
// maxLength, minimum or maximum.
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
		for tag, p := range map[string]**float64{"minimum": &tf.minimum, "maximum": &tf.maximum} {
			if s := f.Tag.Get(tag); s != "" {
				v, _ := strconv.ParseFloat(s, 64)
				*p = &v
			}
		}
		if tf.maxLength > 0 || tf.minimum != nil || tf.maximum != nil {
			out = append(out, tf)
		}
	}
	return out
}

// TestInputTagsStateTheServiceRules: the limits /openapi.json carries are the ones the
// service enforces, field by field: maxLength characters are accepted and one more refused,
// the minimum and maximum accepted and a step beyond refused, with the field named.
func TestInputTagsStateTheServiceRules(t *testing.T) {
	d := dbtest.Open(t, dbtest.SQLiteURL(t))
	f := newFixture(t, d)
	ctx := f.admin(newTenant())
	typ := f.orderType(t, ctx, "STD")
	o := f.order(t, ctx, SalesOrderInput{OrderTypeID: typ})
	codes := 0
	cases := []struct {
		name  string
		input func() any
		check func(v any) error
	}{
		{"order", func() any { return &SalesOrderInput{OrderTypeID: typ, CustomerName: "c"} },
			func(v any) error { _, err := f.svc.Create(ctx, *v.(*SalesOrderInput)); return err }},
		{"order update", func() any {
			return &UpdateSalesOrderInput{SalesOrderInput: SalesOrderInput{OrderTypeID: typ, CustomerName: "c"}}
		}, func(v any) error { _, err := f.svc.Update(ctx, o.ID, *v.(*UpdateSalesOrderInput)); return err }},
		{"type", func() any { codes++; return &TypeInput{Code: "C" + strconv.Itoa(codes), Name: "n"} },
			func(v any) error { _, err := f.svc.CreateProductType(ctx, *v.(*TypeInput)); return err }},
		// close is not a move of a draft: after the comment is checked, nothing changes.
		{"status move", func() any { return &StatusMoveInput{Action: ActionClose} },
			func(v any) error { _, err := f.svc.Move(ctx, o.ID, *v.(*StatusMoveInput)); return err }},
	}
	for _, c := range cases {
		fields := taggedFields(reflect.TypeOf(c.input()).Elem(), nil)
		if len(fields) == 0 {
			t.Fatalf("%s: no tagged fields", c.name)
		}
		for _, tf := range fields {
			try := func(set func(reflect.Value)) map[string]string {
				in := c.input()
				set(reflect.ValueOf(in).Elem().FieldByIndex(tf.index))
				return problemKeys(c.check(in))
			}
			str := func(n int) func(reflect.Value) {
				return func(v reflect.Value) {
					if tf.member == "customerPhone" {
						v.SetString(strings.Repeat("1", n))
					} else {
						v.SetString(strings.Repeat("名", n))
					}
				}
			}
			num := func(x float64) func(reflect.Value) {
				return func(v reflect.Value) {
					if v.Kind() == reflect.Int {
						v.SetInt(int64(x))
					} else {
						v.SetFloat(x)
					}
				}
			}
			step := 0.01
			if reflect.ValueOf(c.input()).Elem().FieldByIndex(tf.index).Kind() == reflect.Int {
				step = 1
			}
			if tf.maxLength > 0 {
				if got := try(str(tf.maxLength)); got[tf.member] != "" {
					t.Errorf("%s.%s: %d characters refused: %v", c.name, tf.member, tf.maxLength, got)
				}
				if got := try(str(tf.maxLength + 1)); got[tf.member] == "" {
					t.Errorf("%s.%s: %d characters accepted", c.name, tf.member, tf.maxLength+1)
				}
			}
			if tf.minimum != nil {
				if got := try(num(*tf.minimum)); got[tf.member] != "" {
					t.Errorf("%s.%s: the minimum refused: %v", c.name, tf.member, got)
				}
				if got := try(num(*tf.minimum - step)); got[tf.member] == "" {
					t.Errorf("%s.%s: below the minimum accepted", c.name, tf.member)
				}
			}
			if tf.maximum != nil {
				if got := try(num(*tf.maximum)); got[tf.member] != "" {
					t.Errorf("%s.%s: the maximum refused: %v", c.name, tf.member, got)
				}
				if got := try(num(*tf.maximum + step)); got[tf.member] == "" {
					t.Errorf("%s.%s: above the maximum accepted", c.name, tf.member)
				}
			}
		}
	}
}

// problemKeys answers the members of a validation error (none for any other error).
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
