package notifications

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// The hub and what it carries (decision 0015, "Notifications").
const (
	Hub                   = "notifications"
	MethodGetNotification = "get-notification"
	// Broadcast is the notification an administrator sends to every user of a tenant.
	Broadcast = "Kerf.Broadcast"
)

// Pusher sends a hub message to users' connections; inside a db.InTx transaction it leaves
// after the commit (platform/realtime's Server does).
type Pusher interface {
	ToUsers(ctx context.Context, hub, method string, users []uuid.UUID, args ...any) error
}

// ActiveUsers answers the ids of ctx's tenant's active users (a broadcast's recipients).
type ActiveUsers func(ctx context.Context) ([]uuid.UUID, error)

// Service stores, lists and pushes notifications. It knows no HTTP.
type Service struct {
	store store
	push  Pusher
	users ActiveUsers
	now   func() time.Time

	defsOf func() []Definition
	once   sync.Once
	defs   []Definition
	byName map[string]Definition
}

// NewService returns the notifications service; defs (may be nil) answers the definitions of
// the other modules, read once at the first use; push (may be nil: nothing is pushed) sends
// get-notification; users (may be nil: no broadcast) lists a tenant's active users.
func NewService(d *db.DB, defs func() []Definition, push Pusher, users ActiveUsers) *Service {
	return &Service{store: newStore(d), defsOf: defs, push: push, users: users,
		now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }}
}

// own are the area's own definitions.
var own = []Definition{{Name: Broadcast, Lifetime: Persistent,
	DisplayName: texts[KeyBroadcastName], Description: texts[KeyBroadcastDesc]}}

func (s *Service) load() {
	s.once.Do(func() {
		s.defs = append([]Definition(nil), own...)
		if s.defsOf != nil {
			s.defs = append(s.defs, s.defsOf()...)
		}
		s.byName = make(map[string]Definition, len(s.defs))
		kept := s.defs[:0]
		for _, d := range s.defs {
			if _, dup := s.byName[d.Name]; !dup { // the area's own come back through the app's list
				s.byName[d.Name] = d
				kept = append(kept, d)
			}
		}
		s.defs = kept
	})
}

// Definitions answers every notification kind, the area's own first.
func (s *Service) Definitions() []Definition {
	s.load()
	return append([]Definition(nil), s.defs...)
}

func (s *Service) definition(name string) (Definition, bool) {
	s.load()
	d, ok := s.byName[name]
	return d, ok
}

// Render answers key's text in both languages with args filled in; an argument that is a
// localization.Text is taken in each language (a status name, say). Overrides of the texts
// apply as they do to requests.
func Render(ctx context.Context, cat *localization.Catalog, key string, args ...any) localization.Text {
	in := func(culture string) string {
		a := make([]any, len(args))
		for i, v := range args {
			if t, ok := v.(localization.Text); ok {
				v = pick(t, culture)
			}
			a[i] = v
		}
		if cat == nil {
			return key
		}
		return cat.T(localization.WithCulture(ctx, culture), key, a...)
	}
	return localization.Text{ZhHans: in(localization.ZhHans), En: in(localization.En)}
}

// pick answers t in culture: zh-Hans, or English for any other; the other one when empty.
func pick(t localization.Text, culture string) string {
	if culture == localization.ZhHans {
		if t.ZhHans != "" {
			return t.ZhHans
		}
		return t.En
	}
	if t.En != "" {
		return t.En
	}
	return t.ZhHans
}

// ---- publishing ----

// Publish stores n for its users and pushes get-notification to them once stored, in one
// transaction of its own (or ctx's store's: see PublishTx).
func (s *Service) Publish(ctx context.Context, n Notification) error { return s.PublishTx(ctx, nil, n) }

// PublishTx is Publish in tx, the caller's transaction (nil: one of its own): the notification
// is stored exactly when tx commits, and pushed after that. Users who unsubscribed a
// subscribable notification are skipped; an OnlyOne notification replaces each user's earlier
// unread one of its name. A name no module declared is a programming error.
func (s *Service) PublishTx(ctx context.Context, tx bun.IDB, n Notification) error {
	def, ok := s.definition(n.Name)
	if !ok {
		return fmt.Errorf("publish %s: no module declares this notification", n.Name)
	}
	users := dedupe(n.Users)
	if len(users) == 0 {
		return nil
	}
	st := s.store
	if tx != nil {
		st = st.with(tx)
	}
	return st.inTx(ctx, func(ctx context.Context, st store) error {
		if def.AllowSubscription {
			off, err := st.unsubscribedOf(ctx, n.Name, users)
			if err != nil {
				return err
			}
			kept := users[:0:0]
			for _, u := range users {
				if !off[u] {
					kept = append(kept, u)
				}
			}
			users = kept
		}
		if len(users) == 0 {
			return nil
		}
		if def.Lifetime == OnlyOne {
			if err := st.dropUnread(ctx, n.Name, users); err != nil {
				return err
			}
		}
		row, err := s.row(ctx, def, n)
		if err != nil {
			return err
		}
		if err := st.insertNotification(ctx, row); err != nil {
			return err
		}
		deliveries := make([]userNotificationRow, len(users))
		for i, u := range users {
			deliveries[i] = userNotificationRow{ID: db.NewID(), TenantID: row.TenantID, UserID: u, NotificationID: row.ID,
				Name: row.Name, ReadState: UnRead, CreationTime: row.CreationTime}
		}
		if err := st.insertDeliveries(ctx, deliveries); err != nil {
			return err
		}
		s.pushTo(ctx, row, users)
		return nil
	})
}

