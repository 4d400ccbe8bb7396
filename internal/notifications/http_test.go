package notifications_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/notifications"
	"kerf/internal/platform/localization"
)

type row = map[string]any

// service finds the notifications area's service in the running app.
func service(t *testing.T, e *apptest.Env) *notifications.Service {
	t.Helper()
	for _, m := range e.App.Modules {
		if n, ok := m.(*notifications.Module); ok {
			return n.Service()
		}
	}
	t.Fatal("the app has no notifications area")
	return nil
}

func publish(t *testing.T, e *apptest.Env, tenant string, users []uuid.UUID, title string) {
	t.Helper()
	err := service(t, e).Publish(e.In(t, tenant), notifications.Notification{Name: notifications.Broadcast, Users: users,
		Title: localization.Text{ZhHans: title + "（中）", En: title}, Message: localization.Text{ZhHans: "内容", En: "body"}})
	if err != nil {
		t.Fatal(err)
	}
}

type page struct {
	Items      []notifications.UserNotification `json:"items"`
	TotalCount int                              `json:"totalCount"`
}

func mine(t *testing.T, e *apptest.Env, token, query string) page {
	t.Helper()
	res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/my-notifilers" + query, Token: token,
		Header: http.Header{"Accept-Language": {"en"}}})
	if res.Status != http.StatusOK {
		t.Fatalf("list: %d %s", res.Status, res.Body)
	}
	var p page
	res.JSON(t, &p)
	return p
}

// TestEveryNotificationEndpointAnswers401403400And200: the demo's sales clerk holds the
// realtime permission (seeded), a user with no role does not; bad input is a localised 400
// in both languages that changes nothing.
func TestEveryNotificationEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		sales := e.Token(t, "sales", apptest.Password, "")
		nobody := e.CreateUser(t, "", "nobody")
		salesID := e.UserID(t, "sales", "")
		publish(t, e, "", []uuid.UUID{salesID}, "first")
		publish(t, e, "", []uuid.UUID{salesID}, "second")
		p := mine(t, e, sales, "")
		if p.TotalCount != 2 || p.Items[0].Title != "second" {
			t.Fatalf("sales' notifications: %+v", p)
		}
		first, second := p.Items[1].ID.String(), p.Items[0].ID.String()
		type call struct {
			method, path string
			json         any
		}
		scenarios := []struct {
			name    string
			ok, bad call
			noBad   bool
			okCode  int
			caller  string
		}{
			{name: "list", ok: call{"GET", "/api/my-notifilers?readState=-1&skipCount=0&maxResultCount=10&reverse=true&filter=", nil},
				bad: call{"GET", "/api/my-notifilers?readState=5", nil}},
			{name: "assignables", noBad: true, ok: call{"GET", "/api/my-notifilers/assignables", nil}},
			{name: "change read state", okCode: 204, ok: call{"PUT", "/api/my-notifilers/change-read-state", row{"idList": []string{first}, "state": 0}},
				bad: call{"PUT", "/api/my-notifilers/change-read-state", row{"idList": []string{}, "state": 0}}},
			{name: "mark all state", okCode: 204, ok: call{"PUT", "/api/my-notifilers/mark-all-state", row{"state": 1}},
				bad: call{"PUT", "/api/my-notifilers/mark-all-state", row{"state": 3}}},
			{name: "subscriptions", noBad: true, ok: call{"GET", "/api/my-subscribes/all", nil}},
			{name: "unsubscribe", okCode: 204, ok: call{"DELETE", "/api/my-subscribes?name=Kerf.SalesOrder.StatusChanged", nil},
				bad: call{"DELETE", "/api/my-subscribes?name=Kerf.Broadcast", nil}},
			{name: "subscribe", okCode: 204, ok: call{"POST", "/api/my-subscribes", row{"name": "Kerf.SalesOrder.StatusChanged"}},
				bad: call{"POST", "/api/my-subscribes", row{"name": "Nope"}}},
			{name: "delete", okCode: 204, ok: call{"DELETE", "/api/my-notifilers/" + second, nil},
				bad: call{"DELETE", "/api/my-notifilers/not-an-id", nil}},
			{name: "broadcast", caller: "admin", ok: call{"POST", "/api/notifications/broadcast", row{"title": "维护", "message": "今晚停机", "severity": 20}},
				bad: call{"POST", "/api/notifications/broadcast", row{"title": "", "message": "x"}}},
		}
		do := func(c call, token, lang string) *apptest.Response {
			return e.Do(t, apptest.Request{Method: c.method, Path: c.path, Token: token, JSON: c.json, Header: http.Header{"Accept-Language": {lang}}})
		}
		for _, s := range scenarios {
			caller := sales
			if s.caller == "admin" {
				caller = admin
			}
			if res := do(s.ok, "", "en"); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if res := do(s.ok, nobody, "en"); res.Status != http.StatusForbidden {
				t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
			}
			if s.caller == "admin" {
				if res := do(s.ok, sales, "en"); res.Status != http.StatusForbidden {
					t.Errorf("%s by sales: %d %s", s.name, res.Status, res.Body)
				}
			}
			if !s.noBad {
				en, zh := do(s.bad, caller, "en"), do(s.bad, caller, "zh-Hans")
				if en.Status != http.StatusBadRequest || zh.Status != http.StatusBadRequest {
					t.Errorf("%s bad input: %d %s / %d %s", s.name, en.Status, en.Body, zh.Status, zh.Body)
				} else if m1, m2 := en.ErrorMessage(t), zh.ErrorMessage(t); m1 == "" || m1 == m2 {
					t.Errorf("%s bad input: messages %q and %q", s.name, m1, m2)
				}
			}
			want := s.okCode
			if want == 0 {
				want = http.StatusOK
			}
			if res := do(s.ok, caller, "en"); res.Status != want {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
		}
		// What the calls did: first read then all unread again, second deleted, the broadcast added.
		all := mine(t, e, sales, "?readState=-1")
		if all.TotalCount != 2 || all.Items[0].Title != "维护" || all.Items[0].Severity != notifications.Warn || all.Items[1].Title != "first" {
			t.Fatalf("after the calls: %+v", all)
		}
		var subs struct{ Items []notifications.Subscription }
		e.Get(t, "/api/my-subscribes/all", sales).JSON(t, &subs)
		var names []string
		for _, s := range subs.Items {
			names = append(names, s.Name)
		}
		if !strings.Contains(strings.Join(names, ","), "Kerf.SalesOrder.StatusChanged") || strings.Contains(strings.Join(names, ","), "Broadcast") {
			t.Fatalf("subscriptions: %v", names)
		}
		var kinds struct{ Items []notifications.Assignable }
		e.Do(t, apptest.Request{Method: "GET", Path: "/api/my-notifilers/assignables", Token: sales, Header: http.Header{"Accept-Language": {"en"}}}).JSON(t, &kinds)
		if len(kinds.Items) != 6 {
			t.Fatalf("assignables: %+v", kinds.Items)
		}
	})
}

