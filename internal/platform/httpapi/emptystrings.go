package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// DropEmptyStrings is a huma operation middleware for the ABP clients that drop
// empty-string fields from what they save (spec 001 §7): it removes, at any depth of a
// JSON request body, every object member whose value is "". An emptied number, id or
// date input then reads as absent instead of failing validation. Add it to an
// operation's Middlewares. A body that is not JSON is passed on untouched.
func DropEmptyStrings(ctx huma.Context, next func(huma.Context)) {
	if !strings.Contains(ctx.Header("Content-Type"), "json") {
		next(ctx)
		return
	}
	raw, err := io.ReadAll(ctx.BodyReader())
	if err != nil {
		next(bodyContext{humaCtx: ctx, r: io.MultiReader(bytes.NewReader(raw), errReader{err})})
		return
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || dec.More() {
		next(bodyContext{humaCtx: ctx, r: bytes.NewReader(raw)})
		return
	}
	if !dropEmpty(v) {
		next(bodyContext{humaCtx: ctx, r: bytes.NewReader(raw)})
		return
	}
	out, err := json.Marshal(v)
	if err != nil {
		out = raw
	}
	next(bodyContext{humaCtx: ctx, r: bytes.NewReader(out)})
}

// dropEmpty removes "" members in place and reports whether it removed any.
func dropEmpty(v any) bool {
	changed := false
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			if s, ok := e.(string); ok && s == "" {
				delete(t, k)
				changed = true
				continue
			}
			changed = dropEmpty(e) || changed
		}
	case []any:
		for _, e := range t {
			changed = dropEmpty(e) || changed
		}
	}
	return changed
}

type humaCtx = huma.Context

type bodyContext struct {
	humaCtx
	r io.Reader
}

func (c bodyContext) BodyReader() io.Reader { return c.r }

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
