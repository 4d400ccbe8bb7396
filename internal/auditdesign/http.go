package auditdesign

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// base is the contract's path of the review sheets (its double s kept, decision 0012).
const base = "/api/sales-order/audit-designss"

// Register mounts the area's operations. Handlers only bind the input, call the service and
// answer through httpapi.Reply; each declares its access rule here, and the service checks
// the rule of each sheet's move (the transition table).
func (m *Module) Register(api *httpapi.API) {
	read := httpapi.Perm(PermRead).Feature(FeatureDesignReview)
	httpapi.Register(api, op(http.MethodGet, base, "Review sheets: an order's (salesOrderId, 99 a page) or across orders (the review queue)"), read,
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[AuditDesign]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.List(ctx, q))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/separate-pallet", "Set a review sheet's separate pallet (a SeparatePallet dictionary value)"), httpapi.Perm(PermEdit).Feature(FeatureDesignReview),
		func(ctx context.Context, in *idBodyInput[separatePalletInput]) (*httpapi.Body[AuditDesign], error) {
			return httpapi.Reply(m.svc.SetSeparatePallet(ctx, in.ID, in.Body.SeparatePallet))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/operation-logs", "A review sheet's operation logs, oldest first"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[httpapi.List[Log]], error) {
			return httpapi.ReplyList(m.svc.Logs(ctx, in.ID))
		})
	batch := []struct {
		path   string
		action Action
		perm   string
		what   string
	}{
		{"claim", ActClaim, PermClaim, "Claim review sheets (all or none)"},
		{"reject", ActReject, PermReject, "Reject claimed review sheets with a reason (all or none)"},
		{"sendback", ActSendBack, PermSendBack, "Send back claimed or passed review sheets (all or none)"},
		{"pass", ActPass, PermPass, "Pass claimed review sheets (all or none)"},
		{"discard", ActDiscard, PermDiscard, "Void review sheets (all or none)"},
	}
	for _, b := range batch {
		action := b.action
		httpapi.Register(api, op(http.MethodPost, base+"/"+b.path, b.what), httpapi.Perm(b.perm).Feature(FeatureDesignReview),
			func(ctx context.Context, in *bodyInput[actionInput]) (*httpapi.Body[httpapi.List[AuditDesign]], error) {
				return httpapi.ReplyList(m.svc.Act(ctx, ActionInput{Action: action, IDs: in.Body.AuditIDs, Comment: in.Body.Comment}))
			})
	}
	httpapi.Register(api, op(http.MethodPost, base+"/{id}/revoke", "Revoke (withdraw) a review sheet: it is waiting again"), httpapi.Perm(PermEdit).Feature(FeatureDesignReview),
		func(ctx context.Context, in *idBodyInput[commentInput]) (*httpapi.Body[AuditDesign], error) {
			return one(m.svc.Act(ctx, ActionInput{Action: ActRevoke, IDs: []uuid.UUID{in.ID}, Comment: in.Body.Comment}))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/{id}/assign", "Assign a waiting review sheet to a reviewer, or transfer a claimed one (its claimer may)"), httpapi.Perm(PermAssign, PermTransfer, PermClaim).Feature(FeatureDesignReview),
		func(ctx context.Context, in *idBodyInput[assignInput]) (*httpapi.Body[AuditDesign], error) {
			return one(m.svc.Act(ctx, ActionInput{Action: ActAssign, IDs: []uuid.UUID{in.ID}, UserID: in.Body.UserID}))
		})
	m.registerDesign(api)
}

func one(rows []AuditDesign, err error) (*httpapi.Body[AuditDesign], error) {
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[AuditDesign]{Body: rows[0]}, nil
}

// op builds an operation of this area (bodies checked by the service, as the other areas do).
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"auditdesign"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 1 << 20
		o.SkipValidateBody = true
	}
	return o
}

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type bodyInput[T any] struct {
	Body T
}

type idBodyInput[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

type separatePalletInput struct {
	SeparatePallet string `json:"separatePallet,omitempty" doc:"A SeparatePallet dictionary value; empty clears it"`
}

type actionInput struct {
	AuditIDs []uuid.UUID `json:"auditIds"`
	Comment  string      `json:"comment,omitempty" doc:"The reason (required to reject)"`
}

type commentInput struct {
	Comment string `json:"comment,omitempty"`
}

type assignInput struct {
	UserID uuid.UUID `json:"userId"`
}

type listInput struct {
	SalesOrderID   string `query:"salesOrderId" doc:"The sheets of this order"`
	State          string `query:"state" doc:"Sheets in these states, comma-separated (0 waiting … 6 voided; the queue's waiting tab: 0,2,4)"`
	SalesOrderNo   string `query:"salesOrderNo" doc:"Sheets of orders whose number contains this"`
	ClaimedBy      string `query:"claimedBy" doc:"me: the sheets I claimed"`
	From           string `query:"from" doc:"Created on or after (RFC 3339 or yyyy-MM-dd)"`
	To             string `query:"to" doc:"Created before (RFC 3339, or yyyy-MM-dd: that whole day)"`
	Sorting        string `query:"sorting" doc:"creationTime, salesOrderNo, levelIndex or state, with asc or desc"`
	SkipCount      int    `query:"skipCount" minimum:"0"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" doc:"Page size: at most 99, the default (spec 001 §9)"`
}

func (in *listInput) query() (Query, error) {
	q := Query{SalesOrderNo: strings.TrimSpace(in.SalesOrderNo), Sorting: in.Sorting, SkipCount: in.SkipCount, MaxResultCount: in.MaxResultCount}
	if s := strings.TrimSpace(in.SalesOrderID); s != "" {
		id, err := uuid.Parse(s)
		if err != nil {
			return q, apperr.Invalid("salesOrderId", localization.KeyInvalidValue, "salesOrderId")
		}
		q.SalesOrderID = &id
	}
	for _, s := range strings.Split(in.State, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return q, apperr.Invalid("State", localization.KeyInvalidValue, "State")
		}
		q.States = append(q.States, State(n))
	}
	switch strings.ToLower(strings.TrimSpace(in.ClaimedBy)) {
	case "":
	case "me":
		q.ClaimedByMe = true
	default:
		return q, apperr.Invalid("ClaimedBy", localization.KeyInvalidValue, "ClaimedBy")
	}
	var err error
	if q.From, err = date("From", in.From, false); err != nil {
		return q, err
	}
	if q.To, err = date("To", in.To, true); err != nil {
		return q, err
	}
	return q, nil
}

// date reads an RFC 3339 time or a yyyy-MM-dd day (end: the day after, so To takes the whole day).
func date(name, s string, end bool) (*time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		t = t.UTC()
		return &t, nil
	}
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	if end {
		t = t.AddDate(0, 0, 1)
	}
	return &t, nil
}