// TestABroadcastStaysInItsTenantAndIsReadAfterTheFact: the demo tenant's administrator
// broadcasts; the demo tenant's users find it in their list (whether or not they were
// connected), the host's users never do.
func TestABroadcastStaysInItsTenantAndIsReadAfterTheFact(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		demoAdmin := e.Token(t, "admin", apptest.Password, "demo")
		demoSales := e.Token(t, "sales", apptest.Password, "demo")
		before := mine(t, e, demoSales, "").TotalCount // the demo's orders and sheets told the clerk already
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/notifications/broadcast", Token: demoAdmin,
			JSON: row{"title": "demo only", "message": "m", "severity": 10}})
		if res.Status != http.StatusOK || res.Map(t)["userCount"].(float64) < 2 {
			t.Fatalf("broadcast: %d %s", res.Status, res.Body)
		}
		if p := mine(t, e, demoSales, ""); p.TotalCount != before+1 || p.Items[0].Title != "demo only" {
			t.Fatalf("demo sales: %+v", p)
		}
		for _, u := range []string{"admin", "sales"} {
			if p := mine(t, e, e.Token(t, u, apptest.Password, ""), "?readState=-1"); p.TotalCount != 0 {
				t.Fatalf("host %s sees %+v", u, p)
			}
		}
	})
}

// hubClient is a SignalR JSON-protocol client of the notifications hub.
type hubClient struct {
	ws   *websocket.Conn
	recs chan map[string]any
}

func connect(t *testing.T, base, token string) *hubClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(base, "http", "ws", 1)+"/signalr-hubs/notifications?access_token="+token, nil)
	if err != nil {
		t.Fatal(err)
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
			for _, rec := range strings.Split(string(msg), "\x1e") {
				var m map[string]any
				if rec != "" && json.Unmarshal([]byte(rec), &m) == nil && m["type"] != float64(6) {
					c.recs <- m
				}
			}
		}
	}()
	return c
}

func (c *hubClient) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case m, ok := <-c.recs:
		if !ok {
			t.Fatal("the hub closed the connection")
		}
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("nothing from the hub within 10 s")
		return nil
	}
}

func (c *hubClient) none(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case m := <-c.recs:
		t.Fatalf("unexpected %v", m)
	case <-time.After(d):
	}
}

