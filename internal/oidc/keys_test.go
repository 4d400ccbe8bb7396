package oidc

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v3"

	"kerf/internal/identity"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// jwtHeader decodes a JWT's protected header without checking it.
func jwtHeader(t testing.TB, token string) map[string]any {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(strings.Split(token, ".")[0])
	if err != nil {
		t.Fatal(err)
	}
	var h map[string]any
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

// signWithForeignKey signs token's claims again with a key the server does not have,
// naming kid.
func signWithForeignKey(t testing.TB, token, kid string) string {
	t.Helper()
	payload, err := base64.RawURLEncoding.DecodeString(strings.Split(token, ".")[1])
	if err != nil {
		t.Fatal(err)
	}
	rk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return signRS256(t, rk, kid, payload)
}

func signRS256(t testing.TB, rk *rsa.PrivateKey, kid string, payload []byte) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: &jose.JSONWebKey{Key: rk, KeyID: kid}},
		(&jose.SignerOptions{}).WithType(accessTokenType))
	if err != nil {
		t.Fatal(err)
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	s, err := jws.CompactSerialize()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// replicas gives a test keyrings on one database, each as another replica would have it:
// its own connection pool and data folder, the secret and clock the test chooses.
type replicas struct {
	t     *testing.T
	url   string
	clock *testClock
}

func newReplicas(t *testing.T, url string) *replicas {
	t.Helper()
	d := dbtest.Open(t, url)
	if err := d.Migrate(context.Background(), append(slices.Clone(migrations), keysMigrations...)); err != nil {
		t.Fatal(err)
	}
	return &replicas{t: t, url: url, clock: &testClock{t: time.Now().UTC().Add(-time.Hour)}}
}

// keyring returns a new replica's keyring (not started).
func (r *replicas) keyring(secret, dataDir string, rotation time.Duration, b *bus.Bus) *keyring {
	return newKeyring(dbtest.Open(r.t, r.url), b, secret, dataDir, rotation, r.clock.now)
}

func (r *replicas) started(secret string) *keyring {
	r.t.Helper()
	k := r.keyring(secret, r.t.TempDir(), 0, nil)
	if err := k.start(context.Background()); err != nil {
		r.t.Fatal(err)
	}
	return k
}

func signingKID(t testing.TB, k *keyring) string {
	t.Helper()
	key, err := k.signing(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return key.ID
}

func count(t testing.TB, d *db.DB, table string) int {
	t.Helper()
	var n int
	if err := d.NewRaw("SELECT COUNT(*) FROM "+table).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestReplicasWithOneSecretShareTheKeys(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			r := newReplicas(t, u)
			a, b := r.started(testSecret), r.started(testSecret)
			sa, _ := a.current(context.Background())
			sb, _ := b.current(context.Background())
			if sa.signing.ID != sb.signing.ID || string(sa.hmac) != string(sb.hmac) {
				t.Fatal("a second replica made keys of its own: tokens of the first would be refused")
			}
			// A restart keeps them too.
			if c := r.started(testSecret); signingKID(t, c) != sa.signing.ID {
				t.Fatal("a restart made a new key")
			}
		})
	}
}

func TestWrongSecretStopsTheStartInsteadOfMakingKeys(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := newReplicas(t, u)
			r.started(testSecret)
			for _, tc := range []struct {
				name, secret string
			}{
				{"another configured secret", "not the secret the others use"},
				{"no secret: one generated in a fresh data folder", ""},
			} {
				err := r.keyring(tc.secret, t.TempDir(), 0, nil).start(ctx)
				if err == nil || !strings.Contains(err.Error(), "KERF_SECRET") {
					t.Fatalf("%s: start error %v, want one naming KERF_SECRET", tc.name, err)
				}
			}
			d := dbtest.Open(t, u)
			if n, s := count(t, d, "oidc_signing_keys"), count(t, d, "oidc_secrets"); n != 1 || s != 1 {
				t.Fatalf("after the refused starts: %d keys and %d secrets, want the first replica's 1 and 1", n, s)
			}
		})
	}
}

