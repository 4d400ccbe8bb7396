package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// The benchmark's materials, each with one unlimited 2800 × 2070 board: a finished run books
// nothing out of the warehouse, so runs never compete for stock.
var (
	whiteMelamine = material{"BENCH-PB18-WW", 18}
	oakMelamine   = material{"BENCH-PB18-OK", 18}
	hdfBack       = material{"BENCH-HDF5-W", 5}
)

// env is what the scenarios run with: the demo's default import-file setting (its columns)
// and the benchmark's parameter setting.
type env struct {
	settingID   uuid.UUID
	settingName string
	headerRows  int
	columns     []column
	paramsID    uuid.UUID
}

// setUp creates the materials and a parameter setting with the time limit through the API,
// and reads the demo's default import-file setting.
func setUp(ctx context.Context, c *client, timeLimit time.Duration) (env, error) {
	var e env
	for _, m := range []struct {
		material
		name, color string
		grain       bool
		cost        float64
	}{
		{whiteMelamine, "颗粒板18 暖白 (benchmark)", "暖白", false, 198},
		{oakMelamine, "颗粒板18 橡木 (benchmark)", "橡木", true, 226},
		{hdfBack, "高密度板5 白色 (benchmark)", "白色", false, 88},
	} {
		allowance := 1.0
		if m.thickness < 10 {
			allowance = 0
		}
		in := map[string]any{"code": m.code, "name": m.name, "thickness": m.thickness, "grain": m.grain, "color": m.color,
			"edgeAllowance": allowance, "boards": []map[string]any{
				{"code": m.code + "-2800x2070", "length": 2800, "width": 2070, "cost": m.cost}, // no quantity: unlimited
			}}
		if err := c.Post(ctx, "/api/optimization/materials", in, nil); err != nil {
			return e, fmt.Errorf("material %s: %w", m.code, err)
		}
	}
	// The demo's standard parameters, with the benchmark's time limit and no stock offcuts.
	var params struct {
		ID uuid.UUID `json:"id"`
	}
	if err := c.Post(ctx, "/api/optimization/optimize-parameter-settings", map[string]any{
		"name": fmt.Sprintf("Benchmark %v", timeLimit), "kerf": 4.4, "trim": 10, "stages": 3, "firstCut": 0,
		"minOffcutLength": 300, "minOffcutWidth": 200, "timeLimitSeconds": int(timeLimit / time.Second), "rotate": true,
		"useStockOffcuts": false, "remark": "scripts/bench/optimization",
	}, &params); err != nil {
		return e, fmt.Errorf("parameters: %w", err)
	}
	e.paramsID = params.ID
	var all struct {
		Items []struct {
			ID         uuid.UUID `json:"id"`
			Name       string    `json:"name"`
			FileType   int       `json:"fileType"`
			HeaderRows int       `json:"headerRows"`
			IsDefault  bool      `json:"isDefault"`
			Details    []column  `json:"details"`
		} `json:"items"`
	}
	if err := c.Get(ctx, "/api/optimization/import-file-settings/all", &all); err != nil {
		return e, err
	}
	for _, s := range all.Items {
		if !s.IsDefault {
			continue
		}
		if s.FileType != 0 {
			return e, fmt.Errorf("the default import-file setting %q does not read .xlsx", s.Name)
		}
		var full struct {
			Details []column `json:"details"`
		}
		if err := c.Get(ctx, "/api/optimization/import-file-settings/"+s.ID.String(), &full); err != nil {
			return e, err
		}
		e.settingID, e.settingName, e.headerRows, e.columns = s.ID, s.Name, s.HeaderRows, full.Details
		return e, nil
	}
	return e, errors.New("the demo tenant has no default import-file setting")
}
