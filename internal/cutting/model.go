// Package cutting computes guillotine cutting patterns for a panel saw: which parts are cut
// from which boards, and the tree of cuts that produces them, with saw kerf, edge trim, grain
// direction, stage limits and reusable offcuts.
//
// Sizes are millimetres (float64). Internally they are converted to integer hundredths of a
// millimetre, so every geometric test is exact. A board's Length runs along x and its Width
// along y; a part placed unrotated has its Length along the board's Length.
package cutting

import (
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Grain says whether a part may be turned by 90 degrees on the board.
type Grain int

const (
	// GrainFree parts may be rotated.
	GrainFree Grain = iota
	// GrainFixed parts keep their Length along the board's Length (grain direction).
	GrainFixed
)

// Direction is the direction of the first (stage 1) cuts on a board.
type Direction int

const (
	// DirectionAny lets the optimiser choose, board by board.
	DirectionAny Direction = iota
	// DirectionAlongLength makes rip cuts first: lines parallel to the board's length,
	// giving full-length strips.
	DirectionAlongLength
	// DirectionAcrossLength makes cross cuts first: lines parallel to the board's width,
	// giving full-width strips.
	DirectionAcrossLength
)

// Board is a stock board type (or an offcut kept in stock).
type Board struct {
	ID        string  `json:"id"`
	Material  string  `json:"material"`
	Thickness float64 `json:"thickness"`
	Length    float64 `json:"length"`
	Width     float64 `json:"width"`
	// Count is how many boards are available; 0 means unlimited.
	Count int `json:"count"`
	// Cost of one board. 0 means "use the board's area", so that larger boards cost more.
	Cost float64 `json:"cost"`
	// Offcut marks a leftover kept in stock; with Cost 0 it is preferred over new boards.
	Offcut bool `json:"offcut"`
}

// Part is a part to cut, possibly in several copies.
type Part struct {
	ID        string  `json:"id"`
	Length    float64 `json:"length"`
	Width     float64 `json:"width"`
	Quantity  int     `json:"quantity"`
	Material  string  `json:"material"`
	Thickness float64 `json:"thickness"`
	Grain     Grain   `json:"grain"`
	Label     string  `json:"label,omitempty"`
	OrderRef  string  `json:"orderRef,omitempty"`
	LineRef   string  `json:"lineRef,omitempty"`
}

// Params are the saw and search settings.
type Params struct {
	// Kerf is the width of material a cut removes.
	Kerf float64
	// Trim is removed from each of the four edges of every board before cutting.
	Trim float64
	// Stages limits the number of cut levels (2, 3, ...); 0 means unlimited. A stage is one
	// level of parallel cuts; trimming a part to size counts as a stage.
	Stages int
	// FirstCut fixes the direction of the first cuts.
	FirstCut Direction
	// MinOffcutLength and MinOffcutWidth make a leftover reusable when it is at least this
	// large (in either orientation). With both zero every leftover is waste.
	MinOffcutLength float64
	MinOffcutWidth  float64
	// TimeLimit bounds the whole search (default 1s). See Effort for determinism.
	TimeLimit time.Duration
	// Effort is the search budget per worker in work units (insertion evaluations). When 0
	// it is derived from TimeLimit with a fixed rate, so that results do not depend on the
	// machine load; TimeLimit then remains a hard safety stop.
	Effort int64
	// Seed makes the search reproducible.
	Seed uint64
	// Workers is the number of search threads (default 2).
	Workers int
	// Logger receives progress messages; nil discards them.
	Logger *slog.Logger
	// Progress, when set, is told where the search stands: at the start, every
	// ProgressEvery (default 250 ms) while it runs, when each material group is done, and at
	// the end (100 %). It is called from one goroutine at a time and must return quickly.
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// Progress is where a Solve stands. Percent follows the time budget of the groups (a group
// solved early jumps ahead); Boards and Utilisation (parts area over the boards' usable area,
// trim aside) are those of the groups done so far;
// LowerBound is the sum of every group's lower bound on boards.
type Progress struct {
	Percent     float64 `json:"percent"`
	Group       int     `json:"group"` // groups done
	Groups      int     `json:"groups"`
	Boards      int     `json:"boards"`
	Utilisation float64 `json:"utilisation"`
	LowerBound  int     `json:"lowerBound"`
}

// Errors returned by Solve, wrapped with details.
var (
	ErrInvalidInput = errors.New("invalid input")
	ErrNoFit        = errors.New("part does not fit any board")
	ErrNotEnough    = errors.New("not enough boards")
)

// Result is a complete cutting plan.
type Result struct {
	// Sheets lists every board used, in cutting order.
	Sheets []Sheet `json:"sheets"`
	// Patterns groups identical sheets; Sheet.Pattern indexes this slice.
	Patterns []Pattern `json:"patterns"`
	// Materials summarises each material and thickness.
	Materials []MaterialSummary `json:"materials"`

	BoardsUsed  int     `json:"boardsUsed"`
	Cost        float64 `json:"cost"`
	PartsArea   float64 `json:"partsArea"`
	BoardsArea  float64 `json:"boardsArea"`
	Utilisation float64 `json:"utilisation"`
	// LowerBound is a lower bound on the number of boards; Gap = (BoardsUsed-LowerBound)/LowerBound.
	LowerBound int     `json:"lowerBound"`
	Gap        float64 `json:"gap"`

	Elapsed    time.Duration `json:"elapsed"`
	Iterations int64         `json:"iterations"`
	// Deterministic is false when a worker was stopped by the wall clock (TimeLimit or ctx)
	// rather than by its Effort budget or the lower bound.
	Deterministic bool `json:"deterministic"`
}

// Sheet is one board used and how it is cut.
type Sheet struct {
	Index      int         `json:"index"`
	Board      int         `json:"board"` // index into the boards given to Solve
	BoardID    string      `json:"boardId"`
	Material   string      `json:"material"`
	Thickness  float64     `json:"thickness"`
	Length     float64     `json:"length"`
	Width      float64     `json:"width"`
	Pattern    int         `json:"pattern"`
	Root       *Node       `json:"root"` // the trimmed usable area, root of the cut tree
	Cuts       []Cut       `json:"cuts"` // the cuts in saw order
	Placements []Placement `json:"placements"`
	Offcuts    []Offcut    `json:"offcuts"`
	// Utilisation is parts area over board area (trim included in the board area).
	Utilisation float64 `json:"utilisation"`
}

// NodeKind tells what a cut-tree node is.
type NodeKind string

// Node kinds.
const (
	NodeStrip NodeKind = "strip" // cut further into its children
	NodePart  NodeKind = "part"
	NodeWaste NodeKind = "waste"
)

// Node is a rectangle of the cut tree. A strip's children lie side by side along Axis
// ("x": separated by cuts parallel to y, "y": separated by cuts parallel to x), separated by
// one kerf; they span the strip's full extent across Axis.
type Node struct {
	Kind     NodeKind `json:"kind"`
	X        float64  `json:"x"`
	Y        float64  `json:"y"`
	Length   float64  `json:"length"`
	Width    float64  `json:"width"`
	Stage    int      `json:"stage"` // depth: the root is 0, children of the root 1, ...
	Axis     string   `json:"axis,omitempty"`
	Part     int      `json:"part"` // index into Sheet.Placements for a part node, else -1
	Children []*Node  `json:"children,omitempty"`
}

// Cut is one saw cut: a segment from (X1,Y1) to (X2,Y2), the kerf lying after the line
// (towards larger x or y).
type Cut struct {
	Seq   int     `json:"seq"`
	Stage int     `json:"stage"`
	X1    float64 `json:"x1"`
	Y1    float64 `json:"y1"`
	X2    float64 `json:"x2"`
	Y2    float64 `json:"y2"`
}

// Placement is one part copy on a sheet.
type Placement struct {
	Part    int     `json:"part"` // index into the parts given to Solve
	PartID  string  `json:"partId"`
	Label   string  `json:"label,omitempty"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Length  float64 `json:"length"` // along x
	Width   float64 `json:"width"`  // along y
	Rotated bool    `json:"rotated"`
}

// Offcut is a leftover rectangle.
type Offcut struct {
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Length   float64 `json:"length"`
	Width    float64 `json:"width"`
	Reusable bool    `json:"reusable"`
}

// Pattern is a distinct cutting pattern and how many boards are cut with it.
type Pattern struct {
	Index  int   `json:"index"`
	Count  int   `json:"count"`
	Sheets []int `json:"sheets"`
}

// MaterialSummary sums up one material and thickness.
type MaterialSummary struct {
	Material    string  `json:"material"`
	Thickness   float64 `json:"thickness"`
	Parts       int     `json:"parts"`
	BoardsUsed  int     `json:"boardsUsed"`
	Cost        float64 `json:"cost"`
	PartsArea   float64 `json:"partsArea"`
	BoardsArea  float64 `json:"boardsArea"`
	Utilisation float64 `json:"utilisation"`
	LowerBound  int     `json:"lowerBound"`
}

// units per millimetre of the internal integer geometry.
const scale = 100

func toUnits(v float64) int64 {
	if v >= 0 {
		return int64(v*scale + 0.5)
	}
	return -int64(-v*scale + 0.5)
}

func fromUnits(v int64) float64 { return float64(v) / scale }

func groupKey(material string, thickness float64) string {
	return fmt.Sprintf("%s|%d", material, toUnits(thickness))
}
