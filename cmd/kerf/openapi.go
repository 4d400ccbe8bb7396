package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"kerf/internal/app"
	"kerf/internal/platform/config"
)

// openapiCmd writes the server's OpenAPI document (what GET /openapi.json serves, plus the
// root extension x-kerf-permissions) to --out FILE or to stdout, indented with sorted keys
// so that diffs of the committed snapshot (web/src/api/gen/openapi.json) stay small and
// stable. The web app generates its types, its permission names and its field limits from
// this snapshot (scripts/gen-api.sh).
func openapiCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("openapi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write the document to this file instead of stdout")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil // -h printed the flags
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	doc, err := openapiDocument(ctx)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = stdout.Write(doc)
		return err
	}
	return writeFileAtomic(*out, doc)
}

// permissionsExtension is the root member of the document that lists every permission name
// the server defines (app.Registry, in registration order: area by area, parents before
// their children), so the web app's permission names are generated, never copied.
const permissionsExtension = "x-kerf-permissions"

// openapiDocument builds the app on a throwaway SQLite database (app.New registers every
// operation and permission; nothing needs migrating or seeding) and returns its OpenAPI
// document with the permission names added, normalised: two-space indent, object keys
// sorted, trailing newline.
func openapiDocument(ctx context.Context) ([]byte, error) {
	dir, err := os.MkdirTemp("", "kerf-openapi-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cfg := config.Default()
	cfg.Database = "sqlite://" + filepath.Join(dir, "kerf.db")
	cfg.DataDir = dir
	a, err := app.New(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer a.Close()

	rec := httptest.NewRecorder()
	a.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/openapi.json", nil))
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("GET /openapi.json: status %d: %s", rec.Code, rec.Body.Bytes())
	}
	return withPermissions(rec.Body.Bytes(), a.Registry.Names())
}

// withPermissions adds names as the document's x-kerf-permissions member and normalises it.
func withPermissions(doc []byte, names []string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("decode OpenAPI document: %w", err)
	}
	if names == nil {
		names = []string{}
	}
	root[permissionsExtension] = names
	b, err := json.Marshal(root)
	if err != nil {
		return nil, fmt.Errorf("encode OpenAPI document: %w", err)
	}
	return normaliseJSON(b)
}

// normaliseJSON re-encodes b with sorted object keys (encoding/json sorts map keys) and a
// two-space indent. Numbers keep their literal text.
func normaliseJSON(b []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("decode OpenAPI document: %w", err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeFileAtomic writes b to path through a temporary file in the same folder, so a
// failed run never leaves a half-written snapshot.
func writeFileAtomic(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".openapi-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
