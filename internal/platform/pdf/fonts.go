package pdf

import (
	_ "embed"
	"encoding/binary"
	"sort"
)

// Two embedded fonts write every text: DejaVu Sans Condensed for Latin, digits and symbols
// (×, …, ·, arrows), Droid Sans Fallback for Chinese (it has no ASCII letters or digits at
// all). A text is cut into runs by which font has each character.

//go:embed fonts/DroidSansFallbackFull.ttf
var cjkTTF []byte

//go:embed fonts/DejaVuSansCondensed.ttf
var latinTTF []byte

// Font family names inside a document.
const (
	latinFamily = "kerf-latin"
	cjkFamily   = "kerf-cjk"
)

// latinRanges are the characters the Latin font has, read once from its cmap.
var latinRanges = cmapRanges(latinTTF)

type runeRange struct{ lo, hi rune }

// hasLatin answers whether the Latin font draws r.
func hasLatin(r rune) bool {
	i := sort.Search(len(latinRanges), func(i int) bool { return latinRanges[i].hi >= r })
	return i < len(latinRanges) && latinRanges[i].lo <= r
}

// run is a piece of text in one font.
type run struct {
	family string
	text   string
}

// runs cuts text where the font changes. A space stays in the run it is in.
func runs(text string) []run {
	var out []run
	for _, r := range text {
		family := cjkFamily
		if hasLatin(r) {
			family = latinFamily
		}
		if r == ' ' && len(out) > 0 {
			family = out[len(out)-1].family
		}
		if n := len(out); n > 0 && out[n-1].family == family {
			out[n-1].text += string(r)
			continue
		}
		out = append(out, run{family: family, text: string(r)})
	}
	return out
}

// cmapRanges reads a TrueType font's Unicode BMP character map (format 4), sorted; nil when
// the font has none.
func cmapRanges(ttf []byte) []runeRange {
	u16 := func(at int) int {
		if at+2 > len(ttf) {
			return 0
		}
		return int(binary.BigEndian.Uint16(ttf[at:]))
	}
	u32 := func(at int) int {
		if at+4 > len(ttf) {
			return 0
		}
		return int(binary.BigEndian.Uint32(ttf[at:]))
	}
	cmap := -1
	for i := 0; i < u16(4); i++ {
		rec := 12 + 16*i
		if rec+16 <= len(ttf) && string(ttf[rec:rec+4]) == "cmap" {
			cmap = u32(rec + 8)
		}
	}
	if cmap < 0 {
		return nil
	}
	var out []runeRange
	for i := 0; i < u16(cmap+2); i++ {
		rec := cmap + 4 + 8*i
		platform, encoding, sub := u16(rec), u16(rec+2), cmap+u32(rec+4)
		if !(platform == 3 && encoding == 1 || platform == 0) || u16(sub) != 4 {
			continue
		}
		segs := u16(sub+6) / 2
		for s := 0; s < segs; s++ {
			end := u16(sub + 14 + 2*s)
			start := u16(sub + 16 + 2*segs + 2*s)
			if start <= end && end != 0xFFFF {
				out = append(out, runeRange{lo: rune(start), hi: rune(end)})
			}
		}
		break
	}
	sort.Slice(out, func(i, j int) bool { return out[i].lo < out[j].lo })
	return out
}
