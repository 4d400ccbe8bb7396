package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestOpenAPIWritesTheServersDocumentWithEveryArea(t *testing.T) {
	var out bytes.Buffer
	if err := openapiCmd(context.Background(), nil, &out, io.Discard); err != nil {
		t.Fatalf("openapi: %v", err)
	}
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
		Comps   struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if doc.OpenAPI == "" {
		t.Error("no openapi version field")
	}
	for _, p := range []string{"/api/salesorder/products", "/connect/token"} {
		if _, ok := doc.Paths[p]; !ok {
			t.Errorf("path %s missing from the document", p)
		}
	}
	if len(doc.Comps.Schemas) == 0 {
		t.Error("no component schemas")
	}
}

func TestOpenAPIOutputIsStableAndWrittenToOut(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openapi.json")
	if err := openapiCmd(context.Background(), []string{"--out", file}, io.Discard, io.Discard); err != nil {
		t.Fatalf("openapi --out: %v", err)
	}
	first, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := openapiCmd(context.Background(), nil, &again, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again.Bytes()) {
		t.Error("two runs gave different documents; the snapshot would never be stable")
	}
	if !bytes.HasSuffix(first, []byte("}\n")) || !bytes.HasPrefix(first, []byte("{\n  \"")) {
		t.Errorf("document is not indented JSON ending in a newline: %.40q", first)
	}
}

func TestOpenAPIRejectsStrayArguments(t *testing.T) {
	if err := openapiCmd(context.Background(), []string{"extra"}, io.Discard, io.Discard); err == nil {
		t.Error("want an error for an unexpected argument")
	}
}

func TestNormaliseJSONSortsKeysAndKeepsNumbers(t *testing.T) {
	got, err := normaliseJSON([]byte(`{"b":1.50,"a":{"d":true,"c":null}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": {\n    \"c\": null,\n    \"d\": true\n  },\n  \"b\": 1.50\n}\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestOpenAPIListsEveryPermissionNameOfTheServer(t *testing.T) {
	var out bytes.Buffer
	if err := openapiCmd(context.Background(), nil, &out, io.Discard); err != nil {
		t.Fatalf("openapi: %v", err)
	}
	var doc struct {
		Permissions []string `json:"x-kerf-permissions"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	seen := map[string]bool{}
	for _, n := range doc.Permissions {
		if seen[n] {
			t.Errorf("%s listed twice", n)
		}
		seen[n] = true
	}
	for _, n := range []string{"SalesOrder.Products", "SalesOrder.Products.Create", "SalesOrder.Parts.Import", "Platform.Menus"} {
		if !seen[n] {
			t.Errorf("permission %s missing from x-kerf-permissions (got %d names)", n, len(doc.Permissions))
		}
	}
}

func TestWithPermissionsAddsTheNamesAndKeepsTheDocument(t *testing.T) {
	got, err := withPermissions([]byte(`{"openapi":"3.1.0","paths":{}}`), []string{"B.Read", "A.Write"})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"openapi\": \"3.1.0\",\n  \"paths\": {},\n  \"x-kerf-permissions\": [\n    \"B.Read\",\n    \"A.Write\"\n  ]\n}\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	empty, err := withPermissions([]byte(`{}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if string(empty) != "{\n  \"x-kerf-permissions\": []\n}\n" {
		t.Errorf("no permissions: got %q, want an empty list", empty)
	}
}
