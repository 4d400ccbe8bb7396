package wechat

import "kerf/internal/platform/permission"

// PermOfficial shows the navbar's WeChat official-account dialog and lets a user bind and
// unbind their own WeChat account (spec 000 §2, §6).
const PermOfficial = "WeChat.Official"

var permissionGroups = []permission.Group{
	{Name: "WeChat", DisplayName: t("微信", "WeChat"), Permissions: []permission.Definition{
		{Name: PermOfficial, DisplayName: t("微信公众号", "WeChat official account")},
	}},
}
