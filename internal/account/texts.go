package account

import "kerf/internal/platform/localization"

// Message keys of this area.
const (
	KeyPhoneInvalid             = "Account:PhoneNumberInvalid"
	KeyPhoneNotRegistered       = "Account:PhoneNumberNotRegistered"
	KeyPhoneTaken               = "Account:PhoneNumberTaken"
	KeySelfRegistrationDisabled = "Account:SelfRegistrationDisabled"
	KeyCodeMissing              = "Account:PhoneCodeMissing"
	KeyCodeWrong                = "Account:PhoneCodeWrong"
	KeyCodeExpired              = "Account:PhoneCodeExpired"
	KeyCodeTooManyTries         = "Account:PhoneCodeTooManyTries"
	KeySMSText                  = "Account:SMS:Code"
	KeyFieldPhoneNumber         = "Account:Field:PhoneNumber"
	KeyFieldCode                = "Account:Field:Code"
	// The e-mailed password reset.
	KeyFieldEmail       = "Account:Field:Email"
	KeyEmailInvalid     = "Account:EmailInvalid"
	KeyResetLinkInvalid = "Account:ResetLinkInvalid"
	KeyResetLinkExpired = "Account:ResetLinkExpired"
	KeyResetLinkUsed    = "Account:ResetLinkUsed"
	KeyResetMailSubject = "Account:Mail:PasswordResetSubject"
)

var texts = localization.Texts{
	KeyPhoneInvalid:             {ZhHans: "手机号格式不正确", En: "The phone number is not valid"},
	KeyPhoneNotRegistered:       {ZhHans: "该手机号未注册", En: "No user is registered with this phone number"},
	KeySelfRegistrationDisabled: {ZhHans: "本系统未开放自行注册，请联系管理员开通账号", En: "Self-registration is switched off; ask an administrator for an account"},
	KeyPhoneTaken:               {ZhHans: "该手机号已被注册", En: "This phone number is already registered"},
	KeyCodeMissing:              {ZhHans: "请先获取验证码", En: "Please request a verification code first"},
	KeyCodeWrong:                {ZhHans: "验证码错误，还可以尝试 {0} 次", En: "Wrong verification code; {0} tries left"},
	KeyCodeExpired:              {ZhHans: "验证码已过期，请重新获取", En: "The verification code has expired; please request a new one"},
	KeyCodeTooManyTries:         {ZhHans: "验证码错误次数过多，请重新获取", En: "Too many wrong codes; please request a new one"},
	KeySMSText:                  {ZhHans: "【Kerf】您的验证码是 {0}，{1} 分钟内有效。", En: "[Kerf] Your verification code is {0}, valid for {1} minutes."},
	KeyFieldPhoneNumber:         {ZhHans: "手机号", En: "Phone number"},
	KeyFieldCode:                {ZhHans: "验证码", En: "Verification code"},
	KeyFieldEmail:               {ZhHans: "邮箱", En: "E-mail"},
	KeyEmailInvalid:             {ZhHans: "邮箱地址格式不正确", En: "The e-mail address is not valid"},
	KeyResetLinkInvalid:         {ZhHans: "重置密码链接无效，请重新获取", En: "The password reset link is not valid; please ask for a new one"},
	KeyResetLinkExpired:         {ZhHans: "重置密码链接已过期，请重新获取", En: "The password reset link has expired; please ask for a new one"},
	KeyResetLinkUsed:            {ZhHans: "重置密码链接已被使用，请重新获取", En: "The password reset link has already been used; please ask for a new one"},
	KeyResetMailSubject:         {ZhHans: "重置您的 Kerf 密码", En: "Reset your Kerf password"},
}
