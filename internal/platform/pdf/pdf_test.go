package pdf

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// code128Widths is the standard's table (ISO/IEC 15417): bar, space, bar, … widths in modules
// of symbol values 0–106 (106, the stop, with its final bar). The test decodes with it, so it
// checks the bars drawn against the standard, not against the encoder that made them.
var code128Widths = strings.Fields(`
212222 222122 222221 121223 121322 131222 122213 122312 132212 221213
221312 231212 112232 122132 122231 113222 123122 123221 223211 221132
221231 213212 223112 312131 311222 321122 321221 312212 322112 322211
212123 212321 232121 111323 131123 131321 112313 132113 132311 211313
231113 231311 112133 112331 132131 113123 113321 133121 313121 211331
231131 213113 213311 213131 311123 311321 331121 312113 312311 332111
314111 221411 431111 111224 111422 121124 121421 141122 141221 112214
112412 122114 122411 142112 142211 241211 221114 413111 241112 134111
111242 121142 121241 114212 124112 124211 411212 421112 421211 212141
214121 412121 111143 111341 131141 114113 114311 411113 411311 113141
114131 311141 411131 211412 211214 211232 2331112`)

// decode128 reads bars back into text: widths → symbol values → code sets A, B and C,
// checking the checksum and the stop.
func decode128(bars []Bar, modules int) (string, error) {
	// runs of dark and light modules, starting with a dark one
	var runs []int
	pos := 0
	for i, b := range bars {
		if i > 0 {
			runs = append(runs, b.Start-pos)
		} else if b.Start != 0 {
			return "", fmt.Errorf("symbol starts with %d light modules", b.Start)
		}
		runs = append(runs, b.Width)
		pos = b.Start + b.Width
	}
	if pos != modules {
		return "", fmt.Errorf("bars end at %d of %d modules", pos, modules)
	}
	value := map[string]int{}
	for v, w := range code128Widths {
		value[w] = v
	}
	var values []int
	for len(runs) > 0 {
		n := min(6, len(runs))
		if len(runs) == 7 {
			n = 7
		}
		key := ""
		for _, r := range runs[:n] {
			key += fmt.Sprint(r)
		}
		v, ok := value[key]
		if !ok {
			return "", fmt.Errorf("no symbol has widths %s", key)
		}
		values = append(values, v)
		runs = runs[n:]
	}
	if len(values) < 3 || values[len(values)-1] != 106 {
		return "", fmt.Errorf("no stop: %v", values)
	}
	sum := values[0]
	for i, v := range values[1 : len(values)-2] {
		sum += (i + 1) * v
	}
	if sum%103 != values[len(values)-2] {
		return "", fmt.Errorf("checksum %d, want %d", values[len(values)-2], sum%103)
	}
	var out strings.Builder
	set := map[int]byte{103: 'A', 104: 'B', 105: 'C'}[values[0]]
	if set == 0 {
		return "", fmt.Errorf("start %d", values[0])
	}
	for _, v := range values[1 : len(values)-2] {
		switch {
		case v == 99:
			set = 'C'
		case v == 100 && set != 'B':
			set = 'B'
		case v == 101 && set != 'A':
			set = 'A'
		case set == 'C':
			fmt.Fprintf(&out, "%02d", v)
		case set == 'B' || v < 64:
			out.WriteByte(byte(v + 32))
		default: // set A's control characters
			out.WriteByte(byte(v - 64))
		}
	}
	return out.String(), nil
}

