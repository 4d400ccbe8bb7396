package oidc

import "kerf/internal/platform/localization"

// Message keys of the OAuth endpoints (error_description texts and the login page).
const (
	KeyInvalidRequest        = "OAuth:InvalidRequest"
	KeyInvalidClient         = "OAuth:InvalidClient"
	KeyInvalidGrant          = "OAuth:InvalidGrant"
	KeyInvalidScope          = "OAuth:InvalidScope"
	KeyUnauthorizedClient    = "OAuth:UnauthorizedClient"
	KeyUnsupportedGrantType  = "OAuth:UnsupportedGrantType"
	KeyAccessDenied          = "OAuth:AccessDenied"
	KeyServerError           = "OAuth:ServerError"
	KeyInvalidCredentials    = "OAuth:InvalidUserNameOrPassword"
	KeyMissingCredentials    = "OAuth:MissingUserNameOrPassword"
	KeyLockedOut             = "OAuth:UserLockedOut"
	KeyUserNotAllowed        = "OAuth:UserNotAllowed"
	KeyRefreshReused         = "OAuth:RefreshTokenReused"
	KeyRefreshExpired        = "OAuth:RefreshTokenExpired"
	KeyRefreshInvalid        = "OAuth:RefreshTokenInvalid"
	KeySessionEnded          = "OAuth:SessionEnded"
	KeyCodeInvalid           = "OAuth:AuthorizationCodeInvalid"
	KeyPhoneMissing          = "OAuth:PhoneNumberOrCodeMissing"
	KeyPhoneUnknown          = "OAuth:PhoneNumberNotRegistered"
	KeyAccessTokenInvalid    = "OAuth:AccessTokenInvalid"
	KeyImpersonationParams   = "OAuth:ImpersonationParameters"
	KeyImpersonationDenied   = "OAuth:ImpersonationDenied"
	KeyImpersonationNested   = "OAuth:ImpersonationNested"
	KeyImpersonationSelf     = "OAuth:ImpersonationSelf"
	KeyImpersonationNoTarget = "OAuth:ImpersonationTargetNotFound"
	KeyPkceRequired          = "OAuth:PkceRequired"

	KeyLoginTitle    = "OAuth:Login:Title"
	KeyLoginTenant   = "OAuth:Login:Tenant"
	KeyLoginTenantPh = "OAuth:Login:TenantPlaceholder"
	KeyLoginUserName = "OAuth:Login:UserName"
	KeyLoginPassword = "OAuth:Login:Password"
	KeyLoginSubmit   = "OAuth:Login:Submit"
	KeyLoginFor      = "OAuth:Login:For"
)

var texts = localization.Texts{
	KeyInvalidRequest:        {ZhHans: "请求无效，缺少参数或参数不正确", En: "The request is missing a parameter or has an invalid one"},
	KeyInvalidClient:         {ZhHans: "客户端认证失败", En: "Client authentication failed"},
	KeyInvalidGrant:          {ZhHans: "授权无效或已过期", En: "The grant is invalid or has expired"},
	KeyInvalidScope:          {ZhHans: "请求的范围无效或不被允许", En: "The requested scope is invalid or not allowed"},
	KeyUnauthorizedClient:    {ZhHans: "该客户端不允许使用此授权方式", En: "This client may not use this grant type"},
	KeyUnsupportedGrantType:  {ZhHans: "不支持的授权类型：{0}", En: "Unsupported grant type: {0}"},
	KeyAccessDenied:          {ZhHans: "拒绝访问", En: "Access denied"},
	KeyServerError:           {ZhHans: "服务器内部错误", En: "An internal error occurred on the server"},
	KeyInvalidCredentials:    {ZhHans: "用户名或密码错误", En: "Invalid user name or password"},
	KeyMissingCredentials:    {ZhHans: "请输入用户名和密码", En: "Please enter the user name and the password"},
	KeyLockedOut:             {ZhHans: "登录失败次数过多，账户已被锁定，请在 {0} 分钟后重试", En: "Too many failed logins: the account is locked, try again in {0} minutes"},
	KeyUserNotAllowed:        {ZhHans: "该用户已被禁用，不能登录", En: "This user is disabled and cannot log in"},
	KeyRefreshReused:         {ZhHans: "刷新令牌已被使用过，为安全起见，该登录的所有令牌均已撤销，请重新登录", En: "The refresh token was already used; for safety every token of this login was revoked. Please log in again"},
	KeyRefreshExpired:        {ZhHans: "登录已过期，请重新登录", En: "The login has expired, please log in again"},
	KeyRefreshInvalid:        {ZhHans: "刷新令牌无效，请重新登录", En: "The refresh token is not valid, please log in again"},
	KeySessionEnded:          {ZhHans: "登录已失效（密码已修改或账户已变更），请重新登录", En: "The login is no longer valid (the password or the account changed), please log in again"},
	KeyCodeInvalid:           {ZhHans: "授权码无效或已过期", En: "The authorization code is invalid or has expired"},
	KeyPhoneMissing:          {ZhHans: "请输入手机号和验证码", En: "Please enter the phone number and the verification code"},
	KeyPhoneUnknown:          {ZhHans: "该手机号未注册", En: "No user is registered with this phone number"},
	KeyAccessTokenInvalid:    {ZhHans: "访问令牌无效或已过期", En: "The access token is invalid or has expired"},
	KeyImpersonationParams:   {ZhHans: "请指定要登录的用户（UserId）或租户（TenantId）", En: "Give the user (UserId) or the tenant (TenantId) to log in as"},
	KeyImpersonationDenied:   {ZhHans: "没有以其他身份登录的权限", En: "You are not allowed to log in as someone else"},
	KeyImpersonationNested:   {ZhHans: "正在以其他身份登录，请先返回自己的账户", En: "You are already logged in as someone else; go back to your own account first"},
	KeyImpersonationSelf:     {ZhHans: "不能以自己的身份再次登录", En: "You cannot log in as yourself"},
	KeyImpersonationNoTarget: {ZhHans: "要登录的用户不存在：{0}", En: "The user to log in as does not exist: {0}"},
	KeyPkceRequired:          {ZhHans: "此客户端必须使用 PKCE（code_challenge）", En: "This client must use PKCE (code_challenge)"},

	KeyLoginTitle:    {ZhHans: "登录", En: "Log in"},
	KeyLoginTenant:   {ZhHans: "租户", En: "Tenant"},
	KeyLoginTenantPh: {ZhHans: "留空表示主机", En: "Leave empty for the host"},
	KeyLoginUserName: {ZhHans: "用户名或邮箱", En: "User name or e-mail"},
	KeyLoginPassword: {ZhHans: "密码", En: "Password"},
	KeyLoginSubmit:   {ZhHans: "登录", En: "Log in"},
	KeyLoginFor:      {ZhHans: "登录到 {0}", En: "Log in to {0}"},
}
