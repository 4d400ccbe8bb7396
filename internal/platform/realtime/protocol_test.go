package realtime

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"

	"kerf/internal/platform/auth"
)

func TestNegotiateAnswersTheConnectionAndTheWebSocketTransport(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	token, _ := u.add(nil, "alice")

	for _, prefix := range []string{"", "signalr-hubs/"} {
		status, body := negotiate(t, r.srv.URL, prefix+"echo", token)
		if status != http.StatusOK {
			t.Fatalf("%secho: status %d %v", prefix, status, body)
		}
		if body["negotiateVersion"] != float64(1) || body["connectionId"] == "" || body["connectionToken"] == "" {
			t.Fatalf("negotiation %v", body)
		}
		tr, _ := body["availableTransports"].([]any)
		if len(tr) != 1 || tr[0].(map[string]any)["transport"] != "WebSockets" {
			t.Fatalf("transports %v", body["availableTransports"])
		}
	}
}

func TestAHubNeedsALoginAndItsPermission(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	plain, _ := u.add(nil, "alice")
	pusher, _ := u.add(nil, "bob", "pusher")
	cases := []struct {
		name, hub, token string
		want             int
	}{
		{"no token", "echo", "", http.StatusUnauthorized},
		{"bad token", "echo", "nonsense", http.StatusUnauthorized},
		{"any user on a hub without permission", "echo", plain, http.StatusOK},
		{"a user without the hub's permission", "push", plain, http.StatusForbidden},
		{"a user with the hub's permission", "push", pusher, http.StatusOK},
		{"an unknown hub", "nope", plain, http.StatusNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if status, body := negotiate(t, r.srv.URL, tc.hub, tc.token); status != tc.want {
				t.Fatalf("negotiate: %d %v, want %d", status, body, tc.want)
			}
			c, status, err := dial(t, r.srv.URL, tc.hub, tc.token, "")
			if tc.want == http.StatusOK {
				if err != nil {
					t.Fatalf("connect: %v", err)
				}
				_ = c.ws.CloseNow()
				return
			}
			if err == nil || status != tc.want {
				t.Fatalf("connect: status %d err %v, want %d", status, err, tc.want)
			}
		})
	}
}

func TestInvocationsAnswerCompletions(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	tenant := uuid.New()
	token, _ := u.add(&tenant, "alice")
	_, body := negotiate(t, r.srv.URL, "echo", token)
	c, _, err := dial(t, r.srv.URL, "echo", token, body["connectionToken"].(string))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		send   map[string]any
		result any
		err    string
	}{
		{"a method answers its result; names match regardless of case",
			map[string]any{"type": 1, "invocationId": "1", "target": "ECHO", "arguments": []any{"hi"}},
			map[string]any{"text": "hi", "user": "alice", "culture": "zh-Hans", "tenantId": tenant.String()}, ""},
		{"a method answering nothing completes with a null result",
			map[string]any{"type": 1, "invocationId": "2", "target": "Nothing", "arguments": []any{}}, nil, ""},
		{"an internal error is not shown to the client",
			map[string]any{"type": 1, "invocationId": "3", "target": "Fail", "arguments": []any{}}, nil, "内部"},
		{"an unknown method is an error",
			map[string]any{"type": 1, "invocationId": "4", "target": "Missing", "arguments": []any{}}, nil, "没有方法「Missing」"},
		{"streaming is refused",
			map[string]any{"type": 4, "invocationId": "5", "target": "Echo", "arguments": []any{}}, nil, "不支持流式调用"},
		{"client streams are refused",
			map[string]any{"type": 1, "invocationId": "6", "target": "Echo", "arguments": []any{}, "streamIds": []string{"1"}}, nil, "不支持流式调用"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.send(t, tc.send)
			m := c.next(t, 5*time.Second)
			if m["type"] != float64(typeCompletion) || m["invocationId"] != tc.send["invocationId"] {
				t.Fatalf("answer %v", m)
			}
			if tc.err != "" {
				msg, _ := m["error"].(string)
				if !strings.Contains(msg, tc.err) || strings.Contains(msg, "exploded") {
					t.Fatalf("error %q, want it to contain %q", msg, tc.err)
				}
				return
			}
			if _, has := m["error"]; has {
				t.Fatalf("unexpected error %v", m)
			}
			if got, want := mustJSON(m["result"]), mustJSON(tc.result); got != want {
				t.Fatalf("result %s, want %s", got, want)
			}
		})
	}

	t.Run("a non-blocking invocation gets no completion", func(t *testing.T) {
		c.send(t, map[string]any{"type": 1, "target": "Echo", "arguments": []any{"x"}})
		c.none(t, 300*time.Millisecond)
	})
	t.Run("the server calls client methods with invocations without an id", func(t *testing.T) {
		c.send(t, map[string]any{"type": 1, "invocationId": "9", "target": "PushMe", "arguments": []any{}})
		got := map[string]map[string]any{}
		for range 2 {
			m := c.next(t, 5*time.Second)
			got[mustJSON(m["type"])] = m
		}
		push := got["1"]
		if push["target"] != "pushed" || mustJSON(push["arguments"]) != `["hello",42]` {
			t.Fatalf("push %v", push)
		}
		if _, has := push["invocationId"]; has {
			t.Fatalf("a push carries no invocation id: %v", push)
		}
		if got["3"]["result"] != true {
			t.Fatalf("completion %v", got["3"])
		}
	})
}

