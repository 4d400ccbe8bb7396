package chat

import "kerf/internal/platform/localization"

// Message keys of the chat.
const (
	KeyUserNotFound   = "Chat:UserNotFound"
	KeyNotYourself    = "Chat:NotYourself"
	KeyAlreadyFriends = "Chat:AlreadyFriends"
	KeyNoRequest      = "Chat:NoRequest"
	KeyNotFriends     = "Chat:NotFriends"
	KeyNoGroups       = "Chat:NoGroups"
	KeyOwnTenantOnly  = "Chat:OwnTenantOnly"
	KeyFileNotFound   = "Chat:FileNotFound"
	KeyNotImage       = "Chat:NotImage"
	KeyNoFile         = "Chat:NoFile"
	KeyOneFile        = "Chat:OneFile"
	KeyTooLarge       = "Chat:TooLarge"
	KeyBadMessage     = "Chat:BadMessage"

	FieldFriendID    = "Chat:Field:FriendId"
	FieldRemarkName  = "Chat:Field:RemarkName"
	FieldToUserID    = "Chat:Field:ToUserId"
	FieldContent     = "Chat:Field:Content"
	FieldMessageType = "Chat:Field:MessageType"
	FieldReceiver    = "Chat:Field:ReceiveUserId"
)

var texts = localization.Texts{
	KeyUserNotFound:   {ZhHans: "用户不存在", En: "The user does not exist"},
	KeyNotYourself:    {ZhHans: "不能添加自己为好友", En: "You cannot add yourself as a friend"},
	KeyAlreadyFriends: {ZhHans: "对方已经是您的好友", En: "This user is already your friend"},
	KeyNoRequest:      {ZhHans: "没有该用户的好友请求", En: "This user has not asked to be your friend"},
	KeyNotFriends:     {ZhHans: "对方不是您的好友，不能发送消息", En: "You can only send messages to your friends"},
	KeyNoGroups:       {ZhHans: "暂不支持群聊", En: "Group chats are not available"},
	KeyOwnTenantOnly:  {ZhHans: "只能在自己所属的租户内聊天", En: "You can chat only in your own tenant"},
	KeyFileNotFound:   {ZhHans: "文件不存在", En: "The file does not exist"},
	KeyNotImage:       {ZhHans: "图片消息只能发送图片（png、jpg、gif、webp、bmp）", En: "An image message takes an image (png, jpg, gif, webp, bmp)"},
	KeyNoFile:         {ZhHans: "请选择要发送的文件", En: "Please choose a file to send"},
	KeyOneFile:        {ZhHans: "一次只能上传一个文件", En: "Upload one file at a time"},
	KeyTooLarge:       {ZhHans: "聊天文件不能超过20MB", En: "A chat file may be at most 20 MB"},
	KeyBadMessage:     {ZhHans: "消息格式不正确", En: "The message is not well formed"},

	FieldFriendID:    {ZhHans: "好友", En: "Friend"},
	FieldRemarkName:  {ZhHans: "备注名", En: "Remark name"},
	FieldToUserID:    {ZhHans: "接收人", En: "Receiver"},
	FieldContent:     {ZhHans: "消息内容", En: "Content"},
	FieldMessageType: {ZhHans: "消息类型", En: "Message type"},
	FieldReceiver:    {ZhHans: "聊天对象", En: "Conversation partner"},
}
