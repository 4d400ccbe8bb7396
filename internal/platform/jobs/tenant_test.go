package jobs

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// A transaction of a tenant's own database cannot hold the job (the queue is the host's):
// the job waits on the host until that transaction commits, and is cancelled when it rolls
// back; the tenant's database never gets a job.
func TestAJobAskedForInATenantDatabaseTransactionRunsOnlyIfItCommits(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			d := migrated(t, u)
			ownURL := dbtest.SQLiteURL(t)
			if name == db.Postgres {
				ownURL = dbtest.PostgresURL(t, os.Getenv(dbtest.EnvPostgres))
			}
			own := migrated(t, ownURL) // the tenant's database has river's tables too (the same migrations)
			tenant := uuid.New()
			d.UseTenantDatabases(func(_ context.Context, id uuid.UUID) (string, error) {
				if id == tenant {
					return ownURL, nil
				}
				return "", nil
			}, db.Pool{})
			q := newQueue(t, d, Config{Workers: 2}, KindOptions{}, recordRun(d, "a"))
			start(t, q)
			tctx := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenant})

			enqueue := func(note string, fail error) (int64, error) {
				var id int64
				err := d.InTx(tctx, func(ctx context.Context, tx bun.Tx) error {
					if !db.InTenantTx(tx) {
						t.Fatal("the transaction is not on the tenant's database")
					}
					var err error
					if id, err = q.Enqueue(ctx, tx, countArgs{Note: note}); err != nil {
						t.Fatalf("enqueue: %v", err)
					}
					if s := state(t, q, id); s != rivertype.JobStateScheduled {
						t.Errorf("before the commit the job is %q, want scheduled (waiting for it)", s)
					}
					return fail
				})
				return id, err
			}
			rolledBack, err := enqueue("rolled back", errors.New("the caller's write failed"))
			if err == nil {
				t.Fatal("the transaction should have rolled back")
			}
			if s := state(t, q, rolledBack); s != rivertype.JobStateCancelled {
				t.Errorf("the rolled-back transaction's job is %q, want cancelled", s)
			}
			committed, err := enqueue("committed", nil)
			if err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the committed job completes", func() bool { return state(t, q, committed) == rivertype.JobStateCompleted })
			if n := runs(t, d, committed); n != 1 {
				t.Errorf("the committed job ran %d times, want once", n)
			}
			if n := runs(t, d, rolledBack); n != 0 {
				t.Errorf("the rolled-back job ran %d times", n)
			}
			var inOwn int
			if err := own.QueryRowContext(ctx, "SELECT COUNT(*) FROM river_job").Scan(&inOwn); err != nil {
				t.Fatal(err)
			}
			if inOwn != 0 {
				t.Errorf("the tenant's database holds %d jobs, want none", inOwn)
			}
		})
	}
}
