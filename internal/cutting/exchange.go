package cutting

import "sync"

// exchangePoints is the number of checkpoints, evenly spaced in work units over a worker's
// budget, at which the workers of a group compare their best solutions. A worker whose best
// uses more boards than another's adopts that one (ties to the lower worker number) and
// continues its own search from it. Every worker waits at a checkpoint until each other
// worker has posted its best for that checkpoint or has finished, so what a worker sees
// depends only on the seeds and the budget, never on timing.
const exchangePoints = 9

type exchange struct {
	mu    sync.Mutex
	cond  *sync.Cond
	posts [][]*solution // posts[w][k]: worker w's best at checkpoint k
	done  []bool
	final []*solution
}

func newExchange(workers int) *exchange {
	e := &exchange{posts: make([][]*solution, workers), done: make([]bool, workers), final: make([]*solution, workers)}
	e.cond = sync.NewCond(&e.mu)
	return e
}

// checkpoint returns the work count of checkpoint k (0-based) for a budget.
func checkpoint(budget int64, k int) int64 {
	return budget / (exchangePoints + 1) * int64(k+1)
}

// post publishes worker w's best at checkpoint k (its k-th post) and returns, once every
// other worker has posted checkpoint k or finished, the best solution of all workers
// (ties to the lowest worker number).
func (e *exchange) post(pr *problem, w, k int, best *solution) *solution {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.posts[w] = append(e.posts[w], best)
	e.cond.Broadcast()
	for {
		ready := true
		for j := range e.posts {
			if j != w && len(e.posts[j]) <= k && !e.done[j] {
				ready = false
				break
			}
		}
		if ready {
			break
		}
		e.cond.Wait()
	}
	var out *solution
	for j := range e.posts {
		s := best
		if j != w {
			if len(e.posts[j]) > k {
				s = e.posts[j][k]
			} else {
				s = e.final[j]
			}
		}
		if s == nil {
			continue
		}
		if out == nil || pr.cost(s) < pr.cost(out) {
			out = s
		}
	}
	return out
}

// finish records worker w's final best (nil if it has none) and wakes the waiting workers.
func (e *exchange) finish(w int, best *solution) {
	e.mu.Lock()
	e.done[w] = true
	e.final[w] = best
	e.cond.Broadcast()
	e.mu.Unlock()
}
