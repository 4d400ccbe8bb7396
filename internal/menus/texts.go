package menus

import "kerf/internal/platform/localization"

// Message keys of this area.
const (
	KeyFieldName         = "Menus:Field:Name"
	KeyFieldDisplayName  = "Menus:Field:DisplayName"
	KeyFieldPath         = "Menus:Field:Path"
	KeyFieldComponent    = "Menus:Field:Component"
	KeyInvalidName       = "Menus:InvalidName"
	KeyDuplicateName     = "Menus:DuplicateName"
	KeyInvalidPath       = "Menus:InvalidPath"
	KeyExternalPath      = "Menus:ExternalPath"
	KeyUnknownPermission = "Menus:UnknownPermission"
	KeyParentNotFound    = "Menus:ParentNotFound"
	KeyParentCycle       = "Menus:ParentCycle"
	KeyHasChildren       = "Menus:HasChildren"
)

var texts = localization.Texts{
	KeyFieldName:         {ZhHans: "名称", En: "Name"},
	KeyFieldDisplayName:  {ZhHans: "显示名称", En: "Display name"},
	KeyFieldPath:         {ZhHans: "路径", En: "Path"},
	KeyFieldComponent:    {ZhHans: "组件", En: "Component"},
	KeyInvalidName:       {ZhHans: "名称只能包含字母、数字和 . _ : / -，且以字母或数字开头", En: "The name may contain only letters, digits and . _ : / -, and must start with a letter or digit"},
	KeyDuplicateName:     {ZhHans: "名称为 {0} 的菜单已存在", En: "A menu named {0} already exists"},
	KeyInvalidPath:       {ZhHans: "路径必须以 / 开头", En: "The path must start with /"},
	KeyExternalPath:      {ZhHans: "外部链接必须以 http:// 或 https:// 开头", En: "An external link must start with http:// or https://"},
	KeyUnknownPermission: {ZhHans: "权限 {0} 不存在", En: "The permission {0} does not exist"},
	KeyParentNotFound:    {ZhHans: "上级菜单不存在", En: "The parent menu does not exist"},
	KeyParentCycle:       {ZhHans: "菜单不能移到它自己或它的下级菜单之下", En: "A menu cannot be moved under itself or one of its children"},
	KeyHasChildren:       {ZhHans: "该菜单还有 {0} 个下级菜单，请先删除它们", En: "This menu still has {0} child menus; delete them first"},
}
