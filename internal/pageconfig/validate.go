package pageconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"unicode/utf8"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// Limits of the inputs. The input types' tags state the same numbers for OpenAPI.
const (
	MaxRouteKey     = 256
	MaxConfig       = 65536
	MaxHiddenFields = 16384
	MaxColumns      = 500
	MaxKey          = 128
	MaxTitle        = 256
	MaxRoles        = 100
)

// routeKeyPattern is what a route key may be: the route path with every "/" replaced by
// "zzz", so letters, digits, "_" and "-".
var routeKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,256}$`)

// checkRouteKey answers the trimmed route key, or why it cannot be one.
func checkRouteKey(routeKey string) (string, error) {
	routeKey = strings.TrimSpace(routeKey)
	switch {
	case routeKey == "":
		return "", apperr.Invalid("routeKey", localization.KeyRequired, FieldRouteKey)
	case utf8.RuneCountInString(routeKey) > MaxRouteKey:
		return "", apperr.Invalid("routeKey", localization.KeyTooLong, FieldRouteKey, MaxRouteKey)
	case !routeKeyPattern.MatchString(routeKey):
		return "", apperr.Invalid("routeKey", KeyRouteKeyPattern)
	}
	return routeKey, nil
}

// jsonProblem adds to ve why text is not JSON, naming the member and where it breaks.
func jsonProblem(ve *apperr.ValidationError, member, key, text string, err error) {
	at := utf8.RuneCountInString(text)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		at = utf8.RuneCount([]byte(text)[:min(int(se.Offset), len(text))])
	}
	ve.Add(member, key, at)
}

// parseConfig checks a config and answers its columns. The rules (0010): a JSON array of
// at least one column, each an object with a key (unique in the array, at most MaxKey
// characters), an optional title (text), isShow (true or false), an optional order (a whole
// number, not negative) and an optional width (a number, not negative); at least one column
// shown. Problems are added to ve on member; nil columns when config is not usable.
func parseConfig(ve *apperr.ValidationError, member, config string) []Column {
	text := strings.TrimSpace(config)
	switch {
	case text == "":
		ve.Add(member, localization.KeyRequired, FieldConfig)
		return nil
	case utf8.RuneCountInString(config) > MaxConfig:
		ve.Add(member, localization.KeyTooLong, FieldConfig, MaxConfig)
		return nil
	}
	var raw any
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		jsonProblem(ve, member, KeyConfigNotJSON, text, err)
		return nil
	}
	if dec.More() {
		jsonProblem(ve, member, KeyConfigNotJSON, text, &json.SyntaxError{Offset: dec.InputOffset()})
		return nil
	}
	items, ok := raw.([]any)
	if !ok {
		ve.Add(member, KeyConfigNotList)
		return nil
	}
	switch {
	case len(items) == 0:
		ve.Add(member, KeyConfigEmpty)
		return nil
	case len(items) > MaxColumns:
		ve.Add(member, KeyTooManyColumns, MaxColumns)
		return nil
	}
	before := len(ve.Fields)
	cols := make([]Column, 0, len(items))
	seen := map[string]bool{}
	shown := false
	for i, item := range items {
		n := i + 1
		obj, ok := item.(map[string]any)
		if !ok {
			ve.Add(member, KeyColumnNotObject, n)
			continue
		}
		var c Column
		switch k, ok := obj["key"].(string); {
		case !ok || strings.TrimSpace(k) == "":
			ve.Add(member, KeyColumnNoKey, n)
			continue
		case utf8.RuneCountInString(k) > MaxKey:
			ve.Add(member, KeyColumnKeyTooLong, n, MaxKey)
			continue
		case seen[k]:
			ve.Add(member, KeyColumnDuplicateKey, k)
			continue
		default:
			seen[k] = true
			c.Key = k
		}
		if v, present := obj["title"]; present && v != nil {
			t, ok := v.(string)
			switch {
			case !ok:
				ve.Add(member, KeyColumnBadTitle, n, c.Key)
			case utf8.RuneCountInString(t) > MaxTitle:
				ve.Add(member, KeyColumnTitleTooLong, n, c.Key, MaxTitle)
			default:
				c.Title = t
			}
		}
		switch v, present := obj["isShow"]; {
		case !present:
			ve.Add(member, KeyColumnNoIsShow, n, c.Key)
		default:
			b, ok := v.(bool)
			if !ok {
				ve.Add(member, KeyColumnNoIsShow, n, c.Key)
			}
			c.IsShow = b
			shown = shown || b
		}
		if v, present := obj["order"]; present && v != nil {
			num, ok := v.(json.Number)
			o, err := num.Int64()
			if !ok || err != nil || o < 0 || o > 1<<31-1 {
				ve.Add(member, KeyColumnBadOrder, n, c.Key)
			} else {
				c.Order = int(o)
			}
		}
		if v, present := obj["width"]; present && v != nil {
			num, ok := v.(json.Number)
			w, err := num.Float64()
			if !ok || err != nil || w < 0 {
				ve.Add(member, KeyColumnBadWidth, n, c.Key)
			} else {
				c.Width = &w
			}
		}
		cols = append(cols, c)
	}
	if len(ve.Fields) > before {
		return nil
	}
	if !shown {
		ve.Add(member, KeyNoShownColumn)
		return nil
	}
	return cols
}

// parseHidden checks hiddenFields (a JSON array of column keys, each given once; empty text
// is no keys) and answers it as compact JSON and as keys.
func parseHidden(ve *apperr.ValidationError, member, hidden string) (string, []string) {
	text := strings.TrimSpace(hidden)
	if text == "" {
		return "[]", []string{}
	}
	if utf8.RuneCountInString(hidden) > MaxHiddenFields {
		ve.Add(member, localization.KeyTooLong, FieldHiddenFields, MaxHiddenFields)
		return "", nil
	}
	var raw any
	dec := json.NewDecoder(strings.NewReader(text))
	if err := dec.Decode(&raw); err != nil {
		jsonProblem(ve, member, KeyHiddenNotJSON, text, err)
		return "", nil
	}
	if dec.More() {
		jsonProblem(ve, member, KeyHiddenNotJSON, text, &json.SyntaxError{Offset: dec.InputOffset()})
		return "", nil
	}
	items, ok := raw.([]any)
	if !ok {
		ve.Add(member, KeyHiddenNotList)
		return "", nil
	}
	before := len(ve.Fields)
	keys := make([]string, 0, len(items))
	seen := map[string]bool{}
	for i, item := range items {
		k, ok := item.(string)
		switch {
		case !ok || strings.TrimSpace(k) == "":
			ve.Add(member, KeyHiddenBadKey, i+1)
		case utf8.RuneCountInString(k) > MaxKey:
			ve.Add(member, KeyColumnKeyTooLong, i+1, MaxKey)
		case seen[k]:
			ve.Add(member, KeyHiddenDuplicate, k)
		default:
			seen[k] = true
			keys = append(keys, k)
		}
	}
	if len(ve.Fields) > before {
		return "", nil
	}
	return encodeList(keys), keys
}

// encodeList writes a list of strings as compact JSON ("[]" for none).
func encodeList(items []string) string {
	if len(items) == 0 {
		return "[]"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(items)
	return strings.TrimSpace(b.String())
}

// decodeList reads a stored JSON list of strings; a row that is not one (written by hand)
// reads as none.
func decodeList(text string) []string {
	var out []string
	if err := json.Unmarshal([]byte(text), &out); err != nil || out == nil {
		return []string{}
	}
	return out
}

// countColumns answers how many columns a stored config has and how many are shown; a
// config that is not a list of columns counts none.
func countColumns(config string) (all, shown int) {
	var cols []struct {
		IsShow *bool `json:"isShow"`
	}
	if err := json.Unmarshal([]byte(config), &cols); err != nil {
		return 0, 0
	}
	for _, c := range cols {
		if c.IsShow == nil || *c.IsShow {
			shown++
		}
	}
	return len(cols), shown
}
