package oidc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v3"
	"github.com/google/uuid"
	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/oauth2"
)

// accessClaims are the claims of a Kerf access token (RFC 9068 names where they exist,
// ABP's names for the rest).
type accessClaims struct {
	Issuer               string   `json:"iss,omitempty"`
	Subject              string   `json:"sub,omitempty"`
	Audience             []string `json:"aud"`
	Expiry               int64    `json:"exp"`
	IssuedAt             int64    `json:"iat"`
	NotBefore            int64    `json:"nbf"`
	JTI                  string   `json:"jti"`
	ClientID             string   `json:"client_id"`
	Scope                string   `json:"scope,omitempty"`
	SessionID            string   `json:"sid,omitempty"`
	AuthTime             int64    `json:"auth_time,omitempty"`
	TenantID             string   `json:"tenantid,omitempty"`
	PreferredUserName    string   `json:"preferred_username,omitempty"`
	Role                 []string `json:"role,omitempty"`
	ImpersonatorUserID   string   `json:"impersonator_userid,omitempty"`
	ImpersonatorTenantID string   `json:"impersonator_tenantid,omitempty"`
}

const accessTokenType = "at+jwt"

// strategy makes access tokens JWTs signed with the newest server key, and refresh tokens
// and authorization codes HMAC-signed random strings (fosite's, unprefixed).
type strategy struct {
	*oauth2.HMACSHAStrategyUnPrefixed
	keys *keyring
	now  func() time.Time
}

var _ oauth2.CoreStrategy = (*strategy)(nil)

func newStrategy(k *keyring, hmac *oauth2.HMACSHAStrategyUnPrefixed, now func() time.Time) *strategy {
	return &strategy{HMACSHAStrategyUnPrefixed: hmac, keys: k, now: now}
}

// AccessTokenSignature is the JWT's signature part, the key tokens are stored under.
func (s *strategy) AccessTokenSignature(_ context.Context, token string) string {
	if i := strings.LastIndexByte(token, '.'); i >= 0 && strings.Count(token, ".") == 2 {
		return token[i+1:]
	}
	return ""
}

// GenerateAccessToken signs the access token of requester's session.
func (s *strategy) GenerateAccessToken(ctx context.Context, r fosite.Requester) (string, string, error) {
	sess, ok := r.GetSession().(*Session)
	if !ok {
		return "", "", fmt.Errorf("session is %T, want *oidc.Session", r.GetSession())
	}
	now := s.now().UTC().Truncate(time.Second)
	exp := sess.GetExpiresAt(fosite.AccessToken)
	if exp.IsZero() {
		exp = now.Add(time.Hour)
	}
	c := accessClaims{
		Issuer: issuerFrom(ctx), Subject: sess.Subject, Audience: []string{Audience},
		Expiry: exp.Unix(), IssuedAt: now.Unix(), NotBefore: now.Unix(), JTI: uuid.NewString(),
		ClientID: r.GetClient().GetID(), Scope: strings.Join(r.GetGrantedScopes(), " "),
		SessionID: r.GetID(), PreferredUserName: sess.UserName, Role: sess.Roles,
	}
	if !sess.AuthTime.IsZero() {
		c.AuthTime = sess.AuthTime.Unix()
	}
	if sess.TenantID != nil {
		c.TenantID = sess.TenantID.String()
	}
	if sess.ImpersonatorUserID != nil {
		c.ImpersonatorUserID = sess.ImpersonatorUserID.String()
		if sess.ImpersonatorTenantID != nil {
			c.ImpersonatorTenantID = sess.ImpersonatorTenantID.String()
		}
	}
	payload, err := json.Marshal(c)
	if err != nil {
		return "", "", err
	}
	key, err := s.keys.signing(ctx)
	if err != nil {
		return "", "", err
	}
	jws, err := key.signer.Sign(payload)
	if err != nil {
		return "", "", fmt.Errorf("sign access token: %w", err)
	}
	token, err := jws.CompactSerialize()
	if err != nil {
		return "", "", err
	}
	return token, s.AccessTokenSignature(ctx, token), nil
}

// ValidateAccessToken checks the signature and expiry of an access token.
func (s *strategy) ValidateAccessToken(ctx context.Context, _ fosite.Requester, token string) error {
	_, err := s.parse(ctx, token)
	return err
}

var (
	errBadToken     = errors.New("malformed or foreign access token")
	errTokenExpired = errors.New("access token expired")
)

// parse verifies an access token signed by one of the server's keys (the one its kid
// names) and returns its claims.
func (s *strategy) parse(ctx context.Context, token string) (*accessClaims, error) {
	jws, err := jose.ParseSigned(token)
	if err != nil || len(jws.Signatures) != 1 {
		return nil, errBadToken
	}
	h := jws.Signatures[0].Header
	if h.Algorithm != string(jose.RS256) || h.KeyID == "" || h.ExtraHeaders[jose.HeaderType] != accessTokenType {
		return nil, errBadToken
	}
	key := s.keys.verifying(ctx, h.KeyID)
	if key == nil {
		return nil, errBadToken
	}
	payload, err := jws.Verify(key.public.Key)
	if err != nil {
		return nil, errBadToken
	}
	var c accessClaims
	if err := json.Unmarshal(payload, &c); err != nil {
		return nil, errBadToken
	}
	ok := false
	for _, a := range c.Audience {
		ok = ok || a == Audience
	}
	if !ok {
		return nil, errBadToken
	}
	now := s.now().Unix()
	if c.Expiry <= now {
		return &c, errTokenExpired
	}
	if c.NotBefore > now+60 { // a minute of clock skew between replicas
		return nil, errBadToken
	}
	return &c, nil
}
