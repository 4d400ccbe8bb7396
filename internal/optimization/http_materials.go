package optimization

import "kerf/internal/platform/httpapi"

// registerMaterials mounts the materials part's calls (owned by the materials slice).
func (m *Module) registerMaterials(api *httpapi.API) {}