func TestCode128BarsDecodeBackToTheirText(t *testing.T) {
	for _, text := range []string{"OP20261124001-001-001", "OP20261124001-012-123", "A", "1234", "ab-12345-x", "PLAN 7"} {
		bars, n, err := Code128Bars(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		got, err := decode128(bars, n)
		if err != nil || got != text {
			t.Fatalf("%s decodes to %q (%v)", text, got, err)
		}
	}
	if _, _, err := Code128Bars("标签"); err == nil {
		t.Fatal("Chinese has no Code 128 symbol, yet it was encoded")
	}
}

// pageContents answers the document's pages' uncompressed drawing operators.
func uncompressed(t *testing.T, d *Doc) string {
	t.Helper()
	d.SetCompression(false)
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestABarcodeIsDrawnAsOneRectanglePerBarInsideItsBox(t *testing.T) {
	d := New(Size{Width: 100, Height: 60}, "t", time.Unix(0, 0))
	d.AddPage()
	bars, n, _ := Code128Bars("OP20261124001-001-001")
	module, err := d.Code128(5, 5, 90, 12, "OP20261124001-001-001")
	if err != nil {
		t.Fatal(err)
	}
	if want := 90 / float64(n+2*QuietModules); module != want || module < 0.3 {
		t.Fatalf("module %.3f mm, want %.3f (and wide enough to scan)", module, want)
	}
	// fpdf writes a filled rectangle as "x y w h re f" in points, y from the bottom
	rects := regexp.MustCompile(`(?m)^([\d.]+) ([\d.]+) ([\d.]+) ([-\d.]+) re f$`).FindAllStringSubmatch(uncompressed(t, d), -1)
	if len(rects) != len(bars) {
		t.Fatalf("%d rectangles for %d bars", len(rects), len(bars))
	}
	for i, r := range rects {
		var x, w float64
		fmt.Sscan(r[1], &x)
		fmt.Sscan(r[3], &w)
		x, w = x/72*25.4, w/72*25.4
		wantX := 5 + float64(QuietModules+bars[i].Start)*module
		if d := x - wantX; d > 0.01 || d < -0.01 || w-float64(bars[i].Width)*module > 0.01 {
			t.Fatalf("bar %d at %.2f mm wide %.2f, want %.2f wide %.2f", i, x, w, wantX, float64(bars[i].Width)*module)
		}
	}
}

func TestTextFitsItsBoxOrIsLeftOut(t *testing.T) {
	d := New(A4Landscape, "t", time.Unix(0, 0))
	d.AddPage()
	lines := []string{"OP20261124001-001-001", "侧板 Side panel", "718 × 558"}
	for _, c := range []struct {
		w, h float64
		fits bool
	}{{60, 20, true}, {30, 12, true}, {8, 3, false}, {200, 2, false}} {
		pt, ok := d.Fit(lines, c.w, c.h, 12, 4)
		if ok != c.fits {
			t.Fatalf("%g × %g: fits %v at %g pt", c.w, c.h, ok, pt)
		}
		if !ok {
			continue
		}
		for _, l := range lines {
			if d.Width(l, pt) > c.w {
				t.Fatalf("%q is %.1f mm wide in a %g mm box", l, d.Width(l, pt), c.w)
			}
		}
		if float64(len(lines))*LineHeight(pt) > c.h {
			t.Fatalf("%d lines at %g pt are taller than %g mm", len(lines), pt, c.h)
		}
	}
	if s := d.Clip("一个很长很长的板件名称 with words", 20, 10); d.Width(s, 10) > 20 || !strings.HasSuffix(s, "…") {
		t.Fatalf("clipped %q is %.1f mm", s, d.Width(s, 10))
	}
	if s := d.Clip("短", 20, 10); s != "短" {
		t.Fatalf("a short text was clipped to %q", s)
	}
}

func TestChineseIsEmbeddedAsASmallSubsetOfTheFont(t *testing.T) {
	d := New(A4Portrait, "标签", time.Unix(0, 0))
	for i := 0; i < 10; i++ {
		d.AddPage()
		d.TextIn(10, 10, 190, "侧板 地柜 门板 衣柜 板件 订单 Side panel 720 × 560", 12, Left)
	}
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("%PDF-")) || !bytes.Contains(data, []byte("/FontFile2")) || !bytes.Contains(data, []byte("/ToUnicode")) {
		t.Fatal("the font is not embedded with its text mapping")
	}
	if len(data) > 60<<10 {
		t.Fatalf("10 pages of text are %d bytes: the font was not subset", len(data))
	}
}

func TestLatinAndChineseAreWrittenEachInAFontThatHasThem(t *testing.T) {
	got := runs("侧板 Side 720 × 560，门板…")
	want := []run{{cjkFamily, "侧板 "}, {latinFamily, "Side 720 × 560"}, {cjkFamily, "，门板"}, {latinFamily, "…"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("runs %v, want %v", got, want)
	}
	for _, r := range "AZaz09%×…·→" {
		if !hasLatin(r) {
			t.Fatalf("%q is not in the Latin font", r)
		}
	}
	if hasLatin('板') {
		t.Fatal("the Latin font claims Chinese")
	}
}
