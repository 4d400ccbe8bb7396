package tenantdb

import "kerf/internal/platform/localization"

// Message keys and field labels.
const (
	KeyBadScheme      = "TenantDb:BadScheme"
	KeyBadPath        = "TenantDb:BadPath"
	KeyBadURL         = "TenantDb:BadUrl"
	KeyCannotOpen     = "TenantDb:CannotOpen"
	KeyHostDatabase   = "TenantDb:HostDatabase"
	KeyActiveDefault  = "TenantDb:ActiveDefault"
	KeyNoDefault      = "TenantDb:NoDefault"
	KeyNotFound       = "TenantDb:NotFound"
	KeyNameRequired   = "TenantDb:NameRequired"
	KeyNameReserved   = "TenantDb:NameReserved"
	KeyNameTwice      = "TenantDb:NameTwice"
	KeyTooLong        = "TenantDb:TooLong"
	KeyStringRequired = "TenantDb:StringRequired"
	KeyMoveFailed     = "TenantDb:MoveFailed"
)

var texts = localization.Texts{
	KeyBadScheme: {ZhHans: "连接字符串须以 {0} 开头（本系统的数据库是 {1}）",
		En: "The connection string must start with {0} (this installation runs on {1})"},
	KeyBadPath: {ZhHans: "SQLite 文件须是数据目录下的相对路径，且不能含有“..”：{0}",
		En: "The SQLite file must be a path relative to the data folder, without \"..\": {0}"},
	KeyBadURL:       {ZhHans: "连接字符串无法解析：{0}", En: "The connection string cannot be read: {0}"},
	KeyCannotOpen:   {ZhHans: "无法打开该数据库：{0}", En: "The database cannot be opened: {0}"},
	KeyHostDatabase: {ZhHans: "租户不能使用主机自己的数据库", En: "A tenant cannot use the host's own database"},
	KeyActiveDefault: {ZhHans: "租户的数据已经在其默认数据库中，不能更改或删除默认连接字符串",
		En: "The tenant's data already lives in its Default database: its Default connection string cannot be changed or deleted"},
	KeyNoDefault:      {ZhHans: "租户没有默认连接字符串", En: "The tenant has no Default connection string"},
	KeyNotFound:       {ZhHans: "租户没有名为 {0} 的连接字符串", En: "The tenant has no connection string named {0}"},
	KeyNameRequired:   {ZhHans: "请填写数据库名称", En: "The database name is required"},
	KeyNameReserved:   {ZhHans: "“Default”由默认连接字符串使用", En: "\"Default\" is the Default connection string's name"},
	KeyNameTwice:      {ZhHans: "数据库名称 {0} 重复", En: "The database name {0} is given twice"},
	KeyTooLong:        {ZhHans: "长度不能超过 {0} 个字符", En: "At most {0} characters"},
	KeyStringRequired: {ZhHans: "请填写连接字符串", En: "The connection string is required"},
	KeyMoveFailed: {ZhHans: "迁移租户数据失败，数据仍在主机数据库中：{0}",
		En: "Moving the tenant's data failed; it is still in the host database: {0}"},
}
