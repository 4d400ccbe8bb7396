package cutting

import (
	"os"
	"path/filepath"
	"strings"
	"encoding/csv"
	"strconv"
	"testing"
)

func TestZZBound(t *testing.T) {
	f, _ := os.Open("/work/shared/benchmarks/2bp/best_known_oriented.csv")
	recs, _ := csv.NewReader(f).ReadAll()
	best := map[string]int{}
	for _, r := range recs { v, _ := strconv.ParseFloat(r[1], 64); best[filepath.Base(r[0])] = int(v) }
	files, _ := filepath.Glob("/work/shared/benchmarks/2bp/instances/*/*_items.csv")
	tot := 0
	for _, fn := range files {
		f, _ := os.Open(fn)
		parts, _ := ReadItems(f)
		f.Close()
		g, _ := os.Open(strings.Replace(fn, "_items", "_bins", 1))
		boards, _ := ReadBins(g)
		g.Close()
		groups, _ := buildGroups(boards, parts, Params{})
		pr := groups[0].prob
		name := strings.TrimSuffix(filepath.Base(fn), "_items.csv")
		tot += pr.lb
		if pr.lb > best[name] { t.Logf("%s: lb %d > best %d", name, pr.lb, best[name]) }
	}
	t.Logf("total %d", tot)
}
