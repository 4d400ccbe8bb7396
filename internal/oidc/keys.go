package oidc

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-jose/go-jose/v3"
	"github.com/uptrace/bun"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/secret"
)

// The server's secrets live in the database, so that every replica signs and verifies with
// the same ones: RSA keys that sign access and identity tokens (RS256), and the HMAC secret
// of refresh tokens and authorization codes. Both are stored encrypted (secret.go).
//
// Keys rotate: the newest key signs; older ones still verify until every token they signed
// has expired, then they are deleted; the JWKS lists every key that verifies. A new key is
// made by `kerf keys rotate`, or when the newest is older than the rotation period (checked
// at start and every refreshEvery). Replicas learn of a new key through the bus (TopicKeys),
// by reloading when a token names a key they do not know, and every refreshEvery.

// TopicKeys is the bus topic of a new signing key; the payload is its key id.
const TopicKeys = "oidc.keys"

const (
	rsaBits = 2048
	// refreshEvery is how often a replica re-reads the keys and checks rotation and pruning
	// (the backstop for a lost bus message).
	refreshEvery = 5 * time.Minute
	// missEvery rate-limits the reloads caused by tokens naming an unknown key.
	missEvery = 10 * time.Second
	// keyGrace keeps a retired key a little longer than its last token: replicas that have
	// not yet heard of its successor still sign with it, and clocks differ.
	keyGrace = 15 * time.Minute
	// minTokenLifetime is the least lifetime assumed of a signed token (the default access
	// token's), whatever the clients say.
	minTokenLifetime = time.Hour
	hmacSecretName   = "token-hmac"
)

// Files of the versions that kept the keys in <data dir>/oidc; imported on first start.
const (
	legacyKeyFile    = "signing-key.pem"
	legacySecretFile = "token-secret"
)

// signingKeyRow is one RSA key; the one with the highest generation signs.
type signingKeyRow struct {
	bun.BaseModel `bun:"table:oidc_signing_keys"`
	ID            string    `bun:"id,pk"` // the key id (kid): its RFC 7638 thumbprint
	Generation    int64     `bun:"generation,notnull"`
	Algorithm     string    `bun:"algorithm,notnull"`
	PrivateKey    string    `bun:"private_key,notnull"` // PKCS#8 DER, sealed
	CreatedAt     time.Time `bun:"created_at,notnull"`
}

// secretRow is a named server secret (the HMAC secret of refresh tokens and codes).
type secretRow struct {
	bun.BaseModel `bun:"table:oidc_secrets"`
	Name          string    `bun:"name,pk"`
	Value         string    `bun:"value,notnull"` // sealed
	CreatedAt     time.Time `bun:"created_at,notnull"`
}

// KeyInfo describes a signing key (for `kerf keys`).
type KeyInfo struct {
	ID         string
	Generation int64
	Created    time.Time
	Signing    bool // the newest key, the one that signs
}

// signingKey is a decrypted key, ready to sign and verify.
type signingKey struct {
	KeyInfo
	private *jose.JSONWebKey
	public  jose.JSONWebKey
	signer  jose.Signer // access tokens: RS256, typ at+jwt, kid
}

// keySet is what a replica holds at one time; it is replaced whole, never changed.
type keySet struct {
	signing *signingKey            // the newest
	byID    map[string]*signingKey // every key that verifies
	jwks    jose.JSONWebKeySet
	hmac    []byte
	loaded  time.Time
}

// keyring keeps the current keySet of this replica.
type keyring struct {
	db       *db.DB
	bus      *bus.Bus
	secret   string // configured; empty: dataDir/secret
	dataDir  string
	rotation time.Duration // 0: no automatic rotation
	now      func() time.Time

	mu      sync.Mutex // one start, load or rotation at a time
	sealer  *sealer    // set by start
	started atomic.Bool

	set      atomic.Pointer[keySet]
	stale    atomic.Bool  // a bus message said the keys changed
	lastMiss atomic.Int64 // Unix nanoseconds of the last reload for an unknown kid
}

