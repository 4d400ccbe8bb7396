package realtime

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/coder/websocket"
	"github.com/go-chi/chi/v5"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// Prefixes are where the hubs are served: /signalr-hubs/{name} and the spec's
// /signalr-hubs/signalr-hubs/{name}, each with /negotiate. httpapi reads the access_token
// query (browsers' WebSockets cannot send a header) on these paths only.
var Prefixes = []string{"/signalr-hubs/", "/signalr-hubs/signalr-hubs/"}

// Message keys.
const (
	KeyNotWebSocket = "Realtime:NotWebSocket"
	KeyBadID        = "Realtime:BadConnectionId"
	KeyIDInUse      = "Realtime:ConnectionIdInUse"
	KeyUnknownHub   = "Realtime:UnknownHub"
	KeyShuttingDown = "Realtime:ShuttingDown"
	KeyNoMethod     = "Realtime:NoMethod"
	KeyNoStreaming  = "Realtime:NoStreaming"
)

// Texts are the package's messages; the app adds them to its catalogue.
var Texts = localization.Texts{
	KeyNotWebSocket: {ZhHans: "此地址只接受 WebSocket 连接", En: "This address accepts WebSocket connections only"},
	KeyBadID:        {ZhHans: "连接标识 id 无效", En: "The connection id is not valid"},
	KeyIDInUse:      {ZhHans: "连接标识 id 已被使用", En: "The connection id is already in use"},
	KeyUnknownHub:   {ZhHans: "没有名为「{0}」的实时通道", En: `There is no realtime hub named "{0}"`},
	KeyShuttingDown: {ZhHans: "服务器正在停止，请稍后重新连接", En: "The server is stopping; connect again shortly"},
	KeyNoMethod:     {ZhHans: "实时通道没有方法「{0}」", En: "Method '{0}' does not exist."},
	KeyNoStreaming:  {ZhHans: "实时通道不支持流式调用", En: "Streaming is not supported."},
}

// Register mounts the negotiate and connect routes of every hub, declared now or later (the
// hub is looked up when a request comes). Both need a login; a hub with a permission
// answers 403 to a user without it.
func (s *Server) Register(api *httpapi.API) {
	s.api = api
	s.mu.Lock()
	names := make([]string, 0, len(s.hubs))
	for _, h := range s.hubs {
		names = append(names, h.name)
	}
	s.mu.Unlock()
	slices.Sort(names)
	for _, prefix := range Prefixes {
		// Each hub declared so far at its own path (the contract's), then any hub by name: a
		// hub declared later is found per request.
		for _, name := range names {
			s.route(api, prefix+name, func(*http.Request) string { return name })
		}
		s.route(api, prefix+"{name}", func(r *http.Request) string { return chi.URLParam(r, "name") })
	}
}

// route mounts a hub's negotiate and connect at path; name reads the hub's name of a request.
func (s *Server) route(api *httpapi.API, path string, name func(*http.Request) string) {
	api.Handle(http.MethodPost, path+"/negotiate",
		"Negotiate a connection to a realtime hub (SignalR, negotiateVersion 1); 403 when the hub needs a permission the caller lacks",
		httpapi.LoggedIn(), func(w http.ResponseWriter, r *http.Request) { s.negotiate(w, r, name(r)) })
	api.Handle(http.MethodGet, path,
		"Connect to a realtime hub: a WebSocket speaking the SignalR JSON hub protocol; the token may come in the access_token query",
		httpapi.LoggedIn(), func(w http.ResponseWriter, r *http.Request) { s.connect(w, r, name(r)) })
}

// IsHubPath reports whether path is a hub's (where the access_token query is read).
func IsHubPath(path string) bool { return strings.HasPrefix(path, Prefixes[0]) }

type transport struct {
	Transport       string   `json:"transport"`
	TransferFormats []string `json:"transferFormats"`
}

type negotiation struct {
	NegotiateVersion    int         `json:"negotiateVersion"`
	ConnectionID        string      `json:"connectionId"`
	ConnectionToken     string      `json:"connectionToken,omitempty"`
	AvailableTransports []transport `json:"availableTransports"`
}

