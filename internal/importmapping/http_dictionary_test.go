package importmapping_test

import (
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
)

// TestADictionaryBackedEnumerationReadsLabelsAndCodes: a rule taking its items from a data
// dictionary reads a detail's label or code as its value, and the dictionary must exist.
func TestADictionaryBackedEnumerationReadsLabelsAndCodes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/dataDictionary", Token: admin, JSON: row{
			"code": "EdgeBand", "displayName": "封边", "details": []row{
				{"code": "PVC1", "label": "PVC 1mm", "value": "EB1"},
				{"code": "ABS2", "label": "ABS 2mm", "value": "EB2"},
				{"code": "OFF", "label": "停用", "value": "X", "isEnable": false},
			}}})
		ok(t, res, 200, "dictionary")
		rules := func(code string) row {
			return row{"name": "开料", "moduleType": 6, "importFileType": 1, "importFileEncoding": 3, "mappingRules": []row{
				{"columnIndex": 0, "fieldName": "partName", "valueType": 0},
				{"columnIndex": 1, "fieldName": "materialCode", "valueType": 0},
				{"columnIndex": 2, "fieldName": "thickness", "valueType": 2},
				{"columnIndex": 3, "fieldName": "length", "valueType": 2},
				{"columnIndex": 4, "fieldName": "width", "valueType": 2},
				{"columnIndex": 5, "fieldName": "count", "valueType": 1},
				{"columnIndex": 6, "fieldName": "edgeBanding", "valueType": 5, "dictionaryCode": code},
			}}
		}
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/basic-setup/import-rule-mappings", Token: admin, JSON: rules("NoSuchDict"),
			Header: http.Header{"Accept-Language": {"en"}}})
		if res.Status != 400 || !strings.Contains(string(res.Body), `Data dictionary \"NoSuchDict\" does not exist`) {
			t.Fatalf("unknown dictionary: %d %s", res.Status, res.Body)
		}
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/basic-setup/import-rule-mappings", Token: admin, JSON: rules("edgeband")})
		ok(t, res, 200, "mapping over a dictionary")
		id := res.Map(t)["id"].(string)
		csv := "板件,材料,厚,长,宽,数量,封边\n侧板,PB18,18,720,560,2,PVC 1mm\n顶板,PB18,18,800,560,1,abs2\n背板,HDF5,5,720,800,1,停用\n"
		res, a := preview(t, e, admin, id, "cut.csv", []byte(csv), "en")
		ok(t, res, 200, "preview")
		if len(a.Rows) != 2 || a.Rows[0].Values["edgeBanding"] != "EB1" || a.Rows[1].Values["edgeBanding"] != "EB2" || a.Rows[0].Values["count"] != 2.0 {
			t.Fatalf("rows: %+v", a.Rows)
		}
		if len(a.Errors) != 1 || a.Errors[0].Message != `Row 4, column G: "停用" is not one of the mapped values of Edge banding` {
			t.Fatalf("a disabled detail is not a value: %+v", a.Errors)
		}
	})
}
