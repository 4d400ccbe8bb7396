package chat

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// multipartSlack is what a multipart body may hold beyond the file (boundaries, headers).
const multipartSlack = 1 << 20

// Register mounts the area's operations (paths of the contract, area "im", and the ones
// decision 0015 adds). Every one needs a login only: the rows decide what a caller sees.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	m.registerFriends(api)
	m.registerMessages(api)
	m.registerFiles(api)
	m.registerHub()

}

// op builds an operation of this area. Bodies drop their empty-string members and are
// checked by the service (localised messages naming each field), not a second time by huma.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"im"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 1 << 20
		o.SkipValidateBody = true
	}
	return o
}

type bodyInput[T any] struct {
	Body T
}

// ListQuery is the ABP list query of the chat's lists: 10 a page unless asked otherwise.
type ListQuery struct {
	SkipCount      int    `query:"skipCount" minimum:"0" doc:"Rows to skip"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" maximum:"1000" default:"10" doc:"Page size (10; at most 1000)"`
	Sorting        string `query:"sorting" doc:"e.g. \"name desc\"; columns are whitelisted"`
	Filter         string `query:"filter" doc:"Free-text filter"`
}

func (q ListQuery) limit() int {
	if q.MaxResultCount <= 0 {
		return defaultPage
	}
	return q.MaxResultCount
}

// optBool reads a boolean query value; blank gives def.
func optBool(name, s string, def bool) (bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	return b, nil
}

// ---- friends ----

type friendListInput struct {
	ListQuery
	Reverse string `query:"reverse" doc:"true: the order turned round"`
}

type refuseInput struct {
	FriendID uuid.UUID `json:"friendId" required:"true" doc:"The requester"`
}

func (m *Module) registerFriends(api *httpapi.API) {
	const base = "/api/im/my-friends"
	in := httpapi.LoggedIn()
	httpapi.Register(api, op(http.MethodPost, base+"/add-request",
		"Ask a user of the tenant to be your friend; they are told (friendValidation) and confirm"), in,
		func(ctx context.Context, b *bodyInput[AddFriendInput]) (*httpapi.Body[AddRequestResult], error) {
			return httpapi.Reply(m.svc.AddRequest(ctx, b.Body))
		})
	httpapi.Register(api, op(http.MethodPost, base,
		"Confirm the friend request of friendId: you are friends, the requester is told (friendAdded)"), in,
		func(ctx context.Context, b *bodyInput[ConfirmFriendInput]) (*httpapi.Body[Friend], error) {
			return httpapi.Reply(m.svc.Confirm(ctx, b.Body))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/refuse", "Refuse the friend request of friendId"), in,
		func(ctx context.Context, b *bodyInput[refuseInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.Refuse(ctx, b.Body.FriendID))
		})
	httpapi.Register(api, op(http.MethodGet, base,
		"Your friends, a page (filter over remark name, user name, name; sorting remarkName, userName, name, creationTime)"), in,
		func(ctx context.Context, q *friendListInput) (*httpapi.Body[httpapi.Paged[Friend]], error) {
			rev, err := optBool("reverse", q.Reverse, false)
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListFriends(ctx, FriendQuery{Filter: q.Filter, Sorting: q.Sorting, Reverse: rev,
				Skip: q.SkipCount, Limit: q.limit()}))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/all", "All your friends"), in,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[Friend]], error) {
			return httpapi.ReplyList(m.svc.AllFriends(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/requests", "The friend requests waiting for you"), in,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[FriendRequest]], error) {
			return httpapi.ReplyList(m.svc.Requests(ctx))
		})
}

// ---- messages ----

type messageListInput struct {
	ListQuery
	ReceiveUserID string `query:"receiveUserId" doc:"The other person of the conversation (required)"`
	MessageType   string `query:"messageType" doc:"Only messages of this type (0, 10, 20, 30, 40, 50)"`
	Reverse       string `query:"reverse" doc:"true (default): newest first; false: oldest first"`
}

type lastMessagesInput struct {
	MaxResultCount int `query:"maxResultCount" minimum:"0" maximum:"1000" default:"10" doc:"How many conversations (10)"`
}

func (m *Module) registerMessages(api *httpapi.API) {
	const base = "/api/im/chat"
	in := httpapi.LoggedIn()
	httpapi.Register(api, op(http.MethodGet, base+"/my-messages",
		"Your conversation with receiveUserId, 10 a page, newest first; marks their messages to you read"), in,
		func(ctx context.Context, q *messageListInput) (*httpapi.Body[httpapi.Paged[ChatMessage]], error) {
			mq, err := q.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.MyMessages(ctx, mq))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/my-last-messages", "The newest message of each of your conversations, newest first"), in,
		func(ctx context.Context, q *lastMessagesInput) (*httpapi.Body[httpapi.List[ChatMessage]], error) {
			return httpapi.ReplyList(m.svc.LastMessages(ctx, q.MaxResultCount))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/my-contacts", "Your friends with the state of your conversations (unread, last message)"), in,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[Contact]], error) {
			return httpapi.ReplyList(m.svc.Contacts(ctx))
		})
}

func (q *messageListInput) query() (MessageQuery, error) {
	out := MessageQuery{Filter: q.Filter, Sorting: q.Sorting, Skip: q.SkipCount, Limit: q.limit()}
	if s := strings.TrimSpace(q.ReceiveUserID); s != "" {
		id, err := uuid.Parse(s)
		if err != nil {
			return out, apperr.Invalid("receiveUserId", localization.KeyInvalidValue, FieldReceiver)
		}
		out.ReceiveUserID = id
	}
	if s := strings.TrimSpace(q.MessageType); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return out, apperr.Invalid("messageType", localization.KeyInvalidValue, FieldMessageType)
		}
		t := MessageType(n)
		out.MessageType = &t
	}
	rev, err := optBool("reverse", q.Reverse, true)
	out.Reverse = rev
	return out, err
}

