package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWorkerServesOnlyHealthAndMetricsAndStopsCleanly migrates a database, starts
// `kerf worker` on it, expects /healthz and /metrics and no API, then cancels (as SIGTERM
// does) and expects a clean exit.
func TestWorkerServesOnlyHealthAndMetricsAndStopsCleanly(t *testing.T) {
	dir := t.TempDir()
	database := "sqlite://" + filepath.Join(dir, "k.db")
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"migrate", "--database", database, "--data-dir", dir}, io.Discard, &stderr); code != 0 {
		t.Fatalf("migrate exited %d: %s", code, stderr.String())
	}
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"worker", "--addr", addr, "--database", database, "--data-dir", dir}, io.Discard, &stderr)
	}()
	get := func(path string) (int, string, error) {
		res, err := http.Get(fmt.Sprintf("http://%s%s", addr, path))
		if err != nil {
			return 0, "", err
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		return res.StatusCode, string(body), err
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, _, err := get("/healthz")
		if err == nil && code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no healthz within 30 s: %v\n%s", err, stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if code, body, err := get("/metrics"); err != nil || code != http.StatusOK || !strings.Contains(body, "go_goroutines") {
		t.Errorf("/metrics: %d %v", code, err)
	}
	if code, _, err := get("/api/abp/application-configuration"); err != nil || code != http.StatusNotFound {
		t.Errorf("the worker serves the API: %d %v", code, err)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("worker exited %d: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("worker did not stop after cancel")
	}
}

func TestServeAcceptsJobsFalse(t *testing.T) {
	var errOut bytes.Buffer
	if code := run(context.Background(), []string{"serve", "--jobs=false", "--database", "mysql://x"}, io.Discard, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), "want sqlite://FILE or postgres://") {
		t.Fatalf("serve --jobs=false: %d %s", code, errOut.String())
	}
}