func TestAConnectionCarriesTheCultureOfItsRequest(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	token, _ := u.add(nil, "alice")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(r.srv.URL, "http", "ws", 1)+"/signalr-hubs/echo",
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}, "Accept-Language": {"en-US,en;q=0.9"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := &client{t: t, ws: ws, recs: make(chan map[string]any, 16), done: make(chan struct{})}
	if err := ws.Write(ctx, websocket.MessageText, []byte("{\"protocol\":\"json\",\"version\":1}\x1e")); err != nil {
		t.Fatal(err)
	}
	if _, msg, err := ws.Read(ctx); err != nil || string(msg) != "{}\x1e" {
		t.Fatalf("handshake %q %v", msg, err)
	}
	go c.loop()
	c.send(t, map[string]any{"type": 1, "invocationId": "1", "target": "Echo", "arguments": []any{"hi"}})
	if m := c.next(t, 5*time.Second); m["result"].(map[string]any)["culture"] != "en" {
		t.Fatalf("culture %v", m)
	}
	c.send(t, map[string]any{"type": 1, "invocationId": "2", "target": "Fail", "arguments": []any{}})
	if m := c.next(t, 5*time.Second); !strings.Contains(m["error"].(string), "internal") {
		t.Fatalf("the error is not in English: %v", m)
	}
}

func TestAHandshakeOfAnotherProtocolIsRefused(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	token, _ := u.add(nil, "alice")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(r.srv.URL, "http", "ws", 1)+"/signalr-hubs/echo?access_token="+token, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	if err := ws.Write(ctx, websocket.MessageText, []byte("{\"protocol\":\"messagepack\",\"version\":1}\x1e")); err != nil {
		t.Fatal(err)
	}
	_, msg, err := ws.Read(ctx)
	if err != nil || !strings.Contains(string(msg), `"error":"The protocol 'messagepack' is not supported."`) || !strings.HasSuffix(string(msg), "\x1e") {
		t.Fatalf("answer %q %v", msg, err)
	}
	if _, _, err := ws.Read(ctx); err == nil {
		t.Fatal("the connection stays open after a refused handshake")
	}
}

func TestPingsKeepTheConnectionAliveAndASilentClientIsDropped(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{KeepAlive: 100 * time.Millisecond, Timeout: 600 * time.Millisecond})
	token, _ := u.add(nil, "alice")
	c, _, err := dial(t, r.srv.URL, "echo", token, "")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-c.recs:
		if m["type"] != float64(typePing) {
			t.Fatalf("want a ping, got %v", m)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no ping from the server")
	}
	// The client pings (as the official client does every 15 s): still connected after the timeout.
	for range 8 {
		c.send(t, map[string]any{"type": 6})
		time.Sleep(100 * time.Millisecond)
	}
	if r.rt.Connections() != 1 {
		t.Fatal("a pinging client was dropped")
	}
	// Then silence: the server drops it.
	c.closed(t, 3*time.Second)
	waitFor(t, func() bool { return r.rt.Connections() == 0 })
}

func TestAClientCloseMessageEndsTheConnection(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	token, _ := u.add(nil, "alice")
	c, _, err := dial(t, r.srv.URL, "echo", token, "")
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return r.rt.Connections() == 1 })
	c.send(t, map[string]any{"type": 7})
	c.closed(t, 3*time.Second)
	waitFor(t, func() bool { return r.rt.Connections() == 0 })
}

func TestAConnectionIDCannotBeUsedTwice(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	token, _ := u.add(nil, "alice")
	_, body := negotiate(t, r.srv.URL, "echo", token)
	id := body["connectionToken"].(string)
	if _, _, err := dial(t, r.srv.URL, "echo", token, id); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return r.rt.Connections() == 1 })
	if _, status, err := dial(t, r.srv.URL, "echo", token, id); err == nil || status != http.StatusConflict {
		t.Fatalf("second use: status %d err %v", status, err)
	}
}

func TestServerCloseTellsClientsToReconnect(t *testing.T) {
	u := &users{tokens: map[string]*auth.Principal{}}
	r := newReplica(t, u, nil, Options{})
	token, _ := u.add(nil, "alice")
	c, _, err := dial(t, r.srv.URL, "echo", token, "")
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return r.rt.Connections() == 1 })
	r.rt.Close()
	m := c.next(t, 3*time.Second)
	if m["type"] != float64(typeClose) || m["allowReconnect"] != true {
		t.Fatalf("close message %v", m)
	}
	c.closed(t, 3*time.Second)
}

func waitFor(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 5s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
