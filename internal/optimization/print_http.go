package optimization

import (
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// printTexts are the printouts' messages and captions.
var printTexts = localization.Texts{}

func (m *Module) registerPrint(api *httpapi.API) {}
