package cutting

import "slices"

// Lower bounds on the number of bins W x H for items w[i] x h[i]. With a kerf k every bound
// is computed on items (w+k) x (h+k) in a bin (W+k) x (H+k): any packing with cuts of
// width k maps to a non-overlapping packing of these enlarged rectangles.

// boundL0 is the continuous (area) bound.
func boundL0(W, H int64, w, h []int64) int {
	var a float64
	for i := range w {
		a += float64(w[i]) * float64(h[i])
	}
	return ceilDiv(a, float64(W)*float64(H))
}

// boundMV is max(L0, L1, L2) in the manner of Martello and Vigo (1998), valid only when the
// items may not be rotated.
//
// L1: items wider than W/2 can never stand side by side, so their heights form a
// one-dimensional bin packing instance of capacity H; the Martello-Toth bound of that
// instance (and the same for items taller than H/2) bounds the bins.
//
// L2: for thresholds p, q keep only the items with w >= p and h >= q. A kept item wider than
// W-p has no kept item beside it, so it uses a full-width band W x h; one taller than H-q
// uses a full-height band w x H; an item that is both fills a bin alone; and the two kinds
// of bands never share a bin. The bound is the number of lone items plus the banded area
// over the bin area.
func boundMV(W, H int64, w, h []int64) int {
	lb := boundL0(W, H, w, h)
	lb = max(lb, bound1D(W, H, w, h), bound1D(H, W, h, w))
	ps := thresholds(w, W)
	qs := thresholds(h, H)
	binArea := float64(W) * float64(H)
	for _, p := range ps {
		for _, q := range qs {
			lone := 0
			var area float64
			for i := range w {
				if w[i] < p || h[i] < q {
					continue
				}
				wide, tall := w[i] > W-p, h[i] > H-q
				switch {
				case wide && tall:
					lone++
				case wide:
					area += float64(W) * float64(h[i])
				case tall:
					area += float64(H) * float64(w[i])
				default:
					area += float64(w[i]) * float64(h[i])
				}
			}
			lb = max(lb, lone+ceilDiv(area, binArea))
		}
	}
	return lb
}

// thresholds are the distinct sizes at most cap/2, plus 1.
func thresholds(s []int64, capacity int64) []int64 {
	out := []int64{1}
	for _, v := range s {
		if v <= capacity/2 && v > 1 {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// bound1D is the Martello-Toth L2 bound (with its cardinality variant) of the items wider
// than W/2, sized by their heights in bins of capacity H.
func bound1D(W, H int64, w, h []int64) int {
	var s []int64
	for i := range w {
		if 2*w[i] > W {
			s = append(s, h[i])
		}
	}
	if len(s) == 0 {
		return 0
	}
	lb := 0
	for _, a := range thresholds(s, H) {
		n1, n2 := 0, 0
		var sum2Free, sum3 float64
		n3 := 0
		var fit3 int64
		for _, v := range s {
			switch {
			case v > H-a:
				n1++
			case 2*v > H:
				n2++
				sum2Free += float64(H - v)
				fit3 += (H - v) / a
			case v >= a:
				n3++
				sum3 += float64(v)
			}
		}
		extra := max(0, ceilDiv(sum3-sum2Free, float64(H)))
		if per := H / a; per > 0 {
			extra = max(extra, ceilDivInt(int64(n3)-fit3, per))
		}
		lb = max(lb, n1+n2+extra)
	}
	return lb
}

func ceilDiv(a, b float64) int {
	if a <= 0 {
		return 0
	}
	q := int(a / b)
	if float64(q)*b < a-1e-9 {
		q++
	}
	return q
}

func ceilDivInt(a, b int64) int {
	if a <= 0 {
		return 0
	}
	return int((a + b - 1) / b)
}

// boundBig counts the items larger than half the bin in both directions in every allowed
// orientation: no two of them fit in one bin, side by side or stacked. Valid with rotation.
func boundBig(W, H int64, w, h []int64, rot []bool) int {
	n := 0
	for i := range w {
		big := 2*w[i] > W && 2*h[i] > H
		if rot[i] {
			big = big && 2*h[i] > W && 2*w[i] > H
		}
		if big {
			n++
		}
	}
	return n
}
