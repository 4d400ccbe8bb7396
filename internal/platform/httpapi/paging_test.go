package httpapi

import (
	"reflect"
	"testing"
)

func TestOperationIDsKeepCase(t *testing.T) {
	if a, b := operationID("GET", "/api/dataDictionary"), operationID("GET", "/api/datadictionary"); a == b {
		t.Fatalf("ids collide: %s", a)
	}
	if got := operationID("GET", "/api/identity/users/{id}"); got != "get-api-identity-users-id" {
		t.Fatalf("got %s", got)
	}
}

type sample struct{}

func TestSchemaNamesCarryTheArea(t *testing.T) {
	if got := schemaName(reflect.TypeOf(Paged[sample]{}), ""); got != "PagedHttpapiSample" && got != "PagedSample" {
		t.Fatalf("Paged[sample] named %q", got)
	}
	if got := schemaName(reflect.TypeOf(ErrorBody{}), ""); got != "ErrorBody" {
		t.Fatalf("ErrorBody named %q", got)
	}
}
