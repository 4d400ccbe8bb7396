package chat_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/chat"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/tenancy"
)

type messagePage struct {
	Items      []chat.ChatMessage
	TotalCount int
}

// TestOnlyFriendsWriteToEachOther: a message to someone who is not a friend (or to oneself,
// or malformed) is refused with a localised reason and stores nothing.
func TestOnlyFriendsWriteToEachOther(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob, carol := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob"), newPerson(t, e, "demo", "carol")
		befriend(t, e, alice, bob)
		// A pending request is not a friendship.
		call(t, e, http.MethodPost, "/api/im/my-friends/add-request", alice.token, row{"friendId": carol.id})
		svc := service(t, e)
		for name, c := range map[string]struct {
			in   chat.SendMessageInput
			want string
		}{
			"not a friend":    {chatText(carol.id, "hi"), chat.KeyNotFriends},
			"oneself":         {chatText(alice.id, "hi"), chat.KeyNotFriends},
			"no receiver":     {chat.SendMessageInput{Content: "hi"}, "toUserId"},
			"no content":      {chatText(bob.id, "  "), "content"},
			"too long":        {chatText(bob.id, strings.Repeat("x", chat.MaxContent+1)), "content"},
			"unknown type":    {chat.SendMessageInput{ToUserID: bob.id, Content: "hi", MessageType: 5}, "messageType"},
			"a group":         {chat.SendMessageInput{ToUserID: bob.id, Content: "hi", GroupID: "g1"}, chat.KeyNoGroups},
			"a missing image": {chat.SendMessageInput{ToUserID: bob.id, Content: "nope.png", MessageType: chat.TypeImage}, "content"},
		} {
			_, err := svc.SendMessage(alice.ctx(t, e), c.in)
			var ue *apperr.UserError
			var ve *apperr.ValidationError
			switch {
			case errors.As(err, &ue):
				if ue.Key != c.want {
					t.Errorf("%s: %v", name, err)
				}
			case errors.As(err, &ve):
				if ve.Fields[0].Field != c.want {
					t.Errorf("%s: %v", name, err)
				}
			default:
				t.Errorf("%s: %v", name, err)
			}
		}
		if m, err := svc.SendMessage(alice.ctx(t, e), chatText(bob.id, strings.Repeat("x", chat.MaxContent))); err != nil || m.FormUserName != "alice" {
			t.Fatalf("the longest message: %v", err)
		}
		var last struct{ Items []chat.ChatMessage }
		call(t, e, http.MethodGet, "/api/im/chat/my-last-messages", alice.token, nil).JSON(t, &last)
		if len(last.Items) != 1 || last.Items[0].ToUserID != bob.id {
			t.Fatalf("only the message to a friend was stored: %+v", last.Items)
		}
	})
}

// TestHistoryPagesTenAtATimeAndReadingMarksItRead: the conversation is read 10 at a time,
// newest first, filtered by type and text; reading it marks the partner's messages read and
// clears the contact's unread count, not the partner's.
func TestHistoryPagesTenAtATimeAndReadingMarksItRead(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob, carol := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob"), newPerson(t, e, "demo", "carol")
		befriend(t, e, alice, bob)
		befriend(t, e, alice, carol)
		for i := 1; i <= 12; i++ {
			send(t, e, bob, alice.id, fmt.Sprintf("bob %02d", i))
		}
		send(t, e, alice, bob.id, "alice 13")
		send(t, e, carol, alice.id, "carol 1")

		contacts := func(p person) map[string]chat.Contact {
			var out struct{ Items []chat.Contact }
			call(t, e, http.MethodGet, "/api/im/chat/my-contacts", p.token, nil).JSON(t, &out)
			m := map[string]chat.Contact{}
			var order []string
			for _, c := range out.Items {
				m[c.DisplayName] = c
				order = append(order, c.DisplayName)
			}
			m["order:"+strings.Join(order, ",")] = chat.Contact{}
			return m
		}
		cs := contacts(alice)
		if cs["bob"].Unread != 12 || cs["carol"].Unread != 1 || cs["bob"].LastContent != "alice 13" || cs["carol"].LastContent != "carol 1" {
			t.Fatalf("alice's contacts: %+v", cs)
		}
		if _, ok := cs["order:carol,bob"]; !ok {
			t.Fatalf("contacts, newest conversation first: %v", cs)
		}
		if bc := contacts(bob); bc["alice"].Unread != 1 {
			t.Fatalf("bob's unread: %+v", bc)
		}

		base := "/api/im/chat/my-messages?receiveUserId=" + bob.id.String()
		var page messagePage
		call(t, e, http.MethodGet, base, alice.token, nil).JSON(t, &page)
		if page.TotalCount != 13 || len(page.Items) != 10 || page.Items[0].Content != "alice 13" || page.Items[9].Content != "bob 04" {
			t.Fatalf("first page: %d %d %+v", page.TotalCount, len(page.Items), page.Items)
		}
		for _, m := range page.Items[1:] {
			if m.State != chat.StateRead || m.FormUserName != "bob" {
				t.Fatalf("bob's message read by alice: %+v", m)
			}
		}
		call(t, e, http.MethodGet, base+"&skipCount=10", alice.token, nil).JSON(t, &page)
		if len(page.Items) != 3 || page.Items[2].Content != "bob 01" {
			t.Fatalf("older page: %+v", page.Items)
		}
		call(t, e, http.MethodGet, base+"&reverse=false&maxResultCount=2", alice.token, nil).JSON(t, &page)
		if len(page.Items) != 2 || page.Items[0].Content != "bob 01" {
			t.Fatalf("oldest first: %+v", page.Items)
		}
		call(t, e, http.MethodGet, base+"&filter=ALICE", alice.token, nil).JSON(t, &page)
		if page.TotalCount != 1 || page.Items[0].Content != "alice 13" || page.Items[0].State != chat.StateSend {
			t.Fatalf("filtered, alice's own still unread by bob: %+v", page)
		}
		call(t, e, http.MethodGet, base+"&messageType=10", alice.token, nil).JSON(t, &page)
		if page.TotalCount != 0 {
			t.Fatalf("no images: %+v", page)
		}
		cs = contacts(alice)
		if cs["bob"].Unread != 0 || cs["carol"].Unread != 1 {
			t.Fatalf("alice's contacts after reading bob: %+v", cs)
		}
		if bc := contacts(bob); bc["alice"].Unread != 1 {
			t.Fatalf("bob's unread changed by alice's reading: %+v", bc)
		}

		var last struct{ Items []chat.ChatMessage }
		call(t, e, http.MethodGet, "/api/im/chat/my-last-messages", alice.token, nil).JSON(t, &last)
		if len(last.Items) != 2 || last.Items[0].Content != "carol 1" || last.Items[1].Content != "alice 13" {
			t.Fatalf("alice's last messages: %+v", last.Items)
		}
		call(t, e, http.MethodGet, "/api/im/chat/my-last-messages?maxResultCount=1", alice.token, nil).JSON(t, &last)
		if len(last.Items) != 1 {
			t.Fatalf("one last message: %+v", last.Items)
		}
	})
}

