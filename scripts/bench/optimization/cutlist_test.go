package main

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestCutListHasExactlyThePiecesAskedWithinTheSizesOfAnOrder(t *testing.T) {
	white := material{"W18", 18}
	mixed := materials{carcass: white, front: material{"OAK18", 18}, back: material{"HDF5", 5}}
	for _, c := range []struct {
		name   string
		pieces int
		m      materials
	}{
		{"one piece", 1, materials{white, white, white}},
		{"a small order", 137, mixed},
		{"the benchmark's order", 2000, materials{white, white, white}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rows := cutList(rand.New(rand.NewPCG(1, 2)), "SO-1", c.pieces, c.m)
			if got := pieces(rows); got != c.pieces {
				t.Fatalf("pieces = %d, want %d", got, c.pieces)
			}
			for _, p := range rows {
				if p.length < 100 || p.length > 2400 || p.width < 60 || p.width > 1200 || p.count < 1 {
					t.Errorf("%s %s: %d × %d × %d is outside 100–2400 × 60–1200 or has no copies", p.cabinet, p.name, p.length, p.width, p.count)
				}
				if p.mat.code == "" || p.order != "SO-1" || p.code == "" {
					t.Errorf("%s %s: material %q, order %q, code %q", p.cabinet, p.name, p.mat.code, p.order, p.code)
				}
			}
		})
	}
}

func TestWorkbookPutsEachFieldInItsSettingsColumn(t *testing.T) {
	cols := []column{{Index: 2, Field: "length", Title: "长度"}, {Index: 0, Field: "materialCode", Title: "材料编码"},
		{Index: 1, Field: "grain", Title: "纹理"}}
	rows := []part{{mat: material{"W18", 18}, length: 720, width: 560, count: 2, grain: true}}
	data, err := workbook(cols, 1, rows)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"材料编码", "纹理", "长度"}, {"W18", "1", "720"}}
	if len(got) != len(want) {
		t.Fatalf("rows = %q, want %q", got, want)
	}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("cell %d,%d = %q, want %q", i, j, got[i][j], want[i][j])
			}
		}
	}
}
