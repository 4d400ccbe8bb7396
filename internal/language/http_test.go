package language_test

import (
	"net/http"
	"net/url"
	"testing"

	"kerf/internal/app/apptest"
)

type row = map[string]any

const (
	langs = "/api/language-management/languages"
	texts = "/api/language-management/language-texts"
)

type env struct {
	*apptest.Env
	admin, nobody, tenantAdmin string
	ja                         string // id of a language created by setup
	en                         string // id of en (built in)
}

func (v *env) do(t *testing.T, method, path, token string, body any) *apptest.Response {
	t.Helper()
	return v.lang(t, "en", method, path, token, body)
}

func (v *env) lang(t *testing.T, lang, method, path, token string, body any) *apptest.Response {
	t.Helper()
	r := apptest.Request{Method: method, Path: path, Token: token, Header: http.Header{"Accept-Language": {lang}}}
	if body != nil {
		r.JSON = body
	}
	return v.Do(t, r)
}

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

func setup(t *testing.T, e *apptest.Env) *env {
	t.Helper()
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, ""), nobody: e.CreateUser(t, "", "lang-nobody"),
		tenantAdmin: e.Token(t, "admin", apptest.Password, "demo")}
	res := v.do(t, "POST", langs, v.admin, row{"cultureName": "ja", "displayName": "日本語"})
	ok(t, res, 200, "create ja")
	v.ja = res.Map(t)["id"].(string)
	var page struct {
		Items      []row `json:"items"`
		TotalCount int   `json:"totalCount"`
	}
	v.do(t, "GET", langs+"?filter=English", v.admin, nil).JSON(t, &page)
	if page.TotalCount != 1 || page.Items[0]["cultureName"] != "en" {
		t.Fatalf("languages filtered on English = %+v", page)
	}
	v.en = page.Items[0]["id"].(string)
	return v
}

func textPath(resource, culture, name string) string {
	return texts + "/" + url.PathEscape(resource) + "/" + url.PathEscape(culture) + "/" + url.PathEscape(name)
}

func setText(resource, culture, name, value string) string {
	return textPath(resource, culture, name) + "?" + url.Values{"value": {value}}.Encode()
}

// TestEveryLanguageEndpointAnswers401403400And200 is the scenario table of the area: each
// call anonymous, by a host user without the permission, by the demo tenant's admin (the
// permissions are the host's only), with bad input and right.
func TestEveryLanguageEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		type call struct {
			method, path string
			json         any
		}
		scenarios := []struct {
			name   string
			ok     call
			bad    *call
			okCode int
		}{
			{name: "list languages", ok: call{"GET", langs + "?skipCount=0&maxResultCount=10&filter=ja", nil},
				bad: &call{"GET", langs + "?maxResultCount=-1", nil}},
			{name: "get language", ok: call{"GET", langs + "/" + v.ja, nil}, bad: &call{"GET", langs + "/x", nil}},
			{name: "culture list", ok: call{"GET", langs + "/culture-list", nil}},
			{name: "resources", ok: call{"GET", langs + "/resources", nil}},
			{name: "create language", ok: call{"POST", langs, row{"cultureName": "fr", "displayName": "Français"}},
				bad: &call{"POST", langs, row{"cultureName": "xx-Nowhere", "displayName": "?"}}},
			{name: "update language", ok: call{"PUT", langs + "/" + v.ja, row{"displayName": "Japanese", "isEnabled": true}},
				bad: &call{"PUT", langs + "/" + v.ja, row{"displayName": ""}}},
			{name: "set as default", okCode: 204, ok: call{"PUT", langs + "/" + v.en + "/set-as-default", nil},
				bad: &call{"PUT", langs + "/x/set-as-default", nil}},
			{name: "language texts", ok: call{"GET", texts + "?resourceName=language&baseCultureName=en&targetCultureName=ja&getOnlyEmptyValues=true", nil},
				bad: &call{"GET", texts + "?resourceName=NoSuchResource", nil}},
			{name: "edit a text", okCode: 204, ok: call{"PUT", setText("language", "ja", "Languages:NotFound", "言語がありません"), nil},
				bad: &call{"PUT", setText("language", "ja", "Languages:NotFound", ""), nil}},
			{name: "restore a text", okCode: 204, ok: call{"PUT", textPath("language", "ja", "Languages:NotFound") + "/restore", nil}},
			{name: "delete language", okCode: 204, ok: call{"DELETE", langs + "/" + v.ja, nil},
				bad: &call{"DELETE", langs + "/" + v.en, nil}},
		}
		for _, s := range scenarios {
			if res := v.do(t, s.ok.method, s.ok.path, "", s.ok.json); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if res := v.do(t, s.ok.method, s.ok.path, v.nobody, s.ok.json); res.Status != http.StatusForbidden {
				t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
			}
			if res := v.do(t, s.ok.method, s.ok.path, v.tenantAdmin, s.ok.json); res.Status != http.StatusForbidden {
				t.Errorf("%s by a tenant's admin: %d %s", s.name, res.Status, res.Body)
			}
			if s.bad != nil {
				if res := v.do(t, s.bad.method, s.bad.path, v.admin, s.bad.json); res.Status != http.StatusBadRequest {
					t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
				} else if msg := res.ErrorMessage(t); msg == "" {
					t.Errorf("%s bad input: no message", s.name)
				}
			}
			want := s.okCode
			if want == 0 {
				want = http.StatusOK
			}
			if res := v.do(t, s.ok.method, s.ok.path, v.admin, s.ok.json); res.Status != want {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
		}
		// What the calls left: en is the default, fr exists, ja is gone.
		var page struct {
			Items []row `json:"items"`
		}
		v.do(t, "GET", langs, v.admin, nil).JSON(t, &page)
		got := map[string]bool{}
		for _, l := range page.Items {
			got[l["cultureName"].(string)] = l["isDefault"].(bool)
		}
		if len(got) != 3 || !got["en"] || got["zh-Hans"] || got["fr"] {
			t.Fatalf("languages after the calls = %v", got)
		}
		ok(t, v.do(t, "GET", langs+"/"+v.ja, v.admin, nil), 404, "deleted ja")
	})
}

