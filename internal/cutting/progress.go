package cutting

import (
	"sync"
	"time"
)

const defaultProgressEvery = 250 * time.Millisecond

// reporter tells Params.Progress where a Solve stands: a ticker while a group is searched,
// and the figures of the groups done.
type reporter struct {
	fn     func(Progress)
	every  time.Duration
	groups []group
	total  int

	mu        sync.Mutex // guards what follows and serialises fn
	cur       Progress
	doneShare float64 // items share of the groups done
	share     float64 // items share of the current group
	since     time.Time
	span      time.Duration // the current group's time budget
	itemArea  int64
	boardArea int64
	ticker    *time.Ticker
	quit      chan struct{}
	wg        sync.WaitGroup
}

func newReporter(p Params, groups []group, totalItems int) *reporter {
	r := &reporter{fn: p.Progress, every: p.ProgressEvery, groups: groups, total: max(totalItems, 1)}
	if r.fn == nil {
		return r
	}
	if r.every <= 0 {
		r.every = defaultProgressEvery
	}
	r.cur.Groups = len(groups)
	for _, g := range groups {
		r.cur.LowerBound += g.prob.lb
	}
	r.report()
	r.ticker = time.NewTicker(r.every)
	r.quit = make(chan struct{})
	tick := r.ticker.C
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		for {
			select {
			case <-r.quit:
				return
			case <-tick:
				r.mu.Lock()
				r.cur.Percent = r.percent()
				r.report()
				r.mu.Unlock()
			}
		}
	}()
	return r
}

// percent is the share of the groups done plus the elapsed part of the current group's budget,
// below 100 until the end.
func (r *reporter) percent() float64 {
	f := 0.0
	if r.span > 0 {
		f = min(1, float64(time.Since(r.since))/float64(r.span))
	}
	return min(99, 100*(r.doneShare+r.share*f))
}

func (r *reporter) report() { r.fn(r.cur) }

func (r *reporter) startGroup(gi int, remaining time.Duration) {
	if r.fn == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.share = float64(r.groups[gi].items) / float64(r.total)
	rest := 0
	for _, g := range r.groups[gi:] {
		rest += g.items
	}
	r.span = time.Duration(float64(remaining) * float64(r.groups[gi].items) / float64(max(rest, 1)))
	r.since = time.Now()
}

func (r *reporter) doneGroup(gi int, best *solution) {
	if r.fn == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	pr := r.groups[gi].prob
	for _, l := range best.lays {
		t := pr.types[l.typ]
		r.itemArea += l.itemArea
		r.boardArea += t.w * t.h
	}
	r.doneShare += r.share
	r.share, r.span = 0, 0
	r.cur.Group = gi + 1
	r.cur.Boards += len(best.lays)
	if r.boardArea > 0 {
		r.cur.Utilisation = float64(r.itemArea) / float64(r.boardArea)
	}
	r.cur.Percent = r.percent()
	r.report()
}

func (r *reporter) finish() {
	if r.fn == nil {
		return
	}
	r.stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cur.Percent = 100
	r.report()
}

func (r *reporter) stop() {
	if r.ticker == nil {
		return
	}
	r.ticker.Stop()
	close(r.quit)
	r.ticker = nil
	r.wg.Wait()
}
