package oidc

import "kerf/internal/securitylog"

// Security log actions the OAuth endpoints write.
const (
	actionLoginSucceeded                 = securitylog.ActionLoginSucceeded
	actionLoginFailed                    = securitylog.ActionLoginFailed
	actionLoginInvalidUserName           = securitylog.ActionLoginInvalidUserName
	actionLoginInvalidUserNameOrPassword = securitylog.ActionLoginInvalidUserNameOrPassword
	actionLoginLockedout                 = securitylog.ActionLoginLockedout
	actionLoginNotAllowed                = securitylog.ActionLoginNotAllowed
	actionLogout                         = securitylog.ActionLogout
	actionRefreshToken                   = securitylog.ActionRefreshToken
	actionRefreshTokenReused             = securitylog.ActionRefreshTokenReused
	actionImpersonateUser                = securitylog.ActionImpersonateUser
	actionImpersonateTenant              = securitylog.ActionImpersonateTenant
	actionBackToImpersonator             = securitylog.ActionBackToImpersonator
	actionImpersonationDenied            = securitylog.ActionImpersonationDenied
)
