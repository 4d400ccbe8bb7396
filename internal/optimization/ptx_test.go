package optimization

import (
	"bytes"
	"context"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"kerf/internal/cutting"
)

// tinyPTXRun is a hand-made run: two identical 1000 × 500 boards (trim 5, blade 4), each cut
// into a 200 mm rip strip with two side panels and a kept offcut, and a 286 mm strip with a
// turned door (its name holds a comma and quotes) and a kept offcut.
func tinyPTXRun() *RunResult {
	sheet := func(i int) ResultSheet {
		side := func(x float64) ResultPart {
			return ResultPart{LabelCode: "x", OrderNo: "SO1", Cabinet: "地柜", Name: "侧板", Code: "S1", FinishedLength: 400,
				FinishedWidth: 200, CutLength: 400, CutWidth: 200, X: x, Y: 5}
		}
		return ResultSheet{Index: i, BoardCode: "B1", Material: "PB18-WW", Thickness: 18, Length: 1000, Width: 500,
			Cuts: []cutting.Cut{{Seq: 1, Stage: 1, X1: 5, Y1: 205, X2: 995, Y2: 205}, {Seq: 2, Stage: 2, X1: 405, Y1: 5, X2: 405, Y2: 205},
				{Seq: 3, Stage: 2, X1: 809, Y1: 5, X2: 809, Y2: 205}, {Seq: 4, Stage: 2, X1: 305, Y1: 209, X2: 305, Y2: 495}},
			Parts: []ResultPart{side(5), side(409),
				{OrderNo: "SO2", Cabinet: "吊柜", Name: `门板, "左"`, FinishedLength: 286, FinishedWidth: 302, CutLength: 300, CutWidth: 286,
					X: 5, Y: 209, Rotated: true, Banding: Banding{Top: 2, Bottom: 2}}},
			Offcuts: []cutting.Offcut{{X: 813, Y: 5, Length: 182, Width: 200, Reusable: true}, {X: 309, Y: 209, Length: 686, Width: 286, Reusable: true}}}
	}
	return &RunResult{PlanNo: "OP20261124001", Figures: Figures{Boards: 2, Parts: 6, WastePct: 12.5},
		Parameters: &ParameterSetting{Name: "标准", Kerf: 4, Trim: 5, Rotate: true},
		Machine:    &MachineSetting{Name: "HPP 250", BookHeight: 75},
		Sheets:     []ResultSheet{sheet(1), sheet(2)},
		Patterns:   []cutting.Pattern{{Index: 0, Count: 2, Sheets: []int{0, 1}}}}
}

// TestPTXOfATinyRunIsTheGolden: every record of a run small enough to check by hand.
func TestPTXOfATinyRunIsTheGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePTX(&buf, tinyPTXRun()); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		`HEADER,1,"OP20261124001",0,0,1`,
		`JOBS,1,"OP20261124001","SO1 SO2",,,,,"标准","HPP 250",,12.5`,
		`PARTS_REQ,1,1,"S1",1,400,200,4,0,0,0,4`,
		`PARTS_REQ,1,2,"门板, ""左""",1,286,300,2,0,0,0,2`,
		`PARTS_INF,1,1,"侧板",4,400,200,"SO1",,,,,,,,,,,"PB18-WW",,,"地柜"`,
		`PARTS_INF,1,2,"门板, ""左""",2,286,302,"SO2","2","2",,,,,,,,,"PB18-WW",,,"吊柜"`,
		`BOARDS,1,1,"B1",1,1000,500,,2`,
		`MATERIALS,1,1,"PB18-WW",,18,4,4,4,5,5,5,5,0,0,0,,,,`,
		`OFFCUTS,1,1,"OP20261124001-X1",1,182,200,2`,
		`OFFCUTS,1,2,"OP20261124001-X2",1,686,286,2`,
		`PATTERNS,1,1,1,0,2,1,4,,,`,
		`CUTS,1,1,1,1,1,200,1,0,0,`,
		`CUTS,1,1,2,3,2,400,2,1,2,`,
		`CUTS,1,1,3,4,92,182,1,X1,,`,
		`CUTS,1,1,4,2,1,286,1,0,0,`,
		`CUTS,1,1,5,5,2,300,1,2,1,`,
		`CUTS,1,1,6,6,92,686,1,X2,,`,
	}, "\r\n") + "\r\n"
	if got := buf.String(); got != want {
		gl, wl := strings.Split(got, "\r\n"), strings.Split(want, "\r\n")
		for i := range max(len(gl), len(wl)) {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("line %d\n got %s\nwant %s", i+1, g, w)
			}
		}
	}
	checkPTXReadBack(t, tinyPTXRun(), buf.Bytes())
}

