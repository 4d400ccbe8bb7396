package auditdesign

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// The HTTP harness is the area's module on a bare httpapi.API (no app wiring): tokens are the
// test users' ids, verified by a fake verifier; the permission checker reads the fixture's grants.

type fakeVerifier struct {
	mu sync.Mutex
	by map[string]*auth.Principal
}

func (v *fakeVerifier) Verify(_ context.Context, token string) (*auth.Principal, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if p, ok := v.by[token]; ok {
		return p, nil
	}
	return nil, errors.New("bad token")
}

type checker struct{ g *fakeGrants }

func (c checker) IsGranted(ctx context.Context, p *auth.Principal, names ...string) (bool, error) {
	g, _ := c.g.Granted(ctx, p)
	for _, n := range names {
		if g[n] {
			return true, nil
		}
	}
	return false, nil
}

type harness struct {
	*fixture
	srv *httptest.Server
	ver *fakeVerifier
}

func newHarness(t *testing.T, d *db.DB) *harness {
	t.Helper()
	f := newFixture(t, d)
	cat := localization.NewCatalog()
	cat.Add(texts)
	api := httpapi.New(httpapi.Config{Catalog: cat, Checker: checker{f.grants}})
	ver := &fakeVerifier{by: map[string]*auth.Principal{}}
	api.SetVerifier(ver)
	m := &Module{svc: f.svc}
	m.Register(api)
	h := &harness{fixture: f, srv: httptest.NewServer(api.Router), ver: ver}
	t.Cleanup(h.srv.Close)
	return h
}

// token answers the ctx's user's token.
func (h *harness) token(ctx context.Context) string {
	p := auth.FromContext(ctx)
	h.ver.mu.Lock()
	h.ver.by[p.UserID.String()] = p
	h.ver.mu.Unlock()
	return p.UserID.String()
}

