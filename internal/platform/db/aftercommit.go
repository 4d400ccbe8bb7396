package db

import (
	"context"
	"sync"
)

type afterCommitKey struct{}

// afterCommit is the list of functions a transaction begun by InTx runs once it commits.
type afterCommit struct {
	mu         sync.Mutex
	fns        []func()
	onRollback []func()
}

func withAfterCommit(ctx context.Context) (context.Context, *afterCommit) {
	a := &afterCommit{}
	return context.WithValue(ctx, afterCommitKey{}, a), a
}

func (a *afterCommit) run() {
	a.mu.Lock()
	fns := a.fns
	a.fns, a.onRollback = nil, nil
	a.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

// AfterCommit runs fn after the transaction InTx began for ctx commits, and never if it rolls
// back; outside a transaction it runs fn at once. Side effects that other requests or replicas
// observe (cache invalidations, notifications) go through it, so none announces a change that
// did not happen.
func AfterCommit(ctx context.Context, fn func()) {
	if a, ok := ctx.Value(afterCommitKey{}).(*afterCommit); ok {
		a.mu.Lock()
		a.fns = append(a.fns, fn)
		a.mu.Unlock()
		return
	}
	fn()
}

// InTransaction reports whether ctx is inside a transaction begun by InTx. Caches do not keep
// what they read there: the transaction may still roll back.
func InTransaction(ctx context.Context) bool {
	_, ok := ctx.Value(afterCommitKey{}).(*afterCommit)
	return ok
}

// rolledBack runs what AfterRollback registered, once the transaction did not commit.
func (a *afterCommit) rolledBack() {
	a.mu.Lock()
	fns := a.onRollback
	a.fns, a.onRollback = nil, nil
	a.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

// AfterRollback runs fn when the transaction InTx began for ctx ends without committing
// (fn returned an error, or the commit failed); outside a transaction it does nothing. It
// undoes what was done outside the transaction on its behalf (a job queued on the host for
// a write in a tenant's own database).
func AfterRollback(ctx context.Context, fn func()) {
	if a, ok := ctx.Value(afterCommitKey{}).(*afterCommit); ok {
		a.mu.Lock()
		a.onRollback = append(a.onRollback, fn)
		a.mu.Unlock()
	}
}
