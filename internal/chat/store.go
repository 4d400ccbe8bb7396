package chat

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// store holds every query of the chat. Each is scoped to the current tenant (and to live
// rows) by platform/db, and answers errors that keep their kind: a missing row unwraps to
// db.ErrNotFound carrying the message key the client sees, and anything else (an outage)
// is passed on with context. No method answers (nil, nil).
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is).
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, store{idb: tx, db: s.db}) })
}

// notFound turns a missing row into db.ErrNotFound carrying key; other errors keep their kind.
func notFound(err error, what, key string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// flip turns every direction of an ORDER BY built by db.Order (ASC ↔ DESC): the "reverse"
// of the ABP lists.
func flip(order string) string {
	parts := strings.Split(order, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		switch {
		case strings.HasSuffix(p, " DESC"):
			p = strings.TrimSuffix(p, " DESC") + " ASC"
		case strings.HasSuffix(p, " ASC"):
			p = strings.TrimSuffix(p, " ASC") + " DESC"
		default:
			p += " DESC"
		}
		parts[i] = p
	}
	return strings.Join(parts, ", ")
}

// ---- friends ----

// friendSorting maps the sortable members of a friend to their columns.
var friendSorting = map[string]string{
	"remarkName": "?TableAlias.remark_name", "userName": "?TableAlias.user_name", "name": "?TableAlias.name",
	"creationTime": "?TableAlias.creation_time",
}

// friend answers userID's friend row of friendID.
func (s store) friend(ctx context.Context, userID, friendID uuid.UUID) (*friendRow, error) {
	f := new(friendRow)
	err := db.Select(ctx, s.idb, f).Where("?TableAlias.user_id = ? AND ?TableAlias.friend_id = ?", userID, friendID).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "friend", KeyNotFriends)
	}
	return f, nil
}

// areFriends reports whether userID counts friendID among their friends.
func (s store) areFriends(ctx context.Context, userID, friendID uuid.UUID) (bool, error) {
	ok, err := db.Select(ctx, s.idb, (*friendRow)(nil)).
		Where("?TableAlias.user_id = ? AND ?TableAlias.friend_id = ?", userID, friendID).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("is friend: %w", err)
	}
	return ok, nil
}

// listFriends answers a page of userID's friends in order (every friend when limit is 0).
func (s store) listFriends(ctx context.Context, userID uuid.UUID, filter, order string, skip, limit int) ([]friendRow, int, error) {
	rows, n, err := db.List[friendRow](ctx, s.idb, db.Page{Order: order, Skip: skip, Limit: limit},
		func(q *bun.SelectQuery) *bun.SelectQuery {
			q = q.Where("?TableAlias.user_id = ?", userID)
			return db.WhereContains(q, filter, "remark_name", "user_name", "name")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("friends: %w", err)
	}
	return rows, n, nil
}

func (s store) insertFriends(ctx context.Context, rows []friendRow) error {
	if err := db.Insert(ctx, s.idb, &rows); err != nil {
		return fmt.Errorf("add friends: %w", err)
	}
	return nil
}

// ---- friend requests ----

// pendingRequest answers the request of from to to that waits for an answer.
func (s store) pendingRequest(ctx context.Context, from, to uuid.UUID) (*requestRow, error) {
	r := new(requestRow)
	err := db.Select(ctx, s.idb, r).
		Where("?TableAlias.user_id = ? AND ?TableAlias.friend_id = ? AND ?TableAlias.status = ?", from, to, requestPending).
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, "friend request", KeyNoRequest)
	}
	return r, nil
}

func (s store) insertRequest(ctx context.Context, r *requestRow) error {
	if err := db.Insert(ctx, s.idb, r); err != nil {
		return fmt.Errorf("friend request: %w", err)
	}
	return nil
}

// updateRequest writes the remark name and status of r.
func (s store) updateRequest(ctx context.Context, r *requestRow) error {
	if err := db.UpdateStamped(ctx, s.idb, r, "", "remark_name", "status"); err != nil {
		return fmt.Errorf("friend request: %w", err)
	}
	return nil
}