func newKeyring(d *db.DB, b *bus.Bus, secret, dataDir string, rotation time.Duration, now func() time.Time) *keyring {
	k := &keyring{db: d, bus: b, secret: secret, dataDir: dataDir, rotation: rotation, now: now}
	b.Subscribe(TopicKeys, func(string) { k.stale.Store(true) })
	return k
}

// start prepares the keys at server start: the secret, the HMAC secret and a signing key
// (imported from the files of earlier versions when there are some, else made), a rotation
// when one is due, and keys no token needs any more deleted. A secret that does not open the
// stored keys is an error, never a reason to make new ones.
func (k *keyring) start(ctx context.Context) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.startLocked(ctx)
}

func (k *keyring) startLocked(ctx context.Context) error {
	if k.sealer == nil {
		s, err := newSealer(k.secret, k.dataDir)
		if err != nil {
			return err
		}
		k.sealer = s
	}
	if err := k.ensureHMAC(ctx); err != nil {
		return err
	}
	if err := k.ensureKey(ctx); err != nil {
		return err
	}
	if err := k.maintainLocked(ctx); err != nil {
		return err
	}
	k.started.Store(true)
	return nil
}

// current returns the keys to use now, reloading them when a bus message or the refresh
// interval says so (every refreshEvery the rotation and pruning are checked too). A failed
// reload keeps the keys held and logs; only a replica that holds none fails.
func (k *keyring) current(ctx context.Context) (*keySet, error) {
	s := k.set.Load()
	if k.fresh(s) {
		return s, nil
	}
	if s == nil {
		k.mu.Lock()
	} else if !k.mu.TryLock() {
		return s, nil // another request is reloading; the keys held are still good
	}
	defer k.mu.Unlock()
	if s = k.set.Load(); k.fresh(s) {
		return s, nil // reloaded while this request waited
	}
	var err error
	switch {
	case !k.started.Load():
		err = k.startLocked(ctx)
	case s == nil:
		err = k.loadLocked(ctx)
	case k.stale.Load():
		err = k.loadLocked(ctx)
	case ctx.Value(txKey{}) != nil:
		// Signing inside fosite's transaction (a refresh): no writes from another connection
		// now (SQLite would wait for this very transaction); the next request checks.
		return s, nil
	default:
		err = k.maintainLocked(ctx)
	}
	if err != nil {
		if s != nil {
			slog.WarnContext(ctx, "oidc: reload signing keys; keeping the ones held", "err", err)
			return s, nil
		}
		return nil, fmt.Errorf("signing keys: %w", err)
	}
	return k.set.Load(), nil
}

// fresh reports whether s needs no reload.
func (k *keyring) fresh(s *keySet) bool {
	return s != nil && k.started.Load() && !k.stale.Load() && k.now().Sub(s.loaded) < refreshEvery
}

// signing returns the key that signs now.
func (k *keyring) signing(ctx context.Context) (*signingKey, error) {
	s, err := k.current(ctx)
	if err != nil {
		return nil, err
	}
	return s.signing, nil
}

// verifying returns the key kid names, or nil. A kid this replica does not know may be a
// key another replica has just made: the keys are reloaded then, at most every missEvery.
func (k *keyring) verifying(ctx context.Context, kid string) *signingKey {
	s, err := k.current(ctx)
	if err != nil {
		return nil
	}
	if key := s.byID[kid]; key != nil {
		return key
	}
	last, now := k.lastMiss.Load(), k.now().UnixNano()
	if now-last < int64(missEvery) || !k.lastMiss.CompareAndSwap(last, now) {
		return nil
	}
	k.mu.Lock()
	err = k.loadLocked(ctx)
	k.mu.Unlock()
	if err != nil {
		slog.WarnContext(ctx, "oidc: reload signing keys for an unknown key id", "err", err)
		return nil
	}
	return k.set.Load().byID[kid]
}

