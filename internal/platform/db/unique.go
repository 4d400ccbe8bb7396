package db

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"kerf/internal/platform/apperr"
)

// ErrDuplicate is what a write answers when a unique index refused it: the row it would
// make already exists (a name, a code or a link taken by another row, perhaps by a
// request running at the same moment). The HTTP edge answers 409.
var ErrDuplicate = apperr.ErrDuplicate

// IsUniqueViolation reports whether err is a database's refusal of a row that would
// break a unique index or primary key (PostgreSQL SQLSTATE 23505, SQLite's UNIQUE and
// PRIMARY KEY constraints).
func IsUniqueViolation(err error) bool {
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	if se := (*sqlite.Error)(nil); errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// writeError wraps err of a write (op: "insert", "update") so that a unique violation
// also unwraps to ErrDuplicate; the database's error stays in the chain for the log.
func writeError(op string, err error) error {
	if IsUniqueViolation(err) {
		return fmt.Errorf("%s: %w: %w", op, ErrDuplicate, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}
