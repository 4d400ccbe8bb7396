package chat

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Users finds a user of ctx's tenant; a user who is not there (another tenant's, or none)
// answers an error that unwraps to db.ErrNotFound.
type Users func(ctx context.Context, id uuid.UUID) (UserInfo, error)

// Push sends method with arg to the connections of users to the messages hub. It is called
// after the write it announces has committed; delivery is best effort (what matters is
// stored and read again after a reconnect).
type Push func(ctx context.Context, users []uuid.UUID, method string, arg any)

// Service holds the chat's rules: friends, messages, files and who is online.
type Service struct {
	st      store
	blob    blob.Store
	users   Users
	push    Push
	replica uuid.UUID // this process, in the connections it records
	now     func() time.Time
}

// NewService returns the chat service. push may be nil: nothing is pushed, everything is
// still stored.
func NewService(d *db.DB, b blob.Store, users Users, push Push) *Service {
	return &Service{st: newStore(d), blob: b, users: users, push: push, replica: db.NewID(),
		now: func() time.Time { return time.Now().UTC() }}
}

func (s *Service) send(ctx context.Context, users []uuid.UUID, method string, arg any) {
	if s.push != nil && len(users) > 0 {
		s.push(context.WithoutCancel(ctx), users, method, arg)
	}
}

// me answers the caller, a user of ctx's tenant: a host user acting in a tenant through the
// __tenant header has no friends there.
func (s *Service) me(ctx context.Context) (uuid.UUID, error) {
	p := auth.FromContext(ctx)
	if p == nil || p.UserID == uuid.Nil {
		return uuid.Nil, apperr.ErrUnauthorized
	}
	if !tenancy.Same(p.TenantID, tenancy.ID(ctx)) {
		return uuid.Nil, apperr.WithKey(apperr.ErrForbidden, KeyOwnTenantOnly)
	}
	return p.UserID, nil
}

// user answers a user of ctx's tenant; another tenant's user is not found.
func (s *Service) user(ctx context.Context, id uuid.UUID) (UserInfo, error) {
	u, err := s.users(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return UserInfo{}, apperr.WithKey(fmt.Errorf("user %s: %w", id, db.ErrNotFound), KeyUserNotFound)
	}
	if err != nil {
		return UserInfo{}, fmt.Errorf("user %s: %w", id, err)
	}
	return u, nil
}

func checkRemark(remark string) (string, error) {
	remark = strings.TrimSpace(remark)
	if utf8.RuneCountInString(remark) > MaxRemarkName {
		return "", apperr.Invalid("remarkName", localization.KeyTooLong, FieldRemarkName, MaxRemarkName)
	}
	return remark, nil
}

// ---- friends ----

