package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/jobs"
	"kerf/internal/platform/tenancy"
)

type pingArgs struct {
	jobs.Actor
}

func (pingArgs) Kind() string { return "app_test.ping" }

// TestTheAppWorksJobsEnqueuedInItsTransactions: the app's migrations create river's
// tables, a kind registered on the app's queue is worked once StartJobs is called, in the
// tenant of the request that enqueued it, and Close stops the queue.
func TestTheAppWorksJobsEnqueuedInItsTransactions(t *testing.T) {
	ctx := context.Background()
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			a := openApp(t, url)
			defer a.Close()
			if err := a.Migrate(ctx); err != nil {
				t.Fatalf("migrate: %v", err)
			}
			if err := a.WaitMigrated(ctx, time.Millisecond); err != nil {
				t.Fatalf("wait for migrations: %v", err)
			}
			worked := make(chan string, 1)
			err := jobs.Register(a.Jobs, jobs.KindOptions{}, func(ctx context.Context, job jobs.Job[pingArgs]) error {
				worked <- tenancy.FromContext(job.Args.Context(ctx)).Name
				return nil
			})
			if err != nil {
				t.Fatalf("register: %v", err)
			}
			if err := a.StartJobs(ctx); err != nil {
				t.Fatalf("start jobs: %v", err)
			}
			req := tenancy.WithTenant(ctx, tenancy.Tenant{Name: "demo", IsActive: true})
			err = a.DB.InTx(req, func(ctx context.Context, tx bun.Tx) error {
				_, err := a.Jobs.Enqueue(ctx, tx, pingArgs{Actor: jobs.ActorOf(ctx)})
				return err
			})
			if err != nil {
				t.Fatalf("enqueue: %v", err)
			}
			select {
			case tenant := <-worked:
				if tenant != "demo" {
					t.Errorf("the job worked in tenant %q, want demo", tenant)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the job was not worked")
			}
		})
	}
}
