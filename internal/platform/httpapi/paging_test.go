package httpapi

import (
	"reflect"
	"testing"
)

func TestSortingOnlyAllowsWhitelistedColumns(t *testing.T) {
	allowed := map[string]string{"name": "name", "creationTime": "creation_time"}
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"", "name ASC", true},
		{"name desc", "name DESC", true},
		{"Name", "name ASC", true},
		{"creationTime desc, name", "creation_time DESC, name ASC", true},
		{"password", "", false},
		{"name; DROP TABLE users", "", false},
		{"name sideways", "", false},
	}
	for _, c := range cases {
		got, err := Sorting(c.in, allowed, "name ASC")
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("Sorting(%q) = %q, %v; want %q ok=%v", c.in, got, err, c.want, c.ok)
		}
	}
}

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
