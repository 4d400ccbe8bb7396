package settings

import "kerf/internal/platform/localization"

// Field labels of messages.
const (
	KeyFieldProvider = "Settings:Field:Provider"
	KeyFieldProperty = "Settings:Field:Property"
)

var texts = localization.Texts{
	KeyFieldProvider: {ZhHans: "外部登录提供者", En: "External provider"},
	KeyFieldProperty: {ZhHans: "属性", En: "Property"},
}
