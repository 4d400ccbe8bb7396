package email_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/email"
)

type mailPage struct {
	Items []struct {
		ID      string `json:"id"`
		To      string `json:"to"`
		Subject string `json:"subject"`
		HTML    string `json:"html"`
		Text    string `json:"text"`
	} `json:"items"`
	TotalCount int `json:"totalCount"`
}

func mailModule(t *testing.T, e *apptest.Env) *email.Module {
	t.Helper()
	for _, m := range e.App.Modules {
		if em, ok := m.(*email.Module); ok {
			return em
		}
	}
	t.Fatal("the app has no e-mail module")
	return nil
}

// waitForMail polls the mailbox (as token) until a message with subject is there.
func waitForMail(t *testing.T, e *apptest.Env, token, subject string) mailPage {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var p mailPage
		e.Get(t, "/api/setting-management/emailing/mailbox?maxResultCount=100", token).JSON(t, &p)
		for _, it := range p.Items {
			if it.Subject == subject {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no message %q in the mailbox: %+v", subject, p)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestATestEmailIsQueuedAndLandsInTheSendersTenantMailbox(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		if err := e.App.StartJobs(ctx); err != nil {
			t.Fatal(err)
		}
		admin := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, "demo")
		nobody := e.CreateUser(t, "", "nobody")
		send := func(token string, body map[string]any) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/setting-management/emailing/send-test-email", Token: token, JSON: body})
		}
		// Who may send and read.
		for _, c := range []struct {
			name, token string
			want        int
		}{{"anonymous", "", http.StatusUnauthorized}, {"without the permission", nobody, http.StatusForbidden}} {
			if res := send(c.token, map[string]any{"to": "a@example.com", "subject": "x", "body": "y"}); res.Status != c.want {
				t.Errorf("send %s: %d, want %d", c.name, res.Status, c.want)
			}
			if res := e.Get(t, "/api/setting-management/emailing/mailbox", c.token); res.Status != c.want {
				t.Errorf("mailbox %s: %d, want %d", c.name, res.Status, c.want)
			}
			if res := e.Get(t, "/api/setting-management/emailing/mailbox/3fa85f64-5717-4562-b3fc-2c963f66afa6", c.token); res.Status != c.want {
				t.Errorf("message %s: %d, want %d", c.name, res.Status, c.want)
			}
		}
		// Bad input: a localised message, nothing queued.
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/setting-management/emailing/send-test-email", Token: admin,
			JSON: map[string]any{"to": "not-an-address", "subject": "Bad", "body": "y"}, Header: http.Header{"Accept-Language": {"zh-Hans"}}})
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) == "" {
			t.Fatalf("bad address: %d %s", res.Status, res.Body)
		}
		if res := send(admin, map[string]any{"to": "a@example.com", "body": "y"}); res.Status != http.StatusBadRequest {
			t.Fatalf("no subject: %d", res.Status)
		}
		// The host's and the demo tenant's test e-mails, each in its own mailbox.
		if res := send(admin, map[string]any{"to": "host@example.com", "subject": "Host test", "body": "Hello <host>\nline 2"}); res.Status != http.StatusNoContent {
			t.Fatalf("send: %d %s", res.Status, res.Body)
		}
		if res := send(demo, map[string]any{"targetEmailAddress": "demo@example.com", "subject": "Demo test", "body": "Hi"}); res.Status != http.StatusNoContent {
			t.Fatalf("send (demo): %d %s", res.Status, res.Body)
		}
		hostBox := waitForMail(t, e, admin, "Host test")
		demoBox := waitForMail(t, e, demo, "Demo test")
		if hostBox.TotalCount != 1 || demoBox.TotalCount != 1 || hostBox.Items[0].To != "host@example.com" {
			t.Fatalf("each tenant should see its own message only: host %+v demo %+v", hostBox, demoBox)
		}
		var one struct {
			To, Subject, HTML, Text string
		}
		e.Get(t, "/api/setting-management/emailing/mailbox/"+hostBox.Items[0].ID, admin).JSON(t, &one)
		if one.Text != "Hello <host>\nline 2" || one.HTML != "<p>Hello &lt;host&gt;<br>line 2</p>" {
			t.Fatalf("message: %+v", one)
		}
		if res := e.Get(t, "/api/setting-management/emailing/mailbox/"+hostBox.Items[0].ID, demo); res.Status != http.StatusNotFound {
			t.Fatalf("the demo tenant read the host's message: %d", res.Status)
		}
		// Filter by subject or recipient.
		var f mailPage
		e.Get(t, "/api/setting-management/emailing/mailbox?filter=HOST%40", admin).JSON(t, &f)
		if f.TotalCount != 1 {
			t.Fatalf("filter: %+v", f)
		}
		e.Get(t, "/api/setting-management/emailing/mailbox?filter=nothing", admin).JSON(t, &f)
		if f.TotalCount != 0 {
			t.Fatalf("filter: %+v", f)
		}

		// A message sent in a transaction goes out only when it commits.
		sender := mailModule(t, e).Sender()
		in := e.In(t, "demo")
		rollback := errors.New("roll back")
		err := e.App.DB.InTx(in, func(ctx context.Context, tx bun.Tx) error {
			if err := sender.SendTx(ctx, tx, email.Message{To: "x@example.com", Subject: "Rolled back (tx)", Text: "x"}); err != nil {
				return err
			}
			if err := sender.Send(ctx, email.Message{To: "x@example.com", Subject: "Rolled back (after commit)", Text: "x"}); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		err = e.App.DB.InTx(in, func(ctx context.Context, tx bun.Tx) error {
			if err := sender.SendTx(ctx, tx, email.Message{To: "y@example.com", Subject: "Committed (tx)", Text: "y"}); err != nil {
				return err
			}
			return sender.Send(ctx, email.Message{To: "y@example.com", Subject: "Committed (after commit)", Text: "y"})
		})
		if err != nil {
			t.Fatal(err)
		}
		waitForMail(t, e, demo, "Committed (tx)")
		box := waitForMail(t, e, demo, "Committed (after commit)")
		for _, it := range box.Items {
			if it.Subject == "Rolled back (tx)" || it.Subject == "Rolled back (after commit)" {
				t.Fatalf("a message of a rolled-back transaction was sent: %+v", box)
			}
		}
		if box.TotalCount != 3 {
			t.Fatalf("demo mailbox: %+v", box)
		}
	})
}