// TestPTXTextFieldsKeepCommasQuotesAndChinese: a CSV reader gets the names back whole, in
// UTF-8, and a line break in a name cannot split a record.
func TestPTXTextFieldsKeepCommasQuotesAndChinese(t *testing.T) {
	res := tinyPTXRun()
	res.Sheets[0].Parts[0].Name = "侧板,\"A\"\n第二行"
	res.Sheets[1].Parts[0].Name = "侧板,\"A\"\n第二行"
	var buf bytes.Buffer
	if err := WritePTX(&buf, res); err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(&buf)
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, rec := range recs {
		if rec[0] == "PARTS_INF" {
			names[rec[3]] = true
		}
	}
	if !names[`侧板,"A" 第二行`] || !names[`门板, "左"`] {
		t.Fatalf("names read back: %v", names)
	}
}

// TestPTXRefusesALayoutWithoutThroughCuts: four parts turning round a hole (a pinwheel)
// cannot be cut by a panel saw; the file says so instead of describing other boards.
func TestPTXRefusesALayoutWithoutThroughCuts(t *testing.T) {
	part := func(x, y, l, w float64) ResultPart {
		return ResultPart{Name: "P", CutLength: l, CutWidth: w, X: x, Y: y}
	}
	res := &RunResult{PlanNo: "OP1", Parameters: &ParameterSetting{},
		Sheets: []ResultSheet{{Index: 1, BoardCode: "B", Material: "M", Thickness: 18, Length: 300, Width: 300,
			Parts:   []ResultPart{part(0, 0, 200, 100), part(200, 0, 100, 200), part(100, 200, 200, 100), part(0, 100, 100, 200)},
			Offcuts: []cutting.Offcut{{X: 100, Y: 100, Length: 100, Width: 100}}}}}
	err := WritePTX(&bytes.Buffer{}, res)
	if err == nil || !strings.Contains(err.Error(), "not guillotine") {
		t.Fatalf("err = %v", err)
	}
}

// ptxTestRun cuts parts with the real engine and makes the run's result as a finished run does.
func ptxTestRun(t *testing.T, parts []CutPart, params ParameterSetting) *RunResult {
	t.Helper()
	return ptxEngineRun(t, parts, params, 7, 3000)
}

// ptxEngineRun is ptxTestRun with the engine's seed and effort; the engine's own check
// (cutting.Verify) must pass, so a file that cannot be written is the writer's fault.
func ptxEngineRun(t *testing.T, parts []CutPart, params ParameterSetting, seed uint64, effort int64) *RunResult {
	t.Helper()
	mats := map[string]PlanMaterial{
		"PB18-WW": {Code: "PB18-WW", Thickness: 18, Enabled: true, EdgeAllowance: 1,
			Boards: []PlanBoard{{Code: "B2440", Length: 2440, Width: 1220, Cost: 138}}},
		"MDF25-OK": {Code: "MDF25-OK", Thickness: 25, Enabled: true, Grain: true,
			Boards: []PlanBoard{{Code: "M2800", Length: 2800, Width: 2070, Cost: 260}}},
	}
	machine := MachineSetting{Name: "HPP 250", BookHeight: 75, FeedSpeed: 80, ReturnSpeed: 150, CutTime: 6, LoadTime: 40}
	boards, eparts := EngineInput(parts, mats, params.Rotate)
	cp := cutting.Params{Kerf: params.Kerf, Trim: params.Trim,
		Stages: params.Stages, FirstCut: cutting.Direction(params.FirstCut), MinOffcutLength: params.MinOffcutLength,
		MinOffcutWidth: params.MinOffcutWidth, TimeLimit: 5 * time.Second, Effort: effort, Seed: seed}
	res, err := cutting.Solve(context.Background(), boards, eparts, cp)
	if err != nil {
		t.Fatal(err)
	}
	if err := cutting.Verify(boards, eparts, cp, res); err != nil {
		t.Fatalf("the engine's own check: %v", err)
	}
	saw := Saw{BookHeight: machine.BookHeight, FeedSpeed: machine.FeedSpeed, ReturnSpeed: machine.ReturnSpeed,
		CutTime: machine.CutTime, LoadTime: machine.LoadTime}
	out := &RunResult{PlanNo: "OP20261124007", Figures: FiguresOf(res, saw), Parameters: &params, Machine: &machine,
		LowerBound: res.LowerBound, Patterns: res.Patterns}
	for i, sh := range res.Sheets {
		rs := ResultSheet{Index: i + 1, BoardCode: sh.BoardID, Material: sh.Material, Thickness: sh.Thickness,
			Length: sh.Length, Width: sh.Width, Pattern: sh.Pattern, Utilisation: sh.Utilisation, Cuts: sh.Cuts, Offcuts: sh.Offcuts}
		for j, p := range sh.Placements {
			cp := parts[p.Part]
			rs.Parts = append(rs.Parts, ResultPart{LabelCode: LabelCode(out.PlanNo, i+1, j+1), OrderNo: cp.OrderNo, Cabinet: cp.Cabinet,
				Name: cp.Name, Code: cp.Code, FinishedLength: cp.Length, FinishedWidth: cp.Width, CutLength: p.Length, CutWidth: p.Width,
				X: p.X, Y: p.Y, Rotated: p.Rotated, Grain: cp.Grain, Banding: cp.Banding})
		}
		out.Sheets = append(out.Sheets, rs)
	}
	return out
}

