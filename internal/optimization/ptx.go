package optimization

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The PTX saw file (decision 0013, "Downloads"): a finished run in the Pattern Exchange
// format that Cut Rite, Magi-Cut's CADLink and HOMAG saws read. Structure as published in
// Magi-Cut's Interface Guide, chapter 3 (Pattern Exchange, the PTX specification), and the
// help pages "Pattern exchange formats" and "Pattern exchange file — Example".
//
// A file is lines of comma-separated fields, each line one record whose first field names it.
// Indexes (JOB_INDEX, PART_INDEX, MAT_INDEX, BRD_INDEX, PTN_INDEX, OFC_INDEX, CUT_INDEX) are
// 1-based and tie the records together within the job. We write, in this order:
//
//	HEADER,VERSION,TITLE,UNITS,ORIGIN,TRIM_TYPE
//	JOBS,JOB_INDEX,NAME,DESC,ORD_DATE,CUT_DATE,CUSTOMER,STATUS,OPT_PARAM,SAW_PARAM,CUT_TIME,WASTE_PCNT
//	PARTS_REQ,JOB_INDEX,PART_INDEX,CODE,MAT_INDEX,LENGTH,WIDTH,QTY_REQ,QTY_OVER,QTY_UNDER,GRAIN,QTY_PROD
//	PARTS_INF,JOB_INDEX,PART_INDEX,DESC,LABEL_QTY,FIN_LENGTH,FIN_WIDTH,ORDER,EDGE1,EDGE2,EDGE3,EDGE4,
//	          EDG_PG1,EDG_PG2,EDG_PG3,EDG_PG4,FACE_LAM,BACK_LAM,CORE_MAT,PALLET,DRAWING,PRODUCT
//	BOARDS,JOB_INDEX,BRD_INDEX,CODE,MAT_INDEX,LENGTH,WIDTH,QTY_STOCK,QTY_USED
//	MATERIALS,JOB_INDEX,MAT_INDEX,CODE,DESC,THICK,BOOK,KERF_RIP,KERF_XCT,TRIM_FRIP,TRIM_RRIP,
//	          TRIM_FXCT,TRIM_RXCT,TRIM_HEAD,TRIM_FRCT,TRIM_RRCT,RULE1,RULE2,RULE3,RULE4
//	OFFCUTS,JOB_INDEX,OFC_INDEX,CODE,MAT_INDEX,LENGTH,WIDTH,QTY_PROD
//	PATTERNS,JOB_INDEX,PTN_INDEX,BRD_INDEX,TYPE,QTY_RUN,QTY_CYCLES,MAX_BOOK,PICTURE,CYCLE_TIME,TOTAL_TIME
//	CUTS,JOB_INDEX,PTN_INDEX,CUT_INDEX,SEQUENCE,FUNCTION,DIMENSION,QTY_RPT,PART_INDEX,QTY_PARTS,COMMENT
//
// each PATTERNS record followed by its CUTS (as saws' own PTX files list them). The MATERIALS
// trims are named here by meaning: front and rear rip, front and rear cross cut, head, front
// and rear recut. Optional fields we have no value for are left empty: in PTX an empty field
// imposes nothing, while 0 is a value. Trailing optional fields past the last one we fill
// are left out (BOARDS after QTY_USED, OFFCUTS after QTY_PROD, PARTS_INF after PRODUCT).
//
// Published rules we follow:
//   - HEADER: VERSION 1 (the value the examples write; the chapter is V1.17), UNITS 0
//     (millimetres), ORIGIN 0 (top left: x along the board's length from its left edge, y
//     across from its top edge, as our diagrams draw it), TRIM_TYPE 1 (fixed trim first).
//   - PARTS_REQ GRAIN: 0 the part may turn, 1 its length stays along the board's length.
//     LENGTH and WIDTH are the cut size (bands off, pre-milling on), never the finished size,
//     which PARTS_INF carries.
//   - MATERIALS: BOOK counts boards per book (the saw's book height over the thickness);
//     KERF_RIP and KERF_XCT are the blade; the trims include the blade.
//   - PATTERNS TYPE: 0 rips along the length first (non head-cut), 1 the board is turned
//     before ripping; QTY_RUN the boards cut to the pattern, QTY_CYCLES the books,
//     MAX_BOOK the boards per book.
//   - CUTS describe a pattern as a guillotine tree of strips. FUNCTION is the phase: 1 rip,
//     2 cross cut, 3 recut, 4–9 further recuts (0, a head cut, is not used: see TYPE), and
//     90 + phase a trim or waste cut of that phase. DIMENSION is the size of the piece the
//     record cuts off its parent, measured along the parent's cutting direction and without
//     the blade; pieces are cut from the parent's start, one blade apart. QTY_RPT repeats the
//     record (identical pieces side by side). PART_INDEX is 0 for a strip cut on by the
//     records that follow, the PARTS_REQ index of a part, or X and the OFFCUTS index of a
//     kept offcut. Records are listed in tree order (CUT_INDEX: a strip, then the records of
//     its pieces, at the next phase); SEQUENCE is the saw's order (all cuts of a strip, then
//     its pieces one by one).
//   - Text fields are in double quotes (as saws' own files write them), a double quote inside
//     doubled (the CSV convention), so commas and quotes in names survive; a line break in a
//     name becomes a space.
//
// Where the published text is silent, our choices:
//   - The file is UTF-8 without a byte-order mark, lines end in CRLF. PTX is ASCII-oriented:
//     a saw that reads it as a single-byte code page shows Chinese names garbled, but every
//     field the cuts depend on (indexes, sizes, functions) is ASCII.
//   - One part type (PARTS_REQ) per distinct part of the run: same order, cabinet, name, code,
//     material, cut and finished size, grain and banding. QTY_REQ = QTY_PROD = its copies
//     placed, QTY_OVER = QTY_UNDER = 0. CODE is the part's code, or its name when it has none.
//     PARTS_INF: DESC the name, LABEL_QTY the copies, ORDER the order number, EDGE1..EDGE4 the
//     band thickness in mm of the bottom and top length edges and the left and right width
//     edges (empty when unbanded), CORE_MAT the material code, PRODUCT the cabinet. The label
//     code of each copy (plan-board-position) is not in the file: the saw's labels come from
//     the run's labels.
//   - Identical boards share one PATTERNS record with their count; boards the engine counts
//     as one pattern but that carry different parts at the same place (two orders' parts of
//     one size) are written as separate patterns, so every CUTS part reference is exact.
//   - The tree is rebuilt from each board's parts and offcuts (every engine layout is
//     guillotine), not read from the engine's cuts (lines without their tree): at each level
//     the piece is cut at every through cut that fits, two pieces being apart only when a
//     whole blade fits between them (as the engine's own check, cutting.Verify, separates
//     them), and each strip is cut on the other way. For the engine's layouts (pieces one
//     blade apart) such a tree is never deeper than the engine's own, so it keeps to the
//     run's stages. The first cuts run as the engine's do; the other way when that cannot
//     describe the board, or, the parameters leaving the first cut free, when it gives one
//     strip the whole board or more phases than the run's stages. A gap wider than the blade
//     but narrower than two (never left by the engine) stays with the piece before it, which
//     is trimmed out of it. A layout that is not guillotine, or deeper than 9 phases, is
//     refused with an error. A waste piece at the end of a strip is left implicit (the rest
//     of the strip); a waste piece between two pieces is written with its trim/waste
//     FUNCTION and PART_INDEX 0; a kept offcut always with its X reference. QTY_PARTS counts
//     the parts a record cuts on one board: 0 for strips and waste, empty for offcuts (as
//     saws' own files write it).
//   - Trims: the run's trim (blade included) on the four edges, as TRIM_FRIP, TRIM_RRIP,
//     TRIM_FXCT and TRIM_RXCT; no head or recut trims (0). JOBS CUT_TIME, PATTERNS
//     CYCLE_TIME and TOTAL_TIME are left empty (the run's estimate is in its figures; the
//     saw computes its own). OFFCUTS QTY_PROD is the boards of the pattern that makes it.

