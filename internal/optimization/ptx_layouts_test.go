package optimization

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"kerf/internal/cutting"
)

// ptxLoadResult reads a run's result JSON (as the JSON download and the benchmark write it).
func ptxLoadResult(t *testing.T, path string) *RunResult {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var res RunResult
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &res
}

// ptxWriteAndReadBack writes a run's file, reads it back to every board, and checks that
// no cut runs deeper than the run's stages.
func ptxWriteAndReadBack(t *testing.T, res *RunResult) *ptxFile {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePTX(&buf, res); err != nil {
		t.Fatal(err)
	}
	f := checkPTXReadBack(t, res, buf.Bytes())
	if p := res.Parameters; p != nil && p.Stages > 0 {
		ptxDeepest(t, f, p.Stages)
	}
	return f
}

// TestPTXWritesAStripWhoseRowsEndCloserThanTheBlade: board 88 of a 2,000-part benchmark run
// (3 stages). In its last rip strip two rows end their cross cuts at x = 2683.2 and the third
// at 2687.2, with parts starting at 2687.6: no through cut fits there (0.4 mm, less than the
// 4.4 mm blade), so the strip is cut into its rows first, as the engine cut it. The file was
// refused ("pieces at 2687.6 are closer than the blade") and the solution zip answered 500.
func TestPTXWritesAStripWhoseRowsEndCloserThanTheBlade(t *testing.T) {
	res := ptxLoadResult(t, "testdata/ptx/board88.json")
	f := ptxWriteAndReadBack(t, res)
	if len(f.patterns) != 1 {
		t.Fatalf("%d patterns for one board", len(f.patterns))
	}
	if typ := f.patterns[0].rec[4]; typ != "1" {
		t.Fatalf("TYPE %s: the engine's first cuts run across the length (TYPE 1)", typ)
	}
}

// ptxRandomParts is a random mixed list of about n pieces: carcass panels, narrow strips and
// small parts, some grained, some banded, on two materials (one of them grained).
func ptxRandomParts(r *rand.Rand, n int) []CutPart {
	orders := []string{"SO1", "SO2", "SO3", "SO4"}
	cabinets := []string{"地柜", "吊柜", "衣柜", "书柜"}
	names := []string{"侧板", "顶板", "层板", "门板", "背板条", "抽面", "踢脚"}
	between := func(lo, hi int) float64 { return float64(lo + r.IntN(hi-lo+1)) }
	var parts []CutPart
	for total := 0; total < n; {
		p := CutPart{Row: len(parts) + 2, OrderNo: orders[r.IntN(len(orders))], Cabinet: cabinets[r.IntN(len(cabinets))],
			Name: names[r.IntN(len(names))], Code: fmt.Sprintf("P%03d", len(parts)+1), MaterialCode: "PB18-WW", Thickness: 18,
			Count: float64(1 + r.IntN(min(12, n-total)))}
		switch k := r.IntN(10); {
		case k < 4: // carcass panels
			p.Length, p.Width = between(300, 2300), between(200, 1100)
		case k < 6: // strips
			p.Length, p.Width = between(400, 2300), between(50, 160)
		default: // small parts
			p.Length, p.Width = between(100, 600), between(80, 450)
		}
		if r.IntN(5) == 0 {
			p.MaterialCode, p.Thickness = "MDF25-OK", 25
			p.Length = min(p.Length, 2400)
		}
		p.Grain = r.IntN(4) == 0
		if r.IntN(3) == 0 {
			p.Banding = Banding{Top: 1, Bottom: 1}
			if r.IntN(2) == 0 {
				p.Banding.Left, p.Banding.Right = 2, 2
			}
		}
		total += int(p.Count)
		parts = append(parts, p)
	}
	return parts
}

// ptxRandomRunEffort is the engine's budget for a random run: a fifth of a second of search,
// enough for the improved layouts (rows of a strip ending a fraction of a blade apart) that
// a quick first layout never shows.
const ptxRandomRunEffort = 5_000_000

