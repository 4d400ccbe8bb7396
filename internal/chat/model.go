// Package chat is the instant messaging of Kerf (area "im", docs/decisions/0015, "Chat"):
// friends of the same tenant (a request, the friend's confirmation or refusal), one-to-one
// messages sent through the realtime hub "messages" and kept here, the conversation history
// (reading it marks it read), the newest message of each conversation, the contacts with
// their unread counts, and the files (images, video, voice, any file) messages carry, kept in
// the blob store and readable by the two people of a message only.
//
// Shapes follow ABP's (LINGYUN's) IM module, which the spec's /api/im comes from; the
// misspelt members (formUserId, formUserName) are the contract's.
package chat

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Hub is the realtime hub of the chat; the server → client methods the web page listens to.
const (
	Hub                 = "messages"
	MethodSendMessage   = "SendMessage"      // client → server: a ChatMessage; answers the stored one
	MethodChatMessage   = "getChatMessage"   // server → client: a ChatMessage
	MethodFriendRequest = "friendValidation" // server → client: a FriendRequest
	MethodFriendAdded   = "friendAdded"      // server → client: the requester's new Friend
	defaultPage         = 10                 // spec 002 §9: chat history page 10 (the friend lists too)
	defaultLastMessages = 10                 // spec 002 §9: last messages 10
	onlineWithin        = 90 * time.Second   // a connection whose heartbeat is older is gone
	heartbeatEvery      = 30 * time.Second   // how often a replica refreshes its connections
	fileURLPrefix       = "/api/im/chat/files/"
)

// MessageType is what a message's content is (spec 002 §3).
type MessageType int

// Message types. For Image, Video, Voice and File the content is the name of a file
// uploaded with POST /api/im/chat/files.
const (
	TypeText  MessageType = 0
	TypeImage MessageType = 10
	TypeLink  MessageType = 20
	TypeVideo MessageType = 30
	TypeVoice MessageType = 40
	TypeFile  MessageType = 50
)

// IsFile reports whether messages of type t carry an uploaded file.
func (t MessageType) IsFile() bool {
	return t == TypeImage || t == TypeVideo || t == TypeVoice || t == TypeFile
}

func (t MessageType) valid() bool {
	return t == TypeText || t == TypeLink || t.IsFile()
}

// MessageState is the read state of a message (LINGYUN's MessageState: Send 0, Read 1).
type MessageState int

// Message states.
const (
	StateSend MessageState = 0
	StateRead MessageState = 1
)

// Friend request states.
const (
	requestPending  = 0
	requestAccepted = 1
	requestRefused  = 2
)

// Limits of the inputs (the tags of the inputs repeat them; model_test.go holds them equal).
const (
	MaxRemarkName = 50
	MaxContent    = 4096
	MaxFileSize   = 20 << 20 // 20 MB: a chat file; larger ones go through the file management
)

// ---- rows ----

// friendRow is one side of a friendship: userID counts friendID among their friends, under
// remarkName. A friendship is two rows, one per side. The friend's user name and name are
// copied at creation so that the list filters and sorts by them in one query.
type friendRow struct {
	bun.BaseModel `bun:"table:im_friends,alias:f"`
	db.Entity
	UserID     uuid.UUID `bun:"user_id,type:uuid,notnull"`
	FriendID   uuid.UUID `bun:"friend_id,type:uuid,notnull"`
	RemarkName string    `bun:"remark_name,notnull"`
	UserName   string    `bun:"user_name,notnull"`
	Name       string    `bun:"name,notnull"`
}

// requestRow is a friend request: userID asks friendID, whom they will call remarkName.
type requestRow struct {
	bun.BaseModel `bun:"table:im_friend_requests,alias:fr"`
	db.Entity
	UserID     uuid.UUID `bun:"user_id,type:uuid,notnull"`
	FriendID   uuid.UUID `bun:"friend_id,type:uuid,notnull"`
	RemarkName string    `bun:"remark_name,notnull"`
	Status     int       `bun:"status,notnull"`
}

