package oidc

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Files in the data folder: the generated secret, and the keys earlier versions kept there
// (imported once on first start).

// legacyKey reads <data dir>/oidc/signing-key.pem, if an earlier version left one, with its
// modification time as its age.
func legacyKey(dataDir string) (*rsa.PrivateKey, time.Time, string, error) {
	path := filepath.Join(dataDir, "oidc", legacyKeyFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, time.Time{}, "", nil
	}
	if err != nil {
		return nil, time.Time{}, "", fmt.Errorf("signing key to import: %w", err)
	}
	block, _ := pem.Decode(b)
	if block == nil {
		return nil, time.Time{}, "", fmt.Errorf("signing key to import %s: not PEM", path)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, time.Time{}, "", fmt.Errorf("signing key to import %s: %w", path, err)
	}
	rk, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, time.Time{}, "", fmt.Errorf("signing key to import %s: want RSA, got %T", path, parsed)
	}
	created := time.Now()
	if fi, err := os.Stat(path); err == nil {
		created = fi.ModTime()
	}
	return rk, created, path, nil
}

// legacyHMAC reads <data dir>/oidc/token-secret, if an earlier version left one.
func legacyHMAC(dataDir string) ([]byte, string, error) {
	path := filepath.Join(dataDir, "oidc", legacySecretFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("token secret to import: %w", err)
	}
	raw, err := base64.RawStdEncoding.DecodeString(string(b))
	if err != nil || len(raw) < 32 {
		return nil, "", fmt.Errorf("token secret to import %s: want 32 base64 bytes", path)
	}
	return raw, path, nil
}
