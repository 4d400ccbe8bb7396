// Package realtime serves the hubs of Kerf: the SignalR JSON hub protocol (version 1) over
// WebSocket, so the web app's official @microsoft/signalr client connects unchanged
// (docs/decisions/0015). Areas declare a hub with Server.Hub, its client-to-server methods
// with Hub.Handle, and push to users from any replica with Server.Send: the frame crosses
// replicas on the platform bus (PostgreSQL LISTEN/NOTIFY), or, when it is too large for a
// notification, through the realtime_envelopes table whose id the bus carries.
package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
)

// Bus topics.
const (
	topicSend       = "realtime.send"
	topicDisconnect = "realtime.disconnect"
)

// Timing of the protocol: the official client pings every 15 s and gives up on a server
// silent for 30 s (serverTimeoutInMilliseconds); the server does the same both ways.
const (
	KeepAliveInterval = 15 * time.Second
	ClientTimeout     = 30 * time.Second
	HandshakeTimeout  = 15 * time.Second
	writeTimeout      = 10 * time.Second
	sendBuffer        = 32 // frames queued per connection; a client that falls further behind is dropped
)

// Options are what the server needs from the platform.
type Options struct {
	DB      *db.DB           // the realtime_envelopes table (large frames); nil: in-process only
	Bus     *bus.Bus         // carries frames and disconnections to every replica; nil: this process only
	Checker httpapi.Checker  // a hub's permission (the API's permission checker)
	Logger  *slog.Logger     // nil: slog.Default()
	Now     func() time.Time // clock of the sweeper; nil: time.Now
	// KeepAlive and Timeout override KeepAliveInterval and ClientTimeout (tests shorten them).
	KeepAlive, Timeout time.Duration
	// Inline is the largest bus payload, in bytes, sent as it is; a larger frame goes through
	// realtime_envelopes. 0: 7000 (PostgreSQL NOTIFY payloads stop at 8000 bytes).
	Inline int
}

// Server holds the hubs and this replica's connections.
type Server struct {
	opts Options
	log  *slog.Logger
	api  *httpapi.API // for localised error messages; set by Register

	mu     sync.RWMutex
	hubs   map[string]*Hub  // lower-case name
	conns  map[string]*conn // by connection token
	byUser map[uuid.UUID]map[*conn]struct{}

	life   sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
	closed bool
}

// New returns a server with no hubs; Start subscribes it to the bus.
func New(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.KeepAlive <= 0 {
		opts.KeepAlive = KeepAliveInterval
	}
	if opts.Timeout <= 0 {
		opts.Timeout = ClientTimeout
	}
	if opts.Inline <= 0 {
		opts.Inline = 7000
	}
	return &Server{opts: opts, log: opts.Logger, hubs: map[string]*Hub{}, conns: map[string]*conn{},
		byUser: map[uuid.UUID]map[*conn]struct{}{}}
}

// Caller is the user behind a connection, as a handler sees it.
type Caller struct {
	ConnectionID string
	UserID       uuid.UUID
	TenantID     *uuid.UUID // the user's tenant (of the token); nil: the host
	UserName     string
	Roles        []string // role names of the token
}

// HandlerFunc answers a client's invocation of a hub method: args are the invocation's
// arguments as sent; the result (nil for none) is the completion's result, an error its
// error message (localised when the error is a user-facing one, generic otherwise). ctx
// carries the principal, the tenant and the culture of the connecting request.
type HandlerFunc func(ctx context.Context, c Caller, args []json.RawMessage) (any, error)

// Hub is one endpoint (/signalr-hubs/{name}) with its methods.
type Hub struct {
	name       string
	permission string

	mu           sync.RWMutex
	methods      map[string]HandlerFunc // lower-case method name
	connected    []func(ctx context.Context, c Caller)
	disconnected []func(ctx context.Context, c Caller)
}

// Hub declares the hub called name (and returns it when it exists). permission is the
// permission a user needs to connect; "" means any logged-in user.
func (s *Server) Hub(name, permission string) *Hub {
	key := strings.ToLower(name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if h, ok := s.hubs[key]; ok {
		if permission != "" {
			h.permission = permission
		}
		return h
	}
	h := &Hub{name: name, permission: permission, methods: map[string]HandlerFunc{}}
	s.hubs[key] = h
	return h
}

func (s *Server) hub(name string) *Hub {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.hubs[strings.ToLower(name)]
}

// Name returns the hub's name.
func (h *Hub) Name() string { return h.name }

// Permission returns the permission needed to connect ("" for any logged-in user).
func (h *Hub) Permission() string { return h.permission }

// Handle sets the handler of the client-to-server method; names match regardless of case,
// as SignalR's do.
func (h *Hub) Handle(method string, fn HandlerFunc) {
	h.mu.Lock()
	h.methods[strings.ToLower(method)] = fn
	h.mu.Unlock()
}

func (h *Hub) method(name string) HandlerFunc {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.methods[strings.ToLower(name)]
}

// OnConnected adds fn, called once a connection's handshake succeeded.
func (h *Hub) OnConnected(fn func(ctx context.Context, c Caller)) {
	h.mu.Lock()
	h.connected = append(h.connected, fn)
	h.mu.Unlock()
}

// OnDisconnected adds fn, called once a connection ended (after its OnConnected).
func (h *Hub) OnDisconnected(fn func(ctx context.Context, c Caller)) {
	h.mu.Lock()
	h.disconnected = append(h.disconnected, fn)
	h.mu.Unlock()
}

func (h *Hub) hooks(connected bool) []func(context.Context, Caller) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	if connected {
		return slices.Clone(h.connected)
	}
	return slices.Clone(h.disconnected)
}

