package chat_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"kerf/internal/app/apptest"
	"kerf/internal/chat"
)

// hubClient is a minimal SignalR JSON client of the messages hub.
type hubClient struct {
	ws   *websocket.Conn
	recs chan map[string]any
}

func connect(t *testing.T, srv *httptest.Server, token string) *hubClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := strings.Replace(srv.URL, "http", "ws", 1) + "/signalr-hubs/signalr-hubs/messages?access_token=" + token
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Accept-Language": {"en"}}})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = ws.CloseNow() })
	if err := ws.Write(ctx, websocket.MessageText, []byte("{\"protocol\":\"json\",\"version\":1}\x1e")); err != nil {
		t.Fatal(err)
	}
	if _, msg, err := ws.Read(ctx); err != nil || string(msg) != "{}\x1e" {
		t.Fatalf("handshake %q %v", msg, err)
	}
	c := &hubClient{ws: ws, recs: make(chan map[string]any, 64)}
	go func() {
		for {
			_, msg, err := ws.Read(context.Background())
			if err != nil {
				close(c.recs)
				return
			}
			for _, rec := range bytes.Split(msg, []byte{0x1e}) {
				var m map[string]any
				if len(rec) > 0 && json.Unmarshal(rec, &m) == nil && m["type"] != float64(6) { // pings left out
					c.recs <- m
				}
			}
		}
	}()
	return c
}

func (c *hubClient) invoke(t *testing.T, id, method string, args ...any) {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"type": 1, "invocationId": id, "target": method, "arguments": args})
	if err := c.ws.Write(context.Background(), websocket.MessageText, append(raw, 0x1e)); err != nil {
		t.Fatal(err)
	}
}

// next answers the next message that is not a ping.
func (c *hubClient) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case m, ok := <-c.recs:
		if !ok {
			t.Fatal("the connection closed")
		}
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("nothing arrived")
		return nil
	}
}

// call answers the next server-to-client call, which must be of method.
func (c *hubClient) call(t *testing.T, method string) map[string]any {
	t.Helper()
	m := c.next(t)
	if m["type"] != float64(1) || m["target"] != method {
		t.Fatalf("want %s, got %v", method, m)
	}
	return m["arguments"].([]any)[0].(map[string]any)
}

// completionAndCopy answers the completion of invocation id and the sender's own copy of the
// message (getChatMessage), which may arrive in either order.
func (c *hubClient) completionAndCopy(t *testing.T, id string) (done, copy map[string]any) {
	t.Helper()
	for done == nil || copy == nil {
		m := c.next(t)
		switch {
		case m["type"] == float64(3) && m["invocationId"] == id:
			done = m
		case m["type"] == float64(1) && m["target"] == chat.MethodChatMessage:
			copy = m["arguments"].([]any)[0].(map[string]any)
		default:
			t.Fatalf("unexpected %v", m)
		}
	}
	return done, copy
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("never: %s", what)
}

