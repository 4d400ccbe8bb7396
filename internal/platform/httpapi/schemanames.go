package httpapi

import (
	"path"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
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
