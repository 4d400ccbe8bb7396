package optimization

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A PTX reader for the tests, written from the format's description and not from the writer:
// it parses the records, replays every pattern's CUTS from the board's size, the blade and the
// trims, and so rebuilds the rectangles of the parts and offcuts a saw would cut.

type ptxFile struct {
	header   []string
	jobs     [][]string
	partsReq map[string][]string // by PART_INDEX
	partsInf map[string][]string
	boards   map[string][]string // by BRD_INDEX
	mats     map[string][]string // by MAT_INDEX
	offcuts  map[string][]string // by OFC_INDEX
	patterns []*ptxFilePattern
}

type ptxFilePattern struct {
	rec  []string
	cuts [][]string
}

// ptxFieldCount is the number of fields (the record's name included) each record must have.
var ptxFieldCount = map[string]int{
	"HEADER": 6, "JOBS": 12, "PARTS_REQ": 12, "PARTS_INF": 22, "BOARDS": 9, "MATERIALS": 20,
	"OFFCUTS": 8, "PATTERNS": 11, "CUTS": 11,
}

func readPTX(t *testing.T, data []byte) *ptxFile {
	t.Helper()
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		t.Fatal("the file starts with a byte-order mark")
	}
	if n := bytes.Count(data, []byte("\n")); n == 0 || n != bytes.Count(data, []byte("\r\n")) {
		t.Fatalf("lines must end in CRLF (%d LF, %d CRLF)", n, bytes.Count(data, []byte("\r\n")))
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("not comma-separated records: %v", err)
	}
	f := &ptxFile{partsReq: map[string][]string{}, partsInf: map[string][]string{}, boards: map[string][]string{},
		mats: map[string][]string{}, offcuts: map[string][]string{}}
	for i, rec := range recs {
		want, ok := ptxFieldCount[rec[0]]
		if !ok {
			t.Fatalf("line %d: unknown record %q", i+1, rec[0])
		}
		if len(rec) != want {
			t.Fatalf("line %d: %s has %d fields, want %d: %q", i+1, rec[0], len(rec), want, rec)
		}
		if (i == 0) != (rec[0] == "HEADER") {
			t.Fatalf("line %d: HEADER must be the first record and only there", i+1)
		}
		if rec[0] != "HEADER" && rec[1] != "1" {
			t.Fatalf("line %d: JOB_INDEX %q, want 1", i+1, rec[1])
		}
		unique := func(m map[string][]string) {
			if _, dup := m[rec[2]]; dup {
				t.Fatalf("line %d: %s index %s twice", i+1, rec[0], rec[2])
			}
			m[rec[2]] = rec
		}
		switch rec[0] {
		case "HEADER":
			f.header = rec
		case "JOBS":
			f.jobs = append(f.jobs, rec)
		case "PARTS_REQ":
			unique(f.partsReq)
		case "PARTS_INF":
			unique(f.partsInf)
		case "BOARDS":
			unique(f.boards)
		case "MATERIALS":
			unique(f.mats)
		case "OFFCUTS":
			unique(f.offcuts)
		case "PATTERNS":
			if rec[2] != strconv.Itoa(len(f.patterns)+1) {
				t.Fatalf("line %d: PTN_INDEX %s out of order", i+1, rec[2])
			}
			f.patterns = append(f.patterns, &ptxFilePattern{rec: rec})
		case "CUTS":
			if len(f.patterns) == 0 || rec[2] != f.patterns[len(f.patterns)-1].rec[2] {
				t.Fatalf("line %d: CUTS of pattern %s not after its PATTERNS record", i+1, rec[2])
			}
			p := f.patterns[len(f.patterns)-1]
			if rec[3] != strconv.Itoa(len(p.cuts)+1) {
				t.Fatalf("line %d: CUT_INDEX %s out of order", i+1, rec[3])
			}
			p.cuts = append(p.cuts, rec)
		}
	}
	return f
}

// ptxHundredths reads a size field as hundredths of a millimetre.
func ptxHundredths(t *testing.T, s string) int64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("size %q: %v", s, err)
	}
	return int64(math.Round(v * 100))
}

func ptxInt(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("integer %q: %v", s, err)
	}
	return n
}

// ptxPiece is a rebuilt rectangle: a part (PART_INDEX), a kept offcut (OFC_INDEX) or waste.
type ptxPiece struct {
	x, y, l, w int64
	part       string
	offcut     string
}

func (p ptxPiece) rect() string {
	return fmt.Sprintf("%d,%d %dx%d", p.x, p.y, p.l, p.w)
}

