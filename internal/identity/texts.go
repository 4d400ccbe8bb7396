package identity

import "kerf/internal/platform/localization"

// Message keys of users and roles administration.
const (
	KeyPasswordRequiresDigit           = "Identity:PasswordRequiresDigit"
	KeyPasswordRequiresUniqueChars     = "Identity:PasswordRequiresUniqueChars"
	KeyPasswordRequiresLower           = "Identity:PasswordRequiresLower"
	KeyPasswordRequiresUpper           = "Identity:PasswordRequiresUpper"
	KeyPasswordRequiresNonAlphanumeric = "Identity:PasswordRequiresNonAlphanumeric"
	KeyInvalidUserName                 = "Identity:InvalidUserName"
	KeyDuplicatePhone                  = "Identity:DuplicatePhoneNumber"
	KeyDuplicateRoleName               = "Identity:DuplicateRoleName"
	KeyRoleNameNotFound                = "Identity:RoleNameNotFound"
	KeyStaticRoleRename                = "Identity:StaticRoleRenaming"
	KeyStaticRoleDelete                = "Identity:StaticRoleDeletion"
	KeyStaticUserDelete                = "Identity:StaticUserDeletion"
	KeyCannotDeleteSelf                = "Identity:CannotDeleteSelf"
	KeyLockoutNotEnabled               = "Identity:LockoutNotEnabled"
	KeyUserNotFound                    = "Identity:UserNotFound"
	KeyRoleNotFound                    = "Identity:RoleNotFound"
	KeyFieldPassword                   = "Identity:Field:Password"
	KeyFieldRoleName                   = "Identity:Field:RoleName"
	KeyFieldRoleNames                  = "Identity:Field:RoleNames"
	KeyFieldGender                     = "Identity:Field:Gender"
	KeyFieldLockoutEnd                 = "Identity:Field:LockoutEnd"
	KeyUserNameUpdateDisabled          = "Identity:UserNameUpdateDisabled"
	KeyEmailUpdateDisabled             = "Identity:EmailUpdateDisabled"
)

var texts = localization.Texts{
	KeyUserNameUpdateDisabled: {ZhHans: "用户名不允许修改（身份认证设置）", En: "User names cannot be changed (identity settings)"},
	KeyEmailUpdateDisabled:    {ZhHans: "邮箱不允许修改（身份认证设置）", En: "E-mail addresses cannot be changed (identity settings)"},
	KeyWrongPassword:          {ZhHans: "当前密码不正确", En: "The current password is not correct"},
	KeyPasswordTooShort:       {ZhHans: "密码长度至少为{0}位", En: "The password must be at least {0} characters"},
	KeyPasswordRequired:       {ZhHans: "请输入当前密码", En: "Please enter the current password"},
	KeyDuplicateUserName:      {ZhHans: "用户名 {0} 已被使用", En: "The user name {0} is already taken"},
	KeyDuplicateEmail:         {ZhHans: "邮箱 {0} 已被使用", En: "The e-mail {0} is already taken"},
	KeyInvalidEmail:           {ZhHans: "邮箱格式不正确", En: "The e-mail address is not valid"},
	KeyFieldName:              {ZhHans: "名", En: "Name"},
	KeyFieldSurname:           {ZhHans: "姓", En: "Surname"},
	KeyFieldEmail:             {ZhHans: "邮箱", En: "E-mail"},
	KeyFieldPhoneNumber:       {ZhHans: "手机号", En: "Phone number"},
	KeyFieldUserName:          {ZhHans: "用户名", En: "User name"},
	KeyFieldNewPassword:       {ZhHans: "新密码", En: "New password"},
	KeyFieldCurrentPasswd:     {ZhHans: "当前密码", En: "Current password"},

	KeyPasswordRequiresDigit:           {ZhHans: "密码至少要包含一个数字（0-9）", En: "The password must contain at least one digit (0-9)"},
	KeyPasswordRequiresUniqueChars:     {ZhHans: "密码至少要包含{0}个不同的字符", En: "The password must use at least {0} different characters"},
	KeyPasswordRequiresLower:           {ZhHans: "密码至少要包含一个小写字母（a-z）", En: "The password must contain at least one lower-case letter (a-z)"},
	KeyPasswordRequiresUpper:           {ZhHans: "密码至少要包含一个大写字母（A-Z）", En: "The password must contain at least one upper-case letter (A-Z)"},
	KeyPasswordRequiresNonAlphanumeric: {ZhHans: "密码至少要包含一个字母和数字以外的字符（如 * # !）", En: "The password must contain at least one character that is not a letter or digit (such as * # !)"},
	KeyInvalidUserName:                 {ZhHans: "用户名 {0} 无效：只能包含字母、数字和 - . _ @ +", En: "The user name {0} is not valid: it may contain only letters, digits and - . _ @ +"},
	KeyDuplicatePhone:                  {ZhHans: "手机号 {0} 已被使用", En: "The phone number {0} is already taken"},
	KeyDuplicateRoleName:               {ZhHans: "角色名 {0} 已被使用", En: "The role name {0} is already taken"},
	KeyRoleNameNotFound:                {ZhHans: "角色 {0} 不存在", En: "The role {0} does not exist"},
	KeyStaticRoleRename:                {ZhHans: "系统内置角色不能改名", En: "A built-in (static) role cannot be renamed"},
	KeyStaticRoleDelete:                {ZhHans: "系统内置角色不能删除", En: "A built-in (static) role cannot be deleted"},
	KeyStaticUserDelete:                {ZhHans: "系统内置的管理员不能删除", En: "The built-in administrator cannot be deleted"},
	KeyCannotDeleteSelf:                {ZhHans: "不能删除自己的账号", En: "You cannot delete your own account"},
	KeyLockoutNotEnabled:               {ZhHans: "该用户未启用登录锁定，不能锁定", En: "Lockout is not enabled for this user, so it cannot be locked"},
	KeyUserNotFound:                    {ZhHans: "用户不存在", En: "The user does not exist"},
	KeyRoleNotFound:                    {ZhHans: "角色不存在", En: "The role does not exist"},
	KeyFieldPassword:                   {ZhHans: "密码", En: "Password"},
	KeyFieldRoleName:                   {ZhHans: "角色名", En: "Role name"},
	KeyFieldRoleNames:                  {ZhHans: "角色", En: "Roles"},
	KeyFieldGender:                     {ZhHans: "性别", En: "Gender"},
	KeyFieldLockoutEnd:                 {ZhHans: "锁定截止时间", En: "Lockout end"},
}
