package pdf

import (
	"fmt"

	"github.com/boombuler/barcode/code128"
)

// Bar is one dark bar of a barcode: where it starts and how wide it is, in modules.
type Bar struct {
	Start, Width int
}

// QuietModules is the light margin a Code 128 symbol needs on each side, in modules.
const QuietModules = 10

// Code128Bars answers the dark bars of text's Code 128 symbol (start, data in the code sets
// that keep it shortest, checksum, stop) and the symbol's width in modules.
func Code128Bars(text string) ([]Bar, int, error) {
	bc, err := code128.Encode(text)
	if err != nil {
		return nil, 0, fmt.Errorf("code 128 of %q: %w", text, err)
	}
	n := bc.Bounds().Dx()
	var bars []Bar
	for x := 0; x < n; x++ {
		r, _, _, _ := bc.At(x, 0).RGBA()
		if r != 0 { // light
			continue
		}
		if k := len(bars); k > 0 && bars[k-1].Start+bars[k-1].Width == x {
			bars[k-1].Width++
		} else {
			bars = append(bars, Bar{Start: x, Width: 1})
		}
	}
	return bars, n, nil
}

// Code128 draws text's Code 128 symbol as filled rectangles (vector bars, sharp at any printer
// resolution) in the box x, y, w × h, quiet zones included in w: the module is w over the
// symbol's modules plus both quiet zones. It answers the module width in millimetres.
func (d *Doc) Code128(x, y, w, h float64, text string) (float64, error) {
	bars, n, err := Code128Bars(text)
	if err != nil {
		return 0, err
	}
	module := w / float64(n+2*QuietModules)
	d.SetFillColor(0, 0, 0)
	left := x + QuietModules*module
	for _, b := range bars {
		d.Rect(left+float64(b.Start)*module, y, float64(b.Width)*module, h, "F")
	}
	return module, nil
}
