package files_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kerf/internal/app"
	"kerf/internal/app/apptest"
	"kerf/internal/files"
	"kerf/internal/platform/blob/blobtest"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db/dbtest"
)

// replica starts a second app on the database of e, with a data folder of its own and the
// blob store of KERF_BLOB, as a second `kerf serve` would.
func replica(t *testing.T, e *apptest.Env) *apptest.Env {
	t.Helper()
	cfg := config.Default()
	cfg.Database, cfg.DataDir = e.App.DB.URL, t.TempDir()
	a, err := app.New(context.Background(), cfg)
	if err != nil {
		t.Fatalf("second replica: %v", err)
	}
	t.Cleanup(a.Close)
	return &apptest.Env{App: a, Dialect: a.DB.Kind}
}

// Two replicas with their own data folders share files through the blob store: what is
// uploaded through one is served and downloaded through the other, on an S3-compatible
// server and on a folder both reach; a download token issued by either works on the other.
func TestFilesUploadedOnOneReplicaAreServedByAnother(t *testing.T) {
	stores := map[string]func(t *testing.T) string{
		"s3":            func(t *testing.T) string { return blobtest.S3(t, "kerf-files") },
		"shared folder": func(t *testing.T) string { return "file://" + filepath.Join(t.TempDir(), "shared") },
	}
	for store, blobURL := range stores {
		t.Run(store, func(t *testing.T) {
			for dialect, dbURL := range dbtest.Dialects(t) {
				t.Run(dialect, func(t *testing.T) {
					t.Setenv("KERF_BLOB", blobURL(t))
					t.Setenv("KERF_SECRET", "replicas share this secret")
					a := apptest.New(t, dbURL)
					b := replica(t, a)
					admin := a.Token(t, "admin", apptest.Password, "")
					pic := pngBytes(t)

					res := post(t, a, "/api/datav/files/images/upload", admin, "door.png", pic)
					if res.Status != 200 {
						t.Fatalf("upload on A: %d %s", res.Status, res.Body)
					}
					var up files.Uploaded
					res.JSON(t, &up)
					if got := b.Get(t, up.FileURL, ""); got.Status != 200 || !bytes.Equal(got.Body, pic) {
						t.Fatalf("image uploaded on A, served by B: %d", got.Status)
					}

					res = post(t, a, "/api/file-management/file-descriptor/upload", admin, "订单.pdf", []byte("%PDF-1.4 replicas"))
					if res.Status != 200 {
						t.Fatalf("file upload on A: %d %s", res.Status, res.Body)
					}
					var d files.Descriptor
					res.JSON(t, &d)
					// Logged in on A; the download token from either replica downloads on the other.
					for _, c := range []struct {
						name          string
						issuer, other *apptest.Env
					}{{"token from A, download from B", a, b}, {"token from B, download from A", b, a}} {
						var tok files.TokenResult
						res := c.issuer.Get(t, d.URL+"/token", admin)
						if res.Status != 200 {
							t.Fatalf("%s: token: %d %s", c.name, res.Status, res.Body)
						}
						res.JSON(t, &tok)
						got := c.other.Get(t, d.URL+"?token="+tok.Token, "")
						if got.Status != 200 || string(got.Body) != "%PDF-1.4 replicas" ||
							!strings.HasPrefix(got.Header.Get("Content-Disposition"), "attachment") {
							t.Fatalf("%s: %d %s", c.name, got.Status, got.Body)
						}
					}

					for _, e := range []*apptest.Env{a, b} {
						if _, err := os.Stat(filepath.Join(e.App.Config.DataDir, "blobs")); !errors.Is(err, fs.ErrNotExist) {
							t.Fatalf("a replica kept files in its own data folder: %v", err)
						}
					}

					// Deleted through A (its row and its bytes): gone on B too.
					if res := a.Do(t, apptest.Request{Method: "DELETE", Path: "/api/datav/files?name=" + up.Name, Token: admin}); res.Status != 204 {
						t.Fatalf("delete on A: %d", res.Status)
					}
					if got := b.Get(t, up.FileURL, ""); got.Status != 404 {
						t.Fatalf("deleted on A, still served by B: %d", got.Status)
					}
				})
			}
		})
	}
}
