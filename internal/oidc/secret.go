package oidc

import (
	"fmt"

	"kerf/internal/platform/secret"
)

// The keys Kerf signs tokens with live in the database, sealed (platform/secret) under a key
// derived from the installation's secret for this purpose alone.
const sealPurpose = "kerf oidc signing keys v1"

// sealer encrypts and decrypts the keys stored in the database.
type sealer struct{ *secret.Sealer }

func newSealer(configured, dataDir string) (*sealer, error) {
	sec, source, err := secret.Installation(configured, dataDir)
	if err != nil {
		return nil, err
	}
	s, err := secret.NewSealer(sec, source, sealPurpose)
	if err != nil {
		return nil, err
	}
	return &sealer{s}, nil
}

func (s *sealer) seal(plain []byte, aad string) (string, error) { return s.Seal(plain, aad) }

func (s *sealer) open(sealed, aad string) ([]byte, error) { return s.Open(sealed, aad) }

// wrongSecret is the start-up error of a server whose secret is not the one the stored
// keys were encrypted with: never a reason to make new keys, which would log everyone out
// and split replicas.
func (s *sealer) wrongSecret() error {
	return fmt.Errorf("the token signing keys in the database were encrypted with another secret than %s: "+
		"start every replica with the same KERF_SECRET (--secret) as the replica that created them", s.Source)
}
