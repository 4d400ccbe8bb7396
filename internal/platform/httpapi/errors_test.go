package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/localization"
)

// widgetInput carries one field per kind of check huma runs on a body and a query.
type widgetInput struct {
	Page int `query:"page" minimum:"1" default:"1"`
	Body struct {
		Name     string   `json:"name" minLength:"2" maxLength:"30"`
		Quantity int      `json:"quantity" minimum:"0" maximum:"100"`
		Ratio    float64  `json:"ratio" exclusiveMinimum:"0" exclusiveMaximum:"1"`
		Step     int      `json:"step" multipleOf:"5"`
		Kind     string   `json:"kind" enum:"board,edge"`
		ID       string   `json:"id" format:"uuid"`
		When     string   `json:"when" format:"date-time"`
		Day      string   `json:"day" format:"date"`
		Code     string   `json:"code" pattern:"^[A-Z]+$"`
		Tags     []string `json:"tags" maxItems:"2" uniqueItems:"true"`
		Active   bool     `json:"active"`
	}
}

func validWidget() map[string]any {
	return map[string]any{"name": "Panel", "quantity": 3, "ratio": 0.5, "step": 10, "kind": "board",
		"id": "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "when": "2026-01-31T08:00:00Z", "day": "2026-01-31",
		"code": "AB", "tags": []string{"x"}, "active": true}
}

