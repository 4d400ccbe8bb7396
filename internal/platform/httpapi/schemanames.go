package httpapi

import (
	"path"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
)

// schemaName names OpenAPI schemas after their area as well as their type
// (catalog.Product → CatalogProduct, Paged[catalog.Product] → PagedCatalogProduct), so two
// areas may both have a Product without huma refusing to start.
func schemaName(t reflect.Type, hint string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := t.Name()
	if name == "" {
		name = hint
	} else if pkg := areaOf(t.PkgPath()); pkg != "" && !strings.Contains(name, "[") {
		name = pkg + "." + name
	}
	name = strings.ReplaceAll(name, "[]", "List[")
	var b strings.Builder
	for _, part := range strings.FieldsFunc(name, func(r rune) bool {
		return r == '[' || r == ']' || r == '*' || r == ','
	}) {
		prefix := ""
		if dot := strings.LastIndex(part, "."); dot >= 0 {
			prefix = areaOf(part[:dot])
			if prefix == "" && !strings.Contains(part[:dot], "/") {
				prefix = part[:dot] // already an area name
			}
			part = part[dot+1:]
		}
		b.WriteString(upperFirst(prefix))
		b.WriteString(upperFirst(part))
	}
	return b.String()
}

// areaOf returns the last element of a kerf package path, except for the HTTP edge's
// own generic wrappers which need no prefix.
func areaOf(pkgPath string) string {
	if !strings.HasPrefix(pkgPath, "kerf/") || pkgPath == "kerf/internal/platform/httpapi" {
		return ""
	}
	return path.Base(pkgPath)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

var uuidType = reflect.TypeOf(uuid.UUID{})

// markNullableIDs marks every *uuid.UUID field of a registered schema nullable. huma
// decays a pointer to an array type (uuid.UUID is [16]byte) to the array itself and so
// describes these fields as plain strings, though the server sends null for them.
func (a *API) markNullableIDs() {
	reg := a.Huma.OpenAPI().Components.Schemas
	for name, s := range reg.Map() {
		t := reg.TypeFromRef("#/components/schemas/" + name)
		if t == nil || s == nil || s.Properties == nil {
			continue
		}
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			continue
		}
		eachField(t, func(jsonName string, ft reflect.Type, omitEmpty bool) {
			// An omitempty pointer is left out rather than sent as null, as huma assumes.
			if p := s.Properties[jsonName]; p != nil && !omitEmpty && ft.Kind() == reflect.Pointer && ft.Elem() == uuidType {
				p.Nullable = true
				p.Format = "uuid"
			}
		})
	}
}

// eachField calls fn with the JSON name and type of every field of t, flattening
// embedded structs as encoding/json does.
func eachField(t reflect.Type, fn func(jsonName string, ft reflect.Type, omitEmpty bool)) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name := strings.Split(tag, ",")[0]
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				eachField(et, fn)
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fn(name, f.Type, strings.Contains(tag, ",omitempty"))
	}
}
