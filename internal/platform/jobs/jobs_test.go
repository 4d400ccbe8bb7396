package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// The tests' kind: its work writes a row per attempt into job_runs.
type countArgs struct {
	Note string `json:"note"`
}

func (countArgs) Kind() string { return "jobs_test.count" }

const createRuns = `CREATE TABLE IF NOT EXISTS job_runs (job_id BIGINT NOT NULL, attempt INTEGER NOT NULL, worker VARCHAR(20) NOT NULL)`

// migrated opens the database at url with river's tables and job_runs.
func migrated(t *testing.T, url string) *db.DB {
	t.Helper()
	ctx := context.Background()
	d := dbtest.Open(t, url)
	if err := d.Migrate(ctx, Migrations); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if _, err := d.ExecContext(ctx, createRuns); err != nil {
		t.Fatalf("create job_runs: %v", err)
	}
	return d
}

// recordRun is a work that records its attempt under the name worker and succeeds.
func recordRun(d *db.DB, worker string) func(ctx context.Context, job Job[countArgs]) error {
	return func(ctx context.Context, job Job[countArgs]) error {
		_, err := d.ExecContext(ctx, "INSERT INTO job_runs (job_id, attempt, worker) VALUES (?, ?, ?)", job.ID, job.Attempt, worker)
		return err
	}
}

// newQueue builds a queue on d with the count kind registered to work; it is stopped when
// t ends.
func newQueue(t *testing.T, d *db.DB, cfg Config, opts KindOptions, work func(ctx context.Context, job Job[countArgs]) error) *Queue {
	t.Helper()
	cfg.PollInterval = 100 * time.Millisecond
	q, err := New(d, cfg)
	if err != nil {
		t.Fatalf("new queue: %v", err)
	}
	if err := Register(q, opts, work); err != nil {
		t.Fatalf("register: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := q.Stop(ctx); err != nil {
			t.Errorf("stop: %v", err)
		}
	})
	return q
}

func start(t *testing.T, q *Queue) {
	t.Helper()
	if err := q.Start(context.Background()); err != nil {
		t.Fatalf("start: %v", err)
	}
}

// runs counts the attempts job_runs holds for id.
func runs(t *testing.T, d *db.DB, id int64) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM job_runs WHERE job_id = ?", id).Scan(&n); err != nil {
		t.Fatalf("count runs: %v", err)
	}
	return n
}

// state answers river's state of job id ("" when there is no such job).
func state(t *testing.T, q *Queue, id int64) rivertype.JobState {
	t.Helper()
	row, err := q.insert.JobGet(context.Background(), id)
	if errors.Is(err, rivertype.ErrNotFound) {
		return ""
	}
	if err != nil {
		t.Fatalf("job %d: %v", id, err)
	}
	return row.State
}

// waitFor polls cond for up to a generous while.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func enqueueInTx(t *testing.T, d *db.DB, q *Queue, args countArgs, fail error) (int64, error) {
	t.Helper()
	var id int64
	err := d.InTx(context.Background(), func(ctx context.Context, tx bun.Tx) error {
		var err error
		if id, err = q.Enqueue(ctx, tx, args); err != nil {
			t.Fatalf("enqueue: %v", err)
		}
		return fail
	})
	return id, err
}

func TestAJobEnqueuedInATransactionRunsOnlyIfItCommits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		d = migrated(t, d.URL)
		q := newQueue(t, d, Config{Workers: 2}, KindOptions{}, recordRun(d, "a"))
		start(t, q)

		if _, err := enqueueInTx(t, d, q, countArgs{Note: "rolled back"}, errors.New("the caller's write failed")); err == nil {
			t.Fatal("the transaction should have rolled back")
		}
		committed, err := enqueueInTx(t, d, q, countArgs{Note: "committed"}, nil)
		if err != nil {
			t.Fatalf("commit: %v", err)
		}
		waitFor(t, "the committed job completes", func() bool { return state(t, q, committed) == rivertype.JobStateCompleted })
		if n := runs(t, d, committed); n != 1 {
			t.Errorf("the committed job ran %d times, want once", n)
		}
		// (SQLite may give the committed job the rolled-back one's id: count every job.)
		var jobs, attempts int
		if err := d.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM river_job").Scan(&jobs); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM job_runs").Scan(&attempts); err != nil {
			t.Fatal(err)
		}
		if jobs != 1 || attempts != 1 {
			t.Errorf("%d jobs and %d attempts, want only the committed job, run once", jobs, attempts)
		}
		row, err := q.insert.JobGet(context.Background(), committed)
		if err != nil {
			t.Fatal(err)
		}
		var args countArgs
		if err := json.Unmarshal(row.EncodedArgs, &args); err != nil || args.Note != "committed" {
			t.Errorf("the job's arguments are %s (%v), want the committed job's", row.EncodedArgs, err)
		}
	})
}

