package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// The test hubs' permission, held by users with the "pusher" role.
const permPush = "Test.Push"

// users are the test's principals by token.
type users struct {
	mu     sync.Mutex
	tokens map[string]*auth.Principal
}

func (u *users) Verify(_ context.Context, token string) (*auth.Principal, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if p, ok := u.tokens[token]; ok {
		return p, nil
	}
	return nil, auth.ErrInvalidToken
}

// revoke makes token fail from now on (a forced-offline login).
func (u *users) revoke(token string) {
	u.mu.Lock()
	delete(u.tokens, token)
	u.mu.Unlock()
}

func (u *users) add(tenant *uuid.UUID, name string, roles ...string) (string, *auth.Principal) {
	p := &auth.Principal{UserID: uuid.New(), TenantID: tenant, UserName: name, Roles: roles}
	token := "tok-" + uuid.NewString()
	u.mu.Lock()
	u.tokens[token] = p
	u.mu.Unlock()
	return token, p
}

// IsGranted grants permPush to the role "pusher".
func (u *users) IsGranted(_ context.Context, p *auth.Principal, names ...string) (bool, error) {
	return slices.Contains(names, permPush) && slices.Contains(p.Roles, "pusher"), nil
}

// replica is one server with its HTTP front.
type replica struct {
	rt  *Server
	srv *httptest.Server
	api *httpapi.API
}

// newReplica starts a server on d's bus (d nil: no bus) with the test hubs: "echo" (any
// user) and "push" (permPush).
func newReplica(t *testing.T, u *users, d *db.DB, opts Options) *replica {
	t.Helper()
	var b *bus.Bus
	if d != nil {
		b = bus.New(d)
		if err := b.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = b.Close() })
	}
	opts.DB, opts.Bus, opts.Checker = d, b, u
	rt := New(opts)
	if err := rt.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	cat := localization.NewCatalog()
	cat.Add(Texts)
	api := httpapi.New(httpapi.Config{Catalog: cat, Checker: u, Verifier: u, Title: "test", Version: "1"})
	rt.Register(api) // before the hubs exist: routes look them up per request
	declareTestHubs(rt)
	srv := httptest.NewServer(api.Router)
	t.Cleanup(func() {
		rt.Close()
		srv.Close()
	})
	return &replica{rt: rt, srv: srv, api: api}
}

type culturedEcho struct {
	Text     string `json:"text"`
	User     string `json:"user"`
	Culture  string `json:"culture"`
	TenantID string `json:"tenantId"`
}

func declareTestHubs(rt *Server) {
	h := rt.Hub("echo", "")
	h.Handle("Echo", func(ctx context.Context, c Caller, args []json.RawMessage) (any, error) {
		var s string
		if len(args) != 1 || json.Unmarshal(args[0], &s) != nil {
			return nil, errors.New("echo wants one string")
		}
		p := auth.FromContext(ctx)
		tenant := ""
		if c.TenantID != nil {
			tenant = c.TenantID.String()
		}
		return culturedEcho{Text: s, User: p.UserName, Culture: localization.CultureFrom(ctx), TenantID: tenant}, nil
	})
	h.Handle("Fail", func(ctx context.Context, c Caller, args []json.RawMessage) (any, error) {
		return nil, errors.New("database exploded") // internal: the client reads a generic message
	})
	h.Handle("Nothing", func(ctx context.Context, c Caller, args []json.RawMessage) (any, error) {
		return nil, nil
	})
	h.Handle("PushMe", func(ctx context.Context, c Caller, args []json.RawMessage) (any, error) {
		return true, rt.ToUsers(ctx, "echo", "pushed", []uuid.UUID{c.UserID}, "hello", 42)
	})
	h.Handle("Drop", func(ctx context.Context, c Caller, args []json.RawMessage) (any, error) {
		rt.dropConnection(c.ConnectionID) // the network went away (no close message)
		return nil, nil
	})
	rt.Hub("push", permPush)
}

