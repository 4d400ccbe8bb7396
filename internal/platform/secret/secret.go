// Package secret is the installation's secret and what is sealed with it: the token signing
// keys (internal/oidc) and the secret settings (platform/setting), each under a key of its own
// derived from the one secret. The secret is --secret / KERF_SECRET, which every replica must
// share, or — for a single process — a random secret created once in <data dir>/secret.
package secret

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

const (
	fileName    = "secret"
	minLength   = 16
	sealVersion = "v1:"
	hkdfSalt    = "kerf"
)

// ErrWrongSecret is what opening a value sealed under another secret (or for another row) gives.
var ErrWrongSecret = errors.New("secret: sealed with another secret")

// Installation returns the installation's secret and where it came from (for error messages):
// configured when given, else read from (and created once in) dataDir/secret.
func Installation(configured, dataDir string) (secret []byte, source string, err error) {
	if configured != "" {
		if len(configured) < minLength {
			return nil, "", fmt.Errorf("KERF_SECRET (--secret) is too short: use at least %d characters, e.g. the output of `openssl rand -base64 32`", minLength)
		}
		return []byte(configured), "KERF_SECRET", nil
	}
	if dataDir == "" {
		return nil, "", errors.New("secret: neither KERF_SECRET nor a data folder for a generated one")
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, "", fmt.Errorf("data folder for the generated secret: %w", err)
	}
	path := filepath.Join(dataDir, fileName)
	b, err := ReadOrCreate(path, func() ([]byte, error) {
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return nil, err
		}
		return []byte(base64.RawStdEncoding.EncodeToString(raw) + "\n"), nil
	})
	if err != nil {
		return nil, "", fmt.Errorf("generated secret %s: %w", path, err)
	}
	s := strings.TrimSpace(string(b))
	if len(s) < minLength {
		return nil, "", fmt.Errorf("generated secret %s: too short; delete it to make a new one, or set KERF_SECRET", path)
	}
	return []byte(s), "the secret generated in " + path + " (KERF_SECRET is not set)", nil
}

// ReadOrCreate returns the file's content, creating it (mode 0600) with make when it is
// missing. A new file is written beside and linked into place, so two processes starting
// together agree on one content.
func ReadOrCreate(path string, make func() ([]byte, error)) ([]byte, error) {
	if b, err := os.ReadFile(path); err == nil {
		return b, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	b, err := make()
	if err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".new-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, os.ErrExist) {
			return os.ReadFile(path)
		}
		return nil, err
	}
	return b, nil
}

// Sealer encrypts values with AES-256-GCM under a key derived (HKDF-SHA256) from the secret
// for one purpose; each value is bound to the row it is stored in (its aad), so a sealed value
// copied elsewhere does not open.
type Sealer struct {
	aead   cipher.AEAD
	Source string // where the secret came from
}

// NewSealer derives the key of purpose (e.g. "kerf secret settings v1") from secret.
func NewSealer(secret []byte, source, purpose string) (*Sealer, error) {
	key, err := hkdf.Key(sha256.New, secret, []byte(hkdfSalt), purpose, 32)
	if err != nil {
		return nil, fmt.Errorf("derive the %s key: %w", purpose, err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead, Source: source}, nil
}

// Seal encrypts plain for aad as "v1:" and the base64 of nonce and ciphertext.
func (s *Sealer) Seal(plain []byte, aad string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := s.aead.Seal(nonce, nonce, plain, []byte(aad))
	return sealVersion + base64.RawStdEncoding.EncodeToString(out), nil
}

// Open decrypts what Seal made for the same aad; another secret or row gives ErrWrongSecret.
func (s *Sealer) Open(sealed, aad string) ([]byte, error) {
	raw, ok := strings.CutPrefix(sealed, sealVersion)
	if !ok {
		return nil, errors.New("secret: sealed value of an unknown format")
	}
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil || len(b) < s.aead.NonceSize() {
		return nil, errors.New("secret: sealed value is not base64")
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, b[:n], b[n:], []byte(aad))
	if err != nil {
		return nil, ErrWrongSecret
	}
	return plain, nil
}
