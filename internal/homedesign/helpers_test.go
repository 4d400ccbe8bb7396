package homedesign

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// newService migrates d (with the settings table) and answers a service whose settings
// define the area's values.
func newService(t *testing.T, d *db.DB) (*Service, *setting.Service) {
	t.Helper()
	ctx := context.Background()
	if err := d.Migrate(ctx, setting.Migrations); err != nil {
		t.Fatal(err)
	}
	if err := d.Migrate(ctx, migrations); err != nil {
		t.Fatal(err)
	}
	st := setting.New(d, nil)
	st.Define(settingDefinitions...)
	return NewService(d, st, nil), st
}

func newTenant() *uuid.UUID { id := uuid.New(); return &id }

// userCtx is a request of a new user of tenant (nil: the host).
func userCtx(tenant *uuid.UUID) context.Context {
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: tenant, Name: "t"})
	return auth.WithPrincipal(ctx, &auth.Principal{UserID: uuid.New(), TenantID: tenant, UserName: "tester"})
}

// errKey answers the message key of a user, keyed or validation error ("" for others).
func errKey(err error) string {
	var ve *apperr.ValidationError
	if errors.As(err, &ve) && len(ve.Fields) > 0 {
		return ve.Fields[0].Key
	}
	return userErrorKey(err)
}

// ---- HTTP ----

type tokens map[string]*auth.Principal

func (t tokens) Verify(_ context.Context, token string) (*auth.Principal, error) {
	if p, ok := t[token]; ok {
		return p, nil
	}
	return nil, errors.New("bad token")
}

// granted gives PermPlans to the principals named.
type granted map[uuid.UUID]bool

func (g granted) IsGranted(_ context.Context, p *auth.Principal, names ...string) (bool, error) {
	return p != nil && g[p.UserID], nil
}

// server is the area's operations on a test API: tokens name principals, perm the ones
// holding HomeDesign.Plans.
type server struct {
	*httptest.Server
	tokens tokens
	perm   granted
}

func newServer(t *testing.T, s *Service) *server {
	t.Helper()
	cat := localization.NewCatalog()
	cat.Add(texts)
	sv := &server{tokens: tokens{}, perm: granted{}}
	api := httpapi.New(httpapi.Config{Catalog: cat, Checker: sv.perm, Verifier: sv.tokens, Title: "t", Version: "1"})
	(&Module{svc: s}).Register(api)
	api.Finish()
	sv.Server = httptest.NewServer(api.Router)
	t.Cleanup(sv.Close)
	return sv
}

// user adds a user of tenant and answers its token.
func (sv *server) user(tenant *uuid.UUID, withPerm bool) (string, context.Context) {
	p := &auth.Principal{UserID: uuid.New(), TenantID: tenant, UserName: "u"}
	tok := uuid.NewString()
	sv.tokens[tok] = p
	sv.perm[p.UserID] = withPerm
	ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: tenant})
	return tok, auth.WithPrincipal(ctx, p)
}

func (sv *server) do(t *testing.T, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, sv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := sv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]any{}
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}