// messageRow is one message; its creation time is its send time.
type messageRow struct {
	bun.BaseModel `bun:"table:im_messages,alias:m"`
	db.Entity
	GroupID      string       `bun:"group_id,notnull"`
	FromUserID   uuid.UUID    `bun:"from_user_id,type:uuid,notnull"`
	FromUserName string       `bun:"from_user_name,notnull"`
	ToUserID     uuid.UUID    `bun:"to_user_id,type:uuid,notnull"`
	Content      string       `bun:"content,notnull"`
	MessageType  MessageType  `bun:"message_type,notnull"`
	IsAnonymous  bool         `bun:"is_anonymous,notnull"`
	State        MessageState `bun:"state,notnull"`
}

// conversationRow is one user's view of a conversation with a partner: its newest message
// and how many of the partner's messages the user has not read. Written with each message
// (both sides) in the message's transaction, zeroed when the user reads the conversation.
type conversationRow struct {
	bun.BaseModel   `bun:"table:im_conversations,alias:cv"`
	TenantID        *uuid.UUID  `bun:"tenant_id,type:uuid"`
	UserID          uuid.UUID   `bun:"user_id,pk,type:uuid"`
	PartnerID       uuid.UUID   `bun:"partner_id,pk,type:uuid"`
	LastMessageID   uuid.UUID   `bun:"last_message_id,type:uuid,notnull"`
	LastSendTime    time.Time   `bun:"last_send_time,notnull"`
	LastContent     string      `bun:"last_content,notnull"`
	LastMessageType MessageType `bun:"last_message_type,notnull"`
	Unread          int         `bun:"unread,notnull"`
}

// fileRow is a file uploaded for a message; its creator is the uploader.
type fileRow struct {
	bun.BaseModel `bun:"table:im_files,alias:imf"`
	db.Entity
	Name     string `bun:"name,notnull"` // random, unique: <uuid><ext>
	FileName string `bun:"file_name,notnull"`
	MimeType string `bun:"mime_type,notnull"`
	Size     int64  `bun:"size,notnull"`
	BlobKey  string `bun:"blob_key,notnull"`
}

