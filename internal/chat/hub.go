package chat

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/realtime"
)

// pusher sends through the realtime server's messages hub.
func pusher(rt *realtime.Server) Push {
	return func(ctx context.Context, users []uuid.UUID, method string, arg any) {
		if err := rt.ToUsers(ctx, Hub, method, users, arg); err != nil {
			slog.WarnContext(ctx, "chat: push", "method", method, "err", err)
		}
	}
}

// hubMessage is what a client sends with SendMessage: a ChatMessage, of which the members a
// sender sets are read (the others — messageId, formUserId, sendTime, state — are the
// server's). Ids are read as text so that an empty one is "required", not malformed.
type hubMessage struct {
	ToUserID    string      `json:"toUserId"`
	GroupID     string      `json:"groupId"`
	Content     string      `json:"content"`
	MessageType MessageType `json:"messageType"`
	IsAnonymous bool        `json:"isAnonymous"`
}

func (h hubMessage) input() (SendMessageInput, error) {
	in := SendMessageInput{GroupID: h.GroupID, Content: h.Content, MessageType: h.MessageType, IsAnonymous: h.IsAnonymous}
	if s := strings.TrimSpace(h.ToUserID); s != "" {
		id, err := uuid.Parse(s)
		if err != nil {
			return in, apperr.Invalid("toUserId", localization.KeyInvalidValue, FieldToUserID)
		}
		in.ToUserID = id
	}
	return in, nil
}

// registerHub declares the hub "messages" (any logged-in user): SendMessage stores and pushes
// a message and answers the stored one (an error is the completion's error, in the caller's
// language); connections are recorded for the online flag.
func (m *Module) registerHub() {
	rt := m.deps.Realtime
	if rt == nil {
		return
	}
	hub := rt.Hub(Hub, "")
	hub.Handle(MethodSendMessage, func(ctx context.Context, _ realtime.Caller, args []json.RawMessage) (any, error) {
		if len(args) != 1 {
			return nil, apperr.User(KeyBadMessage)
		}
		var msg hubMessage
		if err := json.Unmarshal(args[0], &msg); err != nil {
			return nil, apperr.User(KeyBadMessage)
		}
		in, err := msg.input()
		if err != nil {
			return nil, err
		}
		return m.svc.SendMessage(ctx, in)
	})
	hub.OnConnected(func(ctx context.Context, c realtime.Caller) {
		if err := m.svc.Connected(ctx, c.ConnectionID, c.UserID, c.TenantID); err != nil {
			slog.WarnContext(ctx, "chat: record a hub connection", "err", err)
		}
	})
	hub.OnDisconnected(func(ctx context.Context, c realtime.Caller) {
		if err := m.svc.Disconnected(ctx, c.ConnectionID); err != nil {
			slog.WarnContext(ctx, "chat: forget a hub connection", "err", err)
		}
	})
}
