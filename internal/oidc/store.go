package oidc

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/oauth2"
	"github.com/ory/fosite/handler/openid"
	"github.com/ory/fosite/handler/pkce"
	"github.com/uptrace/bun"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
)

// store is fosite's storage on Kerf's database: clients from the identity-server
// tables, every token, code and PKCE request in oidc_tokens, and token families (one
// per login) in oidc_token_families.
type store struct {
	db      *db.DB
	clients *clients
	now     func() time.Time
	// bus tells every replica's verifier of each family revoked (TopicLogins).
	bus *bus.Bus

	sweeping  atomic.Bool
	lastSweep atomic.Int64
}

var (
	_ fosite.ClientManager               = (*store)(nil)
	_ oauth2.CoreStorage                 = (*store)(nil)
	_ oauth2.TokenRevocationStorage      = (*store)(nil)
	_ pkce.PKCERequestStorage            = (*store)(nil)
	_ openid.OpenIDConnectRequestStorage = (*store)(nil)
)

// storedRequest is a fosite request as it is kept in oidc_tokens.data.
type storedRequest struct {
	ID                string          `json:"id"`
	RequestedAt       time.Time       `json:"requestedAt"`
	ClientID          string          `json:"clientId"`
	RequestedScope    []string        `json:"scopes"`
	GrantedScope      []string        `json:"grantedScopes"`
	RequestedAudience []string        `json:"requestedAudience,omitempty"`
	GrantedAudience   []string        `json:"grantedAudience,omitempty"`
	Form              url.Values      `json:"form,omitempty"`
	Session           json.RawMessage `json:"session"`
}

type txKey struct{}

// storeTx is a transaction fosite opened, with what to announce once it commits.
type storeTx struct {
	tx    bun.Tx
	mu    sync.Mutex
	after []func()
}

// idb returns the transaction of ctx, if fosite opened one, else the database.
func (s *store) idb(ctx context.Context) bun.IDB {
	if t, ok := ctx.Value(txKey{}).(*storeTx); ok {
		return t.tx
	}
	return s.db
}

// BeginTX implements storage.Transactional (fosite's refresh flow rotates in one).
func (s *store) BeginTX(ctx context.Context) (context.Context, error) {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return ctx, err
	}
	return context.WithValue(ctx, txKey{}, &storeTx{tx: tx}), nil
}

// Commit implements storage.Transactional; what the transaction changed is announced after.
func (s *store) Commit(ctx context.Context) error {
	if t, ok := ctx.Value(txKey{}).(*storeTx); ok {
		if err := t.tx.Commit(); err != nil {
			return err
		}
		t.mu.Lock()
		after := t.after
		t.after = nil
		t.mu.Unlock()
		for _, fn := range after {
			fn()
		}
	}
	return nil
}

// afterCommit runs fn once the transaction fosite opened for ctx commits (never if it rolls
// back), or at once outside one.
func afterCommit(ctx context.Context, fn func()) {
	if t, ok := ctx.Value(txKey{}).(*storeTx); ok {
		t.mu.Lock()
		t.after = append(t.after, fn)
		t.mu.Unlock()
		return
	}
	fn()
}

// Rollback implements storage.Transactional.
func (s *store) Rollback(ctx context.Context) error {
	if t, ok := ctx.Value(txKey{}).(*storeTx); ok {
		err := t.tx.Rollback()
		if errors.Is(err, sql.ErrTxDone) {
			return nil
		}
		return err
	}
	return nil
}

