package wechat

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
)

// The WeChat official-account settings (docs/decisions/0014, "Settings": the WeChat group,
// GET/POST /api/setting-management/wechat, served by the settings area). With no app id set
// the development provider answers (QR codes pointing at Kerf's own /auth-redirect page).
const (
	SettingAppID          = "WeChat.Official.AppId"
	SettingAppSecret      = "WeChat.Official.AppSecret"
	SettingToken          = "WeChat.Official.Token"
	SettingEncodingAESKey = "WeChat.Official.EncodingAESKey"
)

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

var settingDefinitions = []setting.Definition{
	{Name: SettingAppID, DisplayName: t("公众号 AppId", "Official account app id")},
	{Name: SettingAppSecret, DisplayName: t("公众号 AppSecret", "Official account app secret"), Secret: true},
	{Name: SettingToken, DisplayName: t("公众号令牌（Token）", "Official account token")},
	{Name: SettingEncodingAESKey, DisplayName: t("消息加解密密钥（EncodingAESKey）", "Message encoding AES key")},
}

// Settings are the WeChat official-account setting definitions (for the settings area's page).
func Settings() []setting.Definition {
	return append([]setting.Definition(nil), settingDefinitions...)
}