func TestAQueuedJobCancelledNeverRuns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		d = migrated(t, d.URL)
		ctx := context.Background()
		// An insert-only queue (a kerf serve --jobs=false) enqueues and cancels.
		inserter := newQueue(t, d, Config{Workers: 0}, KindOptions{}, recordRun(d, "inserter"))
		start(t, inserter) // does nothing: no workers
		cancelled, err := inserter.Enqueue(ctx, d, countArgs{Note: "cancelled"})
		if err != nil {
			t.Fatalf("enqueue: %v", err)
		}
		if err := inserter.Cancel(ctx, cancelled); err != nil {
			t.Fatalf("cancel: %v", err)
		}
		if s := state(t, inserter, cancelled); s != rivertype.JobStateCancelled {
			t.Fatalf("state after cancel = %q, want cancelled", s)
		}
		if err := inserter.Cancel(ctx, cancelled+1000); !errors.Is(err, db.ErrNotFound) {
			t.Errorf("cancel of an unknown job: %v, want ErrNotFound", err)
		}

		w := newQueue(t, d, Config{Workers: 2}, KindOptions{}, recordRun(d, "worker"))
		start(t, w)
		after, err := inserter.Enqueue(ctx, nil, countArgs{Note: "after"})
		if err != nil {
			t.Fatalf("enqueue: %v", err)
		}
		waitFor(t, "the next job completes", func() bool { return state(t, w, after) == rivertype.JobStateCompleted })
		if n := runs(t, d, cancelled); n != 0 {
			t.Errorf("the cancelled job ran %d times", n)
		}
		if s := state(t, w, cancelled); s != rivertype.JobStateCancelled {
			t.Errorf("the cancelled job is %q", s)
		}
	})
}

func TestRegisterRefusesBadKindsAndEnqueueUnknownKinds(t *testing.T) {
	d := migrated(t, dbtest.SQLiteURL(t))
	q := newQueue(t, d, Config{Workers: 1}, KindOptions{}, recordRun(d, "a"))
	if err := Register(q, KindOptions{}, recordRun(d, "b")); err == nil {
		t.Error("a kind registered twice was accepted")
	}
	if err := Register(q, KindOptions{}, func(context.Context, Job[badArgs]) error { return nil }); err == nil {
		t.Error("a malformed kind was accepted")
	}
	if _, err := q.Enqueue(context.Background(), nil, otherArgs{}); !errors.Is(err, ErrNotRegistered) {
		t.Errorf("enqueue of an unregistered kind: %v", err)
	}
	start(t, q)
	if err := Register(q, KindOptions{}, func(context.Context, Job[otherArgs]) error { return nil }); err == nil {
		t.Error("a kind registered after Start was accepted")
	}
}

type badArgs struct{}

func (badArgs) Kind() string { return "has spaces" }

type otherArgs struct{}

func (otherArgs) Kind() string { return "jobs_test.other" }

// helperEnv names the database URL the helper process works on.
const helperEnv = "KERF_JOBS_TEST_HELPER_URL"

// TestHelperProcessDiesMidJob is not a test of its own: the rescue test starts the test
// binary with it as a second process that takes a job, records its first attempt and then
// hangs in it until the test kills the process.
func TestHelperProcessDiesMidJob(t *testing.T) {
	url := os.Getenv(helperEnv)
	if url == "" {
		t.Skip("run by TestAJobOfADeadProcessIsRescuedAndFinishedOnce")
	}
	d := dbtest.Open(t, url)
	q := newQueue(t, d, Config{Workers: 1, RescueMargin: rescueMargin, leaderElectionDisabled: true},
		KindOptions{Timeout: rescueTimeout}, func(ctx context.Context, job Job[countArgs]) error {
			if err := recordRun(d, "dies")(ctx, job); err != nil {
				return err
			}
			select {} // the process dies here
		})
	start(t, q)
	select {}
}

// The kind's timeout and margin in the rescue test: a job running this long is dead.
const (
	rescueTimeout = 300 * time.Millisecond
	rescueMargin  = 300 * time.Millisecond
)

func TestAJobOfADeadProcessIsRescuedAndFinishedOnce(t *testing.T) {
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			d := migrated(t, url)
			ctx := context.Background()
			opts := KindOptions{Timeout: rescueTimeout}
			var finished atomic.Int32
			q := newQueue(t, d, Config{Workers: 1, RescueMargin: rescueMargin}, opts, func(ctx context.Context, job Job[countArgs]) error {
				finished.Add(1)
				return recordRun(d, "rescuer")(ctx, job)
			})
			id, err := q.Enqueue(ctx, nil, countArgs{Note: "long"})
			if err != nil {
				t.Fatalf("enqueue: %v", err)
			}

			// Another process takes the job and dies in it (SIGKILL: no stop, no completion).
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcessDiesMidJob$")
			cmd.Env = append(os.Environ(), helperEnv+"="+url)
			if err := cmd.Start(); err != nil {
				t.Fatalf("start the helper process: %v", err)
			}
			t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
			waitFor(t, "the other process starts the job", func() bool { return runs(t, d, id) == 1 })
			if err := cmd.Process.Kill(); err != nil {
				t.Fatalf("kill: %v", err)
			}
			_ = cmd.Wait()
			if s := state(t, q, id); s != rivertype.JobStateRunning {
				t.Fatalf("the dead process's job is %q, want still running", s)
			}

			// Once the job has been running longer than its timeout plus the margin, a new
			// queue on the database rescues it and works it to the end.
			time.Sleep(rescueTimeout + rescueMargin + 500*time.Millisecond)
			start(t, q)
			waitFor(t, "the rescued job completes", func() bool { return state(t, q, id) == rivertype.JobStateCompleted })
			if n := finished.Load(); n != 1 {
				t.Errorf("the new queue worked the job %d times, want once", n)
			}
			if n := runs(t, d, id); n != 2 {
				t.Errorf("the job has %d attempts recorded, want 2 (the dead one and the rescue)", n)
			}
		})
	}
}

