package realtime_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"kerf/internal/app/apptest"
)

// TestForcingAUserOfflineClosesTheirHubConnectionsAndRefusesTheirToken runs the whole app:
// an administrator forces a connected user offline; the user's connection receives a close
// message that forbids reconnecting, and the user's old token can neither negotiate nor
// connect again (the verifier refuses ended logins).
func TestForcingAUserOfflineClosesTheirHubConnectionsAndRefusesTheirToken(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		e.App.Realtime.Hub("offline-test", "") // any logged-in user; routes find hubs per request
		srv := httptest.NewServer(e.App.Handler())
		defer srv.Close()
		admin := e.Token(t, "admin", apptest.Password, "")
		alice := e.CreateUser(t, "", "alice")
		aliceID := e.UserID(t, "alice", "")

		negotiate := func(token string) int {
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/signalr-hubs/signalr-hubs/offline-test/negotiate?negotiateVersion=1", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		wsURL := strings.Replace(srv.URL, "http", "ws", 1) + "/signalr-hubs/signalr-hubs/offline-test?access_token=" + alice
		if got := negotiate(alice); got != http.StatusOK {
			t.Fatalf("negotiate before: %d", got)
		}
		ws, _, err := websocket.Dial(ctx, wsURL, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		if err := ws.Write(ctx, websocket.MessageText, []byte("{\"protocol\":\"json\",\"version\":1}\x1e")); err != nil {
			t.Fatal(err)
		}
		if _, msg, err := ws.Read(ctx); err != nil || string(msg) != "{}\x1e" {
			t.Fatalf("handshake %q %v", msg, err)
		}
		waitFor(t, func() bool { return e.App.Realtime.Connections() == 1 })

		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/app/user-login/" + aliceID.String() + "/force-user-offline", Token: admin})
		if res.Status != http.StatusNoContent {
			t.Fatalf("force offline: %d %s", res.Status, res.Body)
		}
		var closeMsg map[string]any
		for closeMsg == nil {
			_, msg, err := ws.Read(ctx)
			if err != nil {
				t.Fatalf("no close message: %v", err)
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(strings.TrimSuffix(string(msg), "\x1e")), &m); err != nil {
				t.Fatal(err)
			}
			if m["type"] == float64(7) {
				closeMsg = m
			}
		}
		if closeMsg["allowReconnect"] != false {
			t.Fatalf("close message %v: the client must not reconnect", closeMsg)
		}
		if _, _, err := ws.Read(ctx); err == nil {
			t.Fatal("the connection stays open")
		}
		waitFor(t, func() bool { return e.App.Realtime.Connections() == 0 })

		if got := negotiate(alice); got != http.StatusUnauthorized {
			t.Fatalf("negotiate with the old token: %d, want 401", got)
		}
		_, res2, err := websocket.Dial(ctx, wsURL, nil)
		if err == nil || res2 == nil || res2.StatusCode != http.StatusUnauthorized {
			t.Fatalf("connect with the old token: %v %v, want 401", res2, err)
		}

		// Locking a user signs them out everywhere (identity's sign-out hook): their hub
		// connections close too.
		bob := e.CreateUser(t, "", "bob")
		bobWS, _, err := websocket.Dial(ctx, strings.Replace(srv.URL, "http", "ws", 1)+"/signalr-hubs/offline-test?access_token="+bob, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer bobWS.CloseNow()
		if err := bobWS.Write(ctx, websocket.MessageText, []byte("{\"protocol\":\"json\",\"version\":1}\x1e")); err != nil {
			t.Fatal(err)
		}
		if _, msg, err := bobWS.Read(ctx); err != nil || string(msg) != "{}\x1e" {
			t.Fatalf("handshake %q %v", msg, err)
		}
		waitFor(t, func() bool { return e.App.Realtime.Connections() == 1 })
		if err := e.App.Identity.LockUser(context.Background(), e.UserID(t, "bob", ""), time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		_, msg, err := bobWS.Read(ctx)
		if err != nil || !strings.Contains(string(msg), `"allowReconnect":false`) {
			t.Fatalf("locked user's connection: %q %v", msg, err)
		}
		// The client answers the server's close, as a browser does at once.
		_, _, _ = bobWS.Read(ctx)
		waitFor(t, func() bool { return e.App.Realtime.Connections() == 0 })
	})
}

func waitFor(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second) // a loaded CI machine; the condition usually holds at once
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 20s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
