package chat

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// menus: the chat page, under the message centre group "im" the notifications area declares.
// It needs no permission: every user of a tenant chats with their friends.
var menus = []module.MenuEntry{
	{Name: "im.chat", Parent: "im", Path: "/im/chat", Component: "im/chat/index", Icon: "message", Order: 2,
		DisplayName: localization.Text{ZhHans: "聊天", En: "Chat"}},
}
