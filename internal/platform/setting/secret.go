package setting

import (
	"context"
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

// Secret settings (passwords, client secrets) are stored encrypted with AES-256-GCM under a
// key derived (HKDF-SHA256) from the installation's secret — the one the OIDC signing keys
// are sealed with (internal/oidc/secret.go): --secret / KERF_SECRET, or the random secret
// created once in <data dir>/secret. Each value is bound to its row (name and provider), so
// a sealed value copied to another setting or tenant does not open. They are never
// answered in clear by the settings pages: those answer IsSet.

const (
	secretFileName  = "secret"
	minSecretLength = 16
	sealVersion     = "v1:"
	hkdfSalt        = "kerf"
	hkdfInfo        = "kerf secret settings v1"
)

// ErrNoSecret is returned when a secret setting is written or read while the service has
// no installation secret (UseSecret was not called).
var ErrNoSecret = errors.New("setting: no installation secret to encrypt secret settings with")

// ErrWrongSecret is returned for a stored secret value sealed under another installation
// secret (a replica started with a different KERF_SECRET).
var ErrWrongSecret = errors.New("setting: a secret setting was encrypted with another installation secret")

// UseSecret makes the service seal secret settings with the installation secret: configured
// (KERF_SECRET) when given, else the one in dataDir/secret (created there once, shared with
// the OIDC signing keys).
func (s *Service) UseSecret(configured, dataDir string) error {
	secret, err := installationSecret(configured, dataDir)
	if err != nil {
		return err
	}
	key, err := hkdf.Key(sha256.New, secret, []byte(hkdfSalt), hkdfInfo, 32)
	if err != nil {
		return fmt.Errorf("derive the secret settings key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.aead = aead
	s.mu.Unlock()
	return nil
}

// IsSet reports whether a value is stored for name in the ctx tenant's resolution (its own,
// else the global one): what the settings pages answer for a secret instead of its value.
func (s *Service) IsSet(ctx context.Context, name string) (bool, error) {
	d, ok := s.Definition(name)
	if !ok {
		return false, fmt.Errorf("%w: %s", ErrUnknown, name)
	}
	_, found, err := s.lookup(ctx, d)
	return found, err
}

func (s *Service) cipher() cipher.AEAD {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.aead
}

// seal encrypts value for the row (name, provider, key) as "v1:" and the base64 of nonce and
// ciphertext.
func (s *Service) seal(value, name, provider, key string) (string, error) {
	aead := s.cipher()
	if aead == nil {
		return "", ErrNoSecret
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := aead.Seal(nonce, nonce, []byte(value), []byte(sealAAD(name, provider, key)))
	return sealVersion + base64.RawStdEncoding.EncodeToString(out), nil
}

// open decrypts what seal made for the same row.
func (s *Service) open(sealed, name, provider, key string) (string, error) {
	aead := s.cipher()
	if aead == nil {
		return "", ErrNoSecret
	}
	raw, ok := strings.CutPrefix(sealed, sealVersion)
	if !ok {
		return "", fmt.Errorf("secret setting %s: unknown format", name)
	}
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil || len(b) < aead.NonceSize() {
		return "", fmt.Errorf("secret setting %s: not base64", name)
	}
	n := aead.NonceSize()
	plain, err := aead.Open(nil, b[:n], b[n:], []byte(sealAAD(name, provider, key)))
	if err != nil {
		return "", fmt.Errorf("%w: %s", ErrWrongSecret, name)
	}
	return string(plain), nil
}

func sealAAD(name, provider, key string) string {
	return "setting:" + name + ":" + providerKey(provider, key)
}

// installationSecret returns the configured secret, or the one generated once in
// dataDir/secret (the same file and format as the OIDC keys' secret).
func installationSecret(configured, dataDir string) ([]byte, error) {
	if configured != "" {
		if len(configured) < minSecretLength {
			return nil, fmt.Errorf("KERF_SECRET (--secret) is too short: use at least %d characters", minSecretLength)
		}
		return []byte(configured), nil
	}
	if dataDir == "" {
		return nil, ErrNoSecret
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("data folder for the generated secret: %w", err)
	}
	path := filepath.Join(dataDir, secretFileName)
	b, err := readOrCreate(path)
	if err != nil {
		return nil, fmt.Errorf("generated secret %s: %w", path, err)
	}
	sec := strings.TrimSpace(string(b))
	if len(sec) < minSecretLength {
		return nil, fmt.Errorf("generated secret %s: too short; delete it to make a new one, or set KERF_SECRET", path)
	}
	return []byte(sec), nil
}

// readOrCreate reads path, or writes a new random secret there first; when another process
// wins the race its file is read.
func readOrCreate(path string) ([]byte, error) {
	if b, err := os.ReadFile(path); err == nil {
		return b, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".new-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(base64.RawStdEncoding.EncodeToString(raw) + "\n"); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, err
	}
	return os.ReadFile(path)
}