// replay cuts a pattern's board as its CUTS say: the board less its trims is the first piece;
// each record cuts DIMENSION off the current piece of the phase before, from its start along
// that piece's cutting direction (across for rips of an unturned board), one blade after the
// previous cut; a strip (PART_INDEX 0, not a waste cut) is cut on the other way by the
// records of the next phase.
func (f *ptxFile) replay(t *testing.T, p *ptxFilePattern) (board []string, parts, offcuts, waste []ptxPiece) {
	t.Helper()
	board, ok := f.boards[p.rec[3]]
	if !ok {
		t.Fatalf("pattern %s: no board %s", p.rec[2], p.rec[3])
	}
	mat, ok := f.mats[board[4]]
	if !ok {
		t.Fatalf("board %s: no material %s", board[2], board[4])
	}
	kerf, trim := ptxHundredths(t, mat[7]), ptxHundredths(t, mat[9])
	if mat[8] != mat[7] || mat[10] != mat[9] || mat[11] != mat[9] || mat[12] != mat[9] {
		t.Fatalf("material %s: uneven kerfs or trims %q", mat[2], mat)
	}
	type region struct {
		x, y, l, w int64
		acrossX    bool // pieces are cut off along x
		cursor     int64
	}
	L, W := ptxHundredths(t, board[5]), ptxHundredths(t, board[6])
	turned := false
	switch p.rec[4] {
	case "0":
	case "1":
		turned = true
	default:
		t.Fatalf("pattern %s: TYPE %s", p.rec[2], p.rec[4])
	}
	stack := []region{{x: trim, y: trim, l: L - 2*trim, w: W - 2*trim, acrossX: turned}}
	stack[0].cursor = map[bool]int64{true: stack[0].x, false: stack[0].y}[turned]
	for _, c := range p.cuts {
		fn := ptxInt(t, c[5])
		isWaste := fn >= 90
		phase := fn
		if isWaste {
			phase -= 90
		}
		if phase < 1 || phase > len(stack) {
			t.Fatalf("pattern %s cut %s: FUNCTION %d has no piece of phase %d to cut", p.rec[2], c[3], fn, phase-1)
		}
		stack = stack[:phase]
		par := &stack[phase-1]
		dim, rpt, ref := ptxHundredths(t, c[6]), ptxInt(t, c[7]), c[8]
		if rpt < 1 || dim <= 0 {
			t.Fatalf("pattern %s cut %s: QTY_RPT %d DIMENSION %d", p.rec[2], c[3], rpt, dim)
		}
		var strip *region
		for k := 0; k < rpt; k++ {
			pc := ptxPiece{x: par.x, y: par.y, l: par.l, w: par.w}
			if par.acrossX {
				pc.x, pc.l = par.cursor, dim
				if pc.x+pc.l > par.x+par.l {
					t.Fatalf("pattern %s cut %s runs past its piece", p.rec[2], c[3])
				}
			} else {
				pc.y, pc.w = par.cursor, dim
				if pc.y+pc.w > par.y+par.w {
					t.Fatalf("pattern %s cut %s runs past its piece", p.rec[2], c[3])
				}
			}
			par.cursor += dim + kerf
			switch {
			case strings.HasPrefix(ref, "X"):
				if !isWaste || c[9] != "" {
					t.Fatalf("pattern %s cut %s: an offcut by FUNCTION %d, QTY_PARTS %q", p.rec[2], c[3], fn, c[9])
				}
				pc.offcut = ref[1:]
				offcuts = append(offcuts, pc)
			case ref != "0":
				if isWaste || ptxInt(t, c[9]) != rpt {
					t.Fatalf("pattern %s cut %s: a part by FUNCTION %d, QTY_PARTS %s for QTY_RPT %d", p.rec[2], c[3], fn, c[9], rpt)
				}
				pc.part = ref
				parts = append(parts, pc)
			case isWaste:
				waste = append(waste, pc)
			default:
				if rpt != 1 || c[9] != "0" {
					t.Fatalf("pattern %s cut %s: a strip repeated %d times, QTY_PARTS %s", p.rec[2], c[3], rpt, c[9])
				}
				strip = &region{x: pc.x, y: pc.y, l: pc.l, w: pc.w, acrossX: !par.acrossX}
				strip.cursor = map[bool]int64{true: pc.x, false: pc.y}[strip.acrossX]
			}
		}
		if strip != nil {
			stack = append(stack, *strip)
		}
	}
	// the pieces never overlap
	all := append(append(append([]ptxPiece(nil), parts...), offcuts...), waste...)
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			a, b := all[i], all[j]
			if a.x < b.x+b.l && b.x < a.x+a.l && a.y < b.y+b.w && b.y < a.y+a.w {
				t.Fatalf("pattern %s: pieces %s and %s overlap", p.rec[2], a.rect(), b.rect())
			}
		}
	}
	return board, parts, offcuts, waste
}