// TestPTXReadsBackRandomMixedRuns: real engine runs of random mixed lists of 100–600 pieces,
// 2 and 3 stages (and unlimited), first cuts along and across the length (and either), blades
// of 4.4 and 3.2 mm, trims of 10 and 0: every run is written and read back to every board,
// never deeper than its stages.
func TestPTXReadsBackRandomMixedRuns(t *testing.T) {
	type setup struct {
		stages, firstCut int
		kerf, trim       float64
	}
	var setups []setup
	for _, stages := range []int{2, 3} {
		for _, firstCut := range []int{1, 2} {
			for _, kerf := range []float64{4.4, 3.2} {
				for _, trim := range []float64{10, 0} {
					setups = append(setups, setup{stages, firstCut, kerf, trim})
				}
			}
		}
	}
	setups = append(setups, setup{3, 0, 4.4, 10}, setup{3, 0, 3.2, 0}, setup{0, 0, 4.4, 10}, setup{2, 0, 4.4, 5})
	rounds := 3 // each setup with three lists
	if testing.Short() {
		rounds = 1
	}
	base := setups
	for range rounds - 1 {
		setups = append(setups, base...)
	}
	r := rand.New(rand.NewPCG(14, 2026))
	for i, s := range setups {
		n := 100 + r.IntN(501)
		parts := ptxRandomParts(r, n)
		seed := r.Uint64()
		name := fmt.Sprintf("%d_%d-stage_first-cut-%d_kerf-%g_trim-%g_%d-pieces", i, s.stages, s.firstCut, s.kerf, s.trim, n)
		t.Run(name, func(t *testing.T) {
			params := ParameterSetting{Name: "随机", Kerf: s.kerf, Trim: s.trim, Stages: s.stages, FirstCut: s.firstCut, Rotate: true,
				MinOffcutLength: 300, MinOffcutWidth: 200}
			res := ptxEngineRun(t, parts, params, seed, ptxRandomRunEffort)
			f := ptxWriteAndReadBack(t, res)
			if s.firstCut == 1 {
				ptxPatternTypes(t, f, "0")
			}
			if s.firstCut == 2 {
				ptxPatternTypes(t, f, "1")
			}
		})
	}
}

// TestPTXTrimsAPieceWhoseNeighbourIsLessThanTwoBladesAway: two parts 7 mm apart with a 4 mm
// blade leave a 3 mm sliver, too narrow to be a waste piece between two cuts. The first part
// is cut with the sliver (303 mm, one blade before the second part) and trimmed out of it, so
// the board is still written and both parts stand where the run put them. (The engine packs
// pieces one blade apart and never leaves such a gap; a layout from elsewhere may.)
func TestPTXTrimsAPieceWhoseNeighbourIsLessThanTwoBladesAway(t *testing.T) {
	part := func(x float64) ResultPart {
		return ResultPart{Name: "P", Code: "P1", CutLength: 300, CutWidth: 500, X: x, Y: 0, Grain: true}
	}
	res := &RunResult{PlanNo: "OP3", Figures: Figures{Parts: 2}, Parameters: &ParameterSetting{Kerf: 4},
		Sheets: []ResultSheet{{Index: 1, BoardCode: "B", Material: "M", Thickness: 18, Length: 1000, Width: 500,
			Cuts:    []cutting.Cut{{Seq: 1, Stage: 1, X1: 300, Y1: 0, X2: 300, Y2: 500}},
			Parts:   []ResultPart{part(0), part(307)},
			Offcuts: []cutting.Offcut{{X: 611, Y: 0, Length: 389, Width: 500}}}}}
	f := ptxWriteAndReadBack(t, res)
	var got []string
	for _, c := range f.patterns[0].cuts {
		got = append(got, strings.Join(c[3:10], ","))
	}
	// the 303 mm strip (phase 1), its whole 500 mm width (phase 2: no cut), the part trimmed
	// out of it (phase 3); then the second part, one blade after the strip
	want := []string{"1,1,1,303,1,0,0", "2,3,2,500,1,0,0", "3,4,3,300,1,1,1", "4,2,1,300,1,1,1"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("cuts %q, want %q", got, want)
	}
}