func TestWithoutSecretOneIsGeneratedOnceInTheDataFolder(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			r := newReplicas(t, u)
			dir := t.TempDir()
			first := r.keyring("", dir, 0, nil)
			if err := first.start(context.Background()); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(filepath.Join(dir, "secret"))
			if err != nil || fi.Mode().Perm() != 0o600 {
				t.Fatalf("generated secret file: %v %v, want mode 0600", fi, err)
			}
			again := r.keyring("", dir, 0, nil)
			if err := again.start(context.Background()); err != nil {
				t.Fatalf("a restart with the same data folder: %v", err)
			}
			if signingKID(t, first) != signingKID(t, again) {
				t.Fatal("a restart made a new key")
			}
		})
	}
}

func TestShortSecretIsRefused(t *testing.T) {
	r := newReplicas(t, dbtest.SQLiteURL(t))
	err := r.keyring("short", t.TempDir(), 0, nil).start(context.Background())
	if err == nil || !strings.Contains(err.Error(), "KERF_SECRET") {
		t.Fatalf("start error %v, want KERF_SECRET is too short", err)
	}
}

func TestKeysOfEarlierVersionsAreImportedOnFirstStart(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := newReplicas(t, u)
			// The data folder as an earlier version left it.
			dir := t.TempDir()
			rk, err := rsa.GenerateKey(rand.Reader, 2048)
			if err != nil {
				t.Fatal(err)
			}
			der, _ := x509.MarshalPKCS8PrivateKey(rk)
			secret := make([]byte, 32)
			_, _ = rand.Read(secret)
			_ = os.MkdirAll(filepath.Join(dir, "oidc"), 0o700)
			if err := os.WriteFile(filepath.Join(dir, "oidc", legacyKeyFile), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "oidc", legacySecretFile), []byte(base64.RawStdEncoding.EncodeToString(secret)), 0o600); err != nil {
				t.Fatal(err)
			}
			k := r.keyring(testSecret, dir, 0, nil)
			if err := k.start(ctx); err != nil {
				t.Fatal(err)
			}
			kid, _ := keyID(&rk.PublicKey)
			s, _ := k.current(ctx)
			if s.signing.ID != kid || string(s.hmac) != string(secret) {
				t.Fatal("the data folder's key and token secret were not imported: tokens issued before would die")
			}
			// An access token the earlier version signed still verifies, on any replica.
			old := signRS256(t, rk, kid, []byte(`{"aud":["kerf"]}`))
			other := r.started(testSecret)
			if key := other.verifying(ctx, jwtHeader(t, old)["kid"].(string)); key == nil {
				t.Fatal("a token signed with the imported key is refused by another replica")
			}
		})
	}
}

func TestReplicasStartingTogetherEndWithOneKey(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			r := newReplicas(t, u)
			rings := make([]*keyring, 4)
			for i := range rings {
				rings[i] = r.keyring(testSecret, t.TempDir(), 0, nil)
			}
			var wg sync.WaitGroup
			for _, k := range rings {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := k.start(context.Background()); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			d := dbtest.Open(t, u)
			if n, s := count(t, d, "oidc_signing_keys"), count(t, d, "oidc_secrets"); n != 1 || s != 1 {
				t.Fatalf("%d keys and %d secrets after 4 replicas started together, want 1 and 1", n, s)
			}
			for _, k := range rings[1:] {
				if signingKID(t, k) != signingKID(t, rings[0]) {
					t.Fatal("replicas sign with different keys")
				}
			}
		})
	}
}

func TestRotationSignsWithTheNewKeyAndOldTokensStayValidUntilTheyExpire(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		before := e.login("admin", identity.DefaultPassword, "")["access_token"].(string)
		oldKID := jwtHeader(t, before)["kid"].(string)
		info, err := e.m.RotateKey(ctx)
		if err != nil || info.ID == oldKID || !info.Signing {
			t.Fatalf("rotate: %+v %v", info, err)
		}
		after := e.login("admin", identity.DefaultPassword, "")
		for _, name := range []string{"access_token", "id_token"} {
			if kid := jwtHeader(t, after[name].(string))["kid"]; kid != info.ID {
				t.Fatalf("%s signed by %v after the rotation, want the new key %s", name, kid, info.ID)
			}
		}
		for name, tok := range map[string]string{"before": before, "after": after["access_token"].(string)} {
			if s := e.userinfo(tok); s != http.StatusOK {
				t.Fatalf("token issued %s the rotation: %d", name, s)
			}
		}
		if kids := e.jwksKIDs(); !slices.Equal(kids, []string{info.ID, oldKID}) {
			t.Fatalf("JWKS lists %v, want the new and the old key", kids)
		}
		// Once every token of the old key has expired (an hour and the grace after the new
		// key took over), the old key is deleted and leaves the JWKS.
		e.clock.add(time.Hour + keyGrace + time.Minute)
		if kids := e.jwksKIDs(); !slices.Equal(kids, []string{info.ID}) {
			t.Fatalf("JWKS lists %v once the old key's tokens expired, want only the new key", kids)
		}
		keys, err := e.m.SigningKeys(ctx)
		if err != nil || len(keys) != 1 || keys[0].ID != info.ID {
			t.Fatalf("stored keys: %+v %v", keys, err)
		}
	})
}

