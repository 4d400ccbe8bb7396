package email

import (
	"context"
	"html"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

type mailboxListInput struct {
	httpapi.PageQuery
}

type mailIDInput struct {
	ID uuid.UUID `path:"id"`
}

// sendTestInput is the body of send-test-email: ABP's names (targetEmailAddress) are
// accepted beside the short ones.
type sendTestInput struct {
	Body struct {
		To                 string `json:"to,omitempty" maxLength:"256" doc:"Recipient"`
		TargetEmailAddress string `json:"targetEmailAddress,omitempty" maxLength:"256" doc:"Recipient (ABP's name; to wins)"`
		SenderEmailAddress string `json:"senderEmailAddress,omitempty" maxLength:"256" doc:"Ignored: the e-mailing settings name the sender"`
		Subject            string `json:"subject,omitempty" maxLength:"512"`
		Body               string `json:"body,omitempty" maxLength:"20000" doc:"Plain text"`
	}
}

func (m *Module) register(api *httpapi.API) {
	tags := []string{"emailing"}
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/setting-management/emailing/send-test-email",
		Summary: "Send a test e-mail with the current tenant's e-mailing settings (queued)", Tags: tags, DefaultStatus: http.StatusNoContent},
		httpapi.Perm(PermEmailing), m.sendTest)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/setting-management/emailing/mailbox",
		Summary: "The development mailbox of the current tenant (messages sent while no SMTP host is set), newest first", Tags: tags},
		httpapi.Perm(PermMailbox), m.listMail)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/setting-management/emailing/mailbox/{id}",
		Summary: "One message of the development mailbox", Tags: tags}, httpapi.Perm(PermMailbox), m.getMail)
}

func (m *Module) sendTest(ctx context.Context, in *sendTestInput) (*struct{}, error) {
	to := in.Body.To
	if strings.TrimSpace(to) == "" {
		to = in.Body.TargetEmailAddress
	}
	msg := Message{To: to, Subject: in.Body.Subject, Text: in.Body.Body,
		HTML: "<p>" + strings.ReplaceAll(html.EscapeString(in.Body.Body), "\n", "<br>") + "</p>"}
	if err := msg.Validate(); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Body.Body) == "" {
		return nil, apperr.Invalid("body", localization.KeyRequired, FieldBody)
	}
	return httpapi.NoContent(m.Sender().Send(ctx, msg))
}

func (m *Module) listMail(ctx context.Context, in *mailboxListInput) (*httpapi.Body[httpapi.Paged[Mail]], error) {
	return httpapi.ReplyPage(m.ListMail(ctx, ListMailInput{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
}

func (m *Module) getMail(ctx context.Context, in *mailIDInput) (*httpapi.Body[Mail], error) {
	return httpapi.Reply(m.GetMail(ctx, in.ID))
}