// TestHumaValidationMessagesAreLocalised: what huma's own checks refuse is answered in the
// caller's language, naming the member and the limit, in the ABP shape.
func TestHumaValidationMessagesAreLocalised(t *testing.T) {
	a := newTestAPI()
	Register(a, huma.Operation{Method: http.MethodPost, Path: "/widgets"}, Public(),
		func(context.Context, *widgetInput) (*Body[string], error) { return Reply(new(string), nil) })

	set := func(k string, v any) func(map[string]any) { return func(m map[string]any) { m[k] = v } }
	cases := []struct {
		rule   string
		query  string
		change func(map[string]any)
		raw    string // a body sent as it is instead of the changed valid one
		member string
		zh, en string
	}{
		{rule: "a text longer than maxLength names the member and the limit", change: set("name", "0123456789012345678901234567890"),
			member: "name", zh: "name的长度不能超过30", en: "name must be at most 30 characters"},
		{rule: "a text shorter than minLength", change: set("name", "P"),
			member: "name", zh: "name的长度不能少于2", en: "name must be at least 2 characters"},
		{rule: "a number below the minimum", change: set("quantity", -1),
			member: "quantity", zh: "quantity不能小于0", en: "quantity must be at least 0"},
		{rule: "a number above the maximum", change: set("quantity", 101),
			member: "quantity", zh: "quantity不能大于100", en: "quantity must be at most 100"},
		{rule: "a number not above the exclusive minimum", change: set("ratio", 0),
			member: "ratio", zh: "ratio必须大于0", en: "ratio must be greater than 0"},
		{rule: "a number not below the exclusive maximum", change: set("ratio", 1),
			member: "ratio", zh: "ratio必须小于1", en: "ratio must be less than 1"},
		{rule: "a number not a multiple", change: set("step", 7),
			member: "step", zh: "step必须是5的倍数", en: "step must be a multiple of 5"},
		{rule: "a value outside the enum lists the allowed ones", change: set("kind", "glass"),
			member: "kind", zh: "kind必须是以下值之一：board, edge", en: "kind must be one of: board, edge"},
		{rule: "a malformed uuid", change: set("id", "not-a-uuid"),
			member: "id", zh: "id必须是UUID", en: "id must be a UUID"},
		{rule: "a malformed date-time", change: set("when", "yesterday"),
			member: "when", zh: "when必须是日期时间（如 2026-01-31T08:00:00Z）", en: "when must be a date and time (e.g. 2026-01-31T08:00:00Z)"},
		{rule: "a malformed date", change: set("day", "31.01.2026"),
			member: "day", zh: "day必须是日期（如 2026-01-31）", en: "day must be a date (e.g. 2026-01-31)"},
		{rule: "a text not matching the pattern", change: set("code", "ab"),
			member: "code", zh: "code的格式不正确", en: "code is not in the expected format"},
		{rule: "too many items", change: set("tags", []string{"x", "y", "z"}),
			member: "tags", zh: "tags最多只能有2项", en: "tags must have at most 2 items"},
		{rule: "the same item twice", change: set("tags", []string{"x", "x"}),
			member: "tags", zh: "tags不能包含重复项", en: "tags must not contain the same item twice"},
		{rule: "a value of the wrong type", change: set("quantity", "three"),
			member: "quantity", zh: "quantity必须是整数", en: "quantity must be a whole number"},
		{rule: "text where a boolean is expected", change: set("active", "yes"),
			member: "active", zh: "active必须是true 或 false", en: "active must be true or false"},
		{rule: "a missing required member is named", change: func(m map[string]any) { delete(m, "name") },
			member: "name", zh: "name不能为空", en: "name is required"},
		{rule: "an unknown member is named", change: set("colour", "red"),
			member: "colour", zh: "colour不是可以提交的字段", en: "colour is not a known field"},
		{rule: "a body that is not an object", raw: `[1]`,
			member: "", zh: "请求内容必须是对象", en: "The request body must be an object"},
		{rule: "a body that is not JSON", raw: `{"name":`,
			member: "", zh: "请求内容不是有效的 JSON", en: "The request body is not valid JSON"},
		{rule: "a query parameter below its minimum", query: "?page=0",
			member: "page", zh: "page不能小于1", en: "page must be at least 1"},
		{rule: "a query parameter that is no number", query: "?page=two",
			member: "page", zh: "page必须是整数", en: "page must be a whole number"},
	}
	for _, c := range cases {
		body := []byte(c.raw)
		if c.raw == "" {
			m := maps.Clone(validWidget())
			if c.change != nil {
				c.change(m)
			}
			body, _ = json.Marshal(m)
		}
		for _, lang := range []struct{ header, want string }{{"zh-Hans", c.zh}, {"en", c.en}} {
			req := httptest.NewRequest(http.MethodPost, "/widgets"+c.query, bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept-Language", lang.header)
			res := httptest.NewRecorder()
			a.Router.ServeHTTP(res, req)
			var got ErrorBody
			if err := json.Unmarshal(res.Body.Bytes(), &got); err != nil {
				t.Fatalf("%s (%s): %d %s", c.rule, lang.header, res.Code, res.Body)
			}
			if res.Code != http.StatusBadRequest || len(got.Info.ValidationErrors) != 1 {
				t.Errorf("%s (%s): %d %s", c.rule, lang.header, res.Code, res.Body)
				continue
			}
			v := got.Info.ValidationErrors[0]
			if v.Message != lang.want || len(v.Members) != 1 || v.Members[0] != c.member {
				t.Errorf("%s (%s): %q on %v, want %q on %q", c.rule, lang.header, v.Message, v.Members, lang.want, c.member)
			}
		}
	}

	// The valid body passes, so each case above fails for its one mistake only.
	body, _ := json.Marshal(validWidget())
	res := httptest.NewRecorder()
	a.Router.ServeHTTP(res, httptest.NewRequest(http.MethodPost, "/widgets", bytes.NewReader(body)))
	if res.Code != http.StatusOK {
		t.Fatalf("valid body: %d %s", res.Code, res.Body)
	}
}

// TestAnUnknownHumaMessageKeepsItsTextInTheGenericMessage: a message of no known format is
// still answered, with huma's words inside "invalid value".
func TestAnUnknownHumaMessageKeepsItsTextInTheGenericMessage(t *testing.T) {
	c := localization.NewCatalog()
	field, key, args := humaDetail(&huma.ErrorDetail{Location: "body.items[2].name", Message: "expected value to not match schema"})
	if field != "items[2].name" || key != localization.KeyInvalidValue {
		t.Fatalf("field %q key %q", field, key)
	}
	if got := c.Get(localization.En, key, args...); got != "items[2].name (expected value to not match schema) has an invalid value" {
		t.Fatalf("message %q", got)
	}
	// A nested member missing is named by its whole path.
	field, key, _ = humaDetail(&huma.ErrorDetail{Location: "body.items[2]", Message: "expected required property name to be present"})
	if field != "items[2].name" || key != localization.KeyRequired {
		t.Fatalf("nested required: field %q key %q", field, key)
	}
}