// rotate makes a new signing key at once and returns it.
func (k *keyring) rotate(ctx context.Context) (KeyInfo, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.started.Load() {
		if err := k.startLocked(ctx); err != nil {
			return KeyInfo{}, err
		}
	}
	for range 5 {
		var top int64
		if err := db.Select(ctx, k.db, (*signingKeyRow)(nil)).ColumnExpr("COALESCE(MAX(generation), 0)").Scan(ctx, &top); err != nil {
			return KeyInfo{}, fmt.Errorf("newest signing key: %w", err)
		}
		row, made, err := k.addKey(ctx, top+1, nil, k.now())
		if err != nil {
			return KeyInfo{}, err
		}
		if made {
			if err := k.loadLocked(ctx); err != nil {
				return KeyInfo{}, err
			}
			return KeyInfo{ID: row.ID, Generation: row.Generation, Created: row.CreatedAt, Signing: true}, nil
		}
	}
	return KeyInfo{}, errors.New("rotate signing key: other replicas kept rotating at the same time; try again")
}

// list describes the stored keys, newest first.
func (k *keyring) list(ctx context.Context) ([]KeyInfo, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.started.Load() {
		if err := k.startLocked(ctx); err != nil {
			return nil, err
		}
	}
	if err := k.loadLocked(ctx); err != nil {
		return nil, err
	}
	s := k.set.Load()
	out := make([]KeyInfo, 0, len(s.byID))
	for _, key := range s.byID {
		out = append(out, key.KeyInfo)
	}
	slices.SortFunc(out, func(a, b KeyInfo) int { return int(b.Generation - a.Generation) })
	return out, nil
}

// ensureHMAC stores the HMAC secret when there is none: the one of the data folder's
// token-secret file (so refresh tokens issued before keep working), else a new one. Two
// replicas starting at once insert one row; the loser reads the winner's.
func (k *keyring) ensureHMAC(ctx context.Context) error {
	exists, err := db.Select(ctx, k.db, (*secretRow)(nil)).Where("name = ?", hmacSecretName).Exists(ctx)
	if err != nil {
		return fmt.Errorf("read token secret: %w", err)
	}
	if exists {
		return nil
	}
	raw, imported, err := legacyHMAC(k.dataDir)
	if err != nil {
		return err
	}
	if raw == nil {
		raw = make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return err
		}
	}
	sealed, err := k.sealer.seal(raw, "oidc_secrets:"+hmacSecretName)
	if err != nil {
		return err
	}
	res, err := k.db.NewInsert().Model(&secretRow{Name: hmacSecretName, Value: sealed, CreatedAt: k.now().UTC()}).
		On("CONFLICT (name) DO NOTHING").Exec(ctx)
	if err != nil {
		return fmt.Errorf("store token secret: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 && imported != "" {
		slog.InfoContext(ctx, "oidc: token secret imported into the database; the file is no longer read", "file", imported)
	}
	return nil
}

// ensureKey stores a first signing key when there is none: the data folder's
// signing-key.pem when an earlier version left one (access tokens it signed keep working),
// else a new key.
func (k *keyring) ensureKey(ctx context.Context) error {
	exists, err := db.Select(ctx, k.db, (*signingKeyRow)(nil)).Exists(ctx)
	if err != nil {
		return fmt.Errorf("read signing keys: %w", err)
	}
	if exists {
		return nil
	}
	rk, created, path, err := legacyKey(k.dataDir)
	if err != nil {
		return err
	}
	if rk == nil {
		created = k.now()
	}
	_, made, err := k.addKey(ctx, 1, rk, created)
	if err == nil && made && path != "" {
		slog.InfoContext(ctx, "oidc: signing key imported into the database; the file is no longer read", "file", path)
	}
	return err
}

