package setting

import (
	"context"
	"errors"
	"fmt"

	"kerf/internal/platform/secret"
)

// Secret settings (passwords, client secrets) are stored sealed (platform/secret: AES-256-GCM
// under a key derived from the installation's secret, the one the OIDC signing keys are
// sealed with): --secret / KERF_SECRET, or the random secret
// created once in <data dir>/secret. Each value is bound to its row (name and provider), so
// a sealed value copied to another setting or tenant does not open. They are never
// answered in clear by the settings pages: those answer IsSet.

// sealPurpose derives the secret settings' key from the installation secret (platform/secret).
const sealPurpose = "kerf secret settings v1"

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
	sec, source, err := secret.Installation(configured, dataDir)
	if err != nil {
		return err
	}
	sealer, err := secret.NewSealer(sec, source, sealPurpose)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.sealer = sealer
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

func (s *Service) secretSealer() *secret.Sealer {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.sealer
}

// seal encrypts value for the row (name, provider, key).
func (s *Service) seal(value, name, provider, key string) (string, error) {
	sealer := s.secretSealer()
	if sealer == nil {
		return "", ErrNoSecret
	}
	return sealer.Seal([]byte(value), sealAAD(name, provider, key))
}

// open decrypts what seal made for the same row.
func (s *Service) open(sealed, name, provider, key string) (string, error) {
	sealer := s.secretSealer()
	if sealer == nil {
		return "", ErrNoSecret
	}
	plain, err := sealer.Open(sealed, sealAAD(name, provider, key))
	if errors.Is(err, secret.ErrWrongSecret) {
		return "", fmt.Errorf("%w: %s", ErrWrongSecret, name)
	}
	if err != nil {
		return "", fmt.Errorf("secret setting %s: %w", name, err)
	}
	return string(plain), nil
}

func sealAAD(name, provider, key string) string {
	return "setting:" + name + ":" + providerKey(provider, key)
}
