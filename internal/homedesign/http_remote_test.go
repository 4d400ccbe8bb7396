package homedesign

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"kerf/internal/platform/apperr"
)

// fakePlatform is a remote home-design platform that checks signatures like a real one.
func fakePlatform(t *testing.T, key, secret string) *httptest.Server {
	t.Helper()
	design := &Design{PlanID: "P-1", Name: "Kitchen", Solutions: []Solution{{Code: "S1", Name: "Kitchen",
		Cabinets: []Cabinet{Generate(CabinetSpec{Name: "base", Kind: KindBase, Width: 600, Height: 720, Depth: 560, Doors: 1, Material: "PB"})}}}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /plans", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("account") != "acme" || q.Get("num") != "8" || q.Get("start") != "0" || q.Get("keyword") != "厨" {
			http.Error(w, "bad query "+r.URL.RawQuery, http.StatusBadRequest)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"items": []Plan{{PlanID: "P-1", DesignID: "D-1", Name: "厨房", PlanPic: "https://x/p.png"}}, "totalCount": 11})
	})
	mux.HandleFunc("GET /plans/P-1/design-url", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]string{"url": "https://platform/viewer/P-1"})
	})
	mux.HandleFunc("GET /plans/P-1/design", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(design)
	})
	mux.HandleFunc("GET /plans/broken/design", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom", http.StatusInternalServerError)
	})
	mux.HandleFunc("GET /plans/garbled/design", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("<html>"))
	})
	mux.HandleFunc("GET /plans/slow/design", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ts := r.Header.Get(HeaderTimestamp)
		if r.Header.Get(HeaderKey) != key || r.Header.Get(HeaderSignature) != Sign(secret, key, ts, r.URL.Path) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func userErrorKey(err error) string {
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		return ue.Key
	}
	var k *apperr.Keyed
	if errors.As(err, &k) {
		return k.Key
	}
	return ""
}

func TestRemoteProviderSignsItsCallsAndReadsTheAnswers(t *testing.T) {
	srv := fakePlatform(t, "k1", "s3cret")
	p := &Remote{URL: srv.URL + "/", Key: "k1", Secret: "s3cret", Client: srv.Client()}
	ctx := context.Background()
	plans, total, err := p.Plans(ctx, "acme", PlanQuery{Num: 8, Keyword: "厨"})
	if err != nil || total != 11 || len(plans) != 1 || plans[0].PlanID != "P-1" || plans[0].DesignID != "D-1" {
		t.Fatalf("plans %+v %d %v", plans, total, err)
	}
	u, err := p.DesignURL(ctx, "acme", "P-1")
	if err != nil || u != "https://platform/viewer/P-1" {
		t.Fatalf("url %q %v", u, err)
	}
	d, err := p.Design(ctx, "acme", "P-1")
	if err != nil || d.PlanID != "P-1" || len(d.Solutions) != 1 || len(d.Solutions[0].Cabinets[0].Panels) == 0 {
		t.Fatalf("design %+v %v", d, err)
	}
}

func TestRemoteProviderAnswersThePlatformDidNotAnswer(t *testing.T) {
	srv := fakePlatform(t, "k1", "s3cret")
	ctx := context.Background()
	cases := []struct {
		name string
		p    *Remote
		plan string
		want string
	}{
		{"500", &Remote{URL: srv.URL, Key: "k1", Secret: "s3cret"}, "broken", KeyPlatformDown},
		{"not JSON", &Remote{URL: srv.URL, Key: "k1", Secret: "s3cret"}, "garbled", KeyPlatformDown},
		{"timeout", &Remote{URL: srv.URL, Key: "k1", Secret: "s3cret", Client: &http.Client{Timeout: 50 * time.Millisecond}}, "slow", KeyPlatformDown},
		{"bad signature refused", &Remote{URL: srv.URL, Key: "k1", Secret: "wrong"}, "P-1", KeyPlatformDown},
		{"unknown plan", &Remote{URL: srv.URL, Key: "k1", Secret: "s3cret"}, "nope", KeyPlanNotFound},
		{"nothing listens", &Remote{URL: "http://127.0.0.1:1", Key: "k1", Secret: "s3cret"}, "P-1", KeyPlatformDown},
		{"not configured", &Remote{}, "P-1", KeyNotConfigured},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.p.Design(ctx, "acme", tc.plan)
			if got := userErrorKey(err); got != tc.want {
				t.Fatalf("got %v (%q), want %s", err, got, tc.want)
			}
		})
	}
}

func TestSignDependsOnKeyTimestampAndPath(t *testing.T) {
	a := Sign("s", "k", "1", "/plans")
	for _, b := range []string{Sign("s", "k", "2", "/plans"), Sign("s", "k2", "1", "/plans"), Sign("s", "k", "1", "/plans/x"), Sign("t", "k", "1", "/plans")} {
		if a == b {
			t.Fatal("signature unchanged")
		}
	}
	if len(a) != 64 || strings.ToLower(a) != a {
		t.Fatalf("signature %q", a)
	}
}
