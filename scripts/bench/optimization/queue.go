package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/jobs"
)

// queuedRuns is scenario 2: o.runs import files started at once, worked by the queue.
func queuedRuns(ctx context.Context, out io.Writer, c *client, w *watch, d *db.DB, e env, o options) error {
	rng := rand.New(rand.NewPCG(14, 20))
	mixed := materials{carcass: whiteMelamine, front: oakMelamine, back: hdfBack}
	files := make([]uuid.UUID, o.runs)
	copies := 0
	t0 := time.Now()
	for i := range files {
		order := fmt.Sprintf("SO-BENCH-Q%03d", i+1)
		rows := cutList(rng, order, 100+rng.IntN(201), mixed)
		data, err := workbook(e.columns, e.headerRows, rows)
		if err != nil {
			return err
		}
		f, err := c.upload(ctx, order+".xlsx", data, e.settingID)
		if err != nil {
			return err
		}
		files[i] = f.ID
		copies += f.Pieces
	}
	fmt.Fprintf(out, "scenario 2: %d runs started at once, %d part copies in all (100–300 a run over %s, %s and %s); "+
		"files uploaded in %s\n", o.runs, copies, whiteMelamine.code, oakMelamine.code, hdfBack.code, secs(time.Since(t0)))

	// Started together: every POST at once, as many operators pressing Start.
	runs := make([]runRow, o.runs)
	errs := make([]error, o.runs)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = c.Post(ctx, "/api/optimization/import-files/optimization", map[string]any{
				"importFileIds": []uuid.UUID{files[i]}, "optimizeParameterSettingId": e.paramsID}, &runs[i])
		}()
	}
	wg.Wait()
	queued := time.Since(start)
	ids := make([]uuid.UUID, len(runs))
	for i := range runs {
		if errs[i] != nil {
			return errs[i]
		}
		ids[i] = runs[i].ID
	}
	seen, err := waitEnded(ctx, c, ids, time.Duration(o.runs)*(o.timeLimit+time.Minute))
	if err != nil {
		return err
	}
	var last time.Time
	for _, t := range seen {
		if t.After(last) {
			last = t
		}
	}
	wall := last.Sub(start)

	var waits, times []time.Duration
	boards, lower, atBound := 0, 0, 0
	var problems []string
	for i := range runs {
		r, err := c.runByPlan(ctx, runs[i].PlanNo)
		if err != nil {
			return err
		}
		ev := w.of(r.ID.String())
		if r.Status != runFinished || ev.starts != 1 || ev.finishes != 1 {
			problems = append(problems, fmt.Sprintf("%s: status %d, started %d times, finished %d times %s",
				r.PlanNo, r.Status, ev.starts, ev.finishes, r.Error))
			continue
		}
		waits = append(waits, ev.started.Sub(r.CreationTime))
		times = append(times, ev.written.Sub(ev.started))
		boards += r.Boards
		lower += r.LowerBound
		if r.Boards == r.LowerBound {
			atBound++
		}
	}
	// The queue's own record: a job worked twice would have a second attempt. River marks
	// jobs completed in batches shortly after their work returns, so it is read until every
	// job is done or a moment has passed.
	var rows []struct {
		State   string `bun:"state"`
		Attempt int    `bun:"attempt"`
	}
	once := 0
	for wait := time.Now().Add(10 * time.Second); ; {
		rows = rows[:0]
		if err := d.NewSelect().Table("river_job").Column("state", "attempt").Where("kind = ?", "optimization.run").Scan(ctx, &rows); err != nil {
			return fmt.Errorf("river_job: %w", err)
		}
		once = 0
		for _, j := range rows {
			if j.State == "completed" && j.Attempt == 1 {
				once++
			}
		}
		if once == len(rows) || time.Now().After(wait) {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	fmt.Fprintf(out, "  queued          %s  %d POST import-files/optimization at once (each verifies its file)\n", secs(queued), o.runs)
	fmt.Fprintf(out, "  total wall time %s  first start → last run seen finished (%d workers, GOMAXPROCS %d)\n", secs(wall),
		jobs.ConfigFromEnv().Workers, runtime.GOMAXPROCS(0))
	fmt.Fprintf(out, "  queue wait      p50 %s  max %s  run created → a worker started it (%d runs worked once)\n",
		secs(quantile(waits, 0.5)), secs(quantile(waits, 1)), len(waits))
	fmt.Fprintf(out, "  run time        p50 %s  max %s  started → result written (engine budget %v)\n", secs(quantile(times, 0.5)), secs(quantile(times, 1)), o.timeLimit)
	fmt.Fprintf(out, "  boards          %d in all, lower bounds %d; %d of %d runs at their lower bound (the engine stops there)\n",
		boards, lower, atBound, len(times))
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(out, "  NOT ONCE: %s\n", p)
		}
		var retried []struct {
			ID      int64  `bun:"id"`
			State   string `bun:"state"`
			Attempt int    `bun:"attempt"`
			Errors  string `bun:"errors"`
		}
		if err := d.NewSelect().Table("river_job").ColumnExpr("id, state, attempt, CAST(errors AS TEXT) AS errors").
			Where("kind = ? AND attempt > 1", "optimization.run").Scan(ctx, &retried); err != nil {
			return fmt.Errorf("river_job: %w", err)
		}
		for _, j := range retried {
			fmt.Fprintf(out, "  river job %d: %s at attempt %d, errors %s\n", j.ID, j.State, j.Attempt, j.Errors)
		}
		return fmt.Errorf("%w: %d of %d runs not worked exactly once", errFault, len(problems), o.runs)
	}
	fmt.Fprintf(out, "  exactly once    all %d runs finished, each started and finished once (its statements); river: %d of %d "+
		"optimisation jobs completed at their first attempt\n", o.runs, once, len(rows))
	if once != len(rows) {
		return fmt.Errorf("%w: river worked %d of %d jobs more than once or not to completion", errFault, len(rows)-once, len(rows))
	}
	return nil
}

// quantile of durations (nearest rank); q = 1 is the maximum.
func quantile(v []time.Duration, q float64) time.Duration {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	i := int(q*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}
