package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/coder/websocket"

	"kerf/internal/platform/apperr"
)

// maxMessage is the largest message a client may send (ASP.NET Core's default is 32 KB).
const maxMessage = 64 << 10

// conn is one client connection to a hub.
type conn struct {
	s      *Server
	h      *Hub
	hub    string // lower-case hub name
	token  string // the connection token (the id query)
	caller Caller
	ctx    context.Context // the connecting request's values; ends with the connection
	cancel context.CancelFunc
	ws     *websocket.Conn

	out       chan []byte   // frames for the writer
	closing   chan struct{} // closed by closeWith: the writer sends closeMsg and ends
	closeOnce sync.Once
	closeMsg  []byte
}

// enqueue hands a frame to the writer; a client too far behind is dropped (it reconnects
// and reads again what its areas stored).
func (c *conn) enqueue(f []byte) {
	select {
	case <-c.closing:
	case c.out <- f:
	default:
		c.s.log.Warn("realtime: client too slow; dropped", "hub", c.hub, "user", c.caller.UserID)
		c.closeWith("The client did not keep up with its messages.", true)
	}
}

// closeWith ends the connection with a close message (error may be empty).
func (c *conn) closeWith(errMsg string, allowReconnect bool) {
	c.closeOnce.Do(func() {
		c.closeMsg = frame(closeMessage{Type: typeClose, Error: errMsg, AllowReconnect: allowReconnect})
		close(c.closing)
	})
}

// serve runs the connection: handshake, then the reader here and the writer on its own
// goroutine, until either ends.
func (c *conn) serve() {
	defer c.cancel()
	if err := c.handshake(); err != nil {
		c.s.log.Debug("realtime: handshake failed", "hub", c.hub, "err", err)
		_ = c.ws.Close(websocket.StatusPolicyViolation, "handshake failed")
		return
	}
	if !c.s.add(c) {
		_ = c.ws.Write(c.ctx, websocket.MessageText, frame(closeMessage{Type: typeClose, Error: "The connection id is in use."}))
		_ = c.ws.Close(websocket.StatusPolicyViolation, "connection id in use")
		return
	}
	defer c.s.remove(c)
	if c.s.isClosed() {
		c.closeWith("", true)
	}
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		c.write()
	}()
	for _, fn := range c.h.hooks(true) {
		c.safely("OnConnected", func() { fn(c.ctx, c.caller) })
	}
	c.read()
	c.closeWith("", false) // the reader ended: let the writer finish
	<-writerDone
	for _, fn := range c.h.hooks(false) {
		c.safely("OnDisconnected", func() { fn(context.WithoutCancel(c.ctx), c.caller) })
	}
}

func (c *conn) handshake() error {
	ctx, cancel := context.WithTimeout(c.ctx, HandshakeTimeout)
	defer cancel()
	_, msg, err := c.ws.Read(ctx)
	if err != nil {
		return fmt.Errorf("read handshake: %w", err)
	}
	recs := records(msg)
	if len(recs) == 0 {
		return errors.New("empty handshake")
	}
	var req handshakeRequest
	answer := handshakeResponse{}
	if err := json.Unmarshal(recs[0], &req); err != nil {
		answer.Error = "The handshake request could not be read."
	} else if req.Protocol != "json" {
		answer.Error = fmt.Sprintf("The protocol '%s' is not supported.", req.Protocol)
	} else if req.Version != 1 {
		answer.Error = fmt.Sprintf("The server does not support version %d of the 'json' protocol.", req.Version)
	}
	wctx, wcancel := context.WithTimeout(c.ctx, writeTimeout)
	defer wcancel()
	if err := c.ws.Write(wctx, websocket.MessageText, frame(answer)); err != nil {
		return fmt.Errorf("write handshake: %w", err)
	}
	if answer.Error != "" {
		return errors.New(answer.Error)
	}
	for _, rec := range recs[1:] { // messages sent right behind the handshake
		if !c.dispatch(rec) {
			return errors.New("closed by the client")
		}
	}
	return nil
}

// read handles the client's messages until it closes, goes silent longer than the timeout,
// or the connection ends.
func (c *conn) read() {
	for {
		ctx, cancel := context.WithTimeout(c.ctx, c.s.opts.Timeout)
		_, msg, err := c.ws.Read(ctx)
		cancel()
		if err != nil {
			return
		}
		for _, rec := range records(msg) {
			if !c.dispatch(rec) {
				return
			}
		}
	}
}

