package oidc

import (
	"time"

	"github.com/google/uuid"
	"github.com/mohae/deepcopy"
	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/token/jwt"
)

// Session is what Kerf keeps about a login inside fosite's requests: who, in which
// tenant, with which roles, on whose behalf, and when the chain of tokens must end. It
// is stored (as JSON) with every token and cloned into each refreshed one.
type Session struct {
	Subject              string     `json:"sub"` // user id; empty for client_credentials
	UserName             string     `json:"userName,omitempty"`
	TenantID             *uuid.UUID `json:"tenantId,omitempty"`
	TenantName           string     `json:"tenantName,omitempty"`
	Roles                []string   `json:"roles,omitempty"`
	ImpersonatorUserID   *uuid.UUID `json:"impersonatorUserId,omitempty"`
	ImpersonatorTenantID *uuid.UUID `json:"impersonatorTenantId,omitempty"`
	ImpersonatorUserName string     `json:"impersonatorUserName,omitempty"`
	SecurityStamp        string     `json:"securityStamp,omitempty"`
	// Grant is the grant that started the chain (password, phone_verify, ...).
	Grant    string    `json:"grant,omitempty"`
	AuthTime time.Time `json:"authTime"`
	// FamilyEnd is when the chain ends whatever refreshes happen (absolute lifetime).
	FamilyEnd time.Time                      `json:"familyEnd"`
	ExpiresAt map[fosite.TokenType]time.Time `json:"expiresAt,omitempty"`
	IDClaims  *jwt.IDTokenClaims             `json:"idClaims,omitempty"`
	IDHeaders *jwt.Headers                   `json:"idHeaders,omitempty"`
}

var _ openid.Session = (*Session)(nil)

func newSession() *Session { return &Session{} }

// SetExpiresAt implements fosite.Session.
func (s *Session) SetExpiresAt(key fosite.TokenType, exp time.Time) {
	if s.ExpiresAt == nil {
		s.ExpiresAt = map[fosite.TokenType]time.Time{}
	}
	s.ExpiresAt[key] = exp
}

// GetExpiresAt implements fosite.Session.
func (s *Session) GetExpiresAt(key fosite.TokenType) time.Time {
	if s.ExpiresAt == nil {
		return time.Time{}
	}
	return s.ExpiresAt[key]
}

// GetUsername implements fosite.Session.
func (s *Session) GetUsername() string {
	if s == nil {
		return ""
	}
	return s.UserName
}

// GetSubject implements fosite.Session.
func (s *Session) GetSubject() string {
	if s == nil {
		return ""
	}
	return s.Subject
}

// SetSubject implements fosite.Session.
func (s *Session) SetSubject(sub string) { s.Subject = sub }

// Clone implements fosite.Session.
func (s *Session) Clone() fosite.Session {
	if s == nil {
		return nil
	}
	return deepcopy.Copy(s).(*Session)
}

// IDTokenClaims implements openid.Session: the claims of the identity token.
func (s *Session) IDTokenClaims() *jwt.IDTokenClaims {
	if s.IDClaims == nil {
		s.IDClaims = &jwt.IDTokenClaims{}
	}
	return s.IDClaims
}

// IDTokenHeaders implements openid.Session.
func (s *Session) IDTokenHeaders() *jwt.Headers {
	if s.IDHeaders == nil {
		s.IDHeaders = &jwt.Headers{}
	}
	return s.IDHeaders
}

// userID returns the subject as a user id (uuid.Nil for client tokens).
func (s *Session) userID() uuid.UUID {
	id, _ := uuid.Parse(s.Subject)
	return id
}

// fillIDClaims sets the identity token's claims from the session: the subject, the time
// of login and the few profile claims the web client reads.
func (s *Session) fillIDClaims(now time.Time) {
	c := s.IDTokenClaims()
	c.Subject = s.Subject
	c.AuthTime = s.AuthTime
	c.RequestedAt = now
	if c.Extra == nil {
		c.Extra = map[string]interface{}{}
	}
	c.Extra["preferred_username"] = s.UserName
	if s.TenantID != nil {
		c.Extra["tenantid"] = s.TenantID.String()
	} else {
		delete(c.Extra, "tenantid")
	}
}
