package cutting

import (
	"fmt"
	"slices"
	"strings"
)

// exportLayout converts a search layout into a Sheet with positions, cuts in saw order,
// placements and offcuts. Kids are put in a canonical order (largest first), so identical
// patterns get identical signatures.
func exportLayout(pr *problem, l *layout, boards []Board, parts []Part, p Params) (Sheet, string) {
	t := pr.types[l.typ]
	b := boards[t.board]
	sh := Sheet{
		Board: t.board, BoardID: b.ID, Material: b.Material, Thickness: b.Thickness,
		Length: b.Length, Width: b.Width,
	}
	trim := toUnits(p.Trim)
	sigs := map[int32]string{}
	sig := signature(l, l.root, sigs)
	e := exporter{pr: pr, l: l, sigs: sigs, sh: &sh, parts: parts, p: p}
	sh.Root = e.node(l.root, trim, trim)
	e.cuts(sh.Root)
	var area float64
	for _, pl := range sh.Placements {
		area += pl.Length * pl.Width
	}
	sh.Utilisation = area / (b.Length * b.Width)
	return sh, fmt.Sprintf("%d%s", l.nodes[l.root].axis, sig)
}

// signature describes the subtree geometry; kids are sorted by it.
func signature(l *layout, n int32, sigs map[int32]string) string {
	nd := l.nodes[n]
	if nd.item >= 0 {
		s := fmt.Sprintf("P%dx%d", nd.w, nd.h)
		sigs[n] = s
		return s
	}
	var ks []string
	for k := nd.first; k != nilNode; k = l.nodes[k].next {
		ks = append(ks, signature(l, k, sigs))
	}
	slices.Sort(ks)
	s := "S" + strings.Join(ks, ",") + ";"
	sigs[n] = s
	return s
}

type exporter struct {
	pr    *problem
	l     *layout
	sigs  map[int32]string
	sh    *Sheet
	parts []Part
	p     Params
}

func (e *exporter) kids(n int32) []int32 {
	var ks []int32
	l := e.l
	ax := l.nodes[n].axis
	for k := l.nodes[n].first; k != nilNode; k = l.nodes[k].next {
		ks = append(ks, k)
	}
	slices.SortStableFunc(ks, func(a, b int32) int {
		ea, eb := l.nodes[a].ext(ax), l.nodes[b].ext(ax)
		if ea != eb {
			if ea > eb {
				return -1
			}
			return 1
		}
		return strings.Compare(e.sigs[a], e.sigs[b])
	})
	return ks
}

func (e *exporter) node(n int32, x, y int64) *Node {
	nd := e.l.nodes[n]
	out := &Node{X: fromUnits(x), Y: fromUnits(y), Length: fromUnits(nd.w), Width: fromUnits(nd.h), Stage: int(nd.depth), Part: -1}
	if nd.item >= 0 {
		out.Kind = NodePart
		pi := e.pr.part[nd.item]
		pt := e.parts[pi]
		out.Part = len(e.sh.Placements)
		e.sh.Placements = append(e.sh.Placements, Placement{
			Part: pi, PartID: pt.ID, Label: pt.Label,
			X: out.X, Y: out.Y, Length: out.Length, Width: out.Width,
			Rotated: nd.w != e.pr.w[nd.item],
		})
		return out
	}
	out.Kind = NodeStrip
	out.Axis = "x"
	if nd.axis == 1 {
		out.Axis = "y"
	}
	kerf := e.pr.kerf
	var off int64
	for i, k := range e.kids(n) {
		if i > 0 {
			off += kerf
		}
		kx, ky := x, y
		if nd.axis == 0 {
			kx += off
		} else {
			ky += off
		}
		out.Children = append(out.Children, e.node(k, kx, ky))
		off += e.l.nodes[k].ext(nd.axis)
	}
	along := nd.along()
	if nd.nk > 0 {
		off += kerf
	}
	if rest := along - off; rest > 0 {
		w := &Node{Kind: NodeWaste, Stage: int(nd.depth) + 1, Part: -1}
		if nd.axis == 0 {
			w.X, w.Y, w.Length, w.Width = fromUnits(x+off), fromUnits(y), fromUnits(rest), fromUnits(nd.h)
		} else {
			w.X, w.Y, w.Length, w.Width = fromUnits(x), fromUnits(y+off), fromUnits(nd.w), fromUnits(rest)
		}
		out.Children = append(out.Children, w)
		e.sh.Offcuts = append(e.sh.Offcuts, Offcut{X: w.X, Y: w.Y, Length: w.Length, Width: w.Width,
			Reusable: e.reusable(w.Length, w.Width)})
	}
	return out
}

func (e *exporter) reusable(l, w float64) bool {
	ml, mw := e.p.MinOffcutLength, e.p.MinOffcutWidth
	if ml <= 0 && mw <= 0 {
		return false
	}
	return (l >= ml && w >= mw) || (w >= ml && l >= mw)
}

// cuts lists the cuts of the tree in saw order: all cuts of a strip, then its pieces one
// by one. A cut runs along the far edge of every piece that does not end at the strip's
// end.
func (e *exporter) cuts(n *Node) {
	if n.Kind != NodeStrip {
		return
	}
	endX, endY := n.X+n.Length, n.Y+n.Width
	for _, c := range n.Children {
		if c.Kind == NodeWaste {
			continue
		}
		if n.Axis == "x" {
			if x := c.X + c.Length; x < endX-1e-9 {
				e.addCut(n.Stage+1, x, n.Y, x, endY)
			}
		} else {
			if y := c.Y + c.Width; y < endY-1e-9 {
				e.addCut(n.Stage+1, n.X, y, endX, y)
			}
		}
	}
	for _, c := range n.Children {
		e.cuts(c)
	}
}

func (e *exporter) addCut(stage int, x1, y1, x2, y2 float64) {
	e.sh.Cuts = append(e.sh.Cuts, Cut{Seq: len(e.sh.Cuts) + 1, Stage: stage, X1: x1, Y1: y1, X2: x2, Y2: y2})
}
