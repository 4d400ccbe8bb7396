package notifications

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names (spec 000 §6; decision 0015).
const (
	// PermClient opens the realtime notification connection and the caller's notifications.
	PermClient = "Notifications.PushMessages.Client"
	// PermBroadcast sends a text to every active user of the caller's tenant.
	PermBroadcast = "Notifications.Broadcast"
)

var permissionGroups = []permission.Group{{
	Name:        "Notifications",
	DisplayName: localization.Text{ZhHans: "通知", En: "Notifications"},
	Permissions: []permission.Definition{
		{Name: PermClient, DisplayName: localization.Text{ZhHans: "接收实时通知", En: "Receive realtime notifications"}},
		{Name: PermBroadcast, DisplayName: localization.Text{ZhHans: "发送广播通知", En: "Broadcast notifications"}},
	},
}}
