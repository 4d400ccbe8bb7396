package chat_test

import (
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
)

// TestEveryChatEndpointAnswers401400And200 walks the chat's calls: anonymous 401, bad input a
// localised 400 that changes nothing, a logged-in user of the tenant 200 (no permission is
// needed: any user chats with their friends).
func TestEveryChatEndpointAnswers401400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob, carol := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob"), newPerson(t, e, "demo", "carol")
		dave := newPerson(t, e, "demo", "dave")
		befriend(t, e, alice, bob)
		if res := call(t, e, http.MethodPost, "/api/im/my-friends/add-request", dave.token, row{"friendId": alice.id}); res.Status != 200 {
			t.Fatalf("dave asks alice: %d %s", res.Status, res.Body)
		}
		send(t, e, alice, bob.id, "hello")
		up := upload(t, e, alice.token, "note.txt", []byte("a note"))
		if up.Status != 200 {
			t.Fatalf("upload: %d %s", up.Status, up.Body)
		}
		file := up.Map(t)["url"].(string)
		long := strings.Repeat("名", 51)

		type c struct {
			method, path string
			body         any
			want         int
		}
		for _, x := range []struct {
			name string
			ok   c
			bad  []c
		}{
			{"friends", c{"GET", "/api/im/my-friends?filter=bo&sorting=userName%20desc&reverse=true", nil, 200},
				[]c{{"GET", "/api/im/my-friends?sorting=password", nil, 400}, {"GET", "/api/im/my-friends?reverse=maybe", nil, 400},
					{"GET", "/api/im/my-friends?maxResultCount=-1", nil, 400}}},
			{"all friends", c{"GET", "/api/im/my-friends/all", nil, 200}, nil},
			{"requests", c{"GET", "/api/im/my-friends/requests", nil, 200}, nil},
			{"add request", c{"POST", "/api/im/my-friends/add-request", row{"friendId": carol.id, "remarkName": "Caz"}, 200},
				[]c{{"POST", "/api/im/my-friends/add-request", row{}, 400},
					{"POST", "/api/im/my-friends/add-request", row{"friendId": carol.id, "remarkName": long}, 400},
					{"POST", "/api/im/my-friends/add-request", row{"friendId": alice.id}, 400},
					{"POST", "/api/im/my-friends/add-request", row{"friendId": bob.id}, 400}}},
			{"refuse", c{"POST", "/api/im/my-friends/refuse", row{"friendId": dave.id}, 204},
				[]c{{"POST", "/api/im/my-friends/refuse", row{}, 400}, {"POST", "/api/im/my-friends/refuse", row{"friendId": bob.id}, 400}}},
			{"messages", c{"GET", "/api/im/chat/my-messages?receiveUserId=" + bob.id.String() + "&messageType=0&filter=hel", nil, 200},
				[]c{{"GET", "/api/im/chat/my-messages", nil, 400}, {"GET", "/api/im/chat/my-messages?receiveUserId=bob", nil, 400},
					{"GET", "/api/im/chat/my-messages?receiveUserId=" + bob.id.String() + "&messageType=7", nil, 400},
					{"GET", "/api/im/chat/my-messages?receiveUserId=" + bob.id.String() + "&sorting=content", nil, 400}}},
			{"last messages", c{"GET", "/api/im/chat/my-last-messages?maxResultCount=10", nil, 200},
				[]c{{"GET", "/api/im/chat/my-last-messages?maxResultCount=-1", nil, 400}}},
			{"contacts", c{"GET", "/api/im/chat/my-contacts", nil, 200}, nil},
			{"file", c{"GET", file, nil, 200}, []c{{"GET", "/api/im/chat/files/nope.txt", nil, 404}}},
		} {
			if res := call(t, e, x.ok.method, x.ok.path, "", x.ok.body); res.Status != 401 {
				t.Errorf("%s anonymous: %d", x.name, res.Status)
			}
			for _, b := range x.bad {
				if res := call(t, e, b.method, b.path, alice.token, b.body); res.Status != b.want || res.ErrorMessage(t) == "" {
					t.Errorf("%s %s %s %v: %d %s, want %d", x.name, b.method, b.path, b.body, res.Status, res.Body, b.want)
				}
			}
			if res := call(t, e, x.ok.method, x.ok.path, alice.token, x.ok.body); res.Status != x.ok.want {
				t.Errorf("%s: %d %s, want %d", x.name, res.Status, res.Body, x.ok.want)
			}
		}
		if res := upload(t, e, "", "a.txt", []byte("x")); res.Status != 401 {
			t.Errorf("anonymous upload: %d", res.Status)
		}
		if res := call(t, e, http.MethodPost, "/api/im/chat/files", alice.token, row{}); res.Status != 400 {
			t.Errorf("upload without a file: %d %s", res.Status, res.Body)
		}

		// Messages in both languages; the refused request changed nothing.
		res := call(t, e, http.MethodPost, "/api/im/my-friends/add-request", alice.token, row{"friendId": bob.id})
		if res.ErrorMessage(t) != "This user is already your friend" {
			t.Errorf("en: %s", res.Body)
		}
		zh := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/im/my-friends/add-request", Token: alice.token,
			JSON: row{"friendId": carol.id, "remarkName": long}})
		if zh.Status != 400 || !strings.Contains(string(zh.Body), "备注名的长度不能超过50") {
			t.Errorf("zh-Hans: %d %s", zh.Status, zh.Body)
		}
		var reqs struct{ Items []row }
		call(t, e, http.MethodGet, "/api/im/my-friends/requests", carol.token, nil).JSON(t, &reqs)
		if len(reqs.Items) != 1 || reqs.Items[0]["remarkName"] != "Caz" {
			t.Errorf("carol's requests after a refused rename: %v", reqs.Items)
		}
	})
}

