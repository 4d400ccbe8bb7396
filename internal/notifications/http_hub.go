package notifications

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/realtime"
)

// hubQuery is GetNotification's argument: the list's query, its members optional.
type hubQuery struct {
	ReadState      *ReadState `json:"readState"`
	SkipCount      int        `json:"skipCount"`
	MaxResultCount int        `json:"maxResultCount"`
	Reverse        *bool      `json:"reverse"`
	Filter         string     `json:"filter"`
}

// registerHub declares the hub notifications (permission PermClient): ChangeState(id, state)
// sets a notification's read state (spec 000 §4), GetNotification(query) answers a page of
// the caller's notifications, as GET /api/my-notifilers does.
func (m *Module) registerHub() {
	if m.deps.Realtime == nil {
		return
	}
	h := m.deps.Realtime.Hub(Hub, PermClient)
	h.Handle("ChangeState", func(ctx context.Context, _ realtime.Caller, args []json.RawMessage) (any, error) {
		var id uuid.UUID
		state := Read
		if len(args) < 1 || json.Unmarshal(args[0], &id) != nil {
			return nil, apperr.Invalid("id", KeyNoIDs)
		}
		if len(args) > 1 && json.Unmarshal(args[1], &state) != nil {
			return nil, apperr.Invalid("state", KeyBadState)
		}
		return nil, m.svc.ChangeState(ctx, ChangeStateInput{IDList: []uuid.UUID{id}, State: state})
	})
	h.Handle("GetNotification", func(ctx context.Context, _ realtime.Caller, args []json.RawMessage) (any, error) {
		var in hubQuery
		if len(args) > 0 && string(args[0]) != "null" {
			if err := json.Unmarshal(args[0], &in); err != nil {
				return nil, apperr.Invalid("readState", KeyBadState)
			}
		}
		q := Query{ReadState: UnRead, Reverse: true, Skip: max(in.SkipCount, 0), Limit: min(in.MaxResultCount, 1000), Filter: in.Filter}
		if in.ReadState != nil {
			q.ReadState = *in.ReadState
		}
		if in.Reverse != nil {
			q.Reverse = *in.Reverse
		}
		rows, total, err := m.svc.List(ctx, q)
		if err != nil {
			return nil, err
		}
		return httpapi.Paged[UserNotification]{Items: rows, TotalCount: total}, nil
	})
}
