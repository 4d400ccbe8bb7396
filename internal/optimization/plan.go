package optimization

import (
	"fmt"
	"math"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/cutting"
)

// A run's plan (decision 0013): the parts of its import files turned into the engine's parts
// at their cut sizes, the problems that stop a run, and the label code of every part copy.
// Pure functions of plain values; the runs read the rows and settings and call them.

// CutPart is one row of an import file as a run needs it.
type CutPart struct {
	Row          int // the row in its file (1-based, for messages)
	OrderNo      string
	Cabinet      string
	Name         string
	Code         string
	MaterialCode string
	Thickness    float64
	Length       float64 // finished
	Width        float64 // finished
	Count        float64 // as read: must be a whole number ≥ 1
	Grain        bool    // along the length: never turned
	Banding      Banding
}

// PlanMaterial is what a run needs of a material and its boards.
type PlanMaterial struct {
	ID            uuid.UUID
	Code          string
	Thickness     float64
	Enabled       bool
	Grain         bool // its parts never turn
	EdgeAllowance float64
	Boards        []PlanBoard
}

// PlanBoard is one board size a material may be cut from.
type PlanBoard struct {
	Code          string
	Length, Width float64
	Cost          float64
	Quantity      *int // nil: unlimited; else the warehouse's on-hand, booked out when cut
	Offcut        bool
	BinCode       string
}

// Problem kinds a verification reports.
const (
	ProblemUnknownMaterial  = "unknownMaterial"
	ProblemMaterialDisabled = "materialDisabled"
	ProblemNoBoard          = "noBoard"
	ProblemTooLarge         = "tooLarge"
	ProblemBadCount         = "badCount"
	ProblemBadSize          = "badSize"
)

// Problem is one reason a part cannot be cut; Args fill its message.
type Problem struct {
	Row      int    `json:"row"`
	PartName string `json:"partName"`
	Kind     string `json:"kind"`
	Args     []any  `json:"-"`
}

// MachineLimits limit a part's cut size (0: no limit).
type MachineLimits struct {
	MaxLength, MaxWidth float64
}

// Verify lists every problem of parts against the materials (by code, case aside), their
// boards and the machine, trim taken off every board edge; nil when the parts can be cut.
func Verify(parts []CutPart, mats map[string]PlanMaterial, m MachineLimits, trim float64) []Problem {
	var out []Problem
	add := func(p CutPart, kind string, args ...any) {
		out = append(out, Problem{Row: p.Row, PartName: p.Name, Kind: kind, Args: args})
	}
	for _, p := range parts {
		if p.Count < 1 || p.Count != math.Trunc(p.Count) {
			add(p, ProblemBadCount, p.Count)
		}
		if p.Length <= 0 || p.Width <= 0 {
			add(p, ProblemBadSize, p.Length, p.Width)
			continue
		}
		mat, ok := mats[strings.ToUpper(strings.TrimSpace(p.MaterialCode))]
		switch {
		case !ok:
			add(p, ProblemUnknownMaterial, p.MaterialCode)
			continue
		case !mat.Enabled:
			add(p, ProblemMaterialDisabled, p.MaterialCode)
			continue
		case mat.Thickness != p.Thickness || len(mat.Boards) == 0:
			add(p, ProblemNoBoard, p.MaterialCode, p.Thickness)
			continue
		}
		l, w := CutSize(p.Length, p.Width, p.Banding, mat.EdgeAllowance)
		if !fitsAny(l, w, !p.Grain && !mat.Grain, mat.Boards, m, trim) {
			add(p, ProblemTooLarge, l, w)
		}
	}
	return out
}

func fitsAny(l, w float64, turn bool, boards []PlanBoard, m MachineLimits, trim float64) bool {
	fits := func(bl, bw float64) bool {
		return (l <= bl && w <= bw) || (turn && w <= bl && l <= bw)
	}
	if m.MaxLength > 0 && m.MaxWidth > 0 && !fits(m.MaxLength, m.MaxWidth) {
		return false
	}
	for _, b := range boards {
		if fits(b.Length-2*trim, b.Width-2*trim) {
			return true
		}
	}
	return false
}

// EngineInput turns verified parts and their materials into the engine's boards and parts:
// each part at its cut size, fixed when it or its material has a grain or rotate is off,
// its label the row's index so placements lead back to it.
func EngineInput(parts []CutPart, mats map[string]PlanMaterial, rotate bool) ([]cutting.Board, []cutting.Part) {
	var boards []cutting.Board
	seen := map[string]bool{}
	var out []cutting.Part
	for i, p := range parts {
		key := strings.ToUpper(strings.TrimSpace(p.MaterialCode))
		mat := mats[key]
		if !seen[key] {
			seen[key] = true
			for _, b := range mat.Boards {
				n := 0
				if b.Quantity != nil {
					n = *b.Quantity
					if n == 0 {
						continue // none left: not offered
					}
				}
				boards = append(boards, cutting.Board{ID: b.Code, Material: key, Thickness: mat.Thickness,
					Length: b.Length, Width: b.Width, Count: n, Cost: b.Cost, Offcut: b.Offcut})
			}
		}
		l, w := CutSize(p.Length, p.Width, p.Banding, mat.EdgeAllowance)
		grain := cutting.GrainFree
		if p.Grain || mat.Grain || !rotate {
			grain = cutting.GrainFixed
		}
		out = append(out, cutting.Part{ID: fmt.Sprint(i), Length: l, Width: w, Quantity: int(p.Count), Material: key,
			Thickness: mat.Thickness, Grain: grain, Label: p.Name, OrderRef: p.OrderNo, LineRef: p.Cabinet})
	}
	return boards, out
}

// LabelCode is a part copy's label: the run's plan number, its board (1-based) and its
// position on the board (1-based), e.g. OP20261124001-004-012.
func LabelCode(planNo string, sheet, seq int) string {
	return fmt.Sprintf("%s-%03d-%03d", planNo, sheet, seq)
}
