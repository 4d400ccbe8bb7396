package jobs

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/riverqueue/river"
)

// Args are a job's arguments: a struct stored as JSON with the job, whose Kind names the
// work (unique across Kerf, e.g. "optimization.run"; never renamed once released, since
// jobs of the old name may still be queued). Kind must not need a non-nil receiver.
type Args interface {
	Kind() string
}

// Job is what a kind's work receives.
type Job[T Args] struct {
	ID      int64
	Args    T
	Attempt int // 1 on the first try; higher on retries and after a rescue
}

// KindOptions tune one kind.
type KindOptions struct {
	// Timeout bounds one attempt: the work's context is cancelled then (default 1 min). A
	// job still running Timeout + Config.RescueMargin after it started is taken for the
	// work of a dead process and worked again.
	Timeout time.Duration
	// MaxAttempts is how often a failing job is tried before it is given up (default 25,
	// with river's backoff: attempt⁴ seconds between tries).
	MaxAttempts int
}

type kind struct {
	timeout     time.Duration
	maxAttempts int
}

// kindName is the form river accepts for a kind.
var kindName = regexp.MustCompile(`\A[\w][\w\-\[\]<>\/.·:+]+\z`)

// Register makes work the handler of T's kind in q. Register every kind at wiring, before
// Start; registering a kind twice, a malformed kind, or after Start is an error.
func Register[T Args](q *Queue, opts KindOptions, work func(ctx context.Context, job Job[T]) error) error {
	var zero T
	name := zero.Kind()
	if !kindName.MatchString(name) {
		return fmt.Errorf("jobs: register %q: malformed kind", name)
	}
	if opts.Timeout < 0 || opts.MaxAttempts < 0 {
		return fmt.Errorf("jobs: register %q: negative timeout or attempts", name)
	}
	if opts.Timeout == 0 {
		opts.Timeout = DefaultTimeout
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.started {
		return fmt.Errorf("jobs: register %q: the queue has started", name)
	}
	if _, ok := q.kinds[name]; ok {
		return fmt.Errorf("jobs: register %q: kind registered twice", name)
	}
	w := &kindWorker[T]{timeout: opts.Timeout, margin: q.cfg.RescueMargin, work: work}
	if err := river.AddWorkerSafely(q.workers, w); err != nil {
		return fmt.Errorf("jobs: register %q: %w", name, err)
	}
	q.kinds[name] = kind{timeout: opts.Timeout, maxAttempts: opts.MaxAttempts}
	return nil
}

// kindWorker adapts a kind's work to river. River's own deadline and its rescuer's
// patience are the kind's timeout plus the rescue margin; the work itself gets the kind's
// timeout, so a job that overruns has the margin to return and record it before anyone
// takes it for dead.
type kindWorker[T Args] struct {
	river.WorkerDefaults[T]
	timeout, margin time.Duration
	work            func(ctx context.Context, job Job[T]) error
}

func (w *kindWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout + w.margin }

func (w *kindWorker[T]) Work(ctx context.Context, j *river.Job[T]) error {
	ctx, cancel := context.WithTimeout(ctx, w.timeout)
	defer cancel()
	return w.work(ctx, Job[T]{ID: j.ID, Args: j.Args, Attempt: j.Attempt})
}
