package identity

import "kerf/internal/platform/localization"

var texts = localization.Texts{
	KeyWrongPassword:      {ZhHans: "当前密码不正确", En: "The current password is not correct"},
	KeyPasswordTooShort:   {ZhHans: "密码长度至少为{0}位", En: "The password must be at least {0} characters"},
	KeyPasswordRequired:   {ZhHans: "请输入当前密码", En: "Please enter the current password"},
	KeyDuplicateUserName:  {ZhHans: "用户名 {0} 已被使用", En: "The user name {0} is already taken"},
	KeyDuplicateEmail:     {ZhHans: "邮箱 {0} 已被使用", En: "The e-mail {0} is already taken"},
	KeyInvalidEmail:       {ZhHans: "邮箱格式不正确", En: "The e-mail address is not valid"},
	KeyFieldName:          {ZhHans: "名", En: "Name"},
	KeyFieldSurname:       {ZhHans: "姓", En: "Surname"},
	KeyFieldEmail:         {ZhHans: "邮箱", En: "E-mail"},
	KeyFieldPhoneNumber:   {ZhHans: "手机号", En: "Phone number"},
	KeyFieldUserName:      {ZhHans: "用户名", En: "User name"},
	KeyFieldNewPassword:   {ZhHans: "新密码", En: "New password"},
	KeyFieldCurrentPasswd: {ZhHans: "当前密码", En: "Current password"},
}