func ptxMixedParts() []CutPart {
	return []CutPart{
		{Row: 2, OrderNo: "SO1", Cabinet: "地柜", Name: `侧板, "左"`, Code: "S-1", MaterialCode: "PB18-WW", Thickness: 18, Length: 720, Width: 560, Count: 6,
			Banding: Banding{Top: 2, Bottom: 1}},
		{Row: 3, OrderNo: "SO1", Cabinet: "地柜", Name: "顶板", MaterialCode: "PB18-WW", Thickness: 18, Length: 864, Width: 560, Count: 3},
		{Row: 4, OrderNo: "SO2", Cabinet: "吊柜", Name: "层板", MaterialCode: "PB18-WW", Thickness: 18, Length: 562, Width: 300, Count: 9,
			Banding: Banding{Top: 1}},
		{Row: 5, OrderNo: "SO2", Cabinet: "吊柜", Name: "门板", MaterialCode: "PB18-WW", Thickness: 18, Length: 716, Width: 396, Count: 4,
			Banding: Banding{2, 2, 2, 2}},
		{Row: 6, OrderNo: "SO3", Cabinet: "衣柜", Name: "背板条", MaterialCode: "PB18-WW", Thickness: 18, Length: 1200, Width: 96, Count: 7},
		{Row: 7, OrderNo: "SO3", Cabinet: "衣柜", Name: "门", MaterialCode: "MDF25-OK", Thickness: 25, Length: 2000, Width: 450, Count: 4},
		{Row: 8, OrderNo: "SO3", Cabinet: "衣柜", Name: "抽面", MaterialCode: "MDF25-OK", Thickness: 25, Length: 446, Width: 180, Count: 8},
	}
}

// TestPTXReadsBackToEveryBoardOfRealRuns: the engine's results written and read back; every
// board's parts rebuilt from the cuts stand where the run put them, with their reference.
func TestPTXReadsBackToEveryBoardOfRealRuns(t *testing.T) {
	base := ParameterSetting{Name: "标准", Kerf: 4.4, Trim: 10, Rotate: true}
	with := func(f func(*ParameterSetting)) ParameterSetting {
		p := base
		f(&p)
		return p
	}
	grained := ptxMixedParts()
	for i := range grained {
		grained[i].Grain = true
	}
	same := []CutPart{{Row: 2, OrderNo: "SO9", Cabinet: "地柜", Name: "侧板", MaterialCode: "PB18-WW", Thickness: 18, Length: 720, Width: 560, Count: 40}}
	cases := []struct {
		name   string
		parts  []CutPart
		params ParameterSetting
		check  func(t *testing.T, f *ptxFile)
	}{
		{"a small mixed list of two materials", ptxMixedParts(), base, nil},
		{"grain-locked parts never turn", grained, base, nil},
		{"two stages: rips and cross cuts only", ptxMixedParts(), with(func(p *ParameterSetting) { p.Stages = 2 }),
			func(t *testing.T, f *ptxFile) { ptxDeepest(t, f, 2) }},
		{"three stages: no deeper than recuts", ptxMixedParts(), with(func(p *ParameterSetting) { p.Stages = 3 }),
			func(t *testing.T, f *ptxFile) { ptxDeepest(t, f, 3) }},
		{"identical boards share one pattern with their count", same, base, func(t *testing.T, f *ptxFile) {
			for _, p := range f.patterns {
				if p.rec[5] != "1" {
					return
				}
			}
			t.Fatalf("no pattern cut more than once among %d", len(f.patterns))
		}},
		{"kept offcuts are written and referenced", ptxMixedParts(), with(func(p *ParameterSetting) { p.MinOffcutLength, p.MinOffcutWidth = 300, 200 }),
			func(t *testing.T, f *ptxFile) {
				if len(f.offcuts) == 0 {
					t.Fatal("no offcut kept")
				}
			}},
		{"first cuts along the length: rip patterns", ptxMixedParts(), with(func(p *ParameterSetting) { p.FirstCut = 1; p.Stages = 3 }),
			func(t *testing.T, f *ptxFile) { ptxPatternTypes(t, f, "0") }},
		{"first cuts across the length: turned boards", ptxMixedParts(), with(func(p *ParameterSetting) { p.FirstCut = 2; p.Stages = 3 }),
			func(t *testing.T, f *ptxFile) { ptxPatternTypes(t, f, "1") }},
		{"no blade, no trim", ptxMixedParts(), with(func(p *ParameterSetting) { p.Kerf, p.Trim = 0, 0 }), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := ptxTestRun(t, c.parts, c.params)
			var buf bytes.Buffer
			if err := WritePTX(&buf, res); err != nil {
				t.Fatal(err)
			}
			f := checkPTXReadBack(t, res, buf.Bytes())
			if c.check != nil {
				c.check(t, f)
			}
		})
	}
}

