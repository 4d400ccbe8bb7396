package optimization

import (
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// utilisationTexts are the utilisation figures' messages.
var utilisationTexts = localization.Texts{}

func (m *Module) registerUtilisation(api *httpapi.API) {}
