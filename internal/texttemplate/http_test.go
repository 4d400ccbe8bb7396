package texttemplate_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/texttemplate"
)

const base = "/api/text-template-management"

type content struct {
	Name         string `json:"name"`
	CultureName  string `json:"cultureName"`
	Content      string `json:"content"`
	IsOverridden bool   `json:"isOverridden"`
}

func TestTextTemplateEndpoints(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, "demo")
		nobody := e.CreateUser(t, "", "nobody")
		get := func(token, name, culture string) *apptest.Response {
			return e.Get(t, base+"/template-contents?templateName="+url.QueryEscape(name)+"&cultureName="+culture, token)
		}
		put := func(token, path string, body map[string]any) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPut, Path: base + path, Token: token, JSON: body})
		}
		preview := func(token string, body map[string]any) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: base + "/template-contents/preview", Token: token, JSON: body})
		}
		msg := texttemplate.StandardEmailMessage
		// 401 and 403 on every call.
		for _, c := range []struct {
			name, token string
			want        int
		}{{"anonymous", "", http.StatusUnauthorized}, {"without permission", nobody, http.StatusForbidden}} {
			for _, res := range []*apptest.Response{
				e.Get(t, base+"/template-definitions", c.token),
				get(c.token, msg, "en"),
				put(c.token, "/template-contents", map[string]any{"templateName": msg, "cultureName": "en", "content": "x"}),
				put(c.token, "/template-contents/restore-to-default", map[string]any{"templateName": msg, "cultureName": "en"}),
				preview(c.token, map[string]any{"templateName": msg, "cultureName": "en"}),
			} {
				if res.Status != c.want {
					t.Errorf("%s: %d, want %d (%s)", c.name, res.Status, c.want, res.Body)
				}
			}
		}
		// Definitions, in the caller's language.
		var defs struct {
			Items []struct {
				Name, DisplayName, Layout string
				IsLayout                  bool
			} `json:"items"`
			TotalCount int `json:"totalCount"`
		}
		e.Do(t, apptest.Request{Method: http.MethodGet, Path: base + "/template-definitions", Token: admin,
			Header: http.Header{"Accept-Language": {"en"}}}).JSON(t, &defs)
		if defs.TotalCount != 5 || defs.Items[0].Name != texttemplate.StandardEmailLayout || !defs.Items[0].IsLayout ||
			defs.Items[4].DisplayName != "Optimisation finished" || defs.Items[4].Layout != texttemplate.StandardEmailLayout {
			t.Fatalf("definitions: %+v", defs)
		}
		e.Get(t, base+"/template-definitions?filterText=kerf.&maxResultCount=2", admin).JSON(t, &defs)
		if defs.TotalCount != 3 || len(defs.Items) != 2 {
			t.Fatalf("filtered: %+v", defs)
		}
		// The demo tenant overrides English; the host keeps the default.
		if res := put(demo, "/template-contents", map[string]any{"templateName": msg, "cultureName": "en", "content": "<p>Demo: {{.Message}}</p>"}); res.Status != http.StatusOK {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		var c content
		get(demo, msg, "en").JSON(t, &c)
		if !c.IsOverridden || c.Content != "<p>Demo: {{.Message}}</p>" {
			t.Fatalf("demo content: %+v", c)
		}
		get(admin, msg, "en").JSON(t, &c)
		if c.IsOverridden || strings.Contains(c.Content, "Demo") {
			t.Fatalf("the host sees the demo tenant's content: %+v", c)
		}
		// Preview: the saved content, or the editor's unsaved one, inside the layout.
		var p struct{ HTML string }
		preview(demo, map[string]any{"templateName": msg, "cultureName": "en"}).JSON(t, &p)
		if !strings.Contains(p.HTML, "<p>Demo: ") || !strings.Contains(p.HTML, "<!DOCTYPE html>") {
			t.Fatalf("preview: %s", p.HTML)
		}
		preview(demo, map[string]any{"templateName": msg, "cultureName": "en", "content": "<b>{{.Message}}</b>"}).JSON(t, &p)
		if !strings.Contains(p.HTML, "<b>这是一封测试邮件") {
			t.Fatalf("unsaved preview: %s", p.HTML)
		}
		// Bad input: localised messages, nothing changed.
		res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: base + "/template-contents", Token: demo,
			JSON:   map[string]any{"templateName": msg, "cultureName": "en", "content": "<p>{{.Message</p>"},
			Header: http.Header{"Accept-Language": {"zh-Hans"}}})
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "语法错误") {
			t.Fatalf("bad content: %d %s", res.Status, res.Body)
		}
		if res := preview(demo, map[string]any{"templateName": msg, "cultureName": "en", "content": "{{.Nope}}"}); res.Status != http.StatusBadRequest {
			t.Fatalf("bad preview: %d", res.Status)
		}
		if res := get(demo, "Kerf.Nope", "en"); res.Status != http.StatusNotFound {
			t.Fatalf("unknown template: %d", res.Status)
		}
		get(demo, msg, "en").JSON(t, &c)
		if c.Content != "<p>Demo: {{.Message}}</p>" {
			t.Fatalf("a refused content changed the stored one: %+v", c)
		}
		// Restore.
		if res := put(demo, "/template-contents/restore-to-default", map[string]any{"templateName": msg, "cultureName": "en"}); res.Status != http.StatusNoContent {
			t.Fatalf("restore: %d %s", res.Status, res.Body)
		}
		get(demo, msg, "en").JSON(t, &c)
		if c.IsOverridden || c.Content != "<p>{{.Message}}</p>\n" {
			t.Fatalf("restored: %+v", c)
		}
	})
}
