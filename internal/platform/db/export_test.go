package db

// WithIDTiebreak is withIDTiebreak, for the tests of package db_test.
var WithIDTiebreak = withIDTiebreak
