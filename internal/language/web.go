package language

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"kerf/internal/platform/localization"
)

// WebResourcePrefix starts the resource names of the web client's texts: "Web" is its
// default namespace (src/i18n), "Web.<namespace>" a feature's or component's.
const WebResourcePrefix = "Web"

// webResource answers the resource of a locale file's path, and its culture.
func webResource(p string) (resource, culture string, ok bool) {
	dir, file := path.Split(p)
	culture, isJSON := strings.CutSuffix(file, ".json")
	parts := strings.Split(strings.Trim(dir, "/"), "/")
	if !isJSON || len(parts) < 2 || parts[len(parts)-1] != "locales" {
		return "", "", false
	}
	owner := parts[len(parts)-2]
	if owner == "i18n" {
		return WebResourcePrefix, culture, true
	}
	return WebResourcePrefix + "." + owner, culture, true
}

// flatten turns nested texts into dotted keys (i18next's key separator); non-text values are left out.
func flatten(prefix string, v any, out map[string]string) {
	switch x := v.(type) {
	case string:
		out[prefix] = x
	case map[string]any:
		for k, c := range x {
			key := k
			if prefix != "" {
				key = prefix + "." + k
			}
			flatten(key, c, out)
		}
	}
}

// addWebTexts adds every locale file of files (web.Locales) to the catalog.
func addWebTexts(c *localization.Catalog, files fs.FS) error {
	if files == nil {
		return nil
	}
	return fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		resource, culture, ok := webResource(p)
		if !ok {
			return nil
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			return fmt.Errorf("parse %s: %w", p, err)
		}
		flat := map[string]string{}
		flatten("", v, flat)
		c.AddBundled(resource, culture, flat)
		return nil
	})
}
