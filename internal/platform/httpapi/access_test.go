package httpapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/localization"
)

type denyAll struct{}

func (denyAll) IsGranted(context.Context, *auth.Principal, ...string) (bool, error) {
	return false, nil
}

func newTestAPI() *API {
	return New(Config{Catalog: localization.NewCatalog(), Checker: denyAll{}, Title: "test", Version: "1"})
}

func panics(fn func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg, _ = r.(string)
			if msg == "" {
				msg = "panic"
			}
		}
	}()
	fn()
	return ""
}

func TestAnOperationWithoutAnAccessRuleIsRefusedAtRegistration(t *testing.T) {
	a := newTestAPI()
	h := func(context.Context, *struct{}) (*Body[string], error) { return Reply(new(string), nil) }
	cases := []struct {
		name     string
		register func()
		refused  bool
	}{
		{"Register with the zero Access", func() {
			Register(a, huma.Operation{Method: http.MethodGet, Path: "/open"}, Access{}, h)
		}, true},
		{"Handle with the zero Access", func() {
			a.Handle(http.MethodGet, "/open-file", "x", Access{}, func(http.ResponseWriter, *http.Request) {})
		}, true},
		{"Register LoggedIn", func() {
			Register(a, huma.Operation{Method: http.MethodGet, Path: "/mine"}, LoggedIn(), h)
		}, false},
		{"Register Public", func() {
			Register(a, huma.Operation{Method: http.MethodGet, Path: "/public"}, Public(), h)
		}, false},
		{"Handle Perm", func() {
			a.Handle(http.MethodGet, "/file", "x", Perm("X.Read"), func(http.ResponseWriter, *http.Request) {})
		}, false},
	}
	for _, c := range cases {
		msg := panics(c.register)
		if c.refused != (msg != "") {
			t.Errorf("%s: refused=%v (%q)", c.name, msg != "", msg)
		}
		if c.refused && !strings.Contains(msg, "access rule") {
			t.Errorf("%s: the panic does not say what is missing: %q", c.name, msg)
		}
	}
	for _, op := range a.Ops() {
		if !op.Access.Declared() {
			t.Errorf("%s %s was recorded without a rule", op.Method, op.Path)
		}
	}
	// LoggedIn still means a token: an anonymous caller is answered 401.
	res := httptest.NewRecorder()
	a.Router.ServeHTTP(res, httptest.NewRequest(http.MethodGet, "/mine", nil))
	if res.Code != http.StatusUnauthorized {
		t.Fatalf("anonymous on a LoggedIn operation: %d %s", res.Code, res.Body)
	}
	res = httptest.NewRecorder()
	a.Router.ServeHTTP(res, httptest.NewRequest(http.MethodGet, "/public", nil))
	if res.Code != http.StatusOK {
		t.Fatalf("anonymous on a Public operation: %d %s", res.Code, res.Body)
	}
}

func TestReplyAnswersTheValueOrTheError(t *testing.T) {
	v := "row"
	if b, err := Reply(&v, nil); err != nil || b.Body != "row" {
		t.Fatalf("value: %v %v", b, err)
	}
	if b, err := Reply[string](nil, apperr.ErrNotFound); b != nil || !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("error: %v %v", b, err)
	}
	if _, err := Reply[string](nil, nil); err == nil {
		t.Fatal("neither value nor error must not answer an empty 200")
	}
	if b, err := ReplyPage[string](nil, 0, nil); err != nil || b.Body.Items == nil {
		t.Fatalf("an empty page answers items: [], got %v %v", b, err)
	}
	if b, err := ReplyList([]string{"a"}, nil); err != nil || len(b.Body.Items) != 1 {
		t.Fatalf("list: %v %v", b, err)
	}
	if b, err := NoContent(nil); b != nil || err != nil {
		t.Fatalf("no content: %v %v", b, err)
	}
}