// TestFriendsAskConfirmRefuseAndList: a request waits for the friend, who confirms (both are
// friends, each with their remark name) or refuses; asking someone who asked you makes you
// friends at once; the list filters, sorts, turns round and pages.
func TestFriendsAskConfirmRefuseAndList(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob")
		carol, dave := newPerson(t, e, "demo", "carol"), newPerson(t, e, "demo", "dave")

		res := call(t, e, http.MethodPost, "/api/im/my-friends/add-request", alice.token, row{"friendId": bob.id, "remarkName": "Bobby"})
		if res.Status != 200 || res.Map(t)["added"] != false {
			t.Fatalf("alice asks bob: %d %s", res.Status, res.Body)
		}
		var reqs struct{ Items []row }
		call(t, e, http.MethodGet, "/api/im/my-friends/requests", bob.token, nil).JSON(t, &reqs)
		if len(reqs.Items) != 1 || reqs.Items[0]["fromUserId"] != alice.id.String() || reqs.Items[0]["fromUserName"] != "alice" {
			t.Fatalf("bob's requests: %v", reqs.Items)
		}
		var all struct{ Items []row }
		call(t, e, http.MethodGet, "/api/im/my-friends/all", alice.token, nil).JSON(t, &all)
		if len(all.Items) != 0 {
			t.Fatalf("friends before the confirmation: %v", all.Items)
		}
		res = call(t, e, http.MethodPost, "/api/im/my-friends", bob.token, row{"friendId": alice.id, "remarkName": "Ali"})
		if res.Status != 200 || res.Map(t)["friendId"] != alice.id.String() || res.Map(t)["remarkName"] != "Ali" {
			t.Fatalf("bob confirms: %d %s", res.Status, res.Body)
		}
		call(t, e, http.MethodGet, "/api/im/my-friends/all", alice.token, nil).JSON(t, &all)
		if len(all.Items) != 1 || all.Items[0]["friendId"] != bob.id.String() || all.Items[0]["remarkName"] != "Bobby" ||
			all.Items[0]["userName"] != "bob" || all.Items[0]["online"] != false {
			t.Fatalf("alice's friends: %v", all.Items)
		}
		call(t, e, http.MethodGet, "/api/im/my-friends/requests", bob.token, nil).JSON(t, &reqs)
		if len(reqs.Items) != 0 {
			t.Fatalf("bob's requests once confirmed: %v", reqs.Items)
		}
		if res := call(t, e, http.MethodPost, "/api/im/my-friends", bob.token, row{"friendId": alice.id}); res.Status != 400 ||
			res.ErrorMessage(t) != "This user has not asked to be your friend" {
			t.Fatalf("second confirmation: %d %s", res.Status, res.Body)
		}

		// Carol asks alice, who refuses: no friends, nothing waiting; carol may ask again.
		call(t, e, http.MethodPost, "/api/im/my-friends/add-request", carol.token, row{"friendId": alice.id})
		if res := call(t, e, http.MethodPost, "/api/im/my-friends/refuse", alice.token, row{"friendId": carol.id}); res.Status != 204 {
			t.Fatalf("refuse: %d %s", res.Status, res.Body)
		}
		call(t, e, http.MethodGet, "/api/im/my-friends/requests", alice.token, nil).JSON(t, &reqs)
		if len(reqs.Items) != 0 {
			t.Fatalf("alice's requests after refusing: %v", reqs.Items)
		}
		if res := call(t, e, http.MethodPost, "/api/im/my-friends", alice.token, row{"friendId": carol.id}); res.Status != 400 {
			t.Fatalf("confirm a refused request: %d", res.Status)
		}
		if res := call(t, e, http.MethodPost, "/api/im/my-friends/add-request", carol.token, row{"friendId": alice.id}); res.Status != 200 {
			t.Fatalf("ask again after a refusal: %d %s", res.Status, res.Body)
		}
		// Dave asked alice; alice asking dave makes them friends at once.
		call(t, e, http.MethodPost, "/api/im/my-friends/add-request", dave.token, row{"friendId": alice.id, "remarkName": "Al"})
		res = call(t, e, http.MethodPost, "/api/im/my-friends/add-request", alice.token, row{"friendId": dave.id})
		if res.Status != 200 || res.Map(t)["added"] != true {
			t.Fatalf("alice asks dave, who asked her: %d %s", res.Status, res.Body)
		}
		call(t, e, http.MethodGet, "/api/im/my-friends/all", dave.token, nil).JSON(t, &all)
		if len(all.Items) != 1 || all.Items[0]["remarkName"] != "Al" {
			t.Fatalf("dave's friends: %v", all.Items)
		}
		befriend(t, e, carol, alice) // alice confirms carol's second request

		var page struct {
			Items      []row
			TotalCount int
		}
		names := func() []string {
			var out []string
			for _, f := range page.Items {
				out = append(out, f["userName"].(string))
			}
			return out
		}
		call(t, e, http.MethodGet, "/api/im/my-friends", alice.token, nil).JSON(t, &page)
		if page.TotalCount != 3 || strings.Join(names(), ",") != "bob,dave,carol" {
			t.Fatalf("alice's friends in the order they became friends: %d %v", page.TotalCount, names())
		}
		call(t, e, http.MethodGet, "/api/im/my-friends?sorting=userName&maxResultCount=2", alice.token, nil).JSON(t, &page)
		if page.TotalCount != 3 || strings.Join(names(), ",") != "bob,carol" {
			t.Fatalf("first page by user name: %d %v", page.TotalCount, names())
		}
		call(t, e, http.MethodGet, "/api/im/my-friends?sorting=userName&reverse=true&skipCount=1&maxResultCount=2", alice.token, nil).JSON(t, &page)
		if strings.Join(names(), ",") != "carol,bob" {
			t.Fatalf("second page turned round: %v", names())
		}
		call(t, e, http.MethodGet, "/api/im/my-friends?filter=BOBB", alice.token, nil).JSON(t, &page)
		if page.TotalCount != 1 || strings.Join(names(), ",") != "bob" {
			t.Fatalf("filter over the remark name: %d %v", page.TotalCount, names())
		}
	})
}