// dropConnection ends a connection abruptly, as a lost network would (tests).
func (s *Server) dropConnection(connectionID string) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, c := range s.conns {
		if c.caller.ConnectionID == connectionID {
			go func() {
				time.Sleep(50 * time.Millisecond) // after the completion left
				_ = c.ws.CloseNow()
			}()
		}
	}
}

// client is a small Go client of the hub protocol.
type client struct {
	t    testing.TB
	ws   *websocket.Conn
	recs chan map[string]any
	raw  chan []byte
	done chan struct{}
}

// negotiate posts to the hub's negotiate and answers the status and body.
func negotiate(t testing.TB, base, hub, token string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/signalr-hubs/"+hub+"/negotiate?negotiateVersion=1", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(res.Body).Decode(&body)
	return res.StatusCode, body
}

// dial opens the WebSocket of hub (token in the access_token query, as browsers send it)
// and does the handshake; status is the HTTP status when the upgrade was refused.
func dial(t testing.TB, base, hub, token, id string) (*client, int, error) {
	t.Helper()
	u, _ := url.Parse(strings.Replace(base, "http", "ws", 1) + "/signalr-hubs/" + hub)
	q := u.Query()
	if token != "" {
		q.Set("access_token", token)
	}
	if id != "" {
		q.Set("id", id)
	}
	u.RawQuery = q.Encode()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, res, err := websocket.Dial(ctx, u.String(), nil)
	if err != nil {
		status := 0
		if res != nil {
			status = res.StatusCode
		}
		return nil, status, err
	}
	ws.SetReadLimit(1 << 20)
	c := &client{t: t, ws: ws, recs: make(chan map[string]any, 1024), raw: make(chan []byte, 16), done: make(chan struct{})}
	if err := ws.Write(ctx, websocket.MessageText, []byte("{\"protocol\":\"json\",\"version\":1}\x1e")); err != nil {
		return nil, 0, err
	}
	_, msg, err := ws.Read(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("handshake answer: %w", err)
	}
	if string(msg) != "{}\x1e" {
		return nil, 0, fmt.Errorf("handshake answered %q", msg)
	}
	go c.loop()
	t.Cleanup(func() { _ = ws.CloseNow() })
	return c, 0, nil
}

func (c *client) loop() {
	defer close(c.done)
	for {
		_, msg, err := c.ws.Read(context.Background())
		if err != nil {
			return
		}
		for _, rec := range bytes.Split(msg, []byte{recordSeparator}) {
			if len(rec) == 0 {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal(rec, &m); err != nil {
				c.t.Errorf("unreadable record %q", rec)
				continue
			}
			c.recs <- m
		}
	}
}

func (c *client) send(t testing.TB, v any) {
	t.Helper()
	raw, _ := json.Marshal(v)
	if err := c.ws.Write(context.Background(), websocket.MessageText, append(raw, recordSeparator)); err != nil {
		t.Fatal(err)
	}
}

// next returns the next record that is not a ping, failing after timeout.
func (c *client) next(t testing.TB, timeout time.Duration) map[string]any {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case m := <-c.recs:
			if m["type"] == float64(typePing) {
				continue
			}
			return m
		case <-deadline:
			t.Fatalf("no message within %s", timeout)
			return nil
		}
	}
}

// none asserts nothing but pings arrives within d.
func (c *client) none(t testing.TB, d time.Duration) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case m := <-c.recs:
			if m["type"] != float64(typePing) {
				t.Fatalf("unexpected message %v", m)
			}
		case <-deadline:
			return
		}
	}
}

// closed waits until the server ended the WebSocket.
func (c *client) closed(t testing.TB, timeout time.Duration) {
	t.Helper()
	select {
	case <-c.done:
	case <-time.After(timeout):
		t.Fatalf("the connection is still open after %s", timeout)
	}
}

func mustJSON(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(raw)
}
