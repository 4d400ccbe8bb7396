package oidc_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"kerf/internal/app"
	"kerf/internal/identity"
	"kerf/internal/oidc"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

const replicaSecret = "the secret every replica of this test shares"

// replica builds, migrates and seeds an app on the database at url with its own data
// folder, as a second `kerf serve` would start.
func replica(t *testing.T, url, secret string) (*app.App, error) {
	t.Helper()
	ctx := context.Background()
	cfg := config.Default()
	cfg.Database, cfg.DataDir, cfg.Secret, cfg.Demo = url, t.TempDir(), secret, true
	a, err := app.New(ctx, cfg)
	if err != nil {
		t.Fatalf("build app: %v", err)
	}
	t.Cleanup(a.Close)
	if err := a.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return a, a.Seed(ctx, true)
}

func mustReplica(t *testing.T, url string) *app.App {
	t.Helper()
	a, err := replica(t, url, replicaSecret)
	if err != nil {
		t.Fatalf("seed: %v", err)
	}
	return a
}

type answer struct {
	status int
	body   map[string]any
}

func call(t *testing.T, a *app.App, method, path string, form url.Values, token string) answer {
	t.Helper()
	var req *http.Request
	if form != nil {
		req = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, path, nil)
	}
	req.Header.Set("Accept-Language", "en")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	a.Handler().ServeHTTP(rec, req)
	out := answer{status: rec.Code}
	_ = json.Unmarshal(rec.Body.Bytes(), &out.body)
	return out
}

func passwordLogin(t *testing.T, a *app.App, user, password string) answer {
	t.Helper()
	return call(t, a, http.MethodPost, "/connect/token", url.Values{"grant_type": {oidc.GrantPassword}, "client_id": {oidc.WebClientID},
		"username": {user}, "password": {password}, "scope": {strings.Join(oidc.WebScopes, " ")}}, "")
}

func TestATokenOfOneReplicaWorksOnAnotherWithTheSameSecret(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			first, second := mustReplica(t, u), mustReplica(t, u)
			login := passwordLogin(t, first, "admin", identity.DefaultPassword)
			if login.status != http.StatusOK {
				t.Fatalf("login on the first replica: %d %v", login.status, login.body)
			}
			if res := call(t, second, http.MethodGet, "/connect/userinfo", nil, login.body["access_token"].(string)); res.status != http.StatusOK {
				t.Fatalf("the first replica's access token on the second: %d %v", res.status, res.body)
			}
			refreshed := call(t, second, http.MethodPost, "/connect/token", url.Values{"grant_type": {oidc.GrantRefreshToken},
				"client_id": {oidc.WebClientID}, "refresh_token": {login.body["refresh_token"].(string)}}, "")
			if refreshed.status != http.StatusOK {
				t.Fatalf("the first replica's refresh token on the second: %d %v", refreshed.status, refreshed.body)
			}
			if res := call(t, first, http.MethodGet, "/connect/userinfo", nil, refreshed.body["access_token"].(string)); res.status != http.StatusOK {
				t.Fatalf("the second replica's access token on the first: %d %v", res.status, res.body)
			}
			// A replica started with another secret stops at start-up, naming the setting.
			if _, err := replica(t, u, "a secret no other replica uses"); err == nil || !strings.Contains(err.Error(), "KERF_SECRET") {
				t.Fatalf("start with another secret: %v, want an error naming KERF_SECRET", err)
			}
		})
	}
}

func TestLoginLimitsAndLockoutHoldAcrossReplicas(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			replicas := []*app.App{mustReplica(t, u), mustReplica(t, u)}
			// Five wrong passwords, spread over the replicas, lock the user on all of them.
			for i := range identity.MaxFailedAccessAttempts {
				if res := passwordLogin(t, replicas[i%2], "sales", "wrong"); res.status != http.StatusBadRequest {
					t.Fatalf("wrong password %d: %d %v", i+1, res.status, res.body)
				}
			}
			for i, a := range replicas {
				res := passwordLogin(t, a, "sales", identity.DefaultPassword)
				if d, _ := res.body["error_description"].(string); res.status != http.StatusBadRequest || !strings.Contains(d, "locked") {
					t.Fatalf("right password on replica %d after the lockout: %d %v", i+1, res.status, res.body)
				}
			}
			// Login attempts per user name: a burst of 10 shared by the replicas, then 429.
			for i := range 10 - identity.MaxFailedAccessAttempts - 2 {
				if res := passwordLogin(t, replicas[i%2], "sales", "wrong"); res.status != http.StatusBadRequest {
					t.Fatalf("attempt %d: %d %v", identity.MaxFailedAccessAttempts+3+i, res.status, res.body)
				}
			}
			for i, a := range replicas {
				if res := passwordLogin(t, a, "sales", "wrong"); res.status != http.StatusTooManyRequests {
					t.Fatalf("attempt past the shared burst on replica %d: %d %v", i+1, res.status, res.body)
				}
			}
		})
	}
}

func TestALogoutOnOneReplicaEndsTheLoginOnEveryReplica(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		if name != db.Postgres {
			continue // replicas share a database only on PostgreSQL (one process owns a SQLite file)
		}
		t.Run(name, func(t *testing.T) {
			first, second := mustReplica(t, u), mustReplica(t, u)
			login := passwordLogin(t, first, "admin", identity.DefaultPassword)
			access := login.body["access_token"].(string)
			if res := call(t, second, http.MethodGet, "/connect/userinfo", nil, access); res.status != http.StatusOK {
				t.Fatalf("before the logout: %d", res.status) // the second replica now caches the login as active
			}
			if res := call(t, first, http.MethodPost, "/api/userlogin/logout/"+login.body["refresh_token"].(string), nil, ""); res.status != http.StatusNoContent {
				t.Fatalf("logout: %d", res.status)
			}
			deadline := time.Now().Add(10 * time.Second) // the bus delivers through PostgreSQL, asynchronously
			for call(t, second, http.MethodGet, "/connect/userinfo", nil, access).status != http.StatusUnauthorized {
				if time.Now().After(deadline) {
					t.Fatal("the second replica still accepts the token of a login ended on the first")
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}

func TestAClientChangedOnOneReplicaIsReloadedOnEveryReplica(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		if name != db.Postgres {
			continue // replicas share a database only on PostgreSQL (one process owns a SQLite file)
		}
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			first, second := mustReplica(t, u), mustReplica(t, u)
			if res := passwordLogin(t, second, "admin", identity.DefaultPassword); res.status != http.StatusOK {
				t.Fatalf("login before the change: %d %v", res.status, res.body) // the second replica now caches the client
			}
			// What the identity-server screens will do: change the row, then announce it.
			if _, err := first.DB.ExecContext(ctx, "UPDATE identity_server_clients SET enabled = false WHERE client_id = ?", oidc.WebClientID); err != nil {
				t.Fatal(err)
			}
			if err := first.Bus.Publish(ctx, oidc.TopicClients, oidc.WebClientID); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(10 * time.Second) // the bus delivers through PostgreSQL, asynchronously
			for {
				res := passwordLogin(t, second, "admin", identity.DefaultPassword)
				if res.status != http.StatusOK {
					if res.body["error"] != "invalid_client" {
						t.Fatalf("a disabled client: %d %v, want invalid_client", res.status, res.body)
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the second replica still issues tokens to a client disabled on the first")
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}
