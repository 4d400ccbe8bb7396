package realtime

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kerf/internal/platform/auth"
)

// officialClient finds node and the web app's @microsoft/signalr; without them the test is
// skipped, except in CI (CI=true), where it fails.
func officialClient(t *testing.T) (node, nodePath, script string) {
	t.Helper()
	missing := func(why string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the official SignalR client test cannot run: %s", why)
		}
		t.Skipf("the official SignalR client test is skipped: %s", why)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
	nodePath = filepath.Join(dir, "web", "node_modules")
	if _, err := os.Stat(filepath.Join(nodePath, "@microsoft", "signalr", "package.json")); err != nil {
		missing("web/node_modules/@microsoft/signalr is missing (run npm ci in web)")
	}
	script, err = filepath.Abs(filepath.Join("testdata", "client.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	return node, nodePath, script
}

// TestTheOfficialClientSpeaksWithTheHub runs @microsoft/signalr in Node against a hub:
// negotiation, invocations and their results, a server push, error completions, automatic
// reconnection after the server drops the connection, a forced disconnection that the client
// does not retry, and a refused token.
func TestTheOfficialClientSpeaksWithTheHub(t *testing.T) {
	node, nodePath, script := officialClient(t)
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	token, p := u.add(nil, "alice")

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script, r.srv.URL, token)
	cmd.Env = append(os.Environ(), "NODE_PATH="+nodePath)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var result string
	var steps []string
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "step disconnect-me":
			if err := r.rt.Disconnect(ctx, p.UserID); err != nil {
				t.Fatal(err)
			}
			if _, err := io.WriteString(stdin, "go\n"); err != nil {
				t.Fatal(err)
			}
		case strings.HasPrefix(line, "result "):
			result = strings.TrimPrefix(line, "result ")
		}
		if s, ok := strings.CutPrefix(line, "step "); ok {
			steps = append(steps, s)
		}
	}
	waitErr := cmd.Wait()
	t.Logf("the client observed: %s", result)
	var res struct {
		Connected, ConnectionID, ReconnectedID, ClosedError, StateAfterClose, BadToken, Fatal string
		FailError, MissingError                                                               *string
		Echo, EchoAfterReconnect                                                              culturedEcho
		Pushed                                                                                []any
		Reconnecting, ReconnectingAfterClose                                                  int
	}
	if err := json.Unmarshal([]byte(result), &res); err != nil {
		t.Fatalf("no result from the client (steps %v, exit %v): %v\nstderr: %s", steps, waitErr, err, stderr.String())
	}
	if res.Fatal != "" || waitErr != nil {
		var exit *exec.ExitError
		_ = errors.As(waitErr, &exit)
		t.Fatalf("the client failed after steps %v: %s (exit %v)\nstderr: %s", steps, res.Fatal, waitErr, stderr.String())
	}

	checks := []struct {
		what string
		ok   bool
		got  any
	}{
		{"connected", res.Connected == "Connected" && res.ConnectionID != "", res.Connected},
		{"echo answers its result", res.Echo.Text == "hello" && res.Echo.User == "alice", res.Echo},
		{"a push reaches the client with its arguments", mustJSON(res.Pushed) == `["hello",42]`, res.Pushed},
		{"a failing method is an error completion without its internals",
			res.FailError != nil && *res.FailError != "" && !strings.Contains(*res.FailError, "exploded"), res.FailError},
		{"an unknown method is an error completion", res.MissingError != nil && strings.Contains(*res.MissingError, "Missing"), res.MissingError},
		{"the client reconnects after the server drops it", res.Reconnecting == 1 && res.ReconnectedID != "" && res.ReconnectedID != res.ConnectionID, res.ReconnectedID},
		{"the reconnected client invokes again", res.EchoAfterReconnect.Text == "again", res.EchoAfterReconnect},
		{"a forced disconnection closes the client with the server's reason", strings.Contains(res.ClosedError, "signed out"), res.ClosedError},
		{"and the client does not reconnect", res.StateAfterClose == "Disconnected" && res.ReconnectingAfterClose == 0, res.StateAfterClose},
		{"a bad token is refused", strings.Contains(res.BadToken, "401"), res.BadToken},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: got %v", c.what, c.got)
		}
	}
}
