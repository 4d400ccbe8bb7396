package optimization

import "kerf/internal/platform/localization"

// Message keys shared by the area's parts.
const (
	KeyNotFound = "Optimization:NotFound"
)

var texts = localization.Texts{
	KeyNotFound: {ZhHans: "记录不存在", En: "The record does not exist"},
}