// GetClient implements fosite.ClientManager.
func (s *store) GetClient(ctx context.Context, id string) (fosite.Client, error) {
	c, err := s.clients.get(ctx, id)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// ClientAssertionJWTValid implements fosite.ClientManager; Kerf accepts no client
// assertions (private_key_jwt), so no JTI is ever known.
func (s *store) ClientAssertionJWTValid(context.Context, string) error { return nil }

// SetClientAssertionJWT implements fosite.ClientManager.
func (s *store) SetClientAssertionJWT(context.Context, string, time.Time) error { return nil }

func (s *store) create(ctx context.Context, kind, signature, accessSignature string, r fosite.Requester) error {
	sess, _ := r.GetSession().(*Session)
	var raw []byte
	var err error
	if sess != nil {
		raw, err = json.Marshal(sess)
		if err != nil {
			return err
		}
	}
	data, err := json.Marshal(storedRequest{
		ID: r.GetID(), RequestedAt: r.GetRequestedAt(), ClientID: r.GetClient().GetID(),
		RequestedScope: r.GetRequestedScopes(), GrantedScope: r.GetGrantedScopes(),
		RequestedAudience: r.GetRequestedAudience(), GrantedAudience: r.GetGrantedAudience(),
		Form: r.GetRequestForm(), Session: raw,
	})
	if err != nil {
		return err
	}
	now := s.now().UTC()
	exp := time.Time{}
	if sess != nil {
		switch kind {
		case kindAccess:
			exp = sess.GetExpiresAt(fosite.AccessToken)
		case kindRefresh:
			exp = sess.GetExpiresAt(fosite.RefreshToken)
		default:
			exp = sess.GetExpiresAt(fosite.AuthorizeCode)
		}
	}
	if exp.IsZero() {
		exp = now.Add(24 * time.Hour)
	}
	row := &tokenRow{Signature: signature, Kind: kind, FamilyID: r.GetID(), ClientID: r.GetClient().GetID(),
		Active: true, CreatedAt: now, ExpiresAt: exp.UTC(), AccessSignature: accessSignature, Data: string(data)}
	if sess != nil {
		row.Subject = sess.Subject
	}
	idb := s.idb(ctx)
	if kind == kindAccess || kind == kindRefresh {
		end := exp
		if sess != nil && !sess.FamilyEnd.IsZero() {
			end = sess.FamilyEnd
		}
		fam := &familyRow{ID: r.GetID(), ClientID: row.ClientID, Subject: row.Subject, CreatedAt: now, ExpiresAt: end.UTC()}
		if _, err := idb.NewInsert().Model(fam).On("CONFLICT (id) DO NOTHING").Exec(ctx); err != nil {
			return fmt.Errorf("create token family: %w", err)
		}
	}
	if _, err := idb.NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("store %s token: %w", kind, err)
	}
	s.maybeSweep()
	return nil
}

// get loads a token row of kind and rebuilds its request into session. An inactive
// row is returned with inactiveErr, as fosite wants for reuse detection.
func (s *store) get(ctx context.Context, kind, signature string, session fosite.Session, inactiveErr error) (fosite.Requester, *tokenRow, error) {
	row := new(tokenRow)
	err := s.idb(ctx).NewSelect().Model(row).Where("signature = ?", signature).Where("kind = ?", kind).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fosite.ErrNotFound
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read %s token: %w", kind, err)
	}
	var sr storedRequest
	if err := json.Unmarshal([]byte(row.Data), &sr); err != nil {
		return nil, nil, fmt.Errorf("decode %s token: %w", kind, err)
	}
	if session == nil {
		session = newSession()
	}
	if len(sr.Session) > 0 {
		if err := json.Unmarshal(sr.Session, session); err != nil {
			return nil, nil, fmt.Errorf("decode session: %w", err)
		}
	}
	client, err := s.clients.get(ctx, sr.ClientID)
	if err != nil {
		return nil, nil, err
	}
	req := &fosite.Request{
		ID: sr.ID, RequestedAt: sr.RequestedAt, Client: client, RequestedScope: sr.RequestedScope,
		GrantedScope: sr.GrantedScope, RequestedAudience: sr.RequestedAudience, GrantedAudience: sr.GrantedAudience,
		Form: sr.Form, Session: session,
	}
	if req.Form == nil {
		req.Form = url.Values{}
	}
	if !row.Active {
		return req, row, inactiveErr
	}
	return req, row, nil
}

