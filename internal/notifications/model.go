package notifications

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/localization"
)

// Severity is how a notification is shown (spec 002 §3): 0 success, 10 info, 20 warning,
// 30 error, 40 fatal.
type Severity int

// The severities.
const (
	Success Severity = 0
	Info    Severity = 10
	Warn    Severity = 20
	Error   Severity = 30
	Fatal   Severity = 40
)

// ReadState is a user's notification's state: read 0, unread 1 (spec 002 §3).
type ReadState int

// The read states; AllStates selects both in a list.
const (
	Read      ReadState = 0
	UnRead    ReadState = 1
	AllStates ReadState = -1
)

// Lifetime says whether a notification of a name replaces the user's earlier unread one
// (OnlyOne) or is kept beside it (Persistent).
type Lifetime int

// The lifetimes.
const (
	Persistent Lifetime = 0
	OnlyOne    Lifetime = 1
)

// Source says who a notification comes from: the application 0, the system 10, a user 20.
type Source int

// The sources.
const (
	FromApplication Source = 0
	FromSystem      Source = 10
	FromUser        Source = 20
)

// Definition is a kind of notification, declared by the module that sends it (a module shows
// them through Notifications(), see DefinitionModule). A subscribable one reaches every user
// who has not unsubscribed it; one that is not (Kerf.Broadcast) always reaches its users.
type Definition struct {
	Name              string
	DisplayName       localization.Text
	Description       localization.Text
	AllowSubscription bool
	Lifetime          Lifetime
}

// DefinitionModule is a module that sends notifications (optional: the app collects them and
// hands them to this area): the kinds it sends.
type DefinitionModule interface {
	Notifications() []Definition
}

// Notification is what a module publishes: to Users (of ctx's tenant), with its texts in both
// languages (arguments already filled in: see Render), a severity, a source and data for the
// client (an id to open, …).
type Notification struct {
	Name        string
	Users       []uuid.UUID
	Title       localization.Text
	Message     localization.Text
	Description localization.Text
	Severity    Severity
	Source      Source
	Data        map[string]any
}

// UserNotification is one notification as its reader sees it, the texts in the reader's
// language (spec 002 §3, ABP's UserNotificationDto). Its id is the notification's.
type UserNotification struct {
	ID           uuid.UUID      `json:"id"`
	Name         string         `json:"name"`
	TenantID     *uuid.UUID     `json:"tenantId"`
	Title        string         `json:"title"`
	Message      string         `json:"message"`
	Description  string         `json:"description"`
	Severity     Severity       `json:"severity" enum:"0,10,20,30,40" doc:"Success 0, Info 10, Warn 20, Error 30, Fatal 40"`
	State        ReadState      `json:"state" enum:"0,1" doc:"Read 0, UnRead 1"`
	Lifetime     Lifetime       `json:"lifetime" enum:"0,1" doc:"Persistent 0, OnlyOne 1"`
	Source       Source         `json:"source" enum:"0,10,20" doc:"Application 0, System 10, User 20"`
	CreationTime time.Time      `json:"creationTime"`
	Data         map[string]any `json:"data"`
}

// Texts are a notification's texts in both languages.
type Texts struct {
	Title       LocalText `json:"title"`
	Message     LocalText `json:"message"`
	Description LocalText `json:"description"`
}

// LocalText is a text in both languages, as stored and pushed.
type LocalText struct {
	ZhHans string `json:"zh-Hans"`
	En     string `json:"en"`
}

// PushedNotification is what the hub's get-notification carries: the UserNotification with
// its texts in the publishing request's language, and Texts in both, since the hub sends one
// message to every recipient whatever their language (the client shows its own).
type PushedNotification struct {
	UserNotification
	Texts Texts `json:"texts"`
}

// Assignable is a notification kind a user may subscribe to.
type Assignable struct {
	Name        string   `json:"name"`
	DisplayName string   `json:"displayName"`
	Description string   `json:"description"`
	Lifetime    Lifetime `json:"lifetime" enum:"0,1" doc:"Persistent 0, OnlyOne 1"`
}

// Subscription is a notification kind the caller receives.
type Subscription struct {
	Name string `json:"name"`
}

// Query is a page of the caller's notifications.
type Query struct {
	ReadState ReadState // AllStates: both
	Filter    string
	Reverse   bool // newest first
	Skip      int
	Limit     int
}

// BroadcastInput is a text an administrator sends to every active user of their tenant.
type BroadcastInput struct {
	Title    string   `json:"title" maxLength:"100" doc:"Required"`
	Message  string   `json:"message" maxLength:"1000" doc:"Required"`
	Severity Severity `json:"severity" enum:"0,10,20,30,40" doc:"Success 0, Info 10, Warn 20, Error 30, Fatal 40"`
}

// ChangeStateInput sets the read state of some of the caller's notifications.
type ChangeStateInput struct {
	IDList []uuid.UUID `json:"idList" doc:"Notification ids"`
	State  ReadState   `json:"state" enum:"0,1" doc:"Read 0, UnRead 1"`
}

// MarkAllInput sets the read state of every one of the caller's notifications.
type MarkAllInput struct {
	State ReadState `json:"state" enum:"0,1" doc:"Read 0, UnRead 1"`
}

// SubscribeInput names a notification kind.
type SubscribeInput struct {
	Name string `json:"name" maxLength:"100" doc:"A name of the assignables"`
}

// Limits of the inputs.
const (
	MaxTitle    = 100
	MaxMessage  = 1000
	MaxName     = 100
	MaxIDList   = 1000
	DefaultPage = 10
)

// ---- rows ----

// notificationRow is one notification, its texts stored in both languages (JSON
// {"zh-Hans", "en"}) so each reader sees theirs.
type notificationRow struct {
	bun.BaseModel `bun:"table:notifications,alias:n"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	Name          string     `bun:"name,notnull"`
	Title         string     `bun:"title,notnull,type:text"`
	Message       string     `bun:"message,notnull,type:text"`
	Description   string     `bun:"description,notnull,type:text"`
	Severity      Severity   `bun:"severity,notnull"`
	Source        Source     `bun:"source,notnull"`
	Lifetime      Lifetime   `bun:"lifetime,notnull"`
	Data          string     `bun:"data,notnull,type:text"`
	CreationTime  time.Time  `bun:"creation_time,notnull"`
}

// userNotificationRow is a notification delivered to one user, with its read state.
type userNotificationRow struct {
	bun.BaseModel  `bun:"table:user_notifications,alias:un"`
	ID             uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID       *uuid.UUID `bun:"tenant_id,type:uuid"`
	UserID         uuid.UUID  `bun:"user_id,notnull,type:uuid"`
	NotificationID uuid.UUID  `bun:"notification_id,notnull,type:uuid"`
	Name           string     `bun:"name,notnull"` // the notification's (OnlyOne replaces by it)
	ReadState      ReadState  `bun:"read_state,notnull"`
	CreationTime   time.Time  `bun:"creation_time,notnull"`
}

// unsubscriptionRow is a user's opt-out of a subscribable notification kind.
type unsubscriptionRow struct {
	bun.BaseModel `bun:"table:notification_unsubscriptions,alias:ns"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	UserID        uuid.UUID  `bun:"user_id,notnull,type:uuid"`
	Name          string     `bun:"name,notnull"`
	CreationTime  time.Time  `bun:"creation_time,notnull"`
}
