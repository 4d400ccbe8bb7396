package wechat

import "kerf/internal/platform/localization"

// Message keys of the area.
const (
	KeyCodeInvalid    = "WeChat:CodeInvalid"
	KeyStateInvalid   = "WeChat:StateInvalid"
	KeyBoundToAnother = "WeChat:BoundToAnotherUser"
	KeyNotBound       = "WeChat:NotBound"
	KeySignInOff      = "WeChat:SignInOff"
)

var texts = localization.Texts{
	KeySignInOff:      {ZhHans: "未启用微信登录", En: "WeChat sign-in is not enabled"},
	KeyCodeInvalid:    {ZhHans: "微信授权码无效或已过期，请重新扫码", En: "The WeChat code is invalid or has expired: scan the QR code again"},
	KeyStateInvalid:   {ZhHans: "二维码已失效或已使用，请重新获取二维码", En: "The QR code has expired or was already used: get a new one"},
	KeyBoundToAnother: {ZhHans: "该微信已绑定其他用户", En: "This WeChat account is already bound to another user"},
	KeyNotBound: {ZhHans: "该微信尚未绑定本租户的用户：请先用账号登录，在“微信公众号”中绑定后再扫码登录",
		En: "This WeChat account is not bound to a user of this tenant: log in with your account and bind it under “WeChat official account” first"},
}
