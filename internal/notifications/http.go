package notifications

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// op builds an operation of this area. Bodies are not validated against the schema by huma:
// the service checks them and answers localised messages naming each field.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"notifications"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 1 << 20
		o.SkipValidateBody = true
	}
	return o
}

// listInput is the contract's query (spec 002 §7.12): unread only, 10 a page, newest first.
type listInput struct {
	ReadState      string `query:"readState" doc:"1 unread (default), 0 read, -1 all"`
	SkipCount      int    `query:"skipCount" minimum:"0" doc:"Rows to skip"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" maximum:"1000" default:"10" doc:"Page size (at most 1000)"`
	Reverse        string `query:"reverse" doc:"true (default): newest first"`
	Filter         string `query:"filter" doc:"A part of the title, message or description"`
}

// query turns the contract's parameters into a Query; a malformed one is a localised 400.
func (in listInput) query() (Query, error) {
	q := Query{ReadState: UnRead, Reverse: true, Skip: in.SkipCount, Limit: in.MaxResultCount, Filter: in.Filter}
	if s := strings.TrimSpace(in.ReadState); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || (ReadState(v) != AllStates && ReadState(v) != Read && ReadState(v) != UnRead) {
			return Query{}, apperr.Invalid("readState", KeyBadState)
		}
		q.ReadState = ReadState(v)
	}
	if s := strings.TrimSpace(in.Reverse); s != "" {
		v, err := strconv.ParseBool(s)
		if err != nil {
			return Query{}, apperr.Invalid("reverse", localization.KeyInvalidValue, "reverse")
		}
		q.Reverse = v
	}
	return q, nil
}

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type bodyInput[T any] struct {
	Body T
}

type nameQuery struct {
	Name string `query:"name" doc:"A name of the assignables"`
}

// BroadcastResult says how many users a broadcast reached.
type BroadcastResult struct {
	UserCount int `json:"userCount"`
}

// Register mounts the area's calls (contract area notifications, and decision 0015's others).
func (m *Module) Register(api *httpapi.API) {
	client := httpapi.Perm(PermClient)
	const mine = "/api/my-notifilers"
	httpapi.Register(api, op(http.MethodGet, mine, "The caller's notifications"), client,
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[UserNotification]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.List(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, mine+"/assignables", "Notification kinds a user may subscribe to"), client,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[Assignable]], error) {
			return httpapi.ReplyList(m.svc.Assignables(ctx))
		})
	httpapi.Register(api, op(http.MethodPut, mine+"/change-read-state", "Set the read state of some of the caller's notifications"), client,
		func(ctx context.Context, in *bodyInput[ChangeStateInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.ChangeState(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, mine+"/mark-all-state", "Set the read state of all the caller's notifications"), client,
		func(ctx context.Context, in *bodyInput[MarkAllInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.MarkAll(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, mine+"/{id}", "Remove one of the caller's notifications"), client,
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.Delete(ctx, in.ID))
		})
	const subs = "/api/my-subscribes"
	httpapi.Register(api, op(http.MethodGet, subs+"/all", "The notification kinds the caller receives"), client,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[Subscription]], error) {
			return httpapi.ReplyList(m.svc.Subscriptions(ctx))
		})
	httpapi.Register(api, op(http.MethodPost, subs, "Subscribe the caller to a notification kind"), client,
		func(ctx context.Context, in *bodyInput[SubscribeInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.Subscribe(ctx, in.Body.Name))
		})
	httpapi.Register(api, op(http.MethodDelete, subs, "Unsubscribe the caller from a notification kind"), client,
		func(ctx context.Context, in *nameQuery) (*struct{}, error) {
			return httpapi.NoContent(m.svc.Unsubscribe(ctx, in.Name))
		})
	httpapi.Register(api, op(http.MethodPost, "/api/notifications/broadcast", "Send a text to every active user of the tenant"),
		httpapi.Perm(PermBroadcast),
		func(ctx context.Context, in *bodyInput[BroadcastInput]) (*httpapi.Body[BroadcastResult], error) {
			n, err := m.svc.SendBroadcast(ctx, in.Body)
			return httpapi.Reply(&BroadcastResult{UserCount: n}, err)
		})
	m.registerHub()
}