// waitingRequests answers the requests waiting for userID, oldest first.
func (s store) waitingRequests(ctx context.Context, userID uuid.UUID) ([]requestRow, error) {
	rows := []requestRow{}
	err := db.Select(ctx, s.idb, &rows).
		Where("?TableAlias.friend_id = ? AND ?TableAlias.status = ?", userID, requestPending).
		OrderExpr("?TableAlias.creation_time ASC, ?TableAlias.id ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("friend requests: %w", err)
	}
	return rows, nil
}

// ---- messages ----

// messageSorting maps the sortable members of a message to their columns.
var messageSorting = map[string]string{
	"sendTime": "?TableAlias.creation_time", "messageType": "?TableAlias.message_type",
	"creationTime": "?TableAlias.creation_time",
}

func (s store) insertMessage(ctx context.Context, m *messageRow) error {
	if err := db.Insert(ctx, s.idb, m); err != nil {
		return fmt.Errorf("store message: %w", err)
	}
	return nil
}

// touchConversation records m as the newest message of userID's conversation with
// partnerID, counting it unread when it is the partner's.
func (s store) touchConversation(ctx context.Context, userID, partnerID uuid.UUID, m *messageRow, unread bool) error {
	row := &conversationRow{TenantID: m.TenantID, UserID: userID, PartnerID: partnerID, LastMessageID: m.ID,
		LastSendTime: m.CreationTime, LastContent: m.Content, LastMessageType: m.MessageType}
	if _, err := s.idb.NewInsert().Model(row).Ignore().Exec(ctx); err != nil {
		return fmt.Errorf("conversation: %w", err)
	}
	q := db.Update(ctx, s.idb, (*conversationRow)(nil)).
		Set("last_message_id = ?", m.ID).Set("last_send_time = ?", m.CreationTime).
		Set("last_content = ?", m.Content).Set("last_message_type = ?", m.MessageType).
		Where("?TableAlias.user_id = ? AND ?TableAlias.partner_id = ?", userID, partnerID)
	if unread {
		q = q.Set("unread = unread + 1")
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("conversation: %w", err)
	}
	return nil
}

// markRead marks partnerID's messages to userID read, and the conversation with no unread.
func (s store) markRead(ctx context.Context, userID, partnerID uuid.UUID) error {
	_, err := db.Update(ctx, s.idb, (*messageRow)(nil)).Set("state = ?", StateRead).
		Where("?TableAlias.to_user_id = ? AND ?TableAlias.from_user_id = ? AND ?TableAlias.state = ?", userID, partnerID, StateSend).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark read: %w", err)
	}
	_, err = db.Update(ctx, s.idb, (*conversationRow)(nil)).Set("unread = 0").
		Where("?TableAlias.user_id = ? AND ?TableAlias.partner_id = ? AND ?TableAlias.unread <> 0", userID, partnerID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark read: %w", err)
	}
	return nil
}

// listMessages answers a page of the conversation of userID with q.ReceiveUserID.
func (s store) listMessages(ctx context.Context, userID uuid.UUID, q MessageQuery, order string) ([]messageRow, int, error) {
	rows, n, err := db.List[messageRow](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			sq = sq.WhereGroup(" AND ", func(sq *bun.SelectQuery) *bun.SelectQuery {
				return sq.Where("?TableAlias.from_user_id = ? AND ?TableAlias.to_user_id = ?", userID, q.ReceiveUserID).
					WhereOr("?TableAlias.from_user_id = ? AND ?TableAlias.to_user_id = ?", q.ReceiveUserID, userID)
			})
			if q.MessageType != nil {
				sq = sq.Where("?TableAlias.message_type = ?", *q.MessageType)
			}
			return db.WhereContains(sq, q.Filter, "content")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("messages: %w", err)
	}
	return rows, n, nil
}

