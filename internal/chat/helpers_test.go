package chat_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/chat"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/tenancy"
)

type row = map[string]any

// person is a user of a tenant with their token and id.
type person struct {
	name, tenant string
	token        string
	id           uuid.UUID
}

// newPerson adds a user with no roles to tenant ("" for the host).
func newPerson(t *testing.T, e *apptest.Env, tenant, name string) person {
	t.Helper()
	tok := e.CreateUser(t, tenant, name)
	return person{name: name, tenant: tenant, token: tok, id: e.UserID(t, name, tenant)}
}

// ctx is a context acting as p in p's tenant, as a request of p's would.
func (p person) ctx(t *testing.T, e *apptest.Env) context.Context {
	t.Helper()
	ctx := e.In(t, p.tenant)
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: p.id, TenantID: tenancy.ID(ctx), UserName: p.name})
}

func call(t *testing.T, e *apptest.Env, method, path, token string, body any) *apptest.Response {
	t.Helper()
	return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body, Header: http.Header{"Accept-Language": {"en"}}})
}

func service(t *testing.T, e *apptest.Env) *chat.Service {
	t.Helper()
	for _, m := range e.App.Modules {
		if c, ok := m.(*chat.Module); ok {
			return c.Service()
		}
	}
	t.Fatal("no chat module")
	return nil
}

// befriend makes a and b friends through the API (a asks, b confirms).
func befriend(t *testing.T, e *apptest.Env, a, b person) {
	t.Helper()
	if res := call(t, e, http.MethodPost, "/api/im/my-friends/add-request", a.token, row{"friendId": b.id}); res.Status != 200 {
		t.Fatalf("%s asks %s: %d %s", a.name, b.name, res.Status, res.Body)
	}
	if res := call(t, e, http.MethodPost, "/api/im/my-friends", b.token, row{"friendId": a.id}); res.Status != 200 {
		t.Fatalf("%s confirms %s: %d %s", b.name, a.name, res.Status, res.Body)
	}
}

// send sends a text message from p through the service (as the hub does).
func send(t *testing.T, e *apptest.Env, from person, to uuid.UUID, content string) *chat.ChatMessage {
	t.Helper()
	m, err := service(t, e).SendMessage(from.ctx(t, e), chat.SendMessageInput{ToUserID: to, Content: content})
	if err != nil {
		t.Fatalf("%s sends %q: %v", from.name, content, err)
	}
	return m
}

func upload(t *testing.T, e *apptest.Env, token, name string, content []byte) *apptest.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", name)
	_, _ = fw.Write(content)
	_ = w.Close()
	return e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/im/chat/files", Token: token, Body: &buf,
		ContentType: w.FormDataContentType(), Header: http.Header{"Accept-Language": {"en"}}})
}

func chatText(to uuid.UUID, content string) chat.SendMessageInput {
	return chat.SendMessageInput{ToUserID: to, Content: content}
}
