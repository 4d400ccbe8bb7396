package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

func TestClientAddressBelievesXForwardedForOnlyFromTrustedProxies(t *testing.T) {
	cases := []struct {
		name    string
		trusted []string
		peer    string
		xff     []string
		want    string
	}{
		{"without trusted proxies a client's own X-Forwarded-For is ignored",
			nil, "203.0.113.7:5000", []string{"10.1.1.1"}, "203.0.113.7"},
		{"a peer that is not a listed proxy is the client",
			[]string{"10.0.0.1"}, "203.0.113.7:5000", []string{"198.51.100.1"}, "203.0.113.7"},
		{"a listed proxy's X-Forwarded-For names the client",
			[]string{"10.0.0.1"}, "10.0.0.1:443", []string{"198.51.100.1"}, "198.51.100.1"},
		{"a proxy in a listed range is trusted",
			[]string{"10.0.0.0/8"}, "10.9.8.7:443", []string{"198.51.100.1"}, "198.51.100.1"},
		{"a spoofed left-most entry behind a trusted proxy is not believed",
			[]string{"10.0.0.1"}, "10.0.0.1:443", []string{"1.2.3.4, 198.51.100.1"}, "198.51.100.1"},
		{"trusted hops are walked right to left",
			[]string{"10.0.0.0/8"}, "10.0.0.1:443", []string{"1.2.3.4, 198.51.100.1, 10.0.0.2"}, "198.51.100.1"},
		{"several X-Forwarded-For headers read as one list",
			[]string{"10.0.0.0/8"}, "10.0.0.1:443", []string{"1.2.3.4", "198.51.100.1, 10.0.0.2"}, "198.51.100.1"},
		{"a trusted proxy without X-Forwarded-For is the client",
			[]string{"10.0.0.1"}, "10.0.0.1:443", nil, "10.0.0.1"},
		{"garbage stops the walk at the last trusted hop",
			[]string{"10.0.0.0/8"}, "10.0.0.1:443", []string{"198.51.100.1, not-an-ip, 10.0.0.2"}, "10.0.0.2"},
		{"entries with ports and IPv6 are read",
			[]string{"::1"}, "[::1]:443", []string{"[2001:db8::5]:1234"}, "2001:db8::5"},
		{"an IPv4 peer over IPv6 matches an IPv4 proxy",
			[]string{"127.0.0.1"}, "[::ffff:127.0.0.1]:443", []string{"198.51.100.1"}, "198.51.100.1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proxies, err := httpapi.ParseTrustedProxies(c.trusted)
			if err != nil {
				t.Fatal(err)
			}
			a := httpapi.New(httpapi.Config{Catalog: localization.NewCatalog(), TrustedProxies: proxies})
			a.Router.Get("/ip", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(audit.ClientIP(r))) })
			req := httptest.NewRequest(http.MethodGet, "/ip", nil)
			req.RemoteAddr = c.peer
			for _, v := range c.xff {
				req.Header.Add("X-Forwarded-For", v)
			}
			rec := httptest.NewRecorder()
			a.Router.ServeHTTP(rec, req)
			if got := rec.Body.String(); got != c.want {
				t.Fatalf("client address %q, want %q", got, c.want)
			}
		})
	}
}

func TestTrustedProxiesMustBeAddressesOrRanges(t *testing.T) {
	if _, err := httpapi.ParseTrustedProxies([]string{"10.0.0.1", "proxy.local"}); err == nil {
		t.Fatal("a host name was accepted as a trusted proxy")
	}
	got, err := httpapi.ParseTrustedProxies([]string{" 10.0.0.1 ", "192.168.0.0/16", "::1", ""})
	if err != nil || len(got) != 3 {
		t.Fatalf("got %v, %v", got, err)
	}
}
