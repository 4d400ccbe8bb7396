package homedesign

import (
	"fmt"
	"math"
)

// Cabinet kinds the generator builds.
const (
	KindBase     = "base"     // floor cabinet under a worktop
	KindWall     = "wall"     // hung cabinet
	KindTall     = "tall"     // full-height cabinet
	KindWardrobe = "wardrobe" // tall cabinet with a hanging rail
	KindDrawer   = "drawer"   // drawer unit: fronts instead of doors
)

// Construction constants, millimetres.
const (
	DefaultThickness = 18.0
	BackThickness    = 5.0
	backGroove       = 5.0  // the back sits this far into grooves in the carcass
	doorGap          = 3.0  // between a door and its neighbours, per door
	shelfSetBack     = 20.0 // a shelf stops this short of the front
	shelfClearance   = 1.0  // a loose shelf is this much narrower than the opening
	hiddenEdge       = 1.0
	visibleEdge      = 2.0
	hingeCup         = 35.0
	hingeCupDepth    = 13.0
	hingeCupInset    = 22.5 // centre of the cup from the door's edge
	hingeEnd         = 100.0
	shelfPin         = 5.0
	shelfPinDepth    = 10.0
	pinInset         = 37.0 // the 32 mm system's row from the front and back
	dowel            = 8.0
	dowelFaceDepth   = 12.0
	dowelEdgeDepth   = 30.0
	dowelInset       = 50.0
)

// Hardware codes: the demo parts catalogue's codes, so a quotation prices them (decision 0012).
const (
	CodeHinge    = "HW-HG110"
	CodeHandle   = "HW-HD160"
	CodeShelfPin = "HW-SS"
	CodeDowel    = "HW-DW8"
	CodeSlide    = "HW-SL450"
	CodeRail     = "HW-RAIL25"
)

// BackMaterial is the back panels' board: the demo parts catalogue's 5 mm HDF.
const BackMaterial = "HDF5-W"

// CabinetSpec is a cabinet as a designer draws it: outer sizes and what it holds.
type CabinetSpec struct {
	Name      string
	Kind      string
	Width     float64
	Height    float64
	Depth     float64
	Shelves   int
	Doors     int
	Drawers   int // drawer fronts (KindDrawer), stacked
	Material  string
	Thickness float64 // 0: 18 mm
}

// HingesPerDoor answers how many hinges a door of this height hangs on.
func HingesPerDoor(height float64) int {
	switch {
	case height <= 900:
		return 2
	case height <= 1600:
		return 3
	case height <= 2000:
		return 4
	default:
		return 5
	}
}

func banded(top, bottom, left, right float64) Edges {
	return Edges{Top: Edge{top}, Bottom: Edge{bottom}, Left: Edge{left}, Right: Edge{right}}
}

// half rounds down to half a millimetre.
func half(v float64) float64 { return math.Floor(v*2) / 2 }