func ptxDeepest(t *testing.T, f *ptxFile, most int) {
	t.Helper()
	for _, p := range f.patterns {
		for _, c := range p.cuts {
			if fn := ptxInt(t, c[5]); fn%90 > most || fn < 1 {
				t.Fatalf("pattern %s: FUNCTION %d in a %d-stage run", p.rec[2], fn, most)
			}
		}
	}
}

func ptxPatternTypes(t *testing.T, f *ptxFile, typ string) {
	t.Helper()
	for _, p := range f.patterns {
		if p.rec[4] != typ {
			t.Fatalf("pattern %s: TYPE %s, want %s", p.rec[2], p.rec[4], typ)
		}
	}
}

// TestPTXSplitsAPatternWhosePartsDiffer: the engine counts boards of one layout as one
// pattern even when two orders' parts of one size sit at the same place; the file writes
// one pattern per set of parts, so each board's labels match its cuts.
func TestPTXSplitsAPatternWhosePartsDiffer(t *testing.T) {
	res := tinyPTXRun()
	for i := range res.Sheets[1].Parts[:2] {
		res.Sheets[1].Parts[i].OrderNo, res.Sheets[1].Parts[i].Name = "SO7", "侧板B"
	}
	res.Figures.Parts = 6
	var buf bytes.Buffer
	if err := WritePTX(&buf, res); err != nil {
		t.Fatal(err)
	}
	f := checkPTXReadBack(t, res, buf.Bytes())
	if len(f.patterns) != 2 || f.patterns[0].rec[5] != "1" || f.patterns[1].rec[5] != "1" || len(f.partsReq) != 3 {
		t.Fatalf("%d patterns, %d part types:\n%s", len(f.patterns), len(f.partsReq), buf.String())
	}
}

// TestPTXWritesWasteBetweenPiecesAndLeavesTheLastImplicit: a waste piece between two parts
// is a waste cut (FUNCTION 90 + phase, PART_INDEX 0) that moves the saw on; the waste at the
// end of the board is the rest and has no record.
func TestPTXWritesWasteBetweenPiecesAndLeavesTheLastImplicit(t *testing.T) {
	part := func(x float64) ResultPart {
		return ResultPart{Name: "P", Code: "P1", CutLength: 300, CutWidth: 500, X: x, Y: 0, Grain: true}
	}
	res := &RunResult{PlanNo: "OP2", Figures: Figures{Parts: 2}, Parameters: &ParameterSetting{Kerf: 4},
		Sheets: []ResultSheet{{Index: 1, BoardCode: "B", Material: "M", Thickness: 18, Length: 1000, Width: 500,
			Cuts:    []cutting.Cut{{Seq: 1, Stage: 1, X1: 300, Y1: 0, X2: 300, Y2: 500}},
			Parts:   []ResultPart{part(0), part(408)},
			Offcuts: []cutting.Offcut{{X: 304, Y: 0, Length: 100, Width: 500}, {X: 712, Y: 0, Length: 288, Width: 500}}}}}
	var buf bytes.Buffer
	if err := WritePTX(&buf, res); err != nil {
		t.Fatal(err)
	}
	f := checkPTXReadBack(t, res, buf.Bytes())
	var got []string
	for _, c := range f.patterns[0].cuts {
		got = append(got, strings.Join(c[3:10], ","))
	}
	want := []string{"1,1,1,300,1,1,1", "2,2,91,100,1,0,0", "3,3,1,300,1,1,1"}
	if f.patterns[0].rec[4] != "1" || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("TYPE %s, cuts %q, want %q", f.patterns[0].rec[4], got, want)
	}
	if req := f.partsReq["1"]; req[10] != "1" || req[7] != "2" {
		t.Fatalf("PARTS_REQ %q: a grained part cut twice", req)
	}
}
