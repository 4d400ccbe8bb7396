package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"kerf/internal/platform/db/dbtest"
)

func TestKeysRotateMakesANewSigningKeyAndKeepsTheOld(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			flags := []string{"--database", u, "--data-dir", t.TempDir(), "--secret", "the secret of this test's replicas"}
			kerf := func(args ...string) (int, string, string) {
				var out, errOut bytes.Buffer
				code := run(ctx, append(args, flags...), &out, &errOut)
				return code, out.String(), errOut.String()
			}
			code, out, errOut := kerf("keys", "list")
			if code != 0 || strings.Count(out, "signs") != 1 {
				t.Fatalf("keys list on a new database: %d\n%s%s", code, out, errOut)
			}
			first := regexp.MustCompile(`(?m)^(\S+)\s+1\s+\S+\s+signs$`).FindStringSubmatch(out)
			if first == nil {
				t.Fatalf("no first key in:\n%s", out)
			}
			code, out, errOut = kerf("keys", "rotate")
			if code != 0 {
				t.Fatalf("keys rotate: %d %s", code, errOut)
			}
			newKey := regexp.MustCompile(`new signing key (\S+) signs`).FindStringSubmatch(out)
			if newKey == nil || newKey[1] == first[1] {
				t.Fatalf("keys rotate said:\n%s", out)
			}
			if !regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(newKey[1])+`\s+2\s+\S+\s+signs$`).MatchString(out) ||
				!regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(first[1])+`\s+1\s+\S+\s+verifies$`).MatchString(out) {
				t.Fatalf("after rotate the new key must sign and the old one verify:\n%s", out)
			}
			// Another secret is refused, naming the setting to fix.
			var errBuf bytes.Buffer
			args := []string{"keys", "rotate", "--database", u, "--data-dir", t.TempDir(), "--secret", "a secret the others do not use"}
			if code := run(ctx, args, &bytes.Buffer{}, &errBuf); code != 1 || !strings.Contains(errBuf.String(), "KERF_SECRET") {
				t.Fatalf("rotate with another secret: %d %s", code, errBuf.String())
			}
			if code, _, errOut := kerf("keys", "shuffle"); code != 1 || !strings.Contains(errOut, "want list or rotate") {
				t.Fatalf("unknown subcommand: %d %s", code, errOut)
			}
		})
	}
}