// WritePTX writes a finished run as a PTX saw file.
func WritePTX(w io.Writer, res *RunResult) error {
	if res == nil {
		return errors.New("ptx: no result")
	}
	lines, err := buildPTX(res)
	if err != nil {
		return fmt.Errorf("ptx %s: %w", res.PlanNo, err)
	}
	bw := bufio.NewWriter(w)
	for _, l := range lines {
		if _, err := bw.WriteString(l + "\r\n"); err != nil {
			return fmt.Errorf("ptx: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("ptx: %w", err)
	}
	return nil
}

// ptxMaxPhase is the deepest phase a CUTS FUNCTION names (recut phases run to 9).
const ptxMaxPhase = 9

// Pattern types we write.
const (
	ptxTypeRipFirst  = 0 // rips along the board's length first
	ptxTypeTurnFirst = 1 // the board turned, so the first cuts run across its length
)

// errNotGuillotine: a board's parts cannot be separated by through cuts.
var errNotGuillotine = errors.New("the board's layout is not guillotine")

// hundredths of a millimetre: the engine's exact grid.
func ptxUnits(v float64) int64 { return int64(math.Round(v * 100)) }

// ptxMM writes hundredths as millimetres with no trailing zeros (4.4, 333, 0.05).
func ptxMM(h int64) string {
	neg := h < 0
	if neg {
		h = -h
	}
	s := strconv.FormatInt(h/100, 10)
	if f := h % 100; f != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%02d", f), "0")
	}
	if neg {
		s = "-" + s
	}
	return s
}

func ptxNum(v float64) string { return ptxMM(ptxUnits(v)) }

// ptxText quotes a text field, doubling the quotes inside; line breaks become spaces.
func ptxText(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

type ptxRect struct{ x, y, l, w int64 }

func (r ptxRect) start(alongX bool) int64 {
	if alongX {
		return r.x
	}
	return r.y
}

func (r ptxRect) ext(alongX bool) int64 {
	if alongX {
		return r.l
	}
	return r.w
}

// ptxLeaf is a part or a leftover on a board.
type ptxLeaf struct {
	r      ptxRect
	part   int  // PART_INDEX, 0 for a leftover
	offcut bool // a kept offcut
}

// ptxNode is a piece of the cut tree: a leaf, or a strip cut on into kids.
type ptxNode struct {
	dim    int64
	part   int
	offcut bool
	waste  bool
	rect   ptxRect // the piece (offcuts are listed with their size)
	kids   []*ptxNode
}

func (n *ptxNode) strip() bool { return n.part == 0 && !n.offcut && !n.waste }

// ptxRow is one CUTS record before its indexes are known.
type ptxRow struct {
	phase  int
	waste  bool // FUNCTION 90 + phase
	dim    int64
	rpt    int
	part   int
	offcut int // 1-based within the pattern, 0 none
	seq    int
}

type ptxPartKey struct {
	material                   string
	thickness                  int64
	order, cabinet, name, code string
	length, width, finL, finW  int64
	grain                      bool
	top, bottom, left, right   int64
}

type ptxPattern struct {
	board   int // BRD_INDEX
	typ     int
	rows    []ptxRow
	offcuts []ptxRect // by local number - 1
	count   int
	mat     int
	thick   float64
}

type ptxBuilder struct {
	res        *RunResult
	kerf, trim int64
	mats       []ptxMat
	matIdx     map[string]int
	boards     []ptxBoard
	boardIdx   map[string]int
	parts      []ptxPartType
	partIdx    map[ptxPartKey]int
	patterns   []*ptxPattern
	patIdx     map[string]int
}

type ptxMat struct {
	code      string
	thickness float64
}

type ptxBoard struct {
	code          string
	mat           int
	length, width float64
	used          int
}

type ptxPartType struct {
	key    ptxPartKey
	rp     ResultPart
	mat    int
	copies int
}

func buildPTX(res *RunResult) ([]string, error) {
	b := &ptxBuilder{res: res, matIdx: map[string]int{}, boardIdx: map[string]int{}, partIdx: map[ptxPartKey]int{}, patIdx: map[string]int{}}
	rotate := true
	if p := res.Parameters; p != nil {
		b.kerf, b.trim, rotate = ptxUnits(p.Kerf), ptxUnits(p.Trim), p.Rotate
	}
	// sheets in pattern order, then any the patterns leave out
	var order []int
	seen := map[int]bool{}
	for _, p := range res.Patterns {
		for _, s := range p.Sheets {
			if s >= 0 && s < len(res.Sheets) && !seen[s] {
				seen[s] = true
				order = append(order, s)
			}
		}
	}
	for i := range res.Sheets {
		if !seen[i] {
			order = append(order, i)
		}
	}
	for _, i := range order {
		if err := b.addSheet(&res.Sheets[i], rotate); err != nil {
			return nil, fmt.Errorf("board %d: %w", res.Sheets[i].Index, err)
		}
	}
	return b.lines(), nil
}

func (b *ptxBuilder) material(code string, thickness float64) int {
	k := code + "|" + ptxNum(thickness)
	if i, ok := b.matIdx[k]; ok {
		return i
	}
	b.mats = append(b.mats, ptxMat{code: code, thickness: thickness})
	b.matIdx[k] = len(b.mats)
	return len(b.mats)
}

func (b *ptxBuilder) addSheet(sh *ResultSheet, rotate bool) error {
	mat := b.material(sh.Material, sh.Thickness)
	bk := strings.Join([]string{sh.BoardCode, strconv.Itoa(mat), ptxNum(sh.Length), ptxNum(sh.Width)}, "|")
	board, ok := b.boardIdx[bk]
	if !ok {
		b.boards = append(b.boards, ptxBoard{code: sh.BoardCode, mat: mat, length: sh.Length, width: sh.Width})
		board = len(b.boards)
		b.boardIdx[bk] = board
	}
	b.boards[board-1].used++

	var leaves []ptxLeaf
	for _, p := range sh.Parts {
		leaves = append(leaves, ptxLeaf{r: ptxRect{ptxUnits(p.X), ptxUnits(p.Y), ptxUnits(p.CutLength), ptxUnits(p.CutWidth)},
			part: b.partType(sh, p, mat, rotate)})
	}
	for _, o := range sh.Offcuts {
		leaves = append(leaves, ptxLeaf{r: ptxRect{ptxUnits(o.X), ptxUnits(o.Y), ptxUnits(o.Length), ptxUnits(o.Width)}, offcut: o.Reusable})
	}
	region := ptxRect{b.trim, b.trim, ptxUnits(sh.Length) - 2*b.trim, ptxUnits(sh.Width) - 2*b.trim}
	for _, lf := range leaves {
		if lf.r.l <= 0 || lf.r.w <= 0 || lf.r.x < region.x || lf.r.y < region.y ||
			lf.r.x+lf.r.l > region.x+region.l || lf.r.y+lf.r.w > region.y+region.w {
			return fmt.Errorf("a piece at %s,%s lies outside the trimmed board", ptxMM(lf.r.x), ptxMM(lf.r.y))
		}
	}
	alongX, kids, err := b.tree(sh, leaves, region)
	if err != nil {
		return err
	}
	pat := &ptxPattern{board: board, typ: ptxTypeRipFirst, mat: mat, thick: sh.Thickness}
	if alongX {
		pat.typ = ptxTypeTurnFirst
	}
	seq := 0
	if err := pat.emit(kids, 1, &seq); err != nil {
		return err
	}
	key := pat.key()
	if i, ok := b.patIdx[key]; ok {
		b.patterns[i].count++
		return nil
	}
	pat.count = 1
	b.patIdx[key] = len(b.patterns)
	b.patterns = append(b.patterns, pat)
	return nil
}

// tree cuts the trimmed board into its pieces, first along the direction of the engine's
// first cuts. The other direction is taken when the engine's cannot describe the board, or
// (unless the parameters fix the first cut) when its tree is deeper: one strip the whole
// board, or more phases than the run's stages. Otherwise the file keeps the engine's
// direction, so the saw cuts the board as its diagram shows.
func (b *ptxBuilder) tree(sh *ResultSheet, leaves []ptxLeaf, region ptxRect) (bool, []*ptxNode, error) {
	alongX := b.firstCutAlongX(sh)
	kids, err := b.split(leaves, region, alongX, false)
	if err != nil {
		if k2, err2 := b.split(leaves, region, !alongX, false); err2 == nil {
			return !alongX, k2, nil
		}
		return alongX, nil, err
	}
	deep := ptxDepth(kids)
	stages := 0
	if p := b.res.Parameters; p != nil {
		stages = p.Stages
	}
	if !alongXIsForced(b.res) && ((len(kids) == 1 && len(leaves) > 1) || (stages > 0 && deep > stages)) {
		if k2, err2 := b.split(leaves, region, !alongX, false); err2 == nil && ptxDepth(k2) < deep {
			return !alongX, k2, nil
		}
	}
	return alongX, kids, nil
}

// ptxDepth is the number of phases a list of pieces needs.
func ptxDepth(kids []*ptxNode) int {
	d := 0
	for _, k := range kids {
		d = max(d, 1+ptxDepth(k.kids))
	}
	return d
}

// alongXIsForced: the parameters fix the first cut's direction.
func alongXIsForced(res *RunResult) bool {
	return res.Parameters != nil && res.Parameters.FirstCut != 0
}

// firstCutAlongX says whether the board's first (stage 1) cuts separate pieces along x
// (lines parallel to y): from the engine's cuts, else from the parameters.
func (b *ptxBuilder) firstCutAlongX(sh *ResultSheet) bool {
	for _, c := range sh.Cuts {
		if c.Stage == 1 {
			return c.X1 == c.X2
		}
	}
	if p := b.res.Parameters; p != nil {
		return p.FirstCut == 2
	}
	return false
}

func (b *ptxBuilder) partType(sh *ResultSheet, p ResultPart, mat int, rotate bool) int {
	l, w := p.CutLength, p.CutWidth
	if p.Rotated {
		l, w = w, l
	}
	k := ptxPartKey{material: sh.Material, thickness: ptxUnits(sh.Thickness), order: p.OrderNo, cabinet: p.Cabinet, name: p.Name,
		code: p.Code, length: ptxUnits(l), width: ptxUnits(w), finL: ptxUnits(p.FinishedLength), finW: ptxUnits(p.FinishedWidth),
		grain: p.Grain || !rotate, top: ptxUnits(p.Banding.Top), bottom: ptxUnits(p.Banding.Bottom),
		left: ptxUnits(p.Banding.Left), right: ptxUnits(p.Banding.Right)}
	i, ok := b.partIdx[k]
	if !ok {
		b.parts = append(b.parts, ptxPartType{key: k, rp: p, mat: mat})
		i = len(b.parts)
		b.partIdx[k] = i
	}
	b.parts[i-1].copies++
	return i
}

// split cuts a region into as many strips along one direction as through cuts allow: pieces
// are grouped into bands that no through cut may separate, the bands lie one blade apart from
// the region's start, and each band is a leaf or is split the other way. Two pieces are in
// one band unless a whole blade fits between them (the engine's own guillotine check,
// cutting.Verify, separates pieces the same way): rows of a strip whose cross cuts end less
// than a blade apart (2683.2 in two rows, 2687.2 in the third, parts from 2687.6 on) are one
// band, cut into its rows first. Because every band is as narrow as a through cut allows, a
// band can only be divided the other way: mustSplit refuses a region that the direction
// cannot divide (its parent could not divide it the other way either), so a layout that is
// not guillotine is never written.
func (b *ptxBuilder) split(leaves []ptxLeaf, reg ptxRect, alongX, mustSplit bool) ([]*ptxNode, error) {
	leaves = append([]ptxLeaf(nil), leaves...)
	sort.SliceStable(leaves, func(i, j int) bool {
		si, sj := leaves[i].r.start(alongX), leaves[j].r.start(alongX)
		if si != sj {
			return si < sj
		}
		return leaves[i].r.start(!alongX) < leaves[j].r.start(!alongX)
	})
	type band struct {
		s, e   int64
		leaves []ptxLeaf
	}
	var bands []band
	for _, lf := range leaves {
		s, e := lf.r.start(alongX), lf.r.start(alongX)+lf.r.ext(alongX)
		if n := len(bands); n > 0 && s < bands[n-1].e+b.kerf {
			bands[n-1].leaves = append(bands[n-1].leaves, lf)
			bands[n-1].e = max(bands[n-1].e, e)
			continue
		}
		bands = append(bands, band{s: s, e: e, leaves: []ptxLeaf{lf}})
	}
	if mustSplit && len(bands) == 1 && len(bands[0].leaves) > 1 {
		return nil, errNotGuillotine
	}
	start, end := reg.start(alongX), reg.start(alongX)+reg.ext(alongX)
	if len(bands) > 0 && bands[0].s > start && bands[0].s-start <= b.kerf {
		return nil, fmt.Errorf("a piece at %s starts less than a blade past its strip's edge at %s", ptxMM(bands[0].s), ptxMM(start))
	}
	for i := 1; i < len(bands); i++ {
		// a gap wider than the blade but too narrow for a waste piece and a second cut: the
		// band before takes the sliver as its own waste (cut at the next band's blade)
		if g := bands[i].s - bands[i-1].e; g > b.kerf && g <= 2*b.kerf {
			bands[i-1].e = bands[i].s - b.kerf
		}
	}
	cursor := start
	var out []*ptxNode
	for _, bd := range bands {
		if bd.s < cursor || bd.e > end {
			return nil, fmt.Errorf("pieces at %s lie outside their strip or closer than the blade", ptxMM(bd.s))
		}
		if bd.s > cursor {
			out = append(out, &ptxNode{dim: bd.s - cursor - b.kerf, waste: true})
		}
		sub := reg
		if alongX {
			sub.x, sub.l = bd.s, bd.e-bd.s
		} else {
			sub.y, sub.w = bd.s, bd.e-bd.s
		}
		if len(bd.leaves) == 1 && bd.leaves[0].r == sub {
			lf := bd.leaves[0]
			out = append(out, &ptxNode{dim: bd.e - bd.s, part: lf.part, offcut: lf.offcut, waste: lf.part == 0 && !lf.offcut, rect: sub})
		} else {
			kids, err := b.split(bd.leaves, sub, !alongX, true)
			if err != nil {
				return nil, err
			}
			out = append(out, &ptxNode{dim: bd.e - bd.s, rect: sub, kids: kids})
		}
		cursor = bd.e + b.kerf
	}
	return out, nil
}

// emit lists a strip's pieces as CUTS rows in tree order: each piece, then its own pieces.
// Sequence numbers follow the saw: a strip's cuts first, then its pieces one by one.
// Identical parts side by side become one row with its repeat count; waste at a strip's
// end is left implicit.
func (p *ptxPattern) emit(kids []*ptxNode, phase int, seq *int) error {
	if phase > ptxMaxPhase {
		return fmt.Errorf("the cuts run deeper than %d phases", ptxMaxPhase)
	}
	type group struct {
		n   *ptxNode
		row ptxRow
	}
	var groups []group
	for i := 0; i < len(kids); i++ {
		n := kids[i]
		if n.waste && i == len(kids)-1 {
			continue
		}
		row := ptxRow{phase: phase, dim: n.dim, rpt: 1, part: n.part, waste: n.waste || n.offcut}
		if n.part > 0 {
			for i+1 < len(kids) && kids[i+1].part == n.part && kids[i+1].dim == n.dim {
				row.rpt++
				i++
			}
		}
		if n.offcut {
			p.offcuts = append(p.offcuts, n.rect)
			row.offcut = len(p.offcuts)
		}
		*seq++
		row.seq = *seq
		groups = append(groups, group{n: n, row: row})
	}
	for _, g := range groups {
		p.rows = append(p.rows, g.row)
		if g.n.strip() {
			if err := p.emit(g.n.kids, phase+1, seq); err != nil {
				return err
			}
		}
	}
	return nil
}

// key tells identical patterns apart: board, type and every row.
func (p *ptxPattern) key() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d|%d", p.board, p.typ)
	for _, r := range p.rows {
		fmt.Fprintf(&sb, "|%d,%t,%d,%d,%d,%d,%d", r.phase, r.waste, r.dim, r.rpt, r.part, r.offcut, r.seq)
	}
	for _, o := range p.offcuts {
		fmt.Fprintf(&sb, "|%d,%d", o.l, o.w)
	}
	return sb.String()
}

func (b *ptxBuilder) lines() []string {
	res := b.res
	rec := func(fields ...string) string { return strings.Join(fields, ",") }
	itoa := strconv.Itoa
	out := []string{rec("HEADER", "1", ptxText(res.PlanNo), "0", "0", "1")}

	var orders []string
	seenOrder := map[string]bool{}
	for _, pt := range b.parts {
		if o := pt.rp.OrderNo; o != "" && !seenOrder[o] {
			seenOrder[o] = true
			orders = append(orders, o)
		}
	}
	optParam, sawParam := "", ""
	if res.Parameters != nil {
		optParam = ptxText(res.Parameters.Name)
	}
	if res.Machine != nil {
		sawParam = ptxText(res.Machine.Name)
	}
	out = append(out, rec("JOBS", "1", ptxText(res.PlanNo), ptxText(strings.Join(orders, " ")), "", "", "", "",
		optParam, sawParam, "", ptxNum(res.Figures.WastePct)))

	for i, pt := range b.parts {
		k := pt.key
		code := pt.rp.Code
		if code == "" {
			code = pt.rp.Name
		}
		grain := "0"
		if k.grain {
			grain = "1"
		}
		out = append(out, rec("PARTS_REQ", "1", itoa(i+1), ptxText(code), itoa(pt.mat), ptxMM(k.length), ptxMM(k.width),
			itoa(pt.copies), "0", "0", grain, itoa(pt.copies)))
	}
	edge := func(h int64) string {
		if h <= 0 {
			return ""
		}
		return ptxText(ptxMM(h))
	}
	for i, pt := range b.parts {
		k := pt.key
		out = append(out, rec("PARTS_INF", "1", itoa(i+1), ptxText(k.name), itoa(pt.copies), ptxMM(k.finL), ptxMM(k.finW),
			ptxText(k.order), edge(k.bottom), edge(k.top), edge(k.left), edge(k.right),
			"", "", "", "", "", "", ptxText(k.material), "", "", ptxText(k.cabinet)))
	}
	for i, bd := range b.boards {
		out = append(out, rec("BOARDS", "1", itoa(i+1), ptxText(bd.code), itoa(bd.mat), ptxNum(bd.length), ptxNum(bd.width), "", itoa(bd.used)))
	}
	trim, kerf := ptxMM(b.trim), ptxMM(b.kerf)
	for i, m := range b.mats {
		out = append(out, rec("MATERIALS", "1", itoa(i+1), ptxText(m.code), "", ptxNum(m.thickness), itoa(b.book(m.thickness)),
			kerf, kerf, trim, trim, trim, trim, "0", "0", "0", "", "", "", ""))
	}
	ofc := 0
	var offcuts, patterns []string
	for i, p := range b.patterns {
		first := ofc
		for _, o := range p.offcuts {
			ofc++
			offcuts = append(offcuts, rec("OFFCUTS", "1", itoa(ofc), ptxText(fmt.Sprintf("%s-X%d", res.PlanNo, ofc)), itoa(p.mat),
				ptxMM(o.l), ptxMM(o.w), itoa(p.count)))
		}
		book := b.book(p.thick)
		patterns = append(patterns, rec("PATTERNS", "1", itoa(i+1), itoa(p.board), itoa(p.typ), itoa(p.count),
			itoa((p.count+book-1)/book), itoa(book), "", "", ""))
		for j, r := range p.rows {
			fn, ref, qty := r.phase, "0", "0"
			if r.waste {
				fn += 90
			}
			switch {
			case r.part > 0:
				ref, qty = itoa(r.part), itoa(r.rpt)
			case r.offcut > 0:
				ref, qty = "X"+itoa(first+r.offcut), ""
			}
			patterns = append(patterns, rec("CUTS", "1", itoa(i+1), itoa(j+1), itoa(r.seq), itoa(fn), ptxMM(r.dim), itoa(r.rpt), ref, qty, ""))
		}
	}
	out = append(out, offcuts...)
	return append(out, patterns...)
}

// book is how many boards of a thickness the saw cuts at once.
func (b *ptxBuilder) book(thickness float64) int {
	if m := b.res.Machine; m != nil {
		return Saw{BookHeight: m.BookHeight}.BookSize(thickness)
	}
	return 1
}