// conversations answers userID's conversations, newest first (limit 0: all of them).
func (s store) conversations(ctx context.Context, userID uuid.UUID, limit int) ([]conversationRow, error) {
	rows := []conversationRow{}
	q := db.Select(ctx, s.idb, &rows).Where("?TableAlias.user_id = ?", userID).
		OrderExpr("?TableAlias.last_send_time DESC, ?TableAlias.partner_id ASC")
	if limit > 0 {
		q = q.Limit(int64(limit))
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("conversations: %w", err)
	}
	return rows, nil
}

// messagesByID answers the messages of ids (in no order).
func (s store) messagesByID(ctx context.Context, ids []uuid.UUID) ([]messageRow, error) {
	rows := []messageRow{}
	if len(ids) == 0 {
		return rows, nil
	}
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("messages: %w", err)
	}
	return rows, nil
}

// ---- files ----

func (s store) insertFile(ctx context.Context, f *fileRow) error {
	if err := db.Insert(ctx, s.idb, f); err != nil {
		return fmt.Errorf("store file: %w", err)
	}
	return nil
}

// file answers the file called name.
func (s store) file(ctx context.Context, name string) (*fileRow, error) {
	f := new(fileRow)
	if err := db.Select(ctx, s.idb, f).Where("?TableAlias.name = ?", name).Scan(ctx); err != nil {
		return nil, notFound(err, "chat file", KeyFileNotFound)
	}
	return f, nil
}

// fileInMessageOf reports whether a message userID sent or received carries the file name.
func (s store) fileInMessageOf(ctx context.Context, name string, userID uuid.UUID) (bool, error) {
	types := []MessageType{TypeImage, TypeVideo, TypeVoice, TypeFile}
	ok, err := db.Select(ctx, s.idb, (*messageRow)(nil)).
		Where("?TableAlias.content = ? AND ?TableAlias.message_type IN (?)", name, bun.In(types)).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("?TableAlias.from_user_id = ?", userID).WhereOr("?TableAlias.to_user_id = ?", userID)
		}).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("chat file access: %w", err)
	}
	return ok, nil
}

// ---- connections (a host table: never inside a tenant database's transaction) ----

func (s store) addConnection(ctx context.Context, c *connectionRow) error {
	if err := db.Insert(ctx, s.db, c); err != nil {
		return fmt.Errorf("record connection: %w", err)
	}
	return nil
}

func (s store) removeConnection(ctx context.Context, id string) error {
	_, err := db.Delete(tenancy.AllTenants(ctx), s.db, (*connectionRow)(nil)).Where("?TableAlias.connection_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("forget connection: %w", err)
	}
	return nil
}

// heartbeat refreshes the connections of replica and removes those of any replica whose
// heartbeat is older than cut (a replica that stopped without saying so).
func (s store) heartbeat(ctx context.Context, replica uuid.UUID, now, cut time.Time) error {
	all := tenancy.AllTenants(ctx)
	_, err := db.Update(all, s.db, (*connectionRow)(nil)).Set("heartbeat_at = ?", now).
		Where("?TableAlias.replica_id = ?", replica).Exec(ctx)
	if err != nil {
		return fmt.Errorf("connections heartbeat: %w", err)
	}
	if _, err := db.Delete(all, s.db, (*connectionRow)(nil)).Where("?TableAlias.heartbeat_at < ?", cut).Exec(ctx); err != nil {
		return fmt.Errorf("sweep connections: %w", err)
	}
	return nil
}

// online answers which of users have a live connection (a heartbeat after since).
func (s store) online(ctx context.Context, users []uuid.UUID, since time.Time) (map[uuid.UUID]bool, error) {
	out := map[uuid.UUID]bool{}
	if len(users) == 0 {
		return out, nil
	}
	var ids []uuid.UUID
	err := db.Select(ctx, s.db, (*connectionRow)(nil)).Column("user_id").Distinct().
		Where("?TableAlias.user_id IN (?) AND ?TableAlias.heartbeat_at >= ?", bun.In(users), since).Scan(ctx, &ids)
	if err != nil {
		return nil, fmt.Errorf("online friends: %w", err)
	}
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