func (s *Service) row(ctx context.Context, def Definition, n Notification) (*notificationRow, error) {
	data := "{}"
	if len(n.Data) > 0 {
		b, err := json.Marshal(n.Data)
		if err != nil {
			return nil, fmt.Errorf("publish %s: data: %w", n.Name, err)
		}
		data = string(b)
	}
	return &notificationRow{ID: db.NewID(), TenantID: tenancy.ID(ctx), Name: n.Name, Title: textJSON(n.Title),
		Message: textJSON(n.Message), Description: textJSON(n.Description), Severity: n.Severity, Source: n.Source,
		Lifetime: def.Lifetime, Data: data, CreationTime: s.now()}, nil
}

// pushTo sends get-notification to users (after the commit of ctx's transaction). Delivery is
// best effort: the notification is stored, and a user not reached reads it from the list.
func (s *Service) pushTo(ctx context.Context, row *notificationRow, users []uuid.UUID) {
	if s.push == nil {
		return
	}
	un := view(*row, UnRead, localization.CultureFrom(ctx))
	msg := PushedNotification{UserNotification: un, Texts: Texts{Title: localText(row.Title),
		Message: localText(row.Message), Description: localText(row.Description)}}
	if err := s.push.ToUsers(ctx, Hub, MethodGetNotification, users, msg); err != nil {
		slog.WarnContext(ctx, "notifications: push failed", "name", row.Name, "err", err)
	}
}

func textJSON(t localization.Text) string {
	b, _ := json.Marshal(LocalText{ZhHans: t.ZhHans, En: t.En}) // two strings always marshal
	return string(b)
}

func localText(s string) LocalText {
	var t LocalText
	if err := json.Unmarshal([]byte(s), &t); err != nil {
		return LocalText{ZhHans: s, En: s}
	}
	return t
}

// view is row as its reader sees it, in culture.
func view(row notificationRow, state ReadState, culture string) UserNotification {
	in := func(s string) string {
		t := localText(s)
		return pick(localization.Text{ZhHans: t.ZhHans, En: t.En}, culture)
	}
	data := map[string]any{}
	_ = json.Unmarshal([]byte(row.Data), &data) // written by row: always an object
	return UserNotification{ID: row.ID, Name: row.Name, TenantID: row.TenantID, Title: in(row.Title),
		Message: in(row.Message), Description: in(row.Description), Severity: row.Severity, State: state,
		Lifetime: row.Lifetime, Source: row.Source, CreationTime: row.CreationTime, Data: data}
}

func dedupe(ids []uuid.UUID) []uuid.UUID {
	seen := map[uuid.UUID]bool{}
	out := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if id != uuid.Nil && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// ---- the caller's notifications ----

func me(ctx context.Context) (uuid.UUID, error) {
	if id := auth.UserID(ctx); id != nil {
		return *id, nil
	}
	return uuid.Nil, apperr.ErrUnauthorized
}

// List answers a page of the caller's notifications, in the caller's language.
func (s *Service) List(ctx context.Context, q Query) ([]UserNotification, int, error) {
	user, err := me(ctx)
	if err != nil {
		return nil, 0, err
	}
	if q.ReadState != AllStates && q.ReadState != Read && q.ReadState != UnRead {
		return nil, 0, apperr.Invalid("readState", KeyBadState)
	}
	if q.Limit <= 0 {
		q.Limit = DefaultPage
	}
	q.Filter = strings.TrimSpace(q.Filter)
	rows, total, err := s.store.listDeliveries(ctx, user, q)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.NotificationID
	}
	byID, err := s.store.notificationsByID(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	culture := localization.CultureFrom(ctx)
	out := make([]UserNotification, 0, len(rows))
	for _, r := range rows {
		if n, ok := byID[r.NotificationID]; ok {
			out = append(out, view(n, r.ReadState, culture))
		}
	}
	return out, total, nil
}

func checkState(ve *apperr.ValidationError, state ReadState) {
	if state != Read && state != UnRead {
		ve.Add("state", KeyBadState)
	}
}

// ChangeState sets the read state of the caller's notifications of in.IDList (ids that are
// not the caller's change nothing).
func (s *Service) ChangeState(ctx context.Context, in ChangeStateInput) error {
	user, err := me(ctx)
	if err != nil {
		return err
	}
	ve := &apperr.ValidationError{}
	ids := dedupe(in.IDList)
	switch {
	case len(ids) == 0:
		ve.Add("idList", KeyNoIDs)
	case len(ids) > MaxIDList:
		ve.Add("idList", KeyTooManyIDs, MaxIDList)
	}
	checkState(ve, in.State)
	if err := ve.OrNil(); err != nil {
		return err
	}
	_, err = s.store.setState(ctx, user, ids, in.State)
	return err
}

// MarkAll sets the read state of every one of the caller's notifications.
func (s *Service) MarkAll(ctx context.Context, in MarkAllInput) error {
	user, err := me(ctx)
	if err != nil {
		return err
	}
	ve := &apperr.ValidationError{}
	checkState(ve, in.State)
	if err := ve.OrNil(); err != nil {
		return err
	}
	_, err = s.store.setState(ctx, user, nil, in.State)
	return err
}

// Delete removes the caller's notification id from their list.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	user, err := me(ctx)
	if err != nil {
		return err
	}
	return s.store.deleteDelivery(ctx, user, id)
}

