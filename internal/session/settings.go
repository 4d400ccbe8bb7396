package session

import "context"

// Setting names the client reads from the application configuration.
const (
	SettingHTTPTimeoutPeriod = "BasicSetup.HttpTimeoutPeriod"
	SettingSalesOrderWebLogo = "SalesOrder.WebLogo"
	SettingAppVersion        = "App.Version"
)

// Settings supplies the setting values of the application configuration for the
// request's tenant and user. The settings area will provide the stored values; until then
// DefaultSettings answers the defaults.
type Settings interface {
	Values(ctx context.Context) (map[string]string, error)
}

// DefaultSettings answers the built-in defaults: a 30 s request timeout, no web logo
// override and the product version.
type DefaultSettings struct {
	Version string
}

// Values returns a fresh map of the defaults.
func (d DefaultSettings) Values(context.Context) (map[string]string, error) {
	return map[string]string{
		SettingHTTPTimeoutPeriod: "30",
		SettingSalesOrderWebLogo: "",
		SettingAppVersion:        d.Version,
	}, nil
}