// addKey stores rk (a new key when nil) as generation gen, unless another key took that
// generation first (made is false then): the unique generation is what lets replicas that
// rotate at the same moment end with one new key.
func (k *keyring) addKey(ctx context.Context, gen int64, rk *rsa.PrivateKey, created time.Time) (row *signingKeyRow, made bool, err error) {
	if rk == nil {
		if rk, err = rsa.GenerateKey(rand.Reader, rsaBits); err != nil {
			return nil, false, fmt.Errorf("generate signing key: %w", err)
		}
	}
	der, err := x509.MarshalPKCS8PrivateKey(rk)
	if err != nil {
		return nil, false, err
	}
	kid, err := keyID(&rk.PublicKey)
	if err != nil {
		return nil, false, err
	}
	sealed, err := k.sealer.seal(der, "oidc_signing_keys:"+kid)
	if err != nil {
		return nil, false, err
	}
	row = &signingKeyRow{ID: kid, Generation: gen, Algorithm: string(jose.RS256), PrivateKey: sealed, CreatedAt: created.UTC()}
	res, err := k.db.NewInsert().Model(row).On("CONFLICT (generation) DO NOTHING").Exec(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("store signing key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, false, nil
	}
	if err := k.bus.Publish(ctx, TopicKeys, kid); err != nil {
		slog.WarnContext(ctx, "oidc: announce new signing key", "err", err) // the others find it by its kid
	}
	slog.InfoContext(ctx, "oidc: new signing key", "kid", kid, "generation", gen)
	return row, true, nil
}

// loadLocked reads every key and the HMAC secret into a new keySet. Keys already held are
// reused; a key the secret does not open is the wrong-secret error.
func (k *keyring) loadLocked(ctx context.Context) error {
	k.stale.Store(false) // a message arriving during the read marks the keys stale again
	var rows []signingKeyRow
	if err := db.Select(ctx, k.db, &rows).OrderExpr("generation DESC").Scan(ctx); err != nil {
		return fmt.Errorf("read signing keys: %w", err)
	}
	if len(rows) == 0 {
		return errors.New("no signing key in the database")
	}
	sec := new(secretRow)
	if err := db.Select(ctx, k.db, sec).Where("name = ?", hmacSecretName).Scan(ctx); err != nil {
		return fmt.Errorf("read token secret: %w", db.NotFound(err, "token secret"))
	}
	hmacKey, err := k.sealer.open(sec.Value, "oidc_secrets:"+hmacSecretName)
	if errors.Is(err, secret.ErrWrongSecret) {
		return k.sealer.wrongSecret()
	}
	if err != nil {
		return err
	}
	old := k.set.Load()
	s := &keySet{byID: make(map[string]*signingKey, len(rows)), hmac: hmacKey, loaded: k.now()}
	for i, r := range rows {
		info := KeyInfo{ID: r.ID, Generation: r.Generation, Created: r.CreatedAt, Signing: i == 0}
		var key *signingKey
		if old != nil && old.byID[r.ID] != nil {
			held := *old.byID[r.ID]
			held.KeyInfo = info
			key = &held
		} else if key, err = k.decrypt(r, info); err != nil {
			return err
		}
		s.byID[r.ID] = key
		s.jwks.Keys = append(s.jwks.Keys, key.public)
	}
	s.signing = s.byID[rows[0].ID]
	k.set.Store(s)
	return nil
}

// decrypt opens a stored key and prepares its signer.
func (k *keyring) decrypt(r signingKeyRow, info KeyInfo) (*signingKey, error) {
	der, err := k.sealer.open(r.PrivateKey, "oidc_signing_keys:"+r.ID)
	if errors.Is(err, secret.ErrWrongSecret) {
		return nil, k.sealer.wrongSecret()
	}
	if err != nil {
		return nil, fmt.Errorf("signing key %s: %w", r.ID, err)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, fmt.Errorf("signing key %s: %w", r.ID, err)
	}
	rk, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("signing key %s: want RSA, got %T", r.ID, parsed)
	}
	pub := jose.JSONWebKey{Key: &rk.PublicKey, KeyID: r.ID, Algorithm: string(jose.RS256), Use: "sig"}
	priv := &jose.JSONWebKey{Key: rk, KeyID: r.ID, Algorithm: string(jose.RS256), Use: "sig"}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: priv},
		(&jose.SignerOptions{}).WithType(accessTokenType))
	if err != nil {
		return nil, fmt.Errorf("access token signer: %w", err)
	}
	return &signingKey{KeyInfo: info, private: priv, public: pub, signer: signer}, nil
}

// keyID is a public key's RFC 7638 thumbprint, base64url.
func keyID(pub *rsa.PublicKey) (string, error) {
	thumb, err := (&jose.JSONWebKey{Key: pub}).Thumbprint(crypto.SHA256)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(thumb), nil
}