func localization(t *testing.T, v *env, culture string) map[string]map[string]string {
	t.Helper()
	var out struct {
		Resources map[string]struct {
			Texts map[string]string `json:"texts"`
		} `json:"resources"`
	}
	res := v.do(t, "GET", "/api/abp/application-localization?cultureName="+culture, "", nil)
	ok(t, res, 200, "application-localization "+culture)
	res.JSON(t, &out)
	m := map[string]map[string]string{}
	for k, r := range out.Resources {
		m[k] = r.Texts
	}
	return m
}

// TestAnOverrideReachesTheClientAndTheServersMessagesUntilRestored changes a server
// message and a web client text in English, reads them back where users see them, and
// restores them.
func TestAnOverrideReachesTheClientAndTheServersMessagesUntilRestored(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		missing := langs + "/00000000-0000-0000-0000-000000000001"
		res := v.do(t, "GET", missing, v.admin, nil)
		if res.Status != 404 || res.ErrorMessage(t) != "The language does not exist" {
			t.Fatalf("missing language: %d %s", res.Status, res.Body)
		}
		before := localization(t, v, "en")
		webKey := ""
		for k := range before["Web"] {
			webKey = k
			break
		}
		if webKey == "" || len(before["Web.claim-types"]) == 0 || before["language"]["Languages:NotFound"] != "The language does not exist" {
			t.Fatalf("resources of en lack the web client's or the area's texts: %d web texts", len(before["Web"]))
		}

		ok(t, v.do(t, "PUT", setText("language", "en", "Languages:NotFound", "No such language, sorry"), v.admin, nil), 204, "override")
		ok(t, v.do(t, "PUT", setText("Web", "en", webKey, "Overridden web text"), v.admin, nil), 204, "override web")
		if msg := v.do(t, "GET", missing, v.admin, nil).ErrorMessage(t); msg != "No such language, sorry" {
			t.Fatalf("server message after override = %q", msg)
		}
		if msg := v.lang(t, "zh-CN", "GET", missing, v.admin, nil).ErrorMessage(t); msg != "语言不存在" {
			t.Fatalf("zh-Hans message changed with the en override: %q", msg)
		}
		after := localization(t, v, "en")
		if after["language"]["Languages:NotFound"] != "No such language, sorry" || after["Kerf"]["Languages:NotFound"] != "No such language, sorry" ||
			after["Web"][webKey] != "Overridden web text" {
			t.Fatalf("application-localization after override: %q %q %q", after["language"]["Languages:NotFound"],
				after["Kerf"]["Languages:NotFound"], after["Web"][webKey])
		}
		var list struct {
			Items      []row `json:"items"`
			TotalCount int   `json:"totalCount"`
		}
		v.do(t, "GET", texts+"?resourceName=language&targetCultureName=en&baseCultureName=zh-Hans&filter=sorry", v.admin, nil).JSON(t, &list)
		if list.TotalCount != 1 || list.Items[0]["value"] != "No such language, sorry" || list.Items[0]["baseValue"] != "语言不存在" ||
			list.Items[0]["name"] != "Languages:NotFound" || list.Items[0]["resourceName"] != "language" || list.Items[0]["cultureName"] != "en" ||
			list.Items[0]["baseCultureName"] != "zh-Hans" {
			t.Fatalf("texts filtered on the override = %+v", list)
		}

		ok(t, v.do(t, "PUT", textPath("language", "en", "Languages:NotFound")+"/restore", v.admin, nil), 204, "restore")
		ok(t, v.do(t, "PUT", textPath("Web", "en", webKey)+"/restore", v.admin, nil), 204, "restore web")
		if msg := v.do(t, "GET", missing, v.admin, nil).ErrorMessage(t); msg != "The language does not exist" {
			t.Fatalf("server message after restore = %q", msg)
		}
		if back := localization(t, v, "en"); back["Web"][webKey] != before["Web"][webKey] {
			t.Fatalf("web text after restore = %q, want %q", back["Web"][webKey], before["Web"][webKey])
		}
		// A text that does not exist, or a culture without a language, is not stored.
		ok(t, v.do(t, "PUT", setText("language", "en", "No:Such:Text", "x"), v.admin, nil), 404, "unknown text")
		ok(t, v.do(t, "PUT", setText("language", "ko", "Languages:NotFound", "x"), v.admin, nil), 404, "culture without a language")
	})
}