// Generate builds a cabinet's panels (finished sizes), banding, holes and hardware.
// The carcass: two sides the full height and depth; top and bottom between them; a 5 mm
// back in 5 mm grooves; loose shelves on 5 mm pins; overlay doors (or drawer fronts) 3 mm
// short of the carcass per door. A panel's top edge (along its length) is its front.
func Generate(s CabinetSpec) Cabinet {
	t := s.Thickness
	if t <= 0 {
		t = DefaultThickness
	}
	w, h, d := s.Width, s.Height, s.Depth
	inner := w - 2*t
	c := Cabinet{Name: s.Name, Width: w, Height: h, Depth: d}

	// Sides: front edge visible, dowels into top and bottom, shelf pins in two rows.
	sideHoles := []Hole{}
	for _, y := range []float64{dowelInset, d - dowelInset} {
		sideHoles = append(sideHoles,
			Hole{Face: "A", X: t / 2, Y: y, Diameter: dowel, Depth: dowelFaceDepth},
			Hole{Face: "A", X: h - t/2, Y: y, Diameter: dowel, Depth: dowelFaceDepth})
	}
	for i := 1; i <= s.Shelves; i++ {
		x := half(t + (h-2*t)*float64(i)/float64(s.Shelves+1))
		sideHoles = append(sideHoles,
			Hole{Face: "A", X: x, Y: pinInset, Diameter: shelfPin, Depth: shelfPinDepth},
			Hole{Face: "A", X: x, Y: d - pinInset, Diameter: shelfPin, Depth: shelfPinDepth})
	}
	c.Panels = append(c.Panels, Panel{Name: "side", Material: s.Material, Thickness: t, Length: h, Width: d,
		Grain: "length", Edges: banded(visibleEdge, hiddenEdge, hiddenEdge, hiddenEdge), Holes: sideHoles, Count: 2})

	// Top and bottom: dowels in their ends.
	endHoles := []Hole{}
	for _, face := range []string{"left", "right"} {
		for _, x := range []float64{dowelInset, d - dowelInset} {
			endHoles = append(endHoles, Hole{Face: face, X: x, Y: t / 2, Diameter: dowel, Depth: dowelEdgeDepth})
		}
	}
	for _, name := range []string{"top", "bottom"} {
		c.Panels = append(c.Panels, Panel{Name: name, Material: s.Material, Thickness: t, Length: inner, Width: d,
			Grain: "length", Edges: banded(visibleEdge, hiddenEdge, hiddenEdge, hiddenEdge), Holes: endHoles, Count: 1})
	}

	// Back, in grooves on all four sides.
	c.Panels = append(c.Panels, Panel{Name: "back", Material: BackMaterial, Thickness: BackThickness,
		Length: h - 2*t + 2*backGroove, Width: inner + 2*backGroove, Grain: "none", Holes: []Hole{}, Count: 1})

	if s.Shelves > 0 {
		c.Panels = append(c.Panels, Panel{Name: "shelf", Material: s.Material, Thickness: t,
			Length: inner - shelfClearance, Width: d - shelfSetBack, Grain: "length",
			Edges: banded(visibleEdge, hiddenEdge, hiddenEdge, hiddenEdge), Holes: []Hole{}, Count: s.Shelves})
	}

	hinges, handles := 0, 0
	if s.Doors > 0 {
		dh := h - doorGap
		dw := half((w - doorGap*float64(s.Doors)) / float64(s.Doors))
		n := HingesPerDoor(dh)
		holes := make([]Hole, 0, n)
		for i := 0; i < n; i++ {
			x := hingeEnd + (dh-2*hingeEnd)*float64(i)/float64(n-1)
			holes = append(holes, Hole{Face: "A", X: half(x), Y: hingeCupInset, Diameter: hingeCup, Depth: hingeCupDepth})
		}
		c.Panels = append(c.Panels, Panel{Name: "door", Material: s.Material, Thickness: t, Length: dh, Width: dw,
			Grain: "length", Edges: banded(visibleEdge, visibleEdge, visibleEdge, visibleEdge), Holes: holes, Count: s.Doors})
		hinges, handles = n*s.Doors, s.Doors
	}
	if s.Drawers > 0 {
		fh := half((h - doorGap*float64(s.Drawers)) / float64(s.Drawers))
		c.Panels = append(c.Panels, Panel{Name: "drawer front", Material: s.Material, Thickness: t, Length: w - doorGap,
			Width: fh, Grain: "length", Edges: banded(visibleEdge, visibleEdge, visibleEdge, visibleEdge), Holes: []Hole{}, Count: s.Drawers})
		handles += s.Drawers
	}

	if hinges > 0 {
		c.Hardware = append(c.Hardware, Hardware{Name: "hinge", Code: CodeHinge, Count: hinges})
	}
	if handles > 0 {
		c.Hardware = append(c.Hardware, Hardware{Name: "handle", Code: CodeHandle, Count: handles})
	}
	if s.Shelves > 0 {
		c.Hardware = append(c.Hardware, Hardware{Name: "shelf pin", Code: CodeShelfPin, Count: 4 * s.Shelves})
	}
	if s.Drawers > 0 {
		c.Hardware = append(c.Hardware, Hardware{Name: "drawer slide pair", Code: CodeSlide, Count: s.Drawers})
	}
	if s.Kind == KindWardrobe {
		c.Hardware = append(c.Hardware, Hardware{Name: "hanging rail", Code: CodeRail, Count: 1})
	}
	c.Hardware = append(c.Hardware, Hardware{Name: "dowel", Code: CodeDowel, Count: 8})
	return c
}

// Validate reports what makes a spec unbuildable.
func (s CabinetSpec) Validate() error {
	t := s.Thickness
	if t <= 0 {
		t = DefaultThickness
	}
	if s.Width <= 2*t || s.Height <= 2*t || s.Depth <= shelfSetBack {
		return fmt.Errorf("cabinet %q: %v×%v×%v is too small", s.Name, s.Width, s.Height, s.Depth)
	}
	if s.Doors < 0 || s.Shelves < 0 || s.Drawers < 0 {
		return fmt.Errorf("cabinet %q: negative counts", s.Name)
	}
	return nil
}
