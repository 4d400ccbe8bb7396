// Package blobtest starts an S3-compatible server in the test's process (gofakes3 on an
// in-memory backend), so the s3:// blob store is tested without a network service.
package blobtest

import (
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// S3 starts an S3-compatible server holding one empty bucket and returns the store URL
// that reaches it (for blob.Open, --blob or KERF_BLOB). The credentials come from the
// environment, as in production: S3 sets AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY for
// the test (so the test may not run in parallel).
func S3(t testing.TB, bucket string) string {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatalf("create bucket %s: %v", bucket, err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	t.Setenv("AWS_ACCESS_KEY_ID", "kerf-test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "kerf-test-secret")
	t.Setenv("AWS_CONFIG_FILE", "/dev/null")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", "/dev/null")
	q := url.Values{"endpoint": {srv.URL}, "region": {"us-east-1"}, "use_path_style": {"true"}}
	return "s3://" + bucket + "?" + q.Encode()
}
