package secret_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"kerf/internal/platform/secret"
)

// TestReplicasStartingTogetherShareOneGeneratedSecret: processes creating the secret file at
// once end with one content, readable only by its owner.
func TestReplicasStartingTogetherShareOneGeneratedSecret(t *testing.T) {
	dir := t.TempDir()
	got := make([]string, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, source, err := secret.Installation("", dir)
			if err != nil || !strings.Contains(source, dir) {
				t.Errorf("installation secret: %v (%s)", err, source)
			}
			got[i] = string(s)
		}()
	}
	wg.Wait()
	for _, g := range got {
		if g != got[0] || len(g) < 16 {
			t.Fatalf("secrets differ or are short: %q", got)
		}
	}
	info, err := os.Stat(filepath.Join(dir, "secret"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("secret file: %v %v", info.Mode(), err)
	}
	if _, _, err := secret.Installation("short", dir); err == nil {
		t.Fatal("a short KERF_SECRET was taken")
	}
	if s, source, _ := secret.Installation("a configured secret, long enough", dir); string(s) != "a configured secret, long enough" || source != "KERF_SECRET" {
		t.Fatalf("configured secret: %q from %s", s, source)
	}
}

// TestASealedValueOpensOnlyWithItsSecretPurposeAndRow is the table of what opens.
func TestASealedValueOpensOnlyWithItsSecretPurposeAndRow(t *testing.T) {
	mk := func(sec, purpose string) *secret.Sealer {
		s, err := secret.NewSealer([]byte(sec), "test", purpose)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := mk("one secret of the installation", "settings")
	sealed, err := a.Seal([]byte("smtp-password"), "row-1")
	if err != nil || strings.Contains(sealed, "smtp-password") {
		t.Fatalf("sealed = %q, %v", sealed, err)
	}
	cases := []struct {
		name   string
		s      *secret.Sealer
		sealed string
		aad    string
		ok     bool
	}{
		{"same secret, purpose and row", mk("one secret of the installation", "settings"), sealed, "row-1", true},
		{"another row", a, sealed, "row-2", false},
		{"another purpose", mk("one secret of the installation", "oidc"), sealed, "row-1", false},
		{"another secret", mk("another installation's secret", "settings"), sealed, "row-1", false},
		{"not sealed", a, "smtp-password", "row-1", false},
	}
	for _, c := range cases {
		plain, err := c.s.Open(c.sealed, c.aad)
		if c.ok != (err == nil) || (c.ok && string(plain) != "smtp-password") {
			t.Errorf("%s: %q, %v", c.name, plain, err)
		}
		if !c.ok && c.sealed == sealed && !errors.Is(err, secret.ErrWrongSecret) {
			t.Errorf("%s: %v, want ErrWrongSecret", c.name, err)
		}
	}
}