func TestTwoQueuesOnOnePostgresWorkEachJobOnce(t *testing.T) {
	url, ok := dbtest.Dialects(t)[db.Postgres]
	if !ok {
		t.Skipf("PostgreSQL only: %s is not set", dbtest.EnvPostgres)
	}
	ctx := context.Background()
	// Two processes: each its own database handle, river client and pool.
	d1, d2 := migrated(t, url), migrated(t, url)
	q1 := newQueue(t, d1, Config{Workers: 2}, KindOptions{}, recordRun(d1, "one"))
	q2 := newQueue(t, d2, Config{Workers: 2}, KindOptions{}, recordRun(d2, "two"))
	start(t, q1)
	start(t, q2)
	const n = 50
	ids := make([]int64, 0, n)
	err := d1.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for i := range n {
			id, err := q1.Enqueue(ctx, tx, countArgs{Note: fmt.Sprint(i)})
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("enqueue: %v", err)
	}
	waitFor(t, "every job completes", func() bool {
		var done int
		if err := d1.QueryRowContext(ctx, "SELECT COUNT(*) FROM river_job WHERE state = 'completed'").Scan(&done); err != nil {
			t.Fatal(err)
		}
		return done == n
	})
	var total, distinct int
	if err := d1.QueryRowContext(ctx, "SELECT COUNT(*), COUNT(DISTINCT job_id) FROM job_runs").Scan(&total, &distinct); err != nil {
		t.Fatal(err)
	}
	if total != n || distinct != n {
		t.Errorf("%d runs of %d jobs, want each of the %d jobs run once", total, distinct, n)
	}
	for _, id := range ids {
		if c := runs(t, d1, id); c != 1 {
			t.Errorf("job %d ran %d times", id, c)
		}
	}
}

func TestActorCarriesTheTenantAndUserToTheWork(t *testing.T) {
	tenant, user := uuid.New(), uuid.New()
	req := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant, Name: "demo", IsActive: true})
	req = auth.WithPrincipal(req, &auth.Principal{UserID: user, UserName: "admin", TenantID: &tenant, Roles: []string{"admin"}})
	a := ActorOf(req)
	work := a.Context(context.Background())
	if id := tenancy.ID(work); id == nil || *id != tenant {
		t.Errorf("tenant in the work = %v, want %s", id, tenant)
	}
	if id := auth.UserID(work); id == nil || *id != user {
		t.Errorf("user in the work = %v, want %s", id, user)
	}
	if host := (Actor{}).Context(context.Background()); tenancy.ID(host) != nil || auth.FromContext(host) != nil {
		t.Error("an empty actor should act as the host without a user")
	}
}

func TestARunningJobCancelledHasItsContextCancelledAndIsNotRetried(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		d = migrated(t, d.URL)
		ctx := context.Background()
		var attempts atomic.Int32
		running := make(chan struct{}, 1)
		q := newQueue(t, d, Config{Workers: 1}, KindOptions{Timeout: time.Minute}, func(ctx context.Context, job Job[countArgs]) error {
			attempts.Add(1)
			running <- struct{}{}
			<-ctx.Done() // a long run that watches its context
			return ctx.Err()
		})
		start(t, q)
		id, err := q.Enqueue(ctx, nil, countArgs{Note: "long"})
		if err != nil {
			t.Fatalf("enqueue: %v", err)
		}
		select {
		case <-running:
		case <-time.After(30 * time.Second):
			t.Fatal("the job did not start")
		}
		// Another process's queue (an insert-only one) cancels it.
		other := newQueue(t, d, Config{Workers: 0}, KindOptions{}, recordRun(d, "other"))
		if err := other.Cancel(ctx, id); err != nil {
			t.Fatalf("cancel: %v", err)
		}
		waitFor(t, "the running job is cancelled", func() bool { return state(t, q, id) == rivertype.JobStateCancelled })
		if n := attempts.Load(); n != 1 {
			t.Errorf("the cancelled job was attempted %d times", n)
		}
	})
}
