package config

import "testing"

func TestPublicIsThePublicURLElseTheListenAddress(t *testing.T) {
	for _, c := range []struct {
		public, addr, want string
	}{
		{"https://kerf.example.com/", "127.0.0.1:8080", "https://kerf.example.com"},
		{" https://kerf.example.com/app ", ":8080", "https://kerf.example.com/app"},
		{"", "127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"", ":8080", "http://localhost:8080"},
		{"", "0.0.0.0:80", "http://localhost:80"},
		{"", "[::]:8080", "http://localhost:8080"},
		{"", "kerf.local:9000", "http://kerf.local:9000"},
	} {
		if got := (Config{PublicURL: c.public, Addr: c.addr}).Public(); got != c.want {
			t.Errorf("PublicURL %q, Addr %q: %q, want %q", c.public, c.addr, got, c.want)
		}
	}
}

func TestThePublicURLComesFromTheEnvironmentAndTheFlag(t *testing.T) {
	t.Setenv("KERF_PUBLIC_URL", "https://env.example.com")
	c, err := Parse("serve", nil, nil)
	if err != nil || c.Public() != "https://env.example.com" {
		t.Fatalf("env: %q %v", c.Public(), err)
	}
	c, err = Parse("serve", []string{"-public-url", "https://flag.example.com"}, nil)
	if err != nil || c.Public() != "https://flag.example.com" {
		t.Fatalf("flag: %q %v", c.Public(), err)
	}
}