// write sends queued frames and a ping every keep-alive interval; after closeWith it sends
// the close message and closes the WebSocket.
func (c *conn) write() {
	ping := time.NewTicker(c.s.opts.KeepAlive)
	defer ping.Stop()
	send := func(f []byte) bool {
		ctx, cancel := context.WithTimeout(c.ctx, writeTimeout)
		defer cancel()
		if err := c.ws.Write(ctx, websocket.MessageText, f); err != nil {
			c.cancel()
			return false
		}
		return true
	}
	for {
		select {
		case f := <-c.out:
			if !send(f) {
				return
			}
		case <-ping.C:
			if !send(pingFrame) {
				return
			}
		case <-c.closing:
			if c.ctx.Err() == nil {
				_ = send(c.closeMsg)
				_ = c.ws.Close(websocket.StatusNormalClosure, "")
			}
			c.cancel()
			return
		case <-c.ctx.Done():
			return
		}
	}
}

// dispatch handles one record; false ends the connection.
func (c *conn) dispatch(rec []byte) bool {
	var m incoming
	if err := json.Unmarshal(rec, &m); err != nil {
		c.closeWith("The message could not be read.", false)
		return false
	}
	switch m.Type {
	case typeInvocation:
		if len(m.StreamIDs) > 0 {
			c.complete(m.InvocationID, nil, false, c.s.errorMessage(c.ctx, m.Target, apperr.User(KeyNoStreaming)))
			return true
		}
		c.invoke(m)
	case typeStreamInvocation:
		c.complete(m.InvocationID, nil, false, c.s.errorMessage(c.ctx, m.Target, apperr.User(KeyNoStreaming)))
	case typeClose:
		return false
	case typePing, typeCompletion, typeStreamItem, typeCancelInvocation:
		// pings only keep the connection alive; nothing is streamed or awaited from the client
	default:
		c.s.log.Debug("realtime: unknown message type ignored", "type", m.Type)
	}
	return true
}

// invoke runs the handler of an invocation and answers its completion when the client
// awaits one (an invocation id). Invocations of one connection run one at a time, in order.
func (c *conn) invoke(m incoming) {
	fn := c.h.method(m.Target)
	if fn == nil {
		c.complete(m.InvocationID, nil, false, c.s.errorMessage(c.ctx, m.Target, apperr.User(KeyNoMethod, m.Target)))
		return
	}
	var (
		result any
		err    error
	)
	if !c.safely(m.Target, func() { result, err = fn(c.ctx, c.caller, m.Arguments) }) {
		err = errPanic
	}
	if err != nil {
		c.complete(m.InvocationID, nil, false, c.s.errorMessage(c.ctx, m.Target, err))
		return
	}
	c.complete(m.InvocationID, result, true, "")
}

func (c *conn) complete(id string, result any, hasResult bool, errMsg string) {
	if id == "" {
		if errMsg != "" {
			c.s.log.Debug("realtime: non-blocking invocation failed", "hub", c.hub, "err", errMsg)
		}
		return
	}
	c.enqueue(frame(completion{Type: typeCompletion, InvocationID: id, Result: result, hasResult: hasResult, Error: errMsg}))
}

// errPanic is the error of a handler that panicked.
var errPanic = errors.New("realtime: handler panicked")

// safely runs fn, turning a panic into a logged error; false when fn panicked.
func (c *conn) safely(what string, fn func()) (ok bool) {
	defer func() {
		if v := recover(); v != nil {
			c.s.log.Error("realtime: panic", "hub", c.hub, "in", what, "value", v, "stack", string(debug.Stack()))
		}
	}()
	fn()
	return true
}

// errorMessage is what a client reads of a handler's error: the localised message of a
// user-facing error (validation, not found, forbidden…), a generic one otherwise.
func (s *Server) errorMessage(ctx context.Context, method string, err error) string {
	var (
		ue *apperr.UserError
		ve *apperr.ValidationError
	)
	userFacing := errors.As(err, &ue) || errors.As(err, &ve) || errors.Is(err, apperr.ErrNotFound) ||
		errors.Is(err, apperr.ErrForbidden) || errors.Is(err, apperr.ErrConflict) || errors.Is(err, apperr.ErrDuplicate) ||
		errors.Is(err, apperr.ErrUnauthorized) || errors.Is(err, apperr.ErrTooManyRequests)
	if s.api != nil {
		body := s.api.Error(ctx, err) // localised; an unexpected error is logged and answered generically
		if userFacing && body.Info.Details != nil && *body.Info.Details != "" {
			return *body.Info.Details // a validation error's field messages
		}
		return body.Info.Message
	}
	if !userFacing {
		s.log.ErrorContext(ctx, "realtime: hub method failed", "method", method, "err", err)
	}
	return fmt.Sprintf("An unexpected error occurred invoking '%s' on the server.", method)
}
