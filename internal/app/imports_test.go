package app_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestLayers keeps the layering of STYLE.md: platform packages never import an area or
// the app, and areas never import the app (tests may use apptest).
func TestLayers(t *testing.T) {
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(p, "kerf/internal/") {
				continue
			}
			target := strings.TrimPrefix(p, "kerf/internal/")
			switch {
			case strings.HasPrefix(rel, "platform/") && !strings.HasPrefix(target, "platform/"):
				t.Errorf("%s: platform package imports %s", rel, p)
			case !strings.HasPrefix(rel, "app/") && strings.HasPrefix(target, "app"):
				t.Errorf("%s: area imports the app (%s)", rel, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// areaImports is the rule of which area may use which: for each area (a package directly
// under internal/ other than platform and app), the other areas its code may import. An
// area is imported at its root package only, for its exported Service and types; its
// store is unexported and never reachable. A new area adds its line here, and a new
// dependency is a decision to write down. Tests may import any area (they wire).
var areaImports = map[string][]string{
	"account":        {"identity", "securitylog", "texttemplate"},              // the password-reset e-mail's template
	"auditdesign":    {"catalog", "homedesign", "notifications", "salesorder"}, // the order and its design id, files and confirm; the plans' designs; part prices (docs/decisions/0012); sheets assigned, sent back, passed (0015)
	"auditlogging":   {"identity"},
	"catalog":        {"files"}, // images and file descriptors of catalogue rows
	"chat":           nil,       // users' names come through the app's wiring (chat.Users)
	"claimtypes":     {"identity"},
	"cutting":        nil,
	"datadictionary": nil,
	"files":          nil,
	"identity":       nil,
	"homedesign":     nil,                // the design platform stands alone (docs/decisions/0012)
	"importmapping":  {"datadictionary"}, // value mappings may take a dictionary's items
	"language":       nil,
	"menus":          nil,
	"notifications":  nil, // a leaf: the areas that notify import it (their kinds and Notification)
	"tenantdb":       nil,
	"oidc":           {"identity", "securitylog"},
	"optimization":   {"auditdesign", "cutting", "files", "homedesign", "notifications", "texttemplate", "warehouse"}, // passed review sheets' designs; the engine; result blobs; the design JSON's type; runs finished or failed (0015); the finished e-mail's template; stock bookings (docs/decisions/0013)
	"orderdetail":    {"catalog", "importmapping", "salesorder"},                                                      // picked catalogue rows; imports read through mappings; the order, its totals and submit check
	"orgunits":       {"identity"},
	"pageconfig":     {"identity"}, // the caller's roles and whether they are the side's admin
	"permissions":    {"identity"},
	"saas":           {"identity", "texttemplate"},
	"salesorder":     {"files", "identity", "notifications"}, // order files' blobs; user names in the status log; status changes to the creator (0015)
	"securitylog":    nil,
	"session":        {"identity"},
	"settings":       nil,
	"warehouse":      nil,
	"texttemplate":   nil,
	"wechat":         nil,
}

// areaOf returns the area of a path relative to internal/ ("catalog/http.go" → "catalog"),
// or "" for platform, app and files outside an area.
func areaOf(rel string) string {
	first, _, ok := strings.Cut(rel, "/")
	if !ok || first == "platform" || first == "app" {
		return ""
	}
	return first
}

func TestAreasImportOnlyTheAreasTheyDeclare(t *testing.T) {
	walkImports(t, func(rel, _ string, imports []string) {
		area := areaOf(rel)
		if area == "" {
			return
		}
		allowed, known := areaImports[area]
		if !known {
			t.Errorf("%s: area %q is not in areaImports; add it with the areas it may use", rel, area)
			return
		}
		for _, p := range imports {
			target, ok := strings.CutPrefix(p, "kerf/internal/")
			if !ok || strings.HasPrefix(target, "platform/") || strings.HasPrefix(target, "app") {
				continue
			}
			other, sub, _ := strings.Cut(target, "/")
			if other == area {
				continue
			}
			switch {
			case !slices.Contains(allowed, other):
				t.Errorf("%s imports the %s area, which areaImports does not allow %s", rel, other, area)
			case sub != "":
				t.Errorf("%s imports %s: another area is used through its root package (its Service), never a sub-package", rel, p)
			}
		}
	})
}

// httpPackages are the packages of the HTTP edge.
var httpPackages = []string{"net/http", "github.com/danielgtaylor/huma/v2", "github.com/go-chi/chi/v5", "kerf/internal/platform/httpapi"}

// httpImportAllowed are files of areas, other than http*.go and module.go, that may import
// net/http (never huma, chi or httpapi), with the reason.
var httpImportAllowed = map[string]string{
	"files/service.go": "http.DetectContentType sniffs an upload's type; nothing of serving HTTP",
	"securitylog/service.go": "Event carries the *http.Request the event came from (address, browser, " +
		"correlation id); its callers, the OAuth endpoints, have nothing else to give",
	"oidc/authorize.go": "OAuth 2.0 is HTTP: fosite's authorize flow takes the *http.Request",
	"oidc/provider.go":  "OAuth 2.0 is HTTP: fosite's provider is built on net/http types",
	"oidc/errors.go":    "OAuth errors are written as RFC 6749 HTTP answers (and as the ABP shape through httpapi)",
}

// TestOnlyTheHTTPEdgeOfAnAreaImportsHTTP: in an area, only http*.go and module.go (where
// operations are registered) import net/http, huma, chi or httpapi. Services, stores and
// models speak no HTTP, so they can be called from jobs, imports and other areas alike.
func TestOnlyTheHTTPEdgeOfAnAreaImportsHTTP(t *testing.T) {
	used := map[string]bool{}
	walkImports(t, func(rel, base string, imports []string) {
		if areaOf(rel) == "" || strings.HasPrefix(base, "http") || base == "module.go" {
			return
		}
		for _, p := range imports {
			if !slices.ContainsFunc(httpPackages, func(h string) bool { return p == h || strings.HasPrefix(p, h+"/") }) {
				continue
			}
			if _, ok := httpImportAllowed[rel]; ok && (p == "net/http" || rel == "oidc/errors.go") {
				used[rel] = true
				continue
			}
			t.Errorf("%s imports %s: only http*.go and module.go of an area speak HTTP; move the handler "+
				"there, or give the service plain values", rel, p)
		}
	})
	for rel := range httpImportAllowed {
		if !used[rel] {
			t.Errorf("httpImportAllowed lists %s, which imports no HTTP package any more: remove the entry", rel)
		}
	}
}

// walkImports calls fn with the path relative to internal/, the file name and the imports
// of every non-test Go file under internal/.
func walkImports(t *testing.T, fn func(rel, base string, imports []string)) {
	t.Helper()
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		var imports []string
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			imports = append(imports, p)
		}
		fn(filepath.ToSlash(rel), filepath.Base(path), imports)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