// TestNothingCrossesTenants: a user of another tenant is not found, to ask, to read or to
// write; a host user acting in a tenant does not chat there; each tenant sees only its rows.
func TestNothingCrossesTenants(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob")
		hank := newPerson(t, e, "", "hank")
		befriend(t, e, alice, bob)
		send(t, e, alice, bob.id, "demo only")

		for _, c := range []struct {
			method, path, token string
			body                any
		}{
			{"POST", "/api/im/my-friends/add-request", hank.token, row{"friendId": alice.id}},
			{"POST", "/api/im/my-friends/add-request", alice.token, row{"friendId": hank.id}},
			{"POST", "/api/im/my-friends", hank.token, row{"friendId": alice.id}},
			{"GET", "/api/im/chat/my-messages?receiveUserId=" + alice.id.String(), hank.token, nil},
			{"GET", "/api/im/chat/my-messages?receiveUserId=" + hank.id.String(), alice.token, nil},
		} {
			res := call(t, e, c.method, c.path, c.token, c.body)
			if res.Status != 404 || res.ErrorMessage(t) != "The user does not exist" {
				t.Errorf("%s %s: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
		for _, p := range []string{"/api/im/my-friends/all", "/api/im/chat/my-last-messages", "/api/im/chat/my-contacts", "/api/im/my-friends/requests"} {
			res := call(t, e, http.MethodGet, p, hank.token, nil)
			if res.Status != 200 || strings.TrimSpace(string(res.Body)) != `{"items":[]}` {
				t.Errorf("host user's %s: %d %s", p, res.Status, res.Body)
			}
		}
		// The host's admin acting in the demo tenant through __tenant: not a user there.
		admin := e.Token(t, "admin", apptest.Password, "")
		res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/im/chat/my-contacts", Token: admin,
			Header: http.Header{"__tenant": {"demo"}, "Accept-Language": {"en"}}})
		if res.Status != 403 || res.ErrorMessage(t) != "You can chat only in your own tenant" {
			t.Errorf("host admin in the demo tenant: %d %s", res.Status, res.Body)
		}
		if _, err := service(t, e).SendMessage(hank.ctx(t, e), chatText(alice.id, "hi")); err == nil {
			t.Errorf("a host user wrote to a tenant's user")
		}
	})
}