func (c *hubClient) invoke(t *testing.T, id, method string, args ...any) map[string]any {
	t.Helper()
	raw, _ := json.Marshal(row{"type": 1, "invocationId": id, "target": method, "arguments": args})
	if err := c.ws.Write(context.Background(), websocket.MessageText, append(raw, 0x1e)); err != nil {
		t.Fatal(err)
	}
	return c.next(t)
}

// TestAConnectedUserReceivesGetNotificationAndChangesStateThroughTheHub: a connected user
// receives get-notification when one is published to them (a user of another tenant
// connected at the same time does not), reads their page and marks it read through the hub.
func TestAConnectedUserReceivesGetNotificationAndChangesStateThroughTheHub(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		srv := httptest.NewServer(e.App.Handler())
		defer srv.Close()
		sales := e.Token(t, "sales", apptest.Password, "")
		hostSales := connect(t, srv.URL, sales)
		demoSales := connect(t, srv.URL, e.Token(t, "sales", apptest.Password, "demo"))
		nobody := e.CreateUser(t, "", "nobody")
		if _, res, err := websocket.Dial(context.Background(), strings.Replace(srv.URL, "http", "ws", 1)+"/signalr-hubs/notifications?access_token="+nobody, nil); err == nil || res.StatusCode != http.StatusForbidden {
			t.Fatalf("a user without %s connects: %v", notifications.PermClient, err)
		}
		for until := time.Now().Add(5 * time.Second); e.App.Realtime.Connections() < 2 && time.Now().Before(until); time.Sleep(10 * time.Millisecond) {
		}
		publish(t, e, "", []uuid.UUID{e.UserID(t, "sales", "")}, "pushed")
		m := hostSales.next(t)
		if m["type"] != float64(1) || m["target"] != notifications.MethodGetNotification {
			t.Fatalf("received %v", m)
		}
		n := m["arguments"].([]any)[0].(map[string]any)
		texts := n["texts"].(map[string]any)["title"].(map[string]any)
		if n["state"] != float64(notifications.UnRead) || texts["en"] != "pushed" || texts["zh-Hans"] != "pushed（中）" {
			t.Fatalf("get-notification carries %v", n)
		}
		demoSales.none(t, 300*time.Millisecond)

		got := hostSales.invoke(t, "1", "GetNotification", row{"readState": 1, "skipCount": 0, "maxResultCount": 10})
		items := got["result"].(map[string]any)["items"].([]any)
		if got["type"] != float64(3) || len(items) != 1 || items[0].(map[string]any)["id"] != n["id"] {
			t.Fatalf("GetNotification answered %v", got)
		}
		if got := hostSales.invoke(t, "2", "ChangeState", n["id"], 0); got["type"] != float64(3) || got["error"] != nil {
			t.Fatalf("ChangeState answered %v", got)
		}
		if p := mine(t, e, sales, ""); p.TotalCount != 0 {
			t.Fatalf("still unread after ChangeState: %+v", p)
		}
		if got := hostSales.invoke(t, "3", "ChangeState", n["id"], 9); got["error"] == nil {
			t.Fatalf("ChangeState with state 9 answered %v", got)
		}
	})
}

// TestAnOrdersCreatorHearsOfItsStatusMove: the demo sales clerk creates an order, the
// administrator cancels it; the clerk has exactly one notification saying so, in their language.
func TestAnOrdersCreatorHearsOfItsStatusMove(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		sales := e.Token(t, "sales", apptest.Password, "")
		var types struct{ Items []row }
		e.Get(t, "/api/app/sales-order-types/enabled", admin).JSON(t, &types)
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/app/salesorder", Token: sales,
			JSON: row{"orderTypeId": types.Items[0]["id"], "customerName": "王先生", "customerPhone": "13900000001"}})
		if res.Status != http.StatusOK {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		o := res.Map(t)
		before := mine(t, e, sales, "?readState=-1").TotalCount
		res = e.Do(t, apptest.Request{Method: "POST", Path: "/api/app/salesorder/" + o["id"].(string) + "/status", Token: admin,
			JSON: row{"action": "cancel", "comment": "客户取消"}})
		if res.Status != http.StatusOK {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		p := mine(t, e, sales, "?readState=-1")
		if p.TotalCount != before+1 {
			t.Fatalf("sales has %d notifications, want %d", p.TotalCount, before+1)
		}
		n := p.Items[0]
		if n.Name != "Kerf.SalesOrder.StatusChanged" || n.Title != "Order status changed" ||
			n.Message != "admin moved order "+o["salesOrderId"].(string)+" from draft to cancelled" || n.Description != "客户取消" {
			t.Fatalf("the notification: %+v", n)
		}
		if p := mine(t, e, admin, "?readState=-1"); p.TotalCount != 0 {
			t.Fatalf("the mover was told: %+v", p)
		}
	})
}