func (s *store) deactivate(ctx context.Context, kind, signature string) error {
	_, err := s.idb(ctx).NewUpdate().Model((*tokenRow)(nil)).Set("active = ?", false).
		Where("signature = ?", signature).Where("kind = ?", kind).Exec(ctx)
	if err != nil {
		return fmt.Errorf("deactivate %s token: %w", kind, err)
	}
	return nil
}

func (s *store) remove(ctx context.Context, kind, signature string) error {
	_, err := s.idb(ctx).NewDelete().Model((*tokenRow)(nil)).Where("signature = ?", signature).Where("kind = ?", kind).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete %s token: %w", kind, err)
	}
	return nil
}

// CreateAuthorizeCodeSession implements oauth2.AuthorizeCodeStorage.
func (s *store) CreateAuthorizeCodeSession(ctx context.Context, code string, r fosite.Requester) error {
	return s.create(ctx, kindCode, code, "", r)
}

// GetAuthorizeCodeSession implements oauth2.AuthorizeCodeStorage.
func (s *store) GetAuthorizeCodeSession(ctx context.Context, code string, session fosite.Session) (fosite.Requester, error) {
	r, _, err := s.get(ctx, kindCode, code, session, fosite.ErrInvalidatedAuthorizeCode)
	return r, err
}

// InvalidateAuthorizeCodeSession implements oauth2.AuthorizeCodeStorage.
func (s *store) InvalidateAuthorizeCodeSession(ctx context.Context, code string) error {
	return s.deactivate(ctx, kindCode, code)
}

// CreateAccessTokenSession implements oauth2.AccessTokenStorage.
func (s *store) CreateAccessTokenSession(ctx context.Context, signature string, r fosite.Requester) error {
	return s.create(ctx, kindAccess, signature, "", r)
}

// GetAccessTokenSession implements oauth2.AccessTokenStorage.
func (s *store) GetAccessTokenSession(ctx context.Context, signature string, session fosite.Session) (fosite.Requester, error) {
	r, _, err := s.get(ctx, kindAccess, signature, session, fosite.ErrInactiveToken)
	return r, err
}

// DeleteAccessTokenSession implements oauth2.AccessTokenStorage.
func (s *store) DeleteAccessTokenSession(ctx context.Context, signature string) error {
	return s.remove(ctx, kindAccess, signature)
}

// CreateRefreshTokenSession implements oauth2.RefreshTokenStorage.
func (s *store) CreateRefreshTokenSession(ctx context.Context, signature, accessSignature string, r fosite.Requester) error {
	return s.create(ctx, kindRefresh, signature, accessSignature, r)
}

// GetRefreshTokenSession implements oauth2.RefreshTokenStorage. A spent refresh token of
// a live login comes back with fosite.ErrInactiveToken: fosite then revokes its family.
func (s *store) GetRefreshTokenSession(ctx context.Context, signature string, session fosite.Session) (fosite.Requester, error) {
	r, row, err := s.get(ctx, kindRefresh, signature, session, fosite.ErrInactiveToken)
	if errors.Is(err, fosite.ErrInactiveToken) {
		// A token of an ended login (logout, revocation, reuse already seen) is simply
		// invalid; only a spent token of a live login is reuse.
		if active, ferr := s.familyActive(ctx, r.GetID()); ferr != nil {
			return nil, ferr
		} else if !active {
			return nil, fosite.ErrNotFound
		}
		if o := outcomeFrom(ctx); o != nil {
			if sess, ok := r.GetSession().(*Session); ok {
				o.reuse(sess, row.ClientID)
			}
		}
	}
	return r, err
}

