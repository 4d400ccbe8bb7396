package db

import (
	"strings"

	"github.com/uptrace/bun"
)

// ContainsPattern returns the LIKE pattern that matches s (trimmed, lower-cased) as a
// substring, with LIKE's own wildcards (%, _) and the escape character (\) escaped, for
// use with ESCAPE '\'. A user who searches for "18%" finds "18%", not every "18".
func ContainsPattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(strings.TrimSpace(s))) + "%"
}

// WhereContains adds to q "any of columns contains filter", without regard to case; a
// blank filter adds nothing. Columns are SQL column names written in code (never client
// text): a bare name ("name") is taken from q's table, a qualified one ("menu.name") as
// it is. Every LIKE of Kerf goes through here, so every pattern is escaped.
func WhereContains(q *bun.SelectQuery, filter string, columns ...string) *bun.SelectQuery {
	if strings.TrimSpace(filter) == "" || len(columns) == 0 {
		return q
	}
	pat := ContainsPattern(filter)
	return q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
		for _, c := range columns {
			if !strings.Contains(c, ".") {
				c = "?TableAlias." + c
			}
			q = q.WhereOr("LOWER("+c+") LIKE ? ESCAPE '\\'", pat)
		}
		return q
	})
}
