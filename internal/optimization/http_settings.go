package optimization

import "kerf/internal/platform/httpapi"

// registerSettings mounts the settings part's calls (owned by the settings slice).
func (m *Module) registerSettings(api *httpapi.API) {}
