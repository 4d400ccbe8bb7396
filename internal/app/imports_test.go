package app_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
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
