// Package blob is the one way Kerf stores files (images, uploads, import files, cutting
// diagrams): a Store of keyed byte streams. The implementation is gocloud.dev/blob, so a
// local folder (the default, under the data folder; it may be a mount every replica shares),
// S3-compatible storage and memory (tests) are the same code for callers.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	gcblob "gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
	"gocloud.dev/blob/memblob"
	_ "gocloud.dev/blob/s3blob" // registers s3:// with gcblob.OpenBucket
	"gocloud.dev/gcerrors"
)

// ErrNotFound is returned for a key that holds no blob.
var ErrNotFound = errors.New("blob: not found")

// Attributes describe a stored blob.
type Attributes struct {
	ContentType string
	Size        int64
	ModTime     time.Time
}

// Store keeps blobs by key. Keys are slash-separated paths such as
// "tenants/<id>/images/<name>"; callers build them, the store does not interpret them.
type Store interface {
	// Put writes r under key, replacing any blob there. The blob becomes visible only
	// when the whole stream has been written.
	Put(ctx context.Context, key string, r io.Reader, contentType string) (int64, error)
	// Open returns a reader of the blob and its attributes; ErrNotFound if none.
	Open(ctx context.Context, key string) (io.ReadCloser, Attributes, error)
	// Delete removes the blob; deleting a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// Exists reports whether key holds a blob.
	Exists(ctx context.Context, key string) (bool, error)
	Close() error
}

// Bucket is a Store on a gocloud.dev bucket.
type Bucket struct {
	b *gcblob.Bucket
}

// NewLocal returns a Store keeping blobs as files under dir (created if missing).
// Attributes live in sidecar files next to each blob.
func NewLocal(dir string) (*Bucket, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("blob folder %s: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, fmt.Errorf("create blob folder: %w", err)
	}
	// NoTempDir: temporary files are written next to their final path, so the final
	// rename never crosses file systems.
	b, err := fileblob.OpenBucket(abs, &fileblob.Options{CreateDir: true, NoTempDir: true})
	if err != nil {
		return nil, fmt.Errorf("open blob folder: %w", err)
	}
	return &Bucket{b: b}, nil
}

// NewMemory returns a Store in memory, for tests.
func NewMemory() *Bucket { return &Bucket{b: memblob.OpenBucket(nil)} }

// Open opens a Store by URL:
//
//   - file:///abs/folder (or file://relative/folder): a folder, created if missing. Replicas
//     share files when they share the folder (a network mount).
//   - s3://bucket?endpoint=https://host:port&region=…&use_path_style=true: an S3 bucket or an
//     S3-compatible server (MinIO, Ceph, …), through gocloud.dev/blob/s3blob. The query
//     takes s3blob's options (region, endpoint, use_path_style, disable_https, profile,
//     anonymous, ssetype, kmskeyid…, see gocloud.dev/aws.V2ConfigFromURLParams); the
//     credentials come from the usual AWS sources (AWS_ACCESS_KEY_ID and
//     AWS_SECRET_ACCESS_KEY, a shared profile, an instance role), never from the URL.
//     The bucket must exist and the credentials may list, read, write and delete in it:
//     Open lists it once, so a wrong endpoint, bucket or key fails at start-up rather than
//     at the first upload.
//   - mem://: in memory, for tests.
func Open(ctx context.Context, url string) (*Bucket, error) {
	if dir, ok := strings.CutPrefix(url, "file://"); ok {
		if dir == "" {
			return nil, fmt.Errorf("blob store %q: no folder", url)
		}
		return NewLocal(dir)
	}
	b, err := gcblob.OpenBucket(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("open blob store %s: %w", url, err)
	}
	if ok, err := b.IsAccessible(ctx); !ok {
		_ = b.Close()
		if err == nil {
			err = errors.New("the bucket does not exist")
		}
		return nil, fmt.Errorf("blob store %s cannot be reached: %w", url, err)
	}
	return &Bucket{b: b}, nil
}

func checkKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "..") || strings.ContainsRune(key, 0) {
		return fmt.Errorf("blob: bad key %q", key)
	}
	return nil
}

// Put implements Store.
func (s *Bucket) Put(ctx context.Context, key string, r io.Reader, contentType string) (int64, error) {
	if err := checkKey(key); err != nil {
		return 0, err
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.b.NewWriter(wctx, key, &gcblob.WriterOptions{ContentType: contentType})
	if err != nil {
		return 0, fmt.Errorf("blob write %s: %w", key, err)
	}
	n, err := io.Copy(w, r)
	if err != nil {
		cancel() // abandons the write: nothing becomes visible
		_ = w.Close()
		return n, fmt.Errorf("blob write %s: %w", key, err)
	}
	if err := w.Close(); err != nil {
		return n, fmt.Errorf("blob write %s: %w", key, err)
	}
	return n, nil
}

// Open implements Store.
func (s *Bucket) Open(ctx context.Context, key string) (io.ReadCloser, Attributes, error) {
	if err := checkKey(key); err != nil {
		return nil, Attributes{}, err
	}
	r, err := s.b.NewReader(ctx, key, nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, Attributes{}, fmt.Errorf("blob %s: %w", key, ErrNotFound)
		}
		return nil, Attributes{}, fmt.Errorf("blob read %s: %w", key, err)
	}
	return r, Attributes{ContentType: r.ContentType(), Size: r.Size(), ModTime: r.ModTime()}, nil
}

// Delete implements Store.
func (s *Bucket) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := s.b.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return fmt.Errorf("blob delete %s: %w", key, err)
	}
	return nil
}

// Exists implements Store.
func (s *Bucket) Exists(ctx context.Context, key string) (bool, error) {
	if err := checkKey(key); err != nil {
		return false, err
	}
	ok, err := s.b.Exists(ctx, key)
	if err != nil {
		return false, fmt.Errorf("blob exists %s: %w", key, err)
	}
	return ok, nil
}

// Close implements Store.
func (s *Bucket) Close() error { return s.b.Close() }
