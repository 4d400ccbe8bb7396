package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// switches answers a feature off when it is not in its set of switches on.
type switches []string

func (s switches) RequireFeatures(_ context.Context, names ...string) error {
	for _, n := range names {
		if !slices.Contains(s, n) {
			return apperr.WithKey(apperr.ErrForbidden, "Test:Off", n)
		}
	}
	return nil
}

type markKey struct{}

func TestAnOperationMarkedWithAFeatureIsRefusedWhenItIsOff(t *testing.T) {
	cat := localization.NewCatalog()
	cat.Add(localization.Texts{"Test:Off": {ZhHans: "未启用功能「{0}」", En: `The feature "{0}" is off`}})
	mark := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), markKey{}, "marked")))
		})
	}
	a := New(Config{Catalog: cat, Checker: denyAll{}, Title: "test", Version: "1", Features: switches{"On"},
		Use: []func(http.Handler) http.Handler{mark}})
	h := func(ctx context.Context, _ *struct{}) (*Body[string], error) {
		v, _ := ctx.Value(markKey{}).(string) // the Use middlewares ran before the handler
		return Reply(&v, nil)
	}
	Register(a, huma.Operation{Method: http.MethodGet, Path: "/on"}, Public().Feature("On"), h)
	Register(a, huma.Operation{Method: http.MethodGet, Path: "/off"}, Public().Feature("On", "Saw"), h)
	Register(a, huma.Operation{Method: http.MethodGet, Path: "/off-mine"}, LoggedIn().Feature("Saw"), h)
	a.Handle(http.MethodGet, "/off-file", "x", Public().Feature("Saw"), func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/on", http.StatusOK, `"marked"`},
		{"/off", http.StatusForbidden, `The feature \"Saw\" is off`},
		{"/off-file", http.StatusForbidden, `The feature \"Saw\" is off`},
		{"/off-mine", http.StatusUnauthorized, ""}, // the login is checked first
	}
	for _, c := range cases {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		req.Header.Set("Accept-Language", "en")
		res := httptest.NewRecorder()
		a.Router.ServeHTTP(res, req)
		if res.Code != c.status || !strings.Contains(res.Body.String(), c.body) {
			t.Errorf("%s: %d %s", c.path, res.Code, res.Body)
		}
	}
	for _, op := range a.Ops() {
		if op.Path == "/off" && !slices.Equal(op.Access.Features(), []string{"On", "Saw"}) {
			t.Errorf("recorded features %v", op.Access.Features())
		}
	}
	// Feature never changes the rule it extends.
	base := Perm("X")
	_ = base.Feature("A")
	if len(base.Features()) != 0 {
		t.Error("Feature changed the rule it was called on")
	}
}
