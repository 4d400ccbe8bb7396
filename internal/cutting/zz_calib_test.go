package cutting

import (
	"os"
	"testing"
	"time"
	"context"
)

func TestZZCalib(t *testing.T) {
	dir := "/work/shared/benchmarks/2bp/instances/"
	for _, name := range []string{"berkey1987/Class_01.2bp_100_8", "martello1998/Class_07.2bp_100_1", "berkey1987/Class_02.2bp_100_1", "martello1998/Class_10.2bp_100_3", "berkey1987/Class_05.2bp_60_3"} {
		f, _ := os.Open(dir + name + "_items.csv")
		parts, _ := ReadItems(f)
		f.Close()
		g, _ := os.Open(dir + name + "_bins.csv")
		boards, _ := ReadBins(g)
		g.Close()
		groups, _ := buildGroups(boards, parts, Params{})
		pr := groups[0].prob
		b := newBuilder(pr, 1)
		s := b.construct()
		st := time.Now()
		r := b.search(context.Background(), s, 1<<62, time.Now().Add(time.Second))
		el := time.Since(st)
		t.Logf("%s: start %d best %d lb %d iters %d work %d rate %.0f/s  %.0f it/s", name, len(s.lays), len(r.best.lays), pr.lb, r.iters, r.work, float64(r.work)/el.Seconds(), float64(r.iters)/el.Seconds())
	}
}
