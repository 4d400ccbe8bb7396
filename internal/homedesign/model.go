// Package homedesign is the home-design platform Kerf reads design plans from (decision
// 0012, "The platform"): the Provider interface, its two providers (development: plans in
// Kerf's own tables, generated from cabinet dimensions; http: a remote platform signed
// with an HMAC), the users' account bindings, and the designs the review sheets and the
// viewer read.
package homedesign

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Provider names.
const (
	ProviderDevelopment = "development"
	ProviderHTTP        = "http"
)

// MaxNum is the most plans one Plans call answers (spec 001 §7: Num 999).
const MaxNum = 999

// Provider is one home-design platform.
type Provider interface {
	Name() string                                                                // "development", "http"
	Plans(ctx context.Context, account string, q PlanQuery) ([]Plan, int, error) // Num ≤ 999, Start, Keyword
	DesignURL(ctx context.Context, account, planID string) (string, error)
	Design(ctx context.Context, account, planID string) (*Design, error) // the design data
}

// PlanQuery is one page of an account's plans: Start plans skipped, Num answered (1–999),
// Keyword matched against the plan's name.
type PlanQuery struct {
	Num     int    `json:"num"`
	Start   int    `json:"start"`
	Keyword string `json:"keyword"`
}

// Plan is one design plan (spec 001 §3).
type Plan struct {
	PlanID   string `json:"planId"`
	DesignID string `json:"designId"`
	Name     string `json:"name"`
	PlanPic  string `json:"planPic"` // an image URL (the development provider: an SVG data URL)
}

// Design is a plan's design data: the shape home-design platforms export split orders to
// factories in; one review sheet per solution.
type Design struct {
	PlanID    string     `json:"planId"`
	Name      string     `json:"name"`
	Solutions []Solution `json:"solutions"`
}

// Solution is one part of a plan reviewed on its own (a room's furniture).
type Solution struct {
	Code     string    `json:"code"`
	Name     string    `json:"name"`
	Cabinets []Cabinet `json:"cabinets"`
}

// Cabinet is one piece of furniture with its panels and hardware; sizes in millimetres.
type Cabinet struct {
	Name     string     `json:"name"`
	Width    float64    `json:"width"`
	Height   float64    `json:"height"`
	Depth    float64    `json:"depth"`
	Panels   []Panel    `json:"panels"`
	Hardware []Hardware `json:"hardware"`
}

// Panel is one board at its finished size (edge banding included), Count times.
type Panel struct {
	Name      string  `json:"name"`
	Material  string  `json:"material"`
	Thickness float64 `json:"thickness"`
	Length    float64 `json:"length"`
	Width     float64 `json:"width"`
	Grain     string  `json:"grain"` // "length", "width" or "none"
	Edges     Edges   `json:"edges"`
	Holes     []Hole  `json:"holes"`
	Count     int     `json:"count"`
}

// Edges is the banding of a panel's four edges (top and bottom run along its length).
type Edges struct {
	Top    Edge `json:"top"`
	Bottom Edge `json:"bottom"`
	Left   Edge `json:"left"`
	Right  Edge `json:"right"`
}

// Edge is one edge's banding; thickness 0 is unbanded.
type Edge struct {
	Thickness float64 `json:"thickness"`
}

// Hole is one drilled hole: on face "A" (the panel's inner face) at x along the length and
// y along the width, or on an edge face ("top", "bottom", "left", "right") at x along it
// and y the board's mid-thickness.
type Hole struct {
	Face     string  `json:"face"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Diameter float64 `json:"diameter"`
	Depth    float64 `json:"depth"`
}

// Hardware is fittings of a cabinet by code.
type Hardware struct {
	Name  string `json:"name"`
	Code  string `json:"code"`
	Count int    `json:"count"`
}

// ---- rows ----

// planRow is one plan of the development provider.
type planRow struct {
	bun.BaseModel `bun:"table:home_design_plans,alias:p"`
	db.Entity
	Account string `bun:"account,notnull"`
	PlanID  string `bun:"plan_id,notnull"`
	Name    string `bun:"name,notnull"`
	Design  string `bun:"design,notnull"` // the Design as JSON
}

// Binding is a user's account on the design platform.
type Binding struct {
	bun.BaseModel `bun:"table:home_design_accounts,alias:a"`
	db.Entity
	UserID   uuid.UUID `bun:"user_id,type:uuid,notnull" json:"userId"`
	Provider string    `bun:"provider,notnull" json:"provider"`
	Account  string    `bun:"account,notnull" json:"account"`
}
