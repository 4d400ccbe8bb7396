package oidc

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-jose/go-jose/v3"
)

// keys are the server's secrets, kept in the data folder so that tokens survive a
// restart: the RSA key that signs access and identity tokens (RS256), and the HMAC
// secret of refresh tokens and authorization codes. Replicas must share them (one data
// folder, or the same two files).
type keys struct {
	private *jose.JSONWebKey // RS256, with kid
	public  jose.JSONWebKey
	hmac    []byte
}

const (
	keyFile    = "signing-key.pem"
	secretFile = "token-secret"
	rsaBits    = 2048
)

// loadKeys reads the keys from dir/oidc, creating them on first use.
func loadKeys(dataDir string) (*keys, error) {
	dir := filepath.Join(dataDir, "oidc")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("oidc key folder: %w", err)
	}
	pemBytes, err := readOrCreate(filepath.Join(dir, keyFile), func() ([]byte, error) {
		k, err := rsa.GenerateKey(rand.Reader, rsaBits)
		if err != nil {
			return nil, err
		}
		der, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			return nil, err
		}
		return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
	})
	if err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return nil, fmt.Errorf("signing key %s: not PEM", filepath.Join(dir, keyFile))
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	rk, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("signing key: want RSA, got %T", parsed)
	}
	secret, err := readOrCreate(filepath.Join(dir, secretFile), func() ([]byte, error) {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		return []byte(base64.RawStdEncoding.EncodeToString(b)), nil
	})
	if err != nil {
		return nil, fmt.Errorf("token secret: %w", err)
	}
	hmacKey, err := base64.RawStdEncoding.DecodeString(string(secret))
	if err != nil || len(hmacKey) < 32 {
		return nil, fmt.Errorf("token secret %s: want 32 base64 bytes", filepath.Join(dir, secretFile))
	}
	pub := jose.JSONWebKey{Key: &rk.PublicKey, Algorithm: string(jose.RS256), Use: "sig"}
	thumb, err := pub.Thumbprint(crypto.SHA256)
	if err != nil {
		return nil, err
	}
	pub.KeyID = base64.RawURLEncoding.EncodeToString(thumb)
	priv := &jose.JSONWebKey{Key: rk, KeyID: pub.KeyID, Algorithm: string(jose.RS256), Use: "sig"}
	return &keys{private: priv, public: pub, hmac: hmacKey}, nil
}

// readOrCreate returns the file's content, creating it with make when it is missing. A
// new file is written beside and linked into place, so two processes starting together
// agree on one key.
func readOrCreate(path string, make func() ([]byte, error)) ([]byte, error) {
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

// jwks is the public key set served at the JWKS endpoint.
func (k *keys) jwks() jose.JSONWebKeySet {
	return jose.JSONWebKeySet{Keys: []jose.JSONWebKey{k.public}}
}