// AddRequest asks in.FriendID to be the caller's friend: a pending request the friend is told
// of (friendValidation). When the friend had asked the caller already, the two are friends at
// once and the friend is told so (friendAdded). Asking again while a request waits changes
// its remark name and tells the friend again.
func (s *Service) AddRequest(ctx context.Context, in AddFriendInput) (*AddRequestResult, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	if in.FriendID == uuid.Nil {
		return nil, apperr.Invalid("friendId", localization.KeyRequired, FieldFriendID)
	}
	remark, err := checkRemark(in.RemarkName)
	if err != nil {
		return nil, err
	}
	if in.FriendID == me {
		return nil, apperr.User(KeyNotYourself)
	}
	meInfo, err := s.user(ctx, me)
	if err != nil {
		return nil, err
	}
	friend, err := s.user(ctx, in.FriendID)
	if err != nil {
		return nil, err
	}
	var (
		res     AddRequestResult
		request *requestRow
		added   *Friend // the friend's new friend (the caller), when they had asked
	)
	err = s.st.inTx(ctx, func(ctx context.Context, tx store) error {
		if ok, err := tx.areFriends(ctx, me, friend.ID); err != nil || ok {
			if ok {
				return apperr.User(KeyAlreadyFriends)
			}
			return err
		}
		theirs, err := tx.pendingRequest(ctx, friend.ID, me)
		switch {
		case err == nil:
			res = AddRequestResult{RequestID: theirs.ID, Added: true}
			added, err = s.befriend(ctx, tx, theirs, meInfo, friend, remark)
			return err
		case !errors.Is(err, db.ErrNotFound):
			return err
		}
		mine, err := tx.pendingRequest(ctx, me, friend.ID)
		switch {
		case err == nil:
			mine.RemarkName = remark
			if err := tx.updateRequest(ctx, mine); err != nil {
				return err
			}
		case errors.Is(err, db.ErrNotFound):
			mine = &requestRow{UserID: me, FriendID: friend.ID, RemarkName: remark, Status: requestPending}
			if err := tx.insertRequest(ctx, mine); err != nil {
				return err
			}
		default:
			return err
		}
		request, res = mine, AddRequestResult{RequestID: mine.ID}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if added != nil {
		added.Online = s.isOnline(ctx, me)
		s.send(ctx, []uuid.UUID{friend.ID}, MethodFriendAdded, added)
	} else {
		s.send(ctx, []uuid.UUID{friend.ID}, MethodFriendRequest, FriendRequest{RequestID: request.ID,
			FromUserID: me, FromUserName: meInfo.displayName(), RemarkName: request.RemarkName, CreationTime: request.CreationTime})
	}
	return &res, nil
}

// befriend accepts req (requester → confirmer) in tx: both count the other among their
// friends, the requester under the remark name of the request, the confirmer under
// remark. It answers the requester's new friend (the confirmer), for friendAdded.
func (s *Service) befriend(ctx context.Context, tx store, req *requestRow, confirmer, requester UserInfo, remark string) (*Friend, error) {
	req.Status = requestAccepted
	if err := tx.updateRequest(ctx, req); err != nil {
		return nil, err
	}
	rows := []friendRow{
		{UserID: requester.ID, FriendID: confirmer.ID, RemarkName: req.RemarkName, UserName: confirmer.UserName, Name: confirmer.Name},
		{UserID: confirmer.ID, FriendID: requester.ID, RemarkName: remark, UserName: requester.UserName, Name: requester.Name},
	}
	if err := tx.insertFriends(ctx, rows); err != nil {
		return nil, err
	}
	return &Friend{FriendID: confirmer.ID, UserName: confirmer.UserName, RemarkName: req.RemarkName, Name: confirmer.Name,
		CreationTime: rows[0].CreationTime}, nil
}

// Confirm accepts the request of in.FriendID: both become friends and the requester is told
// (friendAdded). It answers the caller's new friend.
func (s *Service) Confirm(ctx context.Context, in ConfirmFriendInput) (*Friend, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	if in.FriendID == uuid.Nil {
		return nil, apperr.Invalid("friendId", localization.KeyRequired, FieldFriendID)
	}
	remark, err := checkRemark(in.RemarkName)
	if err != nil {
		return nil, err
	}
	meInfo, err := s.user(ctx, me)
	if err != nil {
		return nil, err
	}
	requester, err := s.user(ctx, in.FriendID)
	if err != nil {
		return nil, err
	}
	var added *Friend
	err = s.st.inTx(ctx, func(ctx context.Context, tx store) error {
		req, err := tx.pendingRequest(ctx, requester.ID, me)
		if errors.Is(err, db.ErrNotFound) {
			return apperr.User(KeyNoRequest)
		}
		if err != nil {
			return err
		}
		added, err = s.befriend(ctx, tx, req, meInfo, requester, remark)
		return err
	})
	if err != nil {
		return nil, err
	}
	added.Online = s.isOnline(ctx, me)
	s.send(ctx, []uuid.UUID{requester.ID}, MethodFriendAdded, added)
	return s.friendOf(ctx, me, requester.ID)
}

// Refuse turns down the request of friendID.
func (s *Service) Refuse(ctx context.Context, friendID uuid.UUID) error {
	me, err := s.me(ctx)
	if err != nil {
		return err
	}
	if friendID == uuid.Nil {
		return apperr.Invalid("friendId", localization.KeyRequired, FieldFriendID)
	}
	if _, err := s.user(ctx, friendID); err != nil {
		return err
	}
	return s.st.inTx(ctx, func(ctx context.Context, tx store) error {
		req, err := tx.pendingRequest(ctx, friendID, me)
		if errors.Is(err, db.ErrNotFound) {
			return apperr.User(KeyNoRequest)
		}
		if err != nil {
			return err
		}
		req.Status = requestRefused
		return tx.updateRequest(ctx, req)
	})
}

// Requests answers the friend requests waiting for the caller, oldest first.
func (s *Service) Requests(ctx context.Context) ([]FriendRequest, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.st.waitingRequests(ctx, me)
	if err != nil {
		return nil, err
	}
	out := make([]FriendRequest, 0, len(rows))
	for _, r := range rows {
		u, err := s.user(ctx, r.UserID)
		if errors.Is(err, db.ErrNotFound) {
			continue // the requester was deleted
		}
		if err != nil {
			return nil, err
		}
		out = append(out, FriendRequest{RequestID: r.ID, FromUserID: r.UserID, FromUserName: u.displayName(),
			RemarkName: r.RemarkName, CreationTime: r.CreationTime})
	}
	return out, nil
}

// ListFriends answers a page of the caller's friends: filter over remark name, user name and
// name; sorting by remarkName, userName, name or creationTime (default); reverse turns the
// order round.
func (s *Service) ListFriends(ctx context.Context, q FriendQuery) ([]Friend, int, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, 0, err
	}
	order, err := db.Order(q.Sorting, friendSorting, "?TableAlias.creation_time ASC")
	if err != nil {
		return nil, 0, err
	}
	if q.Reverse {
		order = flip(order)
	}
	rows, n, err := s.st.listFriends(ctx, me, q.Filter, order, q.Skip, q.Limit)
	if err != nil {
		return nil, 0, err
	}
	out, err := s.friends(ctx, rows)
	return out, n, err
}

// AllFriends answers every friend of the caller, in the order they became friends.
func (s *Service) AllFriends(ctx context.Context) ([]Friend, error) {
	rows, _, err := s.ListFriends(ctx, FriendQuery{})
	return rows, err
}

// isOnline reports whether userID has a connection to the hub (false when it cannot tell).
func (s *Service) isOnline(ctx context.Context, userID uuid.UUID) bool {
	on, err := s.st.online(ctx, []uuid.UUID{userID}, s.now().Add(-onlineWithin))
	if err != nil {
		slog.WarnContext(ctx, "chat: online flag", "err", err)
	}
	return on[userID]
}

// friendOf answers userID's friend friendID.
func (s *Service) friendOf(ctx context.Context, userID, friendID uuid.UUID) (*Friend, error) {
	row, err := s.st.friend(ctx, userID, friendID)
	if err != nil {
		return nil, err
	}
	out, err := s.friends(ctx, []friendRow{*row})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// friends turns rows into answers: the current names (the copies when the user is gone)
// and the online flag.
func (s *Service) friends(ctx context.Context, rows []friendRow) ([]Friend, error) {
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.FriendID
	}
	online, err := s.st.online(ctx, ids, s.now().Add(-onlineWithin))
	if err != nil {
		return nil, err
	}
	out := make([]Friend, len(rows))
	for i, r := range rows {
		f := Friend{FriendID: r.FriendID, UserName: r.UserName, RemarkName: r.RemarkName, Name: r.Name,
			Online: online[r.FriendID], CreationTime: r.CreationTime}
		u, err := s.users(ctx, r.FriendID)
		switch {
		case err == nil:
			f.UserName, f.Name = u.UserName, u.Name
		case !errors.Is(err, db.ErrNotFound):
			return nil, fmt.Errorf("friend %s: %w", r.FriendID, err)
		}
		out[i] = f
	}
	return out, nil
}

// ---- messages ----

// SendMessage stores a message of the caller to a friend and tells the receiver's
// connections and the caller's (getChatMessage); the receiver of an anonymous message does
// not see the sender's name. It answers the stored message.
func (s *Service) SendMessage(ctx context.Context, in SendMessageInput) (*ChatMessage, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.GroupID) != "" {
		return nil, apperr.User(KeyNoGroups)
	}
	ve := &apperr.ValidationError{}
	if in.ToUserID == uuid.Nil {
		ve.Add("toUserId", localization.KeyRequired, FieldToUserID)
	}
	if !in.MessageType.valid() {
		ve.Add("messageType", localization.KeyOneOf, FieldMessageType, "0, 10, 20, 30, 40, 50")
	}
	switch {
	case strings.TrimSpace(in.Content) == "":
		ve.Add("content", localization.KeyRequired, FieldContent)
	case utf8.RuneCountInString(in.Content) > MaxContent:
		ve.Add("content", localization.KeyTooLong, FieldContent, MaxContent)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	sender, err := s.user(ctx, me)
	if err != nil {
		return nil, err
	}
	content := in.Content
	if in.MessageType.IsFile() {
		if content, err = s.checkFile(ctx, me, in.Content, in.MessageType); err != nil {
			return nil, err
		}
	}
	m := &messageRow{FromUserID: me, FromUserName: sender.displayName(), ToUserID: in.ToUserID, Content: content,
		MessageType: in.MessageType, IsAnonymous: in.IsAnonymous, State: StateSend}
	err = s.st.inTx(ctx, func(ctx context.Context, tx store) error {
		ok, err := tx.areFriends(ctx, me, in.ToUserID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.User(KeyNotFriends)
		}
		if err := tx.insertMessage(ctx, m); err != nil {
			return err
		}
		if err := tx.touchConversation(ctx, me, in.ToUserID, m, false); err != nil {
			return err
		}
		return tx.touchConversation(ctx, in.ToUserID, me, m, true)
	})
	if err != nil {
		return nil, err
	}
	mine := chatMessage(m, me)
	s.send(ctx, []uuid.UUID{m.ToUserID}, MethodChatMessage, chatMessage(m, m.ToUserID))
	// Every connection of the sender, the sending one included (the hub cannot leave one
	// out): the page keeps one copy per messageId.
	s.send(ctx, []uuid.UUID{me}, MethodChatMessage, mine)
	return &mine, nil
}

// checkFile answers the file name a file message's content names (its name, or its URL),
// which the caller must be able to read; an image message must carry an image.
func (s *Service) checkFile(ctx context.Context, me uuid.UUID, content string, t MessageType) (string, error) {
	name := strings.TrimPrefix(strings.TrimSpace(content), fileURLPrefix)
	f, err := s.readable(ctx, me, name)
	if errors.Is(err, db.ErrNotFound) {
		return "", apperr.Invalid("content", KeyFileNotFound)
	}
	if err != nil {
		return "", err
	}
	if t == TypeImage && !strings.HasPrefix(f.MimeType, "image/") {
		return "", apperr.Invalid("content", KeyNotImage)
	}
	return name, nil
}

// chatMessage is m as viewer sees it: the receiver of an anonymous message gets no name.
func chatMessage(m *messageRow, viewer uuid.UUID) ChatMessage {
	out := ChatMessage{TenantID: m.TenantID, GroupID: m.GroupID, MessageID: m.ID, FormUserID: m.FromUserID,
		FormUserName: m.FromUserName, ToUserID: m.ToUserID, Content: m.Content, SendTime: m.CreationTime,
		IsAnonymous: m.IsAnonymous, MessageType: m.MessageType, State: m.State}
	if m.IsAnonymous && viewer != m.FromUserID {
		out.FormUserName = ""
	}
	return out
}

// MyMessages answers a page of the caller's conversation with q.ReceiveUserID (newest first
// unless q.Reverse is false), and marks the partner's messages to the caller read.
func (s *Service) MyMessages(ctx context.Context, q MessageQuery) ([]ChatMessage, int, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, 0, err
	}
	if q.ReceiveUserID == uuid.Nil {
		return nil, 0, apperr.Invalid("receiveUserId", localization.KeyRequired, FieldReceiver)
	}
	if q.MessageType != nil && !q.MessageType.valid() {
		return nil, 0, apperr.Invalid("messageType", localization.KeyOneOf, FieldMessageType, "0, 10, 20, 30, 40, 50")
	}
	order, err := db.Order(q.Sorting, messageSorting, "?TableAlias.creation_time ASC")
	if err != nil {
		return nil, 0, err
	}
	if q.Reverse {
		order = flip(order)
	}
	if _, err := s.user(ctx, q.ReceiveUserID); err != nil {
		return nil, 0, err
	}
	if err := s.st.inTx(ctx, func(ctx context.Context, tx store) error { return tx.markRead(ctx, me, q.ReceiveUserID) }); err != nil {
		return nil, 0, err
	}
	rows, n, err := s.st.listMessages(ctx, me, q, order)
	if err != nil {
		return nil, 0, err
	}
	out := make([]ChatMessage, len(rows))
	for i := range rows {
		out[i] = chatMessage(&rows[i], me)
	}
	return out, n, nil
}

