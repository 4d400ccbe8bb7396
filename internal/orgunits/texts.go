package orgunits

import "kerf/internal/platform/localization"

// Message keys of the organisation units.
const (
	KeyUnitNotFound    = "OrganizationUnits:NotFound"
	KeyParentNotFound  = "OrganizationUnits:ParentNotFound"
	KeyMoveUnderItself = "OrganizationUnits:MoveUnderItself"
	KeyDuplicateName   = "OrganizationUnits:DuplicateDisplayName"
	KeyUsersNotFound   = "OrganizationUnits:UsersNotFound"
	KeyRolesNotFound   = "OrganizationUnits:RolesNotFound"
	KeyUnitsNotFound   = "OrganizationUnits:UnitsNotFound"

	// Field labels.
	FieldDisplayName = "OrganizationUnits:Field:DisplayName"
	FieldUserIDs     = "OrganizationUnits:Field:UserIds"
	FieldRoleIDs     = "OrganizationUnits:Field:RoleIds"
	FieldUnitIDs     = "OrganizationUnits:Field:OrganizationUnitIds"
)

var texts = localization.Texts{
	KeyUnitNotFound:    {ZhHans: "组织机构不存在", En: "The organisation unit does not exist"},
	KeyParentNotFound:  {ZhHans: "上级组织机构不存在", En: "The parent organisation unit does not exist"},
	KeyMoveUnderItself: {ZhHans: "不能把组织机构 {0} 移动到它自己或它的下级组织之下", En: "The organisation unit {0} cannot be moved under itself or one of its sub-units"},
	KeyDuplicateName:   {ZhHans: "同一上级下已有名为 {0} 的组织机构", En: "There is already an organisation unit named {0} under the same parent"},
	KeyUsersNotFound:   {ZhHans: "以下用户不存在：{0}", En: "These users do not exist: {0}"},
	KeyRolesNotFound:   {ZhHans: "以下角色不存在：{0}", En: "These roles do not exist: {0}"},
	KeyUnitsNotFound:   {ZhHans: "以下组织机构不存在：{0}", En: "These organisation units do not exist: {0}"},

	FieldDisplayName: {ZhHans: "名称", En: "Display name"},
	FieldUserIDs:     {ZhHans: "成员", En: "Members"},
	FieldRoleIDs:     {ZhHans: "角色", En: "Roles"},
	FieldUnitIDs:     {ZhHans: "组织机构", En: "Organisation units"},
}
