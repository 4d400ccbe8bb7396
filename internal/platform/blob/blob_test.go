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
)

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
	for name, s := range map[string]blob.Store{"local": local, "memory": blob.NewMemory()} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
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