// connectionRow is one open connection to the messages hub, on some replica: the online
// flag of friends. Every replica refreshes the heartbeat of its own connections; a row whose
// heartbeat is older than onlineWithin belongs to a replica that stopped and is swept. It is
// a host table (connections of every tenant in one place, for the sweep).
type connectionRow struct {
	bun.BaseModel `bun:"table:im_connections,alias:ic"`
	ConnectionID  string     `bun:"connection_id,pk"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	UserID        uuid.UUID  `bun:"user_id,type:uuid,notnull"`
	ReplicaID     uuid.UUID  `bun:"replica_id,type:uuid,notnull"`
	ConnectedAt   time.Time  `bun:"connected_at,notnull"`
	HeartbeatAt   time.Time  `bun:"heartbeat_at,notnull"`
}

// ---- answers ----

// Friend is a friend of the caller.
type Friend struct {
	FriendID     uuid.UUID `json:"friendId"`
	UserName     string    `json:"userName"`
	RemarkName   string    `json:"remarkName" doc:"The name the caller gave the friend"`
	Name         string    `json:"name"`
	Avatar       string    `json:"avatar" doc:"Users have no picture in Kerf yet: empty"`
	Online       bool      `json:"online" doc:"The friend has a connection to the messages hub"`
	CreationTime time.Time `json:"creationTime"`
}

// FriendRequest is a friend request waiting for the caller (also pushed as friendValidation).
type FriendRequest struct {
	RequestID    uuid.UUID `json:"requestId"`
	FromUserID   uuid.UUID `json:"fromUserId"`
	FromUserName string    `json:"fromUserName"`
	RemarkName   string    `json:"remarkName" doc:"The name the requester gives the caller"`
	CreationTime time.Time `json:"creationTime"`
}

// AddRequestResult answers a friend request: pending, or friends at once when the other
// user had asked the caller already.
type AddRequestResult struct {
	RequestID uuid.UUID `json:"requestId"`
	Added     bool      `json:"added" doc:"true: the user had asked you already, you are friends now"`
}

// ChatMessage is a message (spec 002 §3), as sent and as answered.
type ChatMessage struct {
	TenantID     *uuid.UUID   `json:"tenantId"`
	GroupID      string       `json:"groupId"`
	MessageID    uuid.UUID    `json:"messageId"`
	FormUserID   uuid.UUID    `json:"formUserId" doc:"The sender (spelt as the contract)"`
	FormUserName string       `json:"formUserName" doc:"The sender's name; empty for the receiver of an anonymous message"`
	ToUserID     uuid.UUID    `json:"toUserId"`
	Content      string       `json:"content" doc:"The text; for images, video, voice and files the name of an uploaded file"`
	SendTime     time.Time    `json:"sendTime"`
	IsAnonymous  bool         `json:"isAnonymous"`
	MessageType  MessageType  `json:"messageType" enum:"0,10,20,30,40,50" doc:"Text 0, Image 10, Link 20, Video 30, Voice 40, File 50"`
	State        MessageState `json:"state" enum:"0,1" doc:"Send 0, Read 1"`
}

// Contact is a friend in the chat's contact list, with the conversation's state.
type Contact struct {
	ID           uuid.UUID   `json:"id" doc:"The friend's user id"`
	DisplayName  string      `json:"displayName" doc:"The remark name, else the name, else the user name"`
	Avatar       string      `json:"avatar"`
	Type         int         `json:"type" doc:"0: a person (groups are not offered)"`
	Unread       int         `json:"unread" doc:"Messages of the friend the caller has not read"`
	LastSendTime *time.Time  `json:"lastSendTime"`
	LastContent  string      `json:"lastContent"`
	LastType     MessageType `json:"lastMessageType"`
	ReadMsgPage  int         `json:"readMsgPage" doc:"The history pages the client has read: 0, it counts"`
	Online       bool        `json:"online"`
}

// UploadedFile answers an upload.
type UploadedFile struct {
	Name     string `json:"name" doc:"The file's reference: a message's content"`
	URL      string `json:"url" doc:"Where the sender and the receiver read it"`
	Size     int64  `json:"size"`
	MimeType string `json:"mimeType"`
	FileName string `json:"fileName" doc:"The name it was uploaded under"`
}

// UserInfo is what the chat needs of a user of the tenant (from the identity area).
type UserInfo struct {
	ID       uuid.UUID
	UserName string
	Name     string
}

// displayName is the name to show for u.
func (u UserInfo) displayName() string {
	if u.Name != "" {
		return u.Name
	}
	return u.UserName
}

// ---- inputs ----

// AddFriendInput asks a user of the tenant to be the caller's friend.
type AddFriendInput struct {
	FriendID   uuid.UUID `json:"friendId" required:"true" doc:"The user asked"`
	RemarkName string    `json:"remarkName,omitempty" maxLength:"50" doc:"The name the caller will know them by"`
}

// ConfirmFriendInput confirms (or refuses) the request of friendId.
type ConfirmFriendInput struct {
	FriendID   uuid.UUID `json:"friendId" required:"true" doc:"The requester"`
	RemarkName string    `json:"remarkName,omitempty" maxLength:"50" doc:"The name the caller will know them by"`
}

// FriendQuery is a page of the caller's friends.
type FriendQuery struct {
	Filter, Sorting string
	Reverse         bool
	Skip, Limit     int
}

// MessageQuery is a page of the caller's conversation with ReceiveUserID.
type MessageQuery struct {
	ReceiveUserID uuid.UUID
	MessageType   *MessageType
	Filter        string
	Sorting       string
	Reverse       bool
	Skip, Limit   int
}

// SendMessageInput is a message the caller sends (the members of ChatMessage a client sets).
type SendMessageInput struct {
	ToUserID    uuid.UUID   `json:"toUserId"`
	GroupID     string      `json:"groupId"`
	Content     string      `json:"content"`
	MessageType MessageType `json:"messageType"`
	IsAnonymous bool        `json:"isAnonymous"`
}
