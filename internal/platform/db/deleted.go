package db

import "context"

type withDeletedKey struct{}

// WithDeleted returns ctx under which Select, Update and Delete also see soft-deleted
// rows, still of the current tenant only. It is for the few readers of history: a
// start-up sync that must not revive what an administrator deleted, a name that may
// never be given twice. Lists and reads by id never use it.
func WithDeleted(ctx context.Context) context.Context {
	return context.WithValue(ctx, withDeletedKey{}, true)
}

func showsDeleted(ctx context.Context) bool {
	v, _ := ctx.Value(withDeletedKey{}).(bool)
	return v
}
