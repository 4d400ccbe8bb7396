package blob_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kerf/internal/platform/blob"
	"kerf/internal/platform/blob/blobtest"
)

func open(t *testing.T, url string) *blob.Bucket {
	t.Helper()
	s, err := blob.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	return s
}

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n > 0 {
		f.n--
		return copy(p, "xxxx"), nil
	}
	return 0, errors.New("client went away")
}

func TestStoresKeepReplaceAndDeleteBlobs(t *testing.T) {
	local, err := blob.NewLocal(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	stores := map[string]func(t *testing.T) blob.Store{
		"local":  func(*testing.T) blob.Store { return local },
		"memory": func(*testing.T) blob.Store { return blob.NewMemory() },
		"file URL": func(t *testing.T) blob.Store {
			return open(t, "file://"+filepath.Join(t.TempDir(), "shared"))
		},
		"s3 URL": func(t *testing.T) blob.Store { return open(t, blobtest.S3(t, "kerf")) },
	}
	for name, store := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := store(t)
			defer s.Close()
			if _, _, err := s.Open(ctx, "a/missing"); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("open missing = %v, want ErrNotFound", err)
			}
			n, err := s.Put(ctx, "tenants/x/images/a.png", strings.NewReader("hello"), "image/png")
			if err != nil || n != 5 {
				t.Fatalf("put = %d, %v", n, err)
			}
			if _, err := s.Put(ctx, "tenants/x/images/a.png", strings.NewReader("hello, again"), "image/png"); err != nil {
				t.Fatal(err)
			}
			r, attrs, err := s.Open(ctx, "tenants/x/images/a.png")
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(r)
			r.Close()
			if string(b) != "hello, again" || attrs.ContentType != "image/png" || attrs.Size != 12 {
				t.Fatalf("read %q %+v", b, attrs)
			}
			if _, err := s.Put(ctx, "tenants/x/broken", &failingReader{n: 2}, "text/plain"); err == nil {
				t.Fatal("a failed stream must fail the put")
			}
			if ok, _ := s.Exists(ctx, "tenants/x/broken"); ok {
				t.Fatal("a failed put must leave nothing behind")
			}
			if err := s.Delete(ctx, "tenants/x/images/a.png"); err != nil {
				t.Fatal(err)
			}
			if err := s.Delete(ctx, "tenants/x/images/a.png"); err != nil {
				t.Fatalf("deleting twice: %v", err)
			}
			if ok, _ := s.Exists(ctx, "tenants/x/images/a.png"); ok {
				t.Fatal("deleted blob still exists")
			}
			for _, bad := range []string{"", "/abs", "a/../../etc/passwd"} {
				if _, err := s.Put(ctx, bad, strings.NewReader("x"), ""); err == nil {
					t.Errorf("key %q accepted", bad)
				}
			}
		})
	}
}

func TestLocalStoreWritesUnderItsFolder(t *testing.T) {
	dir := t.TempDir()
	s, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Put(context.Background(), "k/v.txt", strings.NewReader("v"), "text/plain"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "k", "v.txt")); err != nil {
		t.Fatalf("blob not under its folder: %v", err)
	}
}

// Two stores opened on the same URL (two replicas) see each other's blobs.
func TestStoresOpenedOnOneURLShareBlobs(t *testing.T) {
	for name, url := range map[string]func(t *testing.T) string{
		"file": func(t *testing.T) string { return "file://" + filepath.Join(t.TempDir(), "shared") },
		"s3":   func(t *testing.T) string { return blobtest.S3(t, "shared") },
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			u := url(t)
			a, b := open(t, u), open(t, u)
			defer a.Close()
			defer b.Close()
			if _, err := a.Put(ctx, "tenants/x/descriptor/f.pdf", strings.NewReader("%PDF-1.4"), "application/pdf"); err != nil {
				t.Fatal(err)
			}
			r, attrs, err := b.Open(ctx, "tenants/x/descriptor/f.pdf")
			if err != nil {
				t.Fatalf("the second store does not see the first one's blob: %v", err)
			}
			got, _ := io.ReadAll(r)
			r.Close()
			if string(got) != "%PDF-1.4" || attrs.ContentType != "application/pdf" {
				t.Fatalf("read %q %+v", got, attrs)
			}
			if err := b.Delete(ctx, "tenants/x/descriptor/f.pdf"); err != nil {
				t.Fatal(err)
			}
			if ok, _ := a.Exists(ctx, "tenants/x/descriptor/f.pdf"); ok {
				t.Fatal("deleted through one store, still there through the other")
			}
		})
	}
}

// A store that cannot be used fails when it is opened (at start-up), not at the first upload.
func TestOpenRefusesStoresItCannotReach(t *testing.T) {
	u := blobtest.S3(t, "kerf")
	for name, url := range map[string]string{
		"missing bucket": strings.Replace(u, "s3://kerf?", "s3://nope?", 1),
		"no server":      "s3://kerf?endpoint=http://127.0.0.1:1&region=us-east-1&use_path_style=true",
		"unknown option": u + "&colour=blue",
		"unknown scheme": "ftp://example.com/files",
		"file, no path":  "file://",
	} {
		t.Run(name, func(t *testing.T) {
			s, err := blob.Open(context.Background(), url)
			if err == nil {
				s.Close()
				t.Fatalf("%s opened", url)
			}
			t.Log(err)
		})
	}
}