// ---- subscriptions ----

// Assignables answers the notification kinds a user may subscribe to, in the caller's language.
func (s *Service) Assignables(ctx context.Context) ([]Assignable, error) {
	culture := localization.CultureFrom(ctx)
	var out []Assignable
	for _, d := range s.Definitions() {
		if d.AllowSubscription {
			out = append(out, Assignable{Name: d.Name, DisplayName: pick(d.DisplayName, culture),
				Description: pick(d.Description, culture), Lifetime: d.Lifetime})
		}
	}
	return out, nil
}

// Subscriptions answers the subscribable kinds the caller receives (those not unsubscribed).
func (s *Service) Subscriptions(ctx context.Context) ([]Subscription, error) {
	user, err := me(ctx)
	if err != nil {
		return nil, err
	}
	off, err := s.store.unsubscriptions(ctx, user)
	if err != nil {
		return nil, err
	}
	var out []Subscription
	for _, d := range s.Definitions() {
		if d.AllowSubscription && !off[d.Name] {
			out = append(out, Subscription{Name: d.Name})
		}
	}
	return out, nil
}

// subscribable checks that name is a kind a user may subscribe to.
func (s *Service) subscribable(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", apperr.Invalid("name", localization.KeyRequired, FieldName)
	}
	if d, ok := s.definition(name); !ok || !d.AllowSubscription {
		return "", apperr.Invalid("name", KeyUnknownName, name)
	}
	return name, nil
}

// Subscribe makes the caller receive name again.
func (s *Service) Subscribe(ctx context.Context, name string) error {
	user, err := me(ctx)
	if err != nil {
		return err
	}
	if name, err = s.subscribable(name); err != nil {
		return err
	}
	return s.store.subscribe(ctx, user, name)
}

// Unsubscribe stops the caller receiving name.
func (s *Service) Unsubscribe(ctx context.Context, name string) error {
	user, err := me(ctx)
	if err != nil {
		return err
	}
	if name, err = s.subscribable(name); err != nil {
		return err
	}
	return s.store.unsubscribe(ctx, &unsubscriptionRow{ID: db.NewID(), TenantID: tenancy.ID(ctx), UserID: user,
		Name: name, CreationTime: s.now()})
}

// ---- broadcast ----

func validSeverity(v Severity) bool {
	switch v {
	case Success, Info, Warn, Error, Fatal:
		return true
	}
	return false
}

// SendBroadcast sends in to every active user of the caller's tenant (Kerf.Broadcast), the
// caller included, and answers how many it reached.
func (s *Service) SendBroadcast(ctx context.Context, in BroadcastInput) (int, error) {
	in.Title, in.Message = strings.TrimSpace(in.Title), strings.TrimSpace(in.Message)
	ve := &apperr.ValidationError{}
	text := func(member, label, v string, max int) {
		switch {
		case v == "":
			ve.Add(member, localization.KeyRequired, label)
		case utf8.RuneCountInString(v) > max:
			ve.Add(member, localization.KeyTooLong, label, max)
		}
	}
	text("title", FieldTitle, in.Title, MaxTitle)
	text("message", FieldMessage, in.Message, MaxMessage)
	if !validSeverity(in.Severity) {
		ve.Add("severity", KeyBadSeverity)
	}
	if err := ve.OrNil(); err != nil {
		return 0, err
	}
	if s.users == nil {
		return 0, fmt.Errorf("broadcast: no directory of users")
	}
	users, err := s.users(ctx)
	if err != nil {
		return 0, fmt.Errorf("broadcast: %w", err)
	}
	n := Notification{Name: Broadcast, Users: users, Title: localization.Text{ZhHans: in.Title, En: in.Title},
		Message: localization.Text{ZhHans: in.Message, En: in.Message}, Severity: in.Severity, Source: FromUser}
	if err := s.Publish(ctx, n); err != nil {
		return 0, err
	}
	return len(dedupe(users)), nil
}