// negotiate answers the connection's id and token and the one transport offered. The token
// is not remembered: the WebSocket request that carries it is authenticated by its own access
// token, so any replica accepts it and no sticky sessions are needed.
func (s *Server) negotiate(w http.ResponseWriter, r *http.Request, name string) {
	if _, err := s.authorizeHub(r.Context(), name); err != nil {
		s.api.WriteError(w, r, err)
		return
	}
	token := newToken()
	out := negotiation{ConnectionID: connectionID(token), ConnectionToken: token,
		AvailableTransports: []transport{{Transport: "WebSockets", TransferFormats: []string{"Text"}}}}
	if r.URL.Query().Get("negotiateVersion") == "" || r.URL.Query().Get("negotiateVersion") == "0" {
		out.ConnectionID, out.ConnectionToken = token, "" // version 0: the id is the token
	} else {
		out.NegotiateVersion = 1
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// connect upgrades to a WebSocket and serves the connection until it ends.
func (s *Server) connect(w http.ResponseWriter, r *http.Request, name string) {
	ctx := r.Context()
	h, err := s.authorizeHub(ctx, name)
	if err != nil {
		s.api.WriteError(w, r, err)
		return
	}
	if s.isClosed() {
		s.api.WriteError(w, r, apperr.User(KeyShuttingDown))
		return
	}
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		s.api.WriteError(w, r, apperr.User(KeyNotWebSocket))
		return
	}
	token := r.URL.Query().Get("id")
	switch {
	case token == "": // a client that skipped negotiation
		token = newToken()
	case len(token) > 128:
		s.api.WriteError(w, r, apperr.User(KeyBadID))
		return
	case s.inUse(token):
		s.api.WriteError(w, r, apperr.WithKey(apperr.ErrConflict, KeyIDInUse))
		return
	}
	// Logins are bearer tokens, never cookies, so a page of another origin gains nothing from
	// opening a socket here: the origin is not checked (the API answers CORS for any origin).
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true, CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept answered the client
	}
	ws.SetReadLimit(maxMessage)
	p := auth.FromContext(ctx)
	cctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	c := &conn{s: s, h: h, hub: strings.ToLower(h.name), token: token, ctx: cctx, cancel: cancel, ws: ws,
		out: make(chan []byte, sendBuffer), closing: make(chan struct{}),
		caller: Caller{ConnectionID: connectionID(token), UserID: p.UserID, TenantID: p.TenantID, UserName: p.UserName, Roles: p.Roles}}
	c.serve()
}

// authorizeHub finds the hub and checks the caller may connect to it: a user (not a client
// token) holding the hub's permission, if it has one.
func (s *Server) authorizeHub(ctx context.Context, name string) (*Hub, error) {
	h := s.hub(name)
	if h == nil {
		return nil, apperr.WithKey(apperr.ErrNotFound, KeyUnknownHub, name)
	}
	p := auth.FromContext(ctx)
	if !p.Authenticated() {
		return nil, apperr.ErrUnauthorized
	}
	if p.ClientOnly {
		return nil, apperr.ErrForbidden // hubs reach users; a client token has none
	}
	if h.permission == "" {
		return h, nil
	}
	if s.opts.Checker == nil {
		return nil, fmt.Errorf("realtime: hub %s needs %s but the server has no permission checker", h.name, h.permission)
	}
	ok, err := s.opts.Checker.IsGranted(ctx, p, h.permission)
	if err != nil {
		return nil, fmt.Errorf("realtime: check %s: %w", h.permission, err)
	}
	if !ok {
		return nil, apperr.ErrForbidden
	}
	return h, nil
}

func (s *Server) inUse(token string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, ok := s.conns[token]
	return ok
}

// newToken is a connection token: 16 random bytes, URL-safe.
func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// connectionID is the public id of a connection, derived from its token so that any replica
// computes the same without remembering the negotiation.
func connectionID(token string) string {
	sum := sha256.Sum256([]byte("kerf-realtime:" + token))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}