func (e *env) jwksKIDs() []string {
	e.t.Helper()
	res := e.do(http.MethodGet, "/.well-known/openid-configuration/jwks", nil, nil)
	var set jose.JSONWebKeySet
	if err := json.Unmarshal(res.Body, &set); err != nil {
		e.t.Fatalf("jwks: %d %s", res.Status, res.Body)
	}
	var kids []string
	for _, k := range set.Keys {
		kids = append(kids, k.KeyID)
	}
	return kids
}

func TestAutomaticRotationMakesOneKeyWhenReplicasCheckTogether(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := newReplicas(t, u)
			rings := make([]*keyring, 3)
			for i := range rings {
				rings[i] = r.keyring(testSecret, t.TempDir(), 24*time.Hour, nil)
				if err := rings[i].start(ctx); err != nil {
					t.Fatal(err)
				}
			}
			first := signingKID(t, rings[0])
			r.clock.add(23 * time.Hour)
			if kid := signingKID(t, rings[1]); kid != first {
				t.Fatal("rotated before the period")
			}
			r.clock.add(time.Hour)
			var wg sync.WaitGroup
			for _, k := range rings {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := k.current(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if n := count(t, dbtest.Open(t, u), "oidc_signing_keys"); n != 2 {
				t.Fatalf("%d keys after replicas checked the rotation together, want the old and one new", n)
			}
			for _, k := range rings {
				k.stale.Store(true) // as the bus would say (replicas that lost the race)
				if kid := signingKID(t, k); kid == first {
					t.Fatal("a replica still signs with the old key")
				}
			}
		})
	}
}

func TestAReplicaLearnsOfAKeyAnotherMade(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := newReplicas(t, u)
			a, b := r.started(testSecret), r.started(testSecret)
			info, err := a.rotate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if b.verifying(ctx, info.ID) == nil {
				t.Fatal("a token of the new key is refused by a replica that did not know it yet")
			}
			if b.verifying(ctx, "no-such-key") != nil {
				t.Fatal("an unknown key id verified")
			}
			c := r.started(testSecret)
			if _, err := a.rotate(ctx); err != nil {
				t.Fatal(err)
			}
			r.clock.add(refreshEvery)
			if kid, want := signingKID(t, c), signingKID(t, a); kid != want {
				t.Fatalf("after the refresh interval a replica signs with %s, want the newest %s", kid, want)
			}
		})
	}
}

func TestTheBusTellsReplicasOfANewKeyAtOnce(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			r := newReplicas(t, u)
			// On PostgreSQL each replica has its own bus; on SQLite (one process) they share one.
			busA := bus.New(dbtest.Open(t, u))
			busB := busA
			if name == db.Postgres {
				busB = bus.New(dbtest.Open(t, u))
			}
			for _, b := range []*bus.Bus{busA, busB} {
				if err := b.Start(ctx); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = b.Close() })
			}
			a := r.keyring(testSecret, t.TempDir(), 0, busA)
			b := r.keyring(testSecret, t.TempDir(), 0, busB)
			for _, k := range []*keyring{a, b} {
				if err := k.start(ctx); err != nil {
					t.Fatal(err)
				}
			}
			info, err := a.rotate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(10 * time.Second) // delivery through PostgreSQL is asynchronous
			for signingKID(t, b) != info.ID {
				if time.Now().After(deadline) {
					t.Fatal("the other replica never heard of the new key")
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}
