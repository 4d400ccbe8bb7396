package optimization

import (
	"math"

	"kerf/internal/cutting"
)

// The saw's rules a run applies (decision 0013, "What a saw needs"): cut sizes from finished
// sizes and banding, books of identical boards, cycles, cuts and the estimated saw time, and
// a solution's figures. Pure functions of the engine's result and the settings.

// Banding is the band thickness of a part's four sides in millimetres (0: unbanded). Top
// and bottom run along the part's length, left and right along its width.
type Banding struct {
	Top, Bottom, Left, Right float64
}

// CutSize answers the size a part is cut at: its finished size less the bands on the sides
// that bound each dimension, plus the pre-milling allowance per banded side.
func CutSize(length, width float64, b Banding, allowance float64) (float64, float64) {
	side := func(t float64) float64 {
		if t <= 0 {
			return 0
		}
		return allowance - t
	}
	return round2(length + side(b.Left) + side(b.Right)), round2(width + side(b.Top) + side(b.Bottom))
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// Saw is what the figures need of a machine: its book height (mm), feed and return speeds
// (m/min), the time each cut takes beside its travel and the time to load a book (s).
type Saw struct {
	BookHeight  float64
	FeedSpeed   float64
	ReturnSpeed float64
	CutTime     float64
	LoadTime    float64
}

// BookSize answers how many boards of thickness the saw cuts at once (at least one).
func (s Saw) BookSize(thickness float64) int {
	if thickness <= 0 || s.BookHeight < thickness {
		return 1
	}
	return int(math.Floor(s.BookHeight/thickness + 1e-9))
}

// cycleSeconds is one pass of a pattern: every cut's travel forward and back, its fixed time,
// and the book's load.
func (s Saw) cycleSeconds(sh cutting.Sheet) float64 {
	travel := 0.0
	for _, c := range sh.Cuts {
		travel += math.Hypot(c.X2-c.X1, c.Y2-c.Y1) / 1000 // metres
	}
	t := float64(len(sh.Cuts))*s.CutTime + s.LoadTime
	if s.FeedSpeed > 0 {
		t += travel / s.FeedSpeed * 60
	}
	if s.ReturnSpeed > 0 {
		t += travel / s.ReturnSpeed * 60
	}
	return t
}

// Figures are a solution's numbers (areas in m², percentages 0–100, time in seconds).
type Figures struct {
	Boards         int     `bun:"boards,notnull" json:"boards"`
	Parts          int     `bun:"parts,notnull" json:"parts"`
	OffcutsKept    int     `bun:"offcuts_kept,notnull" json:"offcutsKept"`
	PartsArea      float64 `bun:"parts_area,notnull" json:"partsArea"`
	BoardsArea     float64 `bun:"boards_area,notnull" json:"boardsArea"`
	OffcutsArea    float64 `bun:"offcuts_area,notnull" json:"offcutsArea"`
	Utilisation    float64 `bun:"utilisation,notnull" json:"utilisation"`
	WastePct       float64 `bun:"waste_pct,notnull" json:"wastePct"`
	WasteOffcutPct float64 `bun:"waste_offcut_pct,notnull" json:"wasteOffcutPct"`
	Cuts           int     `bun:"cuts,notnull" json:"cuts"`
	Cycles         int     `bun:"cycles,notnull" json:"cycles"`
	SawSeconds     float64 `bun:"saw_seconds,notnull" json:"sawSeconds"`
}

// FiguresOf sums up a result cut on saw: identical boards (one pattern) are stacked into
// books of BookSize, each book one cycle of the pattern's cuts.
func FiguresOf(res cutting.Result, saw Saw) Figures {
	f := Figures{Boards: len(res.Sheets)}
	var parts, boards, offcuts float64
	for _, sh := range res.Sheets {
		boards += sh.Length * sh.Width
		f.Parts += len(sh.Placements)
		for _, p := range sh.Placements {
			parts += p.Length * p.Width
		}
		for _, o := range sh.Offcuts {
			if o.Reusable {
				f.OffcutsKept++
				offcuts += o.Length * o.Width
			}
		}
	}
	for _, p := range res.Patterns {
		if len(p.Sheets) == 0 || p.Sheets[0] >= len(res.Sheets) {
			continue
		}
		sh := res.Sheets[p.Sheets[0]]
		cycles := (p.Count + saw.BookSize(sh.Thickness) - 1) / saw.BookSize(sh.Thickness)
		f.Cycles += cycles
		f.Cuts += cycles * len(sh.Cuts)
		f.SawSeconds += float64(cycles) * saw.cycleSeconds(sh)
	}
	f.PartsArea, f.BoardsArea, f.OffcutsArea = round3(parts/1e6), round3(boards/1e6), round3(offcuts/1e6)
	if boards > 0 {
		f.Utilisation = round2(100 * parts / boards)
		f.WastePct = round2(100 * (boards - parts - offcuts) / boards)
		f.WasteOffcutPct = round2(100 * (boards - parts) / boards)
	}
	f.SawSeconds = math.Round(f.SawSeconds)
	return f
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
