package oidc

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

// The keys Kerf signs tokens with live in the database, encrypted with AES-256-GCM under a
// key derived (HKDF-SHA256) from the server secret: --secret / KERF_SECRET, which every
// replica must share, or — for a single process — a random secret created once in
// <data dir>/secret.

const (
	secretFileName  = "secret"
	minSecretLength = 16
	sealVersion     = "v1:"
	hkdfSalt        = "kerf"
	hkdfInfo        = "kerf oidc signing keys v1"
)

// serverSecret returns the secret the keys are encrypted with and where it came from (for
// error messages): configured, or read from (and created once in) dataDir/secret.
func serverSecret(configured, dataDir string) (secret []byte, source string, err error) {
	if configured != "" {
		if len(configured) < minSecretLength {
			return nil, "", fmt.Errorf("KERF_SECRET (--secret) is too short: use at least %d characters, e.g. the output of `openssl rand -base64 32`", minSecretLength)
		}
		return []byte(configured), "KERF_SECRET", nil
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, "", fmt.Errorf("data folder for the generated secret: %w", err)
	}
	path := filepath.Join(dataDir, secretFileName)
	b, err := readOrCreate(path, func() ([]byte, error) {
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
	if len(s) < minSecretLength {
		return nil, "", fmt.Errorf("generated secret %s: too short; delete it to make a new one, or set KERF_SECRET", path)
	}
	return []byte(s), "the secret generated in " + path + " (KERF_SECRET is not set)", nil
}

// sealer encrypts and decrypts the keys stored in the database.
type sealer struct {
	aead   cipher.AEAD
	source string // where the secret came from, for the wrong-secret error
}

func newSealer(secret []byte, source string) (*sealer, error) {
	key, err := hkdf.Key(sha256.New, secret, []byte(hkdfSalt), hkdfInfo, 32)
	if err != nil {
		return nil, fmt.Errorf("derive key encryption key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead, source: source}, nil
}

// seal encrypts plain, bound to aad (the row it is stored in), as "v1:" and the base64 of
// nonce and ciphertext.
func (s *sealer) seal(plain []byte, aad string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := s.aead.Seal(nonce, nonce, plain, []byte(aad))
	return sealVersion + base64.RawStdEncoding.EncodeToString(out), nil
}

// errWrongSecret is what a key sealed under another secret gives.
var errWrongSecret = errors.New("wrong secret")

// open decrypts what seal made for the same aad.
func (s *sealer) open(sealed, aad string) ([]byte, error) {
	raw, ok := strings.CutPrefix(sealed, sealVersion)
	if !ok {
		return nil, fmt.Errorf("stored key: unknown format")
	}
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil || len(b) < s.aead.NonceSize() {
		return nil, fmt.Errorf("stored key: not base64")
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, b[:n], b[n:], []byte(aad))
	if err != nil {
		return nil, errWrongSecret
	}
	return plain, nil
}

// wrongSecret is the start-up error of a server whose secret is not the one the stored
// keys were encrypted with: never a reason to make new keys, which would log everyone out
// and split replicas.
func (s *sealer) wrongSecret() error {
	return fmt.Errorf("the token signing keys in the database were encrypted with another secret than %s: "+
		"start every replica with the same KERF_SECRET (--secret) as the replica that created them", s.source)
}