// DeleteRefreshTokenSession implements oauth2.RefreshTokenStorage. The row is kept,
// inactive, so that a later use of the same token is still recognised as reuse.
func (s *store) DeleteRefreshTokenSession(ctx context.Context, signature string) error {
	return s.deactivate(ctx, kindRefresh, signature)
}

// RotateRefreshToken implements oauth2.RefreshTokenStorage: the presented refresh token
// is spent. Only one of two concurrent refreshes with the same token can spend it.
func (s *store) RotateRefreshToken(ctx context.Context, _ string, signature string) error {
	res, err := s.idb(ctx).NewUpdate().Model((*tokenRow)(nil)).Set("active = ?", false).
		Where("signature = ?", signature).Where("kind = ?", kindRefresh).Where("active = ?", true).Exec(ctx)
	if err != nil {
		return fmt.Errorf("rotate refresh token: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fosite.ErrSerializationFailure
	}
	return nil
}

// RevokeRefreshToken implements oauth2.TokenRevocationStorage: the whole family ends.
func (s *store) RevokeRefreshToken(ctx context.Context, requestID string) error {
	_, err := s.revokeFamily(ctx, requestID, reasonFrom(ctx))
	return err
}

// RevokeAccessToken implements oauth2.TokenRevocationStorage: the whole family ends.
func (s *store) RevokeAccessToken(ctx context.Context, requestID string) error {
	_, err := s.revokeFamily(ctx, requestID, reasonFrom(ctx))
	return err
}

// revokeFamily ends a family; it reports whether it was still active.
func (s *store) revokeFamily(ctx context.Context, familyID, reason string) (bool, error) {
	idb := s.idb(ctx)
	now := s.now().UTC()
	res, err := idb.NewUpdate().Model((*familyRow)(nil)).Set("revoked_at = ?", now).Set("revoke_reason = ?", reason).
		Where("id = ?", familyID).Where("revoked_at IS NULL").Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("revoke token family: %w", err)
	}
	if _, err := idb.NewUpdate().Model((*tokenRow)(nil)).Set("active = ?", false).
		Where("family_id = ?", familyID).Where("active = ?", true).Exec(ctx); err != nil {
		return false, fmt.Errorf("revoke tokens: %w", err)
	}
	// Every replica's verifier drops the login once the revocation is committed (a replica
	// reading it before would cache it as active again).
	afterCommit(ctx, func() {
		if err := s.bus.Publish(context.WithoutCancel(ctx), TopicLogins, familyID); err != nil {
			slog.ErrorContext(ctx, "oidc: announce ended login", "family", familyID, "err", err)
		}
	})
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// revokeUser ends every active login (token family) of a user within idb, the transaction the
// caller writes in (nil: the database), and answers how many ended. Each ended login is
// announced on TopicLogins once the db.InTx transaction of ctx commits (at once outside one), so
// every replica's verifier refuses the user's access tokens from their next request. A user's
// id is unique across tenants, so the subject names the user's logins whatever their tenant;
// impersonated logins (the user as subject) end too.
func (s *store) revokeUser(ctx context.Context, idb bun.IDB, userID string, reason string) (int, error) {
	if idb == nil {
		idb = s.db
	}
	var ids []string
	if err := idb.NewSelect().Model((*familyRow)(nil)).Column("id").Where("subject = ?", userID).
		Where("revoked_at IS NULL").Scan(ctx, &ids); err != nil {
		return 0, fmt.Errorf("logins of user %s: %w", userID, err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	now := s.now().UTC()
	if _, err := idb.NewUpdate().Model((*familyRow)(nil)).Set("revoked_at = ?", now).Set("revoke_reason = ?", reason).
		Where("id IN (?)", bun.In(ids)).Where("revoked_at IS NULL").Exec(ctx); err != nil {
		return 0, fmt.Errorf("revoke logins of user %s: %w", userID, err)
	}
	if _, err := idb.NewUpdate().Model((*tokenRow)(nil)).Set("active = ?", false).
		Where("family_id IN (?)", bun.In(ids)).Where("active = ?", true).Exec(ctx); err != nil {
		return 0, fmt.Errorf("revoke tokens of user %s: %w", userID, err)
	}
	for _, id := range ids {
		if err := s.bus.Publish(ctx, TopicLogins, id); err != nil {
			slog.ErrorContext(ctx, "oidc: announce ended login", "family", id, "err", err)
		}
	}
	return len(ids), nil
}

// familyOfRefreshToken returns the family and session of a refresh token, active or not.
func (s *store) familyOfRefreshToken(ctx context.Context, signature string) (string, *Session, error) {
	r, _, err := s.get(ctx, kindRefresh, signature, newSession(), fosite.ErrInactiveToken)
	if err != nil && !errors.Is(err, fosite.ErrInactiveToken) {
		return "", nil, err
	}
	sess, _ := r.GetSession().(*Session)
	return r.GetID(), sess, nil
}

// familyActive reports whether a family exists and is neither revoked nor past its end.
func (s *store) familyActive(ctx context.Context, familyID string) (bool, error) {
	f := new(familyRow)
	err := s.db.NewSelect().Model(f).Column("revoked_at", "expires_at").Where("id = ?", familyID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read token family: %w", err)
	}
	return f.RevokedAt == nil, nil
}

// CreatePKCERequestSession implements pkce.PKCERequestStorage.
func (s *store) CreatePKCERequestSession(ctx context.Context, signature string, r fosite.Requester) error {
	return s.create(ctx, kindPKCE, signature, "", r)
}

// GetPKCERequestSession implements pkce.PKCERequestStorage.
func (s *store) GetPKCERequestSession(ctx context.Context, signature string, session fosite.Session) (fosite.Requester, error) {
	r, _, err := s.get(ctx, kindPKCE, signature, session, fosite.ErrNotFound)
	return r, err
}

// DeletePKCERequestSession implements pkce.PKCERequestStorage.
func (s *store) DeletePKCERequestSession(ctx context.Context, signature string) error {
	return s.remove(ctx, kindPKCE, signature)
}

// CreateOpenIDConnectSession implements openid.OpenIDConnectRequestStorage.
func (s *store) CreateOpenIDConnectSession(ctx context.Context, code string, r fosite.Requester) error {
	return s.create(ctx, kindOIDC, code, "", r)
}

// GetOpenIDConnectSession implements openid.OpenIDConnectRequestStorage.
func (s *store) GetOpenIDConnectSession(ctx context.Context, code string, r fosite.Requester) (fosite.Requester, error) {
	got, _, err := s.get(ctx, kindOIDC, code, r.GetSession(), fosite.ErrNotFound)
	return got, err
}

// DeleteOpenIDConnectSession implements openid.OpenIDConnectRequestStorage.
func (s *store) DeleteOpenIDConnectSession(ctx context.Context, code string) error {
	return s.remove(ctx, kindOIDC, code)
}

// maybeSweep deletes expired rows, at most every ten minutes, in the background.
func (s *store) maybeSweep() {
	now := s.now()
	if now.Unix()-s.lastSweep.Load() < 600 || !s.sweeping.CompareAndSwap(false, true) {
		return
	}
	s.lastSweep.Store(now.Unix())
	go func() {
		defer s.sweeping.Store(false)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.sweep(ctx, now); err != nil {
			slog.Warn("oidc: sweep expired tokens", "err", err)
		}
	}()
}

// sweep deletes tokens expired for a day and families past their end.
func (s *store) sweep(ctx context.Context, now time.Time) error {
	cut := now.UTC().Add(-24 * time.Hour)
	if _, err := s.db.NewDelete().Model((*tokenRow)(nil)).Where("expires_at < ?", cut).Exec(ctx); err != nil {
		return err
	}
	_, err := s.db.NewDelete().Model((*familyRow)(nil)).Where("expires_at < ?", cut).Exec(ctx)
	return err
}
