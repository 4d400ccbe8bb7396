package saas

import "kerf/internal/platform/localization"

// Message keys of the area.
const (
	KeyEditionNotFound      = "Saas:EditionNotFound"
	KeyTenantNotFound       = "Saas:TenantNotFound"
	KeyDuplicateEdition     = "Saas:DuplicateEditionName"
	KeyEditionInUse         = "Saas:EditionInUse"
	KeyNoSuchEdition        = "Saas:NoSuchEdition"
	KeyDuplicateTenant      = "Saas:DuplicateTenantName"
	KeyInvalidTenantName    = "Saas:InvalidTenantName"
	KeyTenantCreatedSubject = "Saas:TenantCreatedSubject"
	KeyFieldEditionName     = "Saas:Field:EditionName"
	KeyFieldTenantName      = "Saas:Field:TenantName"
	KeyFieldActivationMsg   = "Saas:Field:ActivationMessage"
)

var texts = localization.Texts{
	KeyEditionNotFound:      {ZhHans: "版本不存在", En: "There is no such edition"},
	KeyTenantNotFound:       {ZhHans: "租户不存在", En: "There is no such tenant"},
	KeyDuplicateEdition:     {ZhHans: "版本名称“{0}”已存在", En: `The edition name "{0}" is already taken`},
	KeyEditionInUse:         {ZhHans: "版本“{0}”正被 {1} 个租户使用，不能删除", En: `The edition "{0}" is used by {1} tenant(s) and cannot be deleted`},
	KeyNoSuchEdition:        {ZhHans: "所选版本不存在", En: "The chosen edition does not exist"},
	KeyDuplicateTenant:      {ZhHans: "租户名称“{0}”已存在", En: `The tenant name "{0}" is already taken`},
	KeyInvalidTenantName:    {ZhHans: "租户名称只能包含字母、数字和 - _ .", En: "A tenant name may hold only letters, digits and - _ ."},
	KeyTenantCreatedSubject: {ZhHans: "租户“{0}”已创建", En: `Tenant "{0}" created`},
	KeyFieldEditionName:     {ZhHans: "版本名称", En: "Edition name"},
	KeyFieldTenantName:      {ZhHans: "租户名称", En: "Tenant name"},
	KeyFieldActivationMsg:   {ZhHans: "激活消息", En: "Activation message"},
}
