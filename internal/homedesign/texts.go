package homedesign

import "kerf/internal/platform/localization"

// Message keys of the design platform.
const (
	KeyPlatformDown   = "HomeDesign:PlatformDown"
	KeyNotBound       = "HomeDesign:NotBound"
	KeyAlreadyBound   = "HomeDesign:AlreadyBound"
	KeyAccountNeeded  = "HomeDesign:AccountRequired"
	KeyAccountTooLong = "HomeDesign:AccountTooLong"
	KeyPlanNotFound   = "HomeDesign:PlanNotFound"
	KeyNumRange       = "HomeDesign:NumRange"
	KeyStartRange     = "HomeDesign:StartRange"
	KeyNotConfigured  = "HomeDesign:NotConfigured"
	KeyDevPlatform    = "HomeDesign:DevelopmentPlatform"
)

var texts = localization.Texts{
	KeyPlatformDown:   {ZhHans: "设计平台没有响应，请稍后再试", En: "The design platform did not answer; please try again later"},
	KeyNotBound:       {ZhHans: "您还没有绑定设计平台账号，请先绑定", En: "You have not bound a design platform account; bind one first"},
	KeyAlreadyBound:   {ZhHans: "您已绑定设计平台账号，如需更换请使用更换", En: "You have already bound a design platform account; use change to replace it"},
	KeyAccountNeeded:  {ZhHans: "请输入设计平台账号", En: "Please enter the design platform account"},
	KeyAccountTooLong: {ZhHans: "设计平台账号的长度不能超过 {0}", En: "The design platform account must be at most {0} characters"},
	KeyPlanNotFound:   {ZhHans: "设计方案不存在", En: "The design plan does not exist"},
	KeyNumRange:       {ZhHans: "Num 必须在 1 到 {0} 之间", En: "Num must be between 1 and {0}"},
	KeyStartRange:     {ZhHans: "Start 不能小于 0", En: "Start must not be negative"},
	KeyNotConfigured:  {ZhHans: "设计平台尚未配置地址和密钥", En: "The design platform's URL and key are not configured"},
	KeyDevPlatform:    {ZhHans: "开发用设计平台", En: "Development design platform"},
}
