// Command 2bp runs the cutting optimiser on the 500 classic two-dimensional bin packing
// instances (Berkey and Wang 1987, Martello and Vigo 1998) with and without rotation,
// verifies every solution with the independent checker, and compares the total number of
// bins with the best known totals and the lower bounds. It also runs a generated factory
// order (a 500-part cabinet job).
//
//	go run ./scripts/bench/2bp [-time 1s] [-class 7] [-limit 20] [-mode both|no|rot] [-factory]
package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"kerf/internal/cutting"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		slog.Error("2bp benchmark failed", "err", err)
		os.Exit(1)
	}
}

type config struct {
	dir      string
	limit    time.Duration
	class    string
	n        int
	mode     string
	factory  bool
	seed     uint64
	workers  int
	onlyFact bool
	sample   int
	effort   int64
}

func run(ctx context.Context, args []string, out io.Writer) error {
	var c config
	fs := flag.NewFlagSet("2bp", flag.ContinueOnError)
	fs.StringVar(&c.dir, "dir", "../shared/benchmarks/2bp", "benchmark folder")
	fs.DurationVar(&c.limit, "time", time.Second, "time limit per instance")
	fs.StringVar(&c.class, "class", "", "only this class (e.g. 7 or 01)")
	fs.IntVar(&c.n, "limit", 0, "run at most this many instances per mode (0 = all)")
	fs.StringVar(&c.mode, "mode", "both", "no (oriented), rot (rotation) or both")
	fs.BoolVar(&c.factory, "factory", true, "also run the generated factory order")
	fs.BoolVar(&c.onlyFact, "factory-only", false, "run only the factory order")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed")
	fs.IntVar(&c.sample, "sample", 1, "run every k-th instance only (quick runs)")
	fs.Int64Var(&c.effort, "effort", 0, "work budget per worker (0 = derived from -time)")
	fs.IntVar(&c.workers, "workers", 2, "search workers per instance")
	if err := fs.Parse(args); err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	if !c.onlyFact {
		insts, err := listInstances(c.dir, c.class)
		if err != nil {
			return err
		}
		if c.sample > 1 {
			var keep []instance
			for i, in := range insts {
				if i%c.sample == 0 {
					keep = append(keep, in)
				}
			}
			insts = keep
		}
		if c.n > 0 && c.n < len(insts) {
			insts = insts[:c.n]
		}
		modes := []bool{false, true}
		switch c.mode {
		case "no":
			modes = []bool{false}
		case "rot":
			modes = []bool{true}
		}
		for _, rot := range modes {
			if err := runMode(ctx, w, c, insts, rot); err != nil {
				return err
			}
			w.Flush()
		}
	}
	if c.factory || c.onlyFact {
		if err := runFactory(ctx, w, c); err != nil {
			return err
		}
	}
	return nil
}

type instance struct {
	path  string // e.g. berkey1987/Class_01.2bp_20_1
	class int
	n     int
}

var namePat = regexp.MustCompile(`Class_(\d+)\.2bp_(\d+)_(\d+)$`)

func listInstances(dir, class string) ([]instance, error) {
	var out []instance
	for _, sub := range []string{"berkey1987", "martello1998"} {
		files, err := filepath.Glob(filepath.Join(dir, "instances", sub, "*_items.csv"))
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", sub, err)
		}
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), "_items.csv")
			m := namePat.FindStringSubmatch(name)
			if m == nil {
				continue
			}
			cl, _ := strconv.Atoi(m[1])
			n, _ := strconv.Atoi(m[2])
			if class != "" {
				if want, err := strconv.Atoi(class); err != nil || want != cl {
					continue
				}
			}
			out = append(out, instance{path: sub + "/" + name, class: cl, n: n})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no instances found in %s", dir)
	}
	idx := func(p string) int {
		m := namePat.FindStringSubmatch(p)
		v, _ := strconv.Atoi(m[3])
		return v
	}
	slices.SortFunc(out, func(a, b instance) int {
		if a.class != b.class {
			return a.class - b.class
		}
		if a.n != b.n {
			return a.n - b.n
		}
		return idx(a.path) - idx(b.path)
	})
	return out, nil
}

// readBest reads Path,value lines whose path ends in _N_M (single instances).
func readBest(path string) (map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open best known: %w", err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	out := map[string]int{}
	for _, r := range recs {
		if len(r) < 2 || !namePat.MatchString(r[0]) {
			continue
		}
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			continue
		}
		// the Class folders of some files are mislabelled; key by the name only
		out[filepath.Base(r[0])] = int(v)
	}
	return out, nil
}

type tally struct {
	inst, bins, best, best3, l0, lb, hitLB int
	time                                   time.Duration
	maxTime                                time.Duration
}