// TestAThirdLanguageShowsItsTextsOverEnglishAndOnlyEmptyListsTheRest adds ja with one text.
func TestAThirdLanguageShowsItsTextsOverEnglishAndOnlyEmptyListsTheRest(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		count := func(q string) int {
			var p struct {
				TotalCount int `json:"totalCount"`
			}
			res := v.do(t, "GET", texts+"?resourceName=language&targetCultureName=ja"+q, v.admin, nil)
			ok(t, res, 200, "texts "+q)
			res.JSON(t, &p)
			return p.TotalCount
		}
		all, empty := count(""), count("&getOnlyEmptyValues=true")
		if all == 0 || empty != all {
			t.Fatalf("ja before any text: %d texts, %d empty", all, empty)
		}
		ok(t, v.do(t, "PUT", setText("language", "ja", "Languages:NotFound", "言語がありません"), v.admin, nil), 204, "ja text")
		if got := count("&getOnlyEmptyValues=true"); got != all-1 {
			t.Fatalf("only empty after one text = %d, want %d", got, all-1)
		}
		ja := localization(t, v, "ja")
		if ja["language"]["Languages:NotFound"] != "言語がありません" || ja["language"]["Languages:DefaultDelete"] != "The default language cannot be deleted" {
			t.Fatalf("ja texts: %q / %q", ja["language"]["Languages:NotFound"], ja["language"]["Languages:DefaultDelete"])
		}
		// The server's own messages come in ja too (Accept-Language: ja-JP), in English where ja
		// has no text.
		missing := langs + "/00000000-0000-0000-0000-000000000001"
		if msg := v.lang(t, "ja-JP,ja;q=0.9", "GET", missing, v.admin, nil).ErrorMessage(t); msg != "言語がありません" {
			t.Fatalf("server message in ja = %q", msg)
		}
		inJa := v.lang(t, "ja", "DELETE", langs+"/"+v.en, v.admin, nil).ErrorMessage(t)
		if inEn := v.do(t, "DELETE", langs+"/"+v.en, v.admin, nil).ErrorMessage(t); inJa == "" || inJa != inEn {
			t.Fatalf("a ja message without a ja text = %q, want the English %q", inJa, inEn)
		}
		// The application configuration lists the enabled languages, ja among them.
		var cfg struct {
			Localization struct {
				Languages []row `json:"languages"`
			} `json:"localization"`
		}
		v.do(t, "GET", "/api/abp/application-configuration", "", nil).JSON(t, &cfg)
		names := []string{}
		for _, l := range cfg.Localization.Languages {
			names = append(names, l["cultureName"].(string))
		}
		if len(names) != 3 || names[0] != "zh-Hans" {
			t.Fatalf("configured languages = %v", names)
		}
		// Disabled, it leaves the list; deleted, its texts go with it.
		ok(t, v.do(t, "PUT", langs+"/"+v.ja, v.admin, row{"displayName": "日本語", "isEnabled": false}), 200, "disable ja")
		v.do(t, "GET", "/api/abp/application-configuration", "", nil).JSON(t, &cfg)
		if len(cfg.Localization.Languages) != 2 {
			t.Fatalf("languages with ja disabled = %v", cfg.Localization.Languages)
		}
		ok(t, v.do(t, "DELETE", langs+"/"+v.ja, v.admin, nil), 204, "delete ja")
		res := v.do(t, "POST", langs, v.admin, row{"cultureName": "ja", "displayName": "日本語"})
		ok(t, res, 200, "ja again")
		if got := count("&getOnlyEmptyValues=true"); got != all {
			t.Fatalf("a new ja kept the old one's texts: %d empty of %d", got, all)
		}
		// The seeded languages stay; the default can be neither deleted nor disabled.
		zh := ""
		var page struct {
			Items []row `json:"items"`
		}
		v.do(t, "GET", langs+"?filter=zh", v.admin, nil).JSON(t, &page)
		zh = page.Items[0]["id"].(string)
		ok(t, v.do(t, "PUT", langs+"/"+zh, v.admin, row{"displayName": "简体中文", "isEnabled": false}), 400, "disable the default")
		ok(t, v.do(t, "DELETE", langs+"/"+zh, v.admin, nil), 400, "delete zh-Hans")
		ok(t, v.do(t, "POST", langs, v.admin, row{"cultureName": "ja", "displayName": "x"}), 400, "ja twice")
	})
}
