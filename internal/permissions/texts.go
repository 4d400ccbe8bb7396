package permissions

import "kerf/internal/platform/localization"

// Message keys of this area.
const (
	KeyFieldProviderKey  = "Permissions:Field:ProviderKey"
	KeyUnknownProvider   = "Permissions:UnknownProvider"
	KeyInvalidUserID     = "Permissions:InvalidUserId"
	KeyUnknownPermission = "Permissions:UnknownPermission"
	KeyHostOnly          = "Permissions:HostOnly"
	KeyTenantOnly        = "Permissions:TenantOnly"
	KeyFieldRouteKey     = "Permissions:Field:RouteKey"
	KeyUnknownPageAction = "Permissions:UnknownPageAction"
)

var texts = localization.Texts{
	KeyFieldProviderKey:  {ZhHans: "授权对象", En: "Provider key"},
	KeyUnknownProvider:   {ZhHans: "未知的授权类型 {0}：应为 R（角色）或 U（用户）", En: "Unknown provider {0}: use R (role) or U (user)"},
	KeyInvalidUserID:     {ZhHans: "用户标识 {0} 无效", En: "{0} is not a valid user id"},
	KeyUnknownPermission: {ZhHans: "权限 {0} 不存在", En: "The permission {0} does not exist"},
	KeyHostOnly:          {ZhHans: "权限 {0} 只能在宿主中授予", En: "The permission {0} can only be granted in the host"},
	KeyTenantOnly:        {ZhHans: "权限 {0} 只能在租户中授予", En: "The permission {0} can only be granted in a tenant"},
	KeyFieldRouteKey:     {ZhHans: "页面路由", En: "Route key"},
	KeyUnknownPageAction: {ZhHans: "页面操作 {0} 不存在：应为 {1} 之一", En: "The page action {0} does not exist: use one of {1}"},
}