func (t *tally) add(o tally) {
	t.inst += o.inst
	t.bins += o.bins
	t.best += o.best
	t.best3 += o.best3
	t.l0 += o.l0
	t.lb += o.lb
	t.hitLB += o.hitLB
	t.time += o.time
	t.maxTime = max(t.maxTime, o.time)
}

func runMode(ctx context.Context, w *bufio.Writer, c config, insts []instance, rot bool) error {
	bestFile, best3File, label := "best_known_oriented.csv", "best_known_3nho.csv", "without rotation"
	if rot {
		bestFile, best3File, label = "best_known_rotation.csv", "best_known_3nhr.csv", "with rotation"
	}
	best, err := readBest(filepath.Join(c.dir, bestFile))
	if err != nil {
		return err
	}
	best3, err := readBest(filepath.Join(c.dir, best3File))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "== 2BP %s, unlimited stages, kerf 0, %v per instance, %d workers ==\n", label, c.limit, c.workers)
	perClass := map[int]*tally{}
	var classes []int
	var total tally
	for _, in := range insts {
		boards, parts, err := load(c.dir, in.path, rot)
		if err != nil {
			return err
		}
		p := cutting.Params{TimeLimit: c.limit, Seed: c.seed, Workers: c.workers, Effort: c.effort}
		start := time.Now()
		res, err := cutting.Solve(ctx, boards, parts, p)
		el := time.Since(start)
		if err != nil {
			return fmt.Errorf("%s: %w", in.path, err)
		}
		if err := cutting.Verify(boards, parts, p, res); err != nil {
			return fmt.Errorf("%s: solution rejected by the checker: %w", in.path, err)
		}
		name := filepath.Base(in.path)
		t := tally{inst: 1, bins: res.BoardsUsed, best: best[name], best3: best3[name],
			l0: l0(boards[0], parts), lb: res.LowerBound, time: el}
		if res.BoardsUsed == res.LowerBound {
			t.hitLB = 1
		}
		if perClass[in.class] == nil {
			perClass[in.class] = &tally{}
			classes = append(classes, in.class)
		}
		perClass[in.class].add(t)
		total.add(t)
		if res.BoardsUsed > best[name] {
			fmt.Fprintf(w, "  %-28s bins %3d  best %3d  lb %3d  %6.2fs\n", in.path, res.BoardsUsed, best[name], res.LowerBound, el.Seconds())
			w.Flush()
		}
	}
	third := "3nho"
	if rot {
		third = "3nhr"
	}
	lbName := "MV bound"
	if rot {
		lbName = "L0+big"
	}
	fmt.Fprintf(w, "%-8s %5s %6s %6s %6s %6s %9s %6s %8s %8s\n", "class", "inst", "bins", "best", third, "L0", lbName, "at LB", "avg s", "max s")
	row := func(name string, t tally) {
		fmt.Fprintf(w, "%-8s %5d %6d %6d %6d %6d %9d %6d %8.3f %8.3f\n", name, t.inst, t.bins, t.best, t.best3, t.l0, t.lb, t.hitLB,
			t.time.Seconds()/float64(max(t.inst, 1)), t.maxTime.Seconds())
	}
	for _, cl := range classes {
		row(fmt.Sprintf("class %d", cl), *perClass[cl])
	}
	row("total", total)
	fmt.Fprintf(w, "total bins %d vs best known %d (+%d), %s %d, continuous bound %d, %s %d\n\n",
		total.bins, total.best, total.bins-total.best, third, total.best3, total.l0, lbName, total.lb)
	return nil
}

func load(dir, path string, rot bool) ([]cutting.Board, []cutting.Part, error) {
	f, err := os.Open(filepath.Join(dir, "instances", path+"_items.csv"))
	if err != nil {
		return nil, nil, fmt.Errorf("open items: %w", err)
	}
	defer f.Close()
	parts, err := cutting.ReadItems(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s items: %w", path, err)
	}
	g, err := os.Open(filepath.Join(dir, "instances", path+"_bins.csv"))
	if err != nil {
		return nil, nil, fmt.Errorf("open bins: %w", err)
	}
	defer g.Close()
	boards, err := cutting.ReadBins(g)
	if err != nil {
		return nil, nil, fmt.Errorf("%s bins: %w", path, err)
	}
	if rot {
		for i := range parts {
			parts[i].Grain = cutting.GrainFree
		}
	}
	return boards, parts, nil
}

func l0(b cutting.Board, parts []cutting.Part) int {
	var a float64
	for _, p := range parts {
		a += p.Length * p.Width * float64(p.Quantity)
	}
	ba := b.Length * b.Width
	n := int(a / ba)
	if float64(n)*ba < a {
		n++
	}
	return n
}
