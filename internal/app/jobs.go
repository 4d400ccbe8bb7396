package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"kerf/internal/platform/module"
)

// jobsStopWait is how long Close lets running jobs finish before cancelling them (they are
// then retried, here after a restart or by another process).
const jobsStopWait = 20 * time.Second

// registerJobs hands the queue to every module with jobs (module.JobsModule), which
// registers its kinds.
func (a *App) registerJobs() error {
	for _, m := range a.Modules {
		if jm, ok := m.(module.JobsModule); ok {
			if err := jm.Jobs(a.Jobs); err != nil {
				return fmt.Errorf("jobs of %s: %w", m.Name(), err)
			}
		}
	}
	return nil
}

// StartJobs makes this process work jobs (KERF_JOB_WORKERS at once; 0: none) until Close.
// The database must be migrated first.
func (a *App) StartJobs(ctx context.Context) error { return a.Jobs.Start(ctx) }

// StopJobs stops working jobs: running ones may finish for a while, then are cancelled.
// Close calls it; safe when the queue never started.
func (a *App) StopJobs() {
	if a.Jobs == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), jobsStopWait)
	defer cancel()
	if err := a.Jobs.Stop(ctx); err != nil {
		slog.Warn("jobs did not stop cleanly", "err", err)
	}
}

// WaitMigrated returns once every migration the app lists has been applied (by kerf
// migrate or a kerf serve: a worker migrates nothing), checking every interval; it says
// once in the log what it waits for.
func (a *App) WaitMigrated(ctx context.Context, interval time.Duration) error {
	r := &readiness{app: a}
	said := ""
	for {
		reason, err := r.check(ctx)
		if err == nil {
			return nil
		}
		if reason != said {
			slog.InfoContext(ctx, "waiting for the database", "reason", reason, "err", err)
			said = reason
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("wait for migrations: %s: %w", reason, ctx.Err())
		case <-time.After(interval):
		}
	}
}
