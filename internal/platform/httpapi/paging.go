package httpapi

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
