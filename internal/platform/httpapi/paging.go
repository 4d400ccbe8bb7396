package httpapi

import (
	"strings"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// PageQuery is the ABP list query. Embed it in an operation's input.
type PageQuery struct {
	SkipCount      int    `query:"skipCount" minimum:"0" doc:"Rows to skip"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" maximum:"1000" default:"20" doc:"Page size (at most 1000)"`
	Sorting        string `query:"sorting" doc:"e.g. \"name desc\"; columns are whitelisted"`
	Filter         string `query:"filter" doc:"Free-text filter"`
}

// Limit returns the page size with the default applied.
func (p PageQuery) Limit() int {
	if p.MaxResultCount <= 0 {
		return 20
	}
	return p.MaxResultCount
}

// Paged is a page of a list.
type Paged[T any] struct {
	Items      []T `json:"items"`
	TotalCount int `json:"totalCount"`
}

// List is an unpaged list.
type List[T any] struct {
	Items []T `json:"items"`
}

// Body wraps a response body for huma.
type Body[T any] struct {
	Body T
}

// Sorting turns "name desc, code" into an ORDER BY expression using only whitelisted
// columns (API name → SQL column); an empty input gives def.
func Sorting(input string, allowed map[string]string, def string) (string, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return def, nil
	}
	var parts []string
	for _, item := range strings.Split(input, ",") {
		f := strings.Fields(item)
		if len(f) == 0 || len(f) > 2 {
			return "", apperr.Invalid("sorting", localization.KeySortingNotAllowed, item)
		}
		col, ok := lookupFold(allowed, f[0])
		if !ok {
			return "", apperr.Invalid("sorting", localization.KeySortingNotAllowed, f[0])
		}
		dir := "ASC"
		if len(f) == 2 {
			switch strings.ToLower(f[1]) {
			case "asc":
			case "desc":
				dir = "DESC"
			default:
				return "", apperr.Invalid("sorting", localization.KeySortingNotAllowed, item)
			}
		}
		parts = append(parts, col+" "+dir)
	}
	return strings.Join(parts, ", "), nil
}

func lookupFold(m map[string]string, k string) (string, bool) {
	if v, ok := m[k]; ok {
		return v, true
	}
	for mk, v := range m {
		if strings.EqualFold(mk, k) {
			return v, true
		}
	}
	return "", false
}
