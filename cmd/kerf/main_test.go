package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestServeAnswersHealthAndStopsCleanly starts `kerf serve` on a fresh database, waits
// for /healthz, then cancels (as SIGTERM does) and expects a clean exit.
func TestServeAnswersHealthAndStopsCleanly(t *testing.T) {
	dir := t.TempDir()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--database", "sqlite://" + filepath.Join(dir, "k.db"),
			"--data-dir", dir, "--demo=false"}, &bytes.Buffer{}, &stderr)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(fmt.Sprintf("http://%s/healthz", addr))
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no healthz within 30 s: %v\n%s", err, stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("serve exited %d: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop after cancel")
	}
}

func TestUnknownCommandAndBadFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"frobnicate"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "unknown command") {
		t.Fatalf("unknown command: %d %s", code, errOut.String())
	}
	errOut.Reset()
	if code := run(context.Background(), []string{"migrate", "--database", "mysql://x"}, &out, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), "want sqlite://FILE or postgres://") {
		t.Fatalf("bad database url: %d %s", code, errOut.String())
	}
}