// LastMessages answers the newest message of each of the caller's conversations, newest
// first, at most limit (10 when 0).
func (s *Service) LastMessages(ctx context.Context, limit int) ([]ChatMessage, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = defaultLastMessages
	}
	convs, err := s.st.conversations(ctx, me, limit)
	if err != nil {
		return nil, err
	}
	ids := make([]uuid.UUID, len(convs))
	for i, c := range convs {
		ids[i] = c.LastMessageID
	}
	rows, err := s.st.messagesByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]*messageRow, len(rows))
	for i := range rows {
		byID[rows[i].ID] = &rows[i]
	}
	out := make([]ChatMessage, 0, len(convs))
	for _, c := range convs {
		if m, ok := byID[c.LastMessageID]; ok {
			out = append(out, chatMessage(m, me))
		}
	}
	return out, nil
}

// Contacts answers the caller's friends with their conversations' state: those with the
// newest messages first, then the others in the order they became friends.
func (s *Service) Contacts(ctx context.Context) ([]Contact, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	friends, err := s.AllFriends(ctx)
	if err != nil {
		return nil, err
	}
	convs, err := s.st.conversations(ctx, me, 0)
	if err != nil {
		return nil, err
	}
	byPartner := make(map[uuid.UUID]conversationRow, len(convs))
	for _, c := range convs {
		byPartner[c.PartnerID] = c
	}
	contact := func(f Friend) Contact {
		name := f.RemarkName
		if name == "" {
			name = UserInfo{UserName: f.UserName, Name: f.Name}.displayName()
		}
		return Contact{ID: f.FriendID, DisplayName: name, Avatar: f.Avatar, Online: f.Online}
	}
	out := make([]Contact, 0, len(friends))
	isFriend := make(map[uuid.UUID]Friend, len(friends))
	for _, f := range friends {
		isFriend[f.FriendID] = f
	}
	for _, c := range convs { // newest conversation first
		f, ok := isFriend[c.PartnerID]
		if !ok {
			continue
		}
		k := contact(f)
		t := c.LastSendTime
		k.Unread, k.LastSendTime, k.LastContent, k.LastType = c.Unread, &t, c.LastContent, c.LastMessageType
		out = append(out, k)
	}
	for _, f := range friends {
		if _, ok := byPartner[f.FriendID]; !ok {
			out = append(out, contact(f))
		}
	}
	return out, nil
}

// ---- who is online ----

// Connected records a connection of the caller to the messages hub on this replica.
func (s *Service) Connected(ctx context.Context, connectionID string, userID uuid.UUID, tenantID *uuid.UUID) error {
	now := s.now()
	return s.st.addConnection(ctx, &connectionRow{ConnectionID: connectionID, TenantID: tenantID, UserID: userID,
		ReplicaID: s.replica, ConnectedAt: now, HeartbeatAt: now})
}

// Disconnected forgets a connection.
func (s *Service) Disconnected(ctx context.Context, connectionID string) error {
	return s.st.removeConnection(ctx, connectionID)
}

// heartbeat refreshes this replica's connections and sweeps those of replicas gone.
func (s *Service) heartbeat(ctx context.Context) error {
	now := s.now()
	return s.st.heartbeat(ctx, s.replica, now, now.Add(-onlineWithin))
}

// runHeartbeats calls heartbeat every interval until ctx ends.
func (s *Service) runHeartbeats(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.heartbeat(ctx); err != nil && ctx.Err() == nil {
				slog.WarnContext(ctx, "chat: connections heartbeat", "err", err)
			}
		}
	}
}