// ---- files ----

func (m *Module) registerFiles(api *httpapi.API) {
	api.Handle(http.MethodPost, "/api/im/chat/files",
		"Upload a file for a message (multipart field file, at most 20 MB); answers {name, url, size, mimeType, fileName}",
		httpapi.LoggedIn(), func(w http.ResponseWriter, r *http.Request) {
			f, err := m.receive(w, r)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.WriteJSON(w, http.StatusOK, f)
		})
	api.Handle(http.MethodGet, fileURLPrefix+"{name}",
		"A chat file, for who uploaded it and the sender and receiver of a message carrying it", httpapi.LoggedIn(),
		func(w http.ResponseWriter, r *http.Request) {
			f, err := m.svc.OpenFile(r.Context(), chi.URLParam(r, "name"))
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			defer f.Body.Close()
			serve(w, f)
		})
}

// serve writes a chat file: pictures, video and sound shown in the page, anything else
// offered for download under its name; never sniffed into something else by the browser.
func serve(w http.ResponseWriter, f *File) {
	h := w.Header()
	h.Set("Content-Type", f.MimeType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
	h.Set("Content-Length", fmt.Sprint(f.Size))
	h.Set("Cache-Control", "private, max-age=31536000, immutable") // names are never reused
	disposition := "attachment"
	if t, _, _ := strings.Cut(f.MimeType, "/"); t == "image" || t == "video" || t == "audio" {
		disposition = "inline"
	}
	h.Set("Content-Disposition", fmt.Sprintf("%s; filename=%q; filename*=UTF-8''%s", disposition, asciiName(f.Name), url.PathEscape(f.Name)))
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, f.Body)
}

func asciiName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, s)
}

// receive stores the one file of a multipart request. A body over the limit is refused
// before it is read when it says its length, else as soon as the limit is passed.
func (m *Module) receive(w http.ResponseWriter, r *http.Request) (*UploadedFile, error) {
	if r.ContentLength > MaxFileSize+multipartSlack {
		return nil, ErrTooLarge
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxFileSize+multipartSlack)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.User(KeyNoFile)
	}
	var saved *UploadedFile
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, uploadErr(err)
		}
		if part.FileName() == "" {
			continue
		}
		if saved != nil {
			return nil, apperr.User(KeyOneFile)
		}
		br := bufio.NewReaderSize(part, 4096)
		head, err := br.Peek(512)
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, uploadErr(err)
		}
		if len(head) == 0 {
			return nil, apperr.User(KeyNoFile)
		}
		saved, err = m.svc.SaveFile(r.Context(), part.FileName(), contentType(part.FileName(), head), br)
		if err != nil {
			return nil, uploadErr(err)
		}
	}
	if saved == nil {
		return nil, apperr.User(KeyNoFile)
	}
	return saved, nil
}

// contentType is the type of a file from its first bytes; a type its extension names is
// preferred unless the bytes say it is a picture (a picture is never served as anything else,
// and nothing else as a picture).
func contentType(fileName string, head []byte) string {
	sniffed := http.DetectContentType(head)
	if strings.HasPrefix(sniffed, "image/") {
		return sniffed
	}
	byExt := mime.TypeByExtension(strings.ToLower(path.Ext(fileName)))
	if byExt != "" && !strings.HasPrefix(byExt, "image/") && !strings.Contains(byExt, "html") && !strings.Contains(byExt, "xml") {
		return byExt
	}
	return sniffed
}

func uploadErr(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return ErrTooLarge
	}
	var ue *apperr.UserError
	var ve *apperr.ValidationError
	if errors.As(err, &ue) || errors.As(err, &ve) || errors.Is(err, apperr.ErrNotFound) ||
		errors.Is(err, apperr.ErrUnauthorized) || errors.Is(err, apperr.ErrForbidden) {
		return err
	}
	if strings.Contains(err.Error(), "multipart") {
		return apperr.User(localization.KeyBadRequest)
	}
	return err
}