func (h *harness) do(t *testing.T, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var r *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	} else {
		r = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, h.srv.URL+path, r)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]any{}
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// TestEveryEndpointAnswers401403And200AndStaysInItsTenant walks each operation anonymous,
// without its permission, from another tenant, and right.
func TestEveryEndpointAnswers401403And200AndStaysInItsTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		tenant, other := uuid.New(), uuid.New()
		revCtx := h.user(&tenant, "rev", allPerms...)
		rev := h.token(revCtx)
		rev2Ctx := h.user(&tenant, "rev2", PermRead, PermClaim)
		nobody := h.token(h.user(&tenant, "nobody"))
		stranger := h.token(h.user(&other, "stranger", allPerms...))
		sheets := h.sheets(t, revCtx, "SO100", 6)
		id := func(i int) string { return sheets[i].ID.String() }
		ids := func(i ...int) map[string]any {
			var out []string
			for _, n := range i {
				out = append(out, id(n))
			}
			return map[string]any{"auditIds": out}
		}
		withComment := func(m map[string]any, c string) map[string]any { m["comment"] = c; return m }
		type call struct {
			name, method, path string
			body               any
			want               int
		}
		order := sheets[0].SalesOrderID.String()
		calls := []call{
			{"list", "GET", base + "?salesOrderId=" + order, nil, 200},
			{"queue", "GET", base + "?state=0&claimedBy=&from=2020-01-01&sorting=salesOrderNo%20desc", nil, 200},
			{"separate pallet", "PUT", base + "/" + id(0) + "/separate-pallet", map[string]any{"separatePallet": "A"}, 200},
			{"logs", "GET", base + "/" + id(0) + "/operation-logs", nil, 200},
			{"claim", "POST", base + "/claim", ids(0, 1, 2, 3), 200},
			{"reject", "POST", base + "/reject", withComment(ids(0), "缺板件"), 200},
			{"pass", "POST", base + "/pass", ids(1), 200},
			{"sendback", "POST", base + "/sendback", ids(1), 200},
			{"revoke", "POST", base + "/" + id(0) + "/revoke", map[string]any{"comment": "改好了"}, 200},
			{"assign", "POST", base + "/" + id(4) + "/assign", map[string]any{"userId": auth.UserID(rev2Ctx).String()}, 200},
			{"transfer", "POST", base + "/" + id(2) + "/assign", map[string]any{"userId": auth.UserID(rev2Ctx).String()}, 200},
			{"discard", "POST", base + "/discard", ids(5), 200},
			{"pass 3", "POST", base + "/pass", ids(3), 200},
		}
		for _, c := range calls {
			// anonymous: 401; no permission: 403; another tenant: 404 (or an empty list)
			if st, _ := h.do(t, c.method, c.path, "", c.body); st != 401 {
				t.Fatalf("%s anonymous: %d", c.name, st)
			}
			if st, _ := h.do(t, c.method, c.path, nobody, c.body); st != 403 {
				t.Fatalf("%s without permission: %d", c.name, st)
			}
			st, body := h.do(t, c.method, c.path, stranger, c.body)
			if c.method == "GET" && c.path[len(base):len(base)+1] == "?" {
				if st != 200 || body["totalCount"] != float64(0) {
					t.Fatalf("%s from another tenant: %d %v", c.name, st, body)
				}
			} else if st != 404 {
				t.Fatalf("%s from another tenant: %d %v", c.name, st, body)
			}
			if st, body := h.do(t, c.method, c.path, rev, c.body); st != c.want {
				t.Fatalf("%s: %d %v", c.name, st, body)
			}
		}
		// the list answered the order's sheets in their order, with their states
		_, body := h.do(t, "GET", base+"?salesOrderId="+order+"&MaxResultCount=500", rev, nil)
		items := body["items"].([]any)
		want := []State{StateRevoked, StateSentBack, StateAuditing, StatePassed, StateAuditing, StateVoided}
		for i, it := range items {
			m := it.(map[string]any)
			if State(m["state"].(float64)) != want[i] || m["levelIndex"] != float64(i+1) {
				t.Fatalf("item %d = %v", i, m)
			}
		}
		if items[0].(map[string]any)["separatePallet"] != "A" || items[0].(map[string]any)["rejectComment"] != "缺板件" {
			t.Fatalf("first sheet = %v", items[0])
		}
		// the queue's waiting tab asks for several states at once
		_, body = h.do(t, "GET", base+"?state=0,2,4&sorting=levelIndex", rev, nil)
		if body["totalCount"] != float64(2) || body["items"].([]any)[0].(map[string]any)["state"] != float64(StateRevoked) {
			t.Fatalf("states 0,2,4 = %v", body)
		}
		if items[2].(map[string]any)["claimedByName"] != "rev2" {
			t.Fatalf("transferred sheet = %v", items[2])
		}
		_, body = h.do(t, "GET", base+"/"+id(0)+"/operation-logs", rev, nil)
		logs := body["items"].([]any)
		if len(logs) != 4 || logs[3].(map[string]any)["operationState"] != float64(LogRevoke) ||
			logs[2].(map[string]any)["roleName"] != "reviewer,admin" || logs[2].(map[string]any)["comment"] != "缺板件" {
			t.Fatalf("logs = %v", logs)
		}
		// bad input: localised user errors and nothing changes
		bad := []call{
			{"reject without reason", "POST", base + "/reject", ids(4), 400},
			{"no ids", "POST", base + "/claim", map[string]any{"auditIds": []string{}}, 400},
			{"bad pallet", "PUT", base + "/" + id(1) + "/separate-pallet", map[string]any{"separatePallet": "Z"}, 400},
			{"comment too long", "POST", base + "/" + id(0) + "/revoke", map[string]any{"comment": strings.Repeat("长", MaxComment+1)}, 400},
			{"too many", "POST", base + "/claim", map[string]any{"auditIds": func() []string {
				out := make([]string, MaxBatch+1)
				for i := range out {
					out[i] = uuid.NewString()
				}
				return out
			}()}, 400},
			{"bad state", "GET", base + "?state=x", nil, 400},
			{"bad claimedBy", "GET", base + "?claimedBy=you", nil, 400},
			{"bad date", "GET", base + "?from=yesterday", nil, 400},
			{"pass a waiting sheet", "POST", base + "/pass", ids(0), 400},
			{"batch with a voided sheet", "POST", base + "/discard", ids(1, 5), 400},
			{"assign to a non-reviewer", "POST", base + "/" + id(0) + "/assign", map[string]any{"userId": uuid.NewString()}, 400},
		}
		for _, c := range bad {
			st, body := h.do(t, c.method, c.path, rev, c.body)
			if st != c.want {
				t.Fatalf("%s: %d %v", c.name, st, body)
			}
			msg := fmt.Sprint(body["error"])
			if c.name == "batch with a voided sheet" && !strings.Contains(msg, "SO100/方案6") {
				t.Fatalf("%s: message %s", c.name, msg)
			}
			if c.name == "pass a waiting sheet" && !strings.Contains(msg, "revoked") && !strings.Contains(msg, "waiting") {
				t.Fatalf("%s: message %s", c.name, msg)
			}
		}
		_, body = h.do(t, "GET", base+"?salesOrderId="+order, rev, nil)
		if s := body["items"].([]any)[1].(map[string]any)["state"]; s != float64(StateSentBack) {
			t.Fatalf("a refused batch moved sheet 2 to %v", s)
		}
		// pass by someone who is not the claimer: refused
		if st, body := h.do(t, "POST", base+"/pass", rev, ids(2)); st != 400 || !strings.Contains(fmt.Sprint(body), "reviewer") {
			t.Fatalf("pass of rev2's sheet by rev: %d %v", st, body)
		}
	})
}