// checkPTXReadBack reads a run's file back and checks that every board of the run is a board
// the file cuts: the same board, every part at its place and size with its reference (code,
// name, order, cabinet, turned or not), every kept offcut, and as many boards per pattern
// as the run cut.
func checkPTXReadBack(t *testing.T, res *RunResult, data []byte) *ptxFile {
	t.Helper()
	f := readPTX(t, data)
	if len(f.jobs) != 1 || f.header[2] != res.PlanNo {
		t.Fatalf("header %q, %d jobs", f.header, len(f.jobs))
	}
	type pieceRef struct{ rect, ref string }
	signature := func(code string, l, w int64, parts []pieceRef, offcuts []string) string {
		var ps []string
		for _, p := range parts {
			ps = append(ps, p.rect+" "+p.ref)
		}
		sort.Strings(ps)
		sort.Strings(offcuts)
		return fmt.Sprintf("%s %dx%d\nparts: %s\noffcuts: %s", code, l, w, strings.Join(ps, "; "), strings.Join(offcuts, "; "))
	}
	ref := func(code, name, order, cabinet string, turned string) string {
		return fmt.Sprintf("[%s|%s|%s|%s|%s]", code, name, order, cabinet, turned)
	}

	fromFile := map[string]int{}
	made := map[string]int{} // PART_INDEX → copies the patterns cut
	offcutRuns := map[string]int{}
	for _, p := range f.patterns {
		board, parts, offcuts, _ := f.replay(t, p)
		run := ptxInt(t, p.rec[5])
		var prs []pieceRef
		for _, pc := range parts {
			req, inf := f.partsReq[pc.part], f.partsInf[pc.part]
			if req == nil || inf == nil {
				t.Fatalf("pattern %s: part %s has no PARTS_REQ or PARTS_INF", p.rec[2], pc.part)
			}
			l, w := ptxHundredths(t, req[5]), ptxHundredths(t, req[6])
			turned := "square"
			switch {
			case l == w && pc.l == l && pc.w == w:
			case pc.l == l && pc.w == w:
				turned = "false"
			case pc.l == w && pc.w == l:
				turned = "true"
				if req[10] == "1" {
					t.Fatalf("pattern %s: grained part %s turned", p.rec[2], pc.part)
				}
			default:
				t.Fatalf("pattern %s: part %s cut %dx%d, its size is %dx%d", p.rec[2], pc.part, pc.l, pc.w, l, w)
			}
			prs = append(prs, pieceRef{pc.rect(), ref(req[3], inf[3], inf[7], inf[21], turned)})
			made[pc.part] += run
		}
		var ocs []string
		for _, o := range offcuts {
			rec := f.offcuts[o.offcut]
			if rec == nil || ptxHundredths(t, rec[5]) != o.l || ptxHundredths(t, rec[6]) != o.w || rec[4] != board[4] {
				t.Fatalf("pattern %s: offcut X%s %dx%d does not match its record %q", p.rec[2], o.offcut, o.l, o.w, rec)
			}
			if ptxInt(t, rec[7]) != run {
				t.Fatalf("offcut X%s: QTY_PROD %s for a pattern of %d boards", o.offcut, rec[7], run)
			}
			offcutRuns[o.offcut]++
			ocs = append(ocs, o.rect())
		}
		fromFile[signature(board[3], ptxHundredths(t, board[5]), ptxHundredths(t, board[6]), prs, ocs)] += run
	}
	if len(offcutRuns) != len(f.offcuts) {
		t.Fatalf("%d OFFCUTS records, %d referenced", len(f.offcuts), len(offcutRuns))
	}

	fromRun := map[string]int{}
	for _, sh := range res.Sheets {
		var prs []pieceRef
		for _, p := range sh.Parts {
			code := p.Code
			if code == "" {
				code = p.Name
			}
			turned := fmt.Sprint(p.Rotated)
			if p.CutLength == p.CutWidth {
				turned = "square"
			}
			r := ptxPiece{x: ptxUnits(p.X), y: ptxUnits(p.Y), l: ptxUnits(p.CutLength), w: ptxUnits(p.CutWidth)}
			prs = append(prs, pieceRef{r.rect(), ref(code, p.Name, p.OrderNo, p.Cabinet, turned)})
		}
		var ocs []string
		for _, o := range sh.Offcuts {
			if o.Reusable {
				ocs = append(ocs, ptxPiece{x: ptxUnits(o.X), y: ptxUnits(o.Y), l: ptxUnits(o.Length), w: ptxUnits(o.Width)}.rect())
			}
		}
		fromRun[signature(sh.BoardCode, ptxUnits(sh.Length), ptxUnits(sh.Width), prs, ocs)]++
	}
	for sig, n := range fromRun {
		if fromFile[sig] != n {
			t.Errorf("the run cuts %d boards\n%s\nthe file %d", n, sig, fromFile[sig])
		}
	}
	for sig, n := range fromFile {
		if _, ok := fromRun[sig]; !ok {
			t.Errorf("the file cuts %d boards the run does not:\n%s", n, sig)
		}
	}
	total := 0
	for idx, req := range f.partsReq {
		if ptxInt(t, req[7]) != made[idx] || req[11] != req[7] || ptxInt(t, f.partsInf[idx][4]) != made[idx] {
			t.Errorf("part %s: QTY_REQ %s, QTY_PROD %s, labels %s, the patterns cut %d", idx, req[7], req[11], f.partsInf[idx][4], made[idx])
		}
		total += made[idx]
	}
	if total != res.Figures.Parts {
		t.Errorf("the file cuts %d parts, the run %d", total, res.Figures.Parts)
	}
	return f
}
