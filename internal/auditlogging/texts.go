package auditlogging

import "kerf/internal/platform/localization"

// Message keys of the audit log.
const (
	KeyLogNotFound = "AuditLogging:LogNotFound"
	KeyChangeType  = "AuditLogging:ChangeType"
)

var texts = localization.Texts{
	KeyLogNotFound: {ZhHans: "审计日志不存在", En: "The audit log does not exist"},
	KeyChangeType:  {ZhHans: "变更类型必须是 0（创建）、1（修改）或 2（删除）", En: "The change type must be 0 (created), 1 (updated) or 2 (deleted)"},
}