// Target says who receives a message; set exactly one of:
//   - Users: the connections of these users (user ids are unique across tenants);
//   - Role (with TenantID): the connections of users of tenant TenantID (nil: the host) whose
//     token carries the role of that name;
//   - Tenant true (with TenantID): every connection of a user of tenant TenantID (nil: the
//     host's users).
//
// A connection belongs to the tenant of its user's token: a host user acting in a tenant
// through __tenant is still the host's, so a tenant's message never reaches the host or
// another tenant.
type Target struct {
	Users    []uuid.UUID `json:"u,omitempty"`
	TenantID *uuid.UUID  `json:"i,omitempty"`
	Role     string      `json:"r,omitempty"`
	Tenant   bool        `json:"t,omitempty"`
}

// ErrBadTarget is Send's answer to a Target naming no one or more than one kind.
var ErrBadTarget = errors.New("realtime: a target names exactly one of Users, Role or Tenant")

func (t Target) check() error {
	n := 0
	if len(t.Users) > 0 {
		n++
	}
	if t.Role != "" {
		n++
	}
	if t.Tenant {
		n++
	}
	if n != 1 {
		return ErrBadTarget
	}
	return nil
}

// ToUsers sends method(args...) to every connection of users on hub.
func (s *Server) ToUsers(ctx context.Context, hub, method string, users []uuid.UUID, args ...any) error {
	if len(users) == 0 {
		return nil
	}
	return s.Send(ctx, hub, Target{Users: users}, method, args...)
}

// envelope is what the bus carries on topicSend: the frame itself, or the id of its
// realtime_envelopes row when it is too large for a notification.
type envelope struct {
	Hub    string     `json:"h"`
	To     Target     `json:"to"`
	Frame  string     `json:"f,omitempty"`
	Stored *uuid.UUID `json:"e,omitempty"`
}

// Send calls method(args...) on the clients of hub that to designates, on every replica.
// The arguments are encoded at once; inside a db.InTx transaction the message leaves after
// the commit and never after a rollback. Delivery is best effort: a client not connected at
// that moment does not receive it.
func (s *Server) Send(ctx context.Context, hub string, to Target, method string, args ...any) error {
	if err := to.check(); err != nil {
		return err
	}
	if args == nil {
		args = []any{}
	}
	frame, err := json.Marshal(invocation{Type: typeInvocation, Target: method, Arguments: args})
	if err != nil {
		return fmt.Errorf("realtime: encode %s: %w", method, err)
	}
	env := envelope{Hub: strings.ToLower(hub), To: to, Frame: string(frame)}
	var returned atomic.Bool
	errc := make(chan error, 1)
	db.AfterCommit(ctx, func() {
		// A fresh context: ctx may still carry the committed transaction, whose after-commit
		// list has run (the bus would queue on it for ever); its values are not needed here.
		err := s.publish(context.Background(), env)
		if err != nil && returned.Load() {
			s.log.Error("realtime: send after commit", "hub", hub, "method", method, "err", err)
			return
		}
		errc <- err
	})
	returned.Store(true)
	select {
	case err := <-errc:
		return err
	default:
		return nil // sent when the transaction commits
	}
}

func (s *Server) publish(ctx context.Context, env envelope) error {
	raw, err := json.Marshal(env)
	if err != nil {
		return fmt.Errorf("realtime: encode envelope: %w", err)
	}
	if s.opts.Bus == nil {
		s.deliver(ctx, env)
		return nil
	}
	if s.opts.DB != nil && s.opts.DB.Kind == db.Postgres && quotedLen(raw) > s.opts.Inline {
		id, err := s.store(ctx, env.Frame)
		if err != nil {
			return err
		}
		env.Frame, env.Stored = "", &id
		if raw, err = json.Marshal(env); err != nil {
			return fmt.Errorf("realtime: encode envelope: %w", err)
		}
	}
	if err := s.opts.Bus.Publish(ctx, topicSend, string(raw)); err != nil {
		return fmt.Errorf("realtime: publish: %w", err)
	}
	return nil
}