// TestAnonymousMessagesHideTheSenderFromTheReceiver: the receiver sees no name, in the push,
// the history and the last messages; the sender's own history shows it.
func TestAnonymousMessagesHideTheSenderFromTheReceiver(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob")
		befriend(t, e, alice, bob)
		m, err := service(t, e).SendMessage(alice.ctx(t, e), chat.SendMessageInput{ToUserID: bob.id, Content: "guess who", IsAnonymous: true})
		if err != nil || m.FormUserName != "alice" || !m.IsAnonymous {
			t.Fatalf("sent: %+v %v", m, err)
		}
		var page messagePage
		call(t, e, http.MethodGet, "/api/im/chat/my-messages?receiveUserId="+alice.id.String(), bob.token, nil).JSON(t, &page)
		if len(page.Items) != 1 || page.Items[0].FormUserName != "" || !page.Items[0].IsAnonymous {
			t.Fatalf("bob's history: %+v", page.Items)
		}
		var last struct{ Items []chat.ChatMessage }
		call(t, e, http.MethodGet, "/api/im/chat/my-last-messages", bob.token, nil).JSON(t, &last)
		if len(last.Items) != 1 || last.Items[0].FormUserName != "" {
			t.Fatalf("bob's last messages: %+v", last.Items)
		}
		if strings.Contains(string(call(t, e, http.MethodGet, "/api/im/chat/my-messages?receiveUserId="+alice.id.String(), bob.token, nil).Body), "alice") {
			t.Fatalf("the sender's name reached the receiver")
		}
		call(t, e, http.MethodGet, "/api/im/chat/my-messages?receiveUserId="+bob.id.String(), alice.token, nil).JSON(t, &page)
		if len(page.Items) != 1 || page.Items[0].FormUserName != "alice" {
			t.Fatalf("alice's own history: %+v", page.Items)
		}
	})
}

// TestAFriendIsOnlineWhileConnectedToTheHub: the online flag follows the friend's hub
// connections (any replica's: they are rows), in the friend lists and the contacts.
func TestAFriendIsOnlineWhileConnectedToTheHub(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob")
		befriend(t, e, alice, bob)
		online := func() (bool, bool) {
			var all struct{ Items []chat.Friend }
			call(t, e, http.MethodGet, "/api/im/my-friends/all", alice.token, nil).JSON(t, &all)
			var cs struct{ Items []chat.Contact }
			call(t, e, http.MethodGet, "/api/im/chat/my-contacts", alice.token, nil).JSON(t, &cs)
			return all.Items[0].Online, cs.Items[0].Online
		}
		svc, ctx := service(t, e), bob.ctx(t, e)
		if a, b := online(); a || b {
			t.Fatalf("online before connecting")
		}
		for _, id := range []string{"conn-1", "conn-2"} {
			if err := svc.Connected(ctx, id, bob.id, tenancy.ID(ctx)); err != nil {
				t.Fatal(err)
			}
		}
		if a, b := online(); !a || !b {
			t.Fatalf("not online while connected")
		}
		_ = svc.Disconnected(ctx, "conn-1")
		if a, _ := online(); !a {
			t.Fatalf("offline with a connection left")
		}
		_ = svc.Disconnected(ctx, "conn-2")
		if a, b := online(); a || b {
			t.Fatalf("online after the last connection closed")
		}
	})
}
