package notifications

import "kerf/internal/platform/localization"

// Message keys of the notifications.
const (
	KeyNotFound      = "Notifications:NotFound"
	KeyUnknownName   = "Notifications:UnknownName"
	KeyBadState      = "Notifications:BadState"
	KeyBadSeverity   = "Notifications:BadSeverity"
	KeyNoIDs         = "Notifications:NoIds"
	KeyTooManyIDs    = "Notifications:TooManyIds"
	FieldTitle       = "Notifications:Field:Title"
	FieldMessage     = "Notifications:Field:Message"
	FieldName        = "Notifications:Field:Name"
	KeyBroadcastName = "Notifications:Definition:Broadcast"
	KeyBroadcastDesc = "Notifications:Definition:BroadcastDescription"
)

var texts = localization.Texts{
	KeyNotFound:      {ZhHans: "通知不存在", En: "The notification does not exist"},
	KeyUnknownName:   {ZhHans: "没有可订阅的通知“{0}”", En: "There is no subscribable notification \"{0}\""},
	KeyBadState:      {ZhHans: "状态只能是 0（已读）或 1（未读）", En: "The state must be 0 (read) or 1 (unread)"},
	KeyBadSeverity:   {ZhHans: "级别只能是 0、10、20、30 或 40", En: "The severity must be 0, 10, 20, 30 or 40"},
	KeyNoIDs:         {ZhHans: "请至少选择一条通知", En: "Choose at least one notification"},
	KeyTooManyIDs:    {ZhHans: "一次最多处理{0}条通知", En: "At most {0} notifications at a time"},
	FieldTitle:       {ZhHans: "标题", En: "Title"},
	FieldMessage:     {ZhHans: "内容", En: "Message"},
	FieldName:        {ZhHans: "通知名称", En: "Notification name"},
	KeyBroadcastName: {ZhHans: "广播", En: "Broadcast"},
	KeyBroadcastDesc: {ZhHans: "管理员发给本租户所有用户的通知", En: "A text an administrator sends to every user of the tenant"},
}