// quotedLen is the length of raw once encoded as a JSON string (as the bus encodes payloads).
func quotedLen(raw []byte) int {
	n := len(raw) + 2
	for _, c := range raw {
		switch {
		case c == '"' || c == '\\':
			n++
		case c < 0x20:
			n += 5
		case c == '<' || c == '>' || c == '&':
			n += 5
		}
	}
	return n
}

// received is the bus subscriber of topicSend: it must return quickly, so a stored frame is
// read on a goroutine of its own.
func (s *Server) received(payload string) {
	if payload == bus.All {
		return // the listener reconnected; delivery is best effort, nothing to replay
	}
	var env envelope
	if err := json.Unmarshal([]byte(payload), &env); err != nil {
		s.log.Warn("realtime: unreadable envelope skipped", "err", err)
		return
	}
	if env.Stored == nil {
		s.deliver(context.Background(), env)
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		frame, err := s.load(ctx, *env.Stored)
		if err != nil {
			s.log.Warn("realtime: stored frame not read", "id", env.Stored, "err", err)
			return
		}
		env.Frame = frame
		s.deliver(ctx, env)
	}()
}

// deliver queues the frame on this replica's connections that the envelope designates.
func (s *Server) deliver(_ context.Context, env envelope) {
	frame := append([]byte(env.Frame), recordSeparator)
	for _, c := range s.targets(env.Hub, env.To) {
		c.enqueue(frame)
	}
}

func (s *Server) targets(hub string, to Target) []*conn {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []*conn
	if len(to.Users) > 0 {
		for _, u := range to.Users {
			for c := range s.byUser[u] {
				if c.hub == hub {
					out = append(out, c)
				}
			}
		}
		return out
	}
	for _, c := range s.conns {
		if c.hub != hub || !sameTenant(c.caller.TenantID, to.TenantID) {
			continue
		}
		if to.Role != "" && !slices.ContainsFunc(c.caller.Roles, func(r string) bool { return strings.EqualFold(r, to.Role) }) {
			continue
		}
		out = append(out, c)
	}
	return out
}

func sameTenant(a, b *uuid.UUID) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// Disconnect closes every connection of the user, on every replica, with a close message
// that tells the client not to reconnect. Inside a db.InTx transaction it happens after the
// commit.
func (s *Server) Disconnect(ctx context.Context, userID uuid.UUID) error {
	if s.opts.Bus == nil {
		db.AfterCommit(ctx, func() { s.disconnectLocal(userID) })
		return nil
	}
	if err := s.opts.Bus.Publish(ctx, topicDisconnect, userID.String()); err != nil {
		return fmt.Errorf("realtime: publish disconnect: %w", err)
	}
	return nil
}

func (s *Server) disconnected(payload string) {
	id, err := uuid.Parse(payload)
	if err != nil {
		return // "*" after a reconnection of the listener, or garbage
	}
	s.disconnectLocal(id)
}

func (s *Server) disconnectLocal(userID uuid.UUID) {
	s.mu.RLock()
	var list []*conn
	for c := range s.byUser[userID] {
		list = append(list, c)
	}
	s.mu.RUnlock()
	for _, c := range list {
		c.closeWith("The user was signed out.", false)
	}
}

// Connections returns how many connections this replica holds (metrics, tests).
func (s *Server) Connections() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.conns)
}

// Start subscribes the server to the bus and starts the sweeper of old envelopes.
func (s *Server) Start(ctx context.Context) error {
	s.life.Lock()
	defer s.life.Unlock()
	if s.cancel != nil {
		return errors.New("realtime: already started")
	}
	s.opts.Bus.Subscribe(topicSend, s.received)
	s.opts.Bus.Subscribe(topicDisconnect, s.disconnected)
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.cancel, s.done = cancel, make(chan struct{})
	go s.sweep(sctx)
	return nil
}

// Close closes every connection of this replica (telling clients to reconnect, to another
// replica or to this one once it is back) and stops the sweeper.
func (s *Server) Close() {
	s.life.Lock()
	cancel, done := s.cancel, s.done
	s.closed = true
	s.life.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
	s.mu.RLock()
	list := make([]*conn, 0, len(s.conns))
	for _, c := range s.conns {
		list = append(list, c)
	}
	s.mu.RUnlock()
	for _, c := range list {
		c.closeWith("", true)
	}
}

func (s *Server) isClosed() bool {
	s.life.Lock()
	defer s.life.Unlock()
	return s.closed
}

func (s *Server) add(c *conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.conns[c.token]; dup {
		return false
	}
	s.conns[c.token] = c
	m := s.byUser[c.caller.UserID]
	if m == nil {
		m = map[*conn]struct{}{}
		s.byUser[c.caller.UserID] = m
	}
	m[c] = struct{}{}
	return true
}

func (s *Server) remove(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[c.token] == c {
		delete(s.conns, c.token)
	}
	if m := s.byUser[c.caller.UserID]; m != nil {
		delete(m, c)
		if len(m) == 0 {
			delete(s.byUser, c.caller.UserID)
		}
	}
}
