package tenantdb

// hostTables have a tenant_id column but stay in the host database for every tenant
// (db.HostTable), each for its reason. Every other table with a tenant_id follows a tenant
// into its own database.
var hostTables = map[string]string{
	"saas_tenants":             "the tenants themselves: host rows (their tenant_id is always empty)",
	"identity_server_clients":  "OAuth clients: host rows the token endpoint reads before a tenant is known",
	"file_download_tokens":     "found by the token (the secret) before the file's tenant is known; purged across tenants",
	"sales_order_quote_tokens": "found by the token before the order's tenant is known; expired ones purged across tenants",
	"audit_logs":               "written in batches by the audit writer across tenants, outside any request, and purged across tenants by retention",
	"audit_log_actions":        "written with audit_logs",
}