// TestMessagesTravelOverTheHub runs the whole app: SendMessage over the hub is stored,
// answered, and reaches the receiver's connection and the sender's others; anonymous
// messages reach the receiver without a name; a message to a stranger fails with a localised
// error; friend requests and confirmations are pushed; a friend is online while connected.
func TestMessagesTravelOverTheHub(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		srv := httptest.NewServer(e.App.Handler())
		defer srv.Close()
		alice, bob, carol := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob"), newPerson(t, e, "demo", "carol")
		befriend(t, e, alice, bob)
		friendOnline := func() bool {
			var all struct{ Items []chat.Friend }
			call(t, e, http.MethodGet, "/api/im/my-friends/all", alice.token, nil).JSON(t, &all)
			return all.Items[0].Online
		}
		if friendOnline() {
			t.Fatal("bob online before connecting")
		}
		a1, a2, b1 := connect(t, srv, alice.token), connect(t, srv, alice.token), connect(t, srv, bob.token)
		eventually(t, "three connections", func() bool { return e.App.Realtime.Connections() == 3 })
		eventually(t, "bob online", friendOnline)

		a1.invoke(t, "1", "SendMessage", map[string]any{"toUserId": bob.id, "content": "你好 bob", "messageType": 0,
			"messageId": "", "formUserId": alice.id, "sendTime": time.Now()})
		done, own := a1.completionAndCopy(t, "1")
		res, _ := done["result"].(map[string]any)
		if done["type"] != float64(3) || done["invocationId"] != "1" || res == nil || res["content"] != "你好 bob" || res["formUserName"] != "alice" {
			t.Fatalf("completion %v", done)
		}
		got := b1.call(t, chat.MethodChatMessage)
		if got["messageId"] != res["messageId"] || got["formUserId"] != alice.id.String() || got["content"] != "你好 bob" {
			t.Fatalf("bob received %v", got)
		}
		// The sender's connections, the sending one too: the page keeps one copy per messageId.
		if got := a2.call(t, chat.MethodChatMessage); got["messageId"] != res["messageId"] || own["messageId"] != res["messageId"] {
			t.Fatalf("alice's connections received %v and %v", got, own)
		}
		var page messagePage
		call(t, e, http.MethodGet, "/api/im/chat/my-messages?receiveUserId="+alice.id.String(), bob.token, nil).JSON(t, &page)
		if page.TotalCount != 1 || page.Items[0].MessageID.String() != res["messageId"] {
			t.Fatalf("stored: %+v", page)
		}

		a2.invoke(t, "2", "SendMessage", map[string]any{"toUserId": bob.id, "content": "猜猜我是谁", "isAnonymous": true})
		if done, own := a2.completionAndCopy(t, "2"); done["error"] != nil || own["formUserName"] != "alice" {
			t.Fatalf("anonymous: %v %v", done, own)
		}
		if got := b1.call(t, chat.MethodChatMessage); got["formUserName"] != "" || got["isAnonymous"] != true {
			t.Fatalf("bob received the anonymous message as %v", got)
		}
		if got := a1.call(t, chat.MethodChatMessage); got["formUserName"] != "alice" {
			t.Fatalf("alice's other connection received %v", got)
		}

		for id, c := range map[string]struct {
			args []any
			want string
		}{
			"3": {[]any{map[string]any{"toUserId": carol.id, "content": "hi"}}, "You can only send messages to your friends"},
			"4": {[]any{map[string]any{"toUserId": "", "content": "hi"}}, "Receiver is required"},
			"5": {[]any{"not a message"}, "The message is not well formed"},
		} {
			a1.invoke(t, id, "SendMessage", c.args...)
			if done := a1.next(t); done["invocationId"] != id || done["error"] != c.want {
				t.Errorf("invocation %s: %v, want %q", id, done, c.want)
			}
		}

		// Friend requests and confirmations are pushed.
		c1 := connect(t, srv, carol.token)
		eventually(t, "carol's connection", func() bool { return e.App.Realtime.Connections() == 4 })
		call(t, e, http.MethodPost, "/api/im/my-friends/add-request", alice.token, row{"friendId": carol.id, "remarkName": "Caro"})
		if got := c1.call(t, chat.MethodFriendRequest); got["fromUserId"] != alice.id.String() || got["fromUserName"] != "alice" || got["remarkName"] != "Caro" {
			t.Fatalf("carol's validation prompt: %v", got)
		}
		call(t, e, http.MethodPost, "/api/im/my-friends", carol.token, row{"friendId": alice.id})
		for _, c := range []*hubClient{a1, a2} {
			if got := c.call(t, chat.MethodFriendAdded); got["friendId"] != carol.id.String() || got["remarkName"] != "Caro" || got["online"] != true {
				t.Fatalf("alice told of her new friend: %v", got)
			}
		}

		_ = b1.ws.Close(websocket.StatusNormalClosure, "")
		eventually(t, "bob offline", func() bool { return !friendOnline() })
	})
}
