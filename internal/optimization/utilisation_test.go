package optimization

import (
	"testing"

	"github.com/google/uuid"
)

// sheet is a board of a result with parts (cut = finished size, no banding) and offcuts.
func sheet(index int, material string, l, w float64, parts [][2]float64, names []string, offcuts ...[2]float64) (s struct {
	Index       int          `json:"index"`
	Material    string       `json:"material"`
	Thickness   float64      `json:"thickness"`
	Length      float64      `json:"length"`
	Width       float64      `json:"width"`
	Utilisation float64      `json:"utilisation"`
	Parts       []ResultPart `json:"parts"`
	Offcuts     []struct {
		Length   float64 `json:"length"`
		Width    float64 `json:"width"`
		Reusable bool    `json:"reusable"`
	} `json:"offcuts"`
}) {
	s.Index, s.Material, s.Thickness, s.Length, s.Width = index, material, 18, l, w
	used := 0.0
	for i, p := range parts {
		s.Parts = append(s.Parts, ResultPart{Name: names[i], OrderNo: "SO", FinishedLength: p[0], FinishedWidth: p[1], CutLength: p[0], CutWidth: p[1]})
		used += p[0] * p[1]
	}
	s.Utilisation = used / (l * w)
	for _, o := range offcuts {
		s.Offcuts = append(s.Offcuts, struct {
			Length   float64 `json:"length"`
			Width    float64 `json:"width"`
			Reusable bool    `json:"reusable"`
		}{o[0], o[1], true})
	}
	return s
}

func detail(file uuid.UUID, material, name string, l, w, n float64) ImportFileDetail {
	return ImportFileDetail{ImportFileID: file, MaterialCode: material, OrderNo: "SO", PartName: name, Length: l, Width: w, Count: n}
}

// TestAttributeSplitsBoardsByEachFilesOwnPartsArea: the rules of a file's share of its run.
func TestAttributeSplitsBoardsByEachFilesOwnPartsArea(t *testing.T) {
	a, b := uuid.New(), uuid.New()
	// board 1 (1000×1000): a's 500×500 twice, b's 500×500 once, one shared-size part 500×500
	// that both files list (a one copy, b one copy); board 2 (1000×500, other material): b's 500×500.
	res := resultBoards{}
	res.Sheets = append(res.Sheets,
		sheet(1, "PB18", 1000, 1000, [][2]float64{{500, 500}, {500, 500}, {500, 500}, {500, 500}}, []string{"A", "A", "B", "S"}),
		sheet(2, "MDF", 1000, 500, [][2]float64{{500, 500}}, []string{"B"}, [2]float64{500, 500}),
	)
	rows := map[uuid.UUID][]ImportFileDetail{
		a: {detail(a, "pb18 ", "A", 500, 500, 2), detail(a, "PB18", "S", 500, 500, 1)},
		b: {detail(b, "PB18", "B", 500, 500, 1), detail(b, "PB18", "S", 500, 500, 1), detail(b, "mdf", "B", 500, 500, 1)},
	}
	cases := []struct {
		name     string
		files    []uuid.UUID
		file     uuid.UUID
		material string
		want     UtilisationFigures
	}{
		{"a shares board 1 by its three parts of four", []uuid.UUID{a, b}, a, "",
			UtilisationFigures{Boards: 0.75, BoardsUsed: 1, Pieces: 3, PartsArea: 0.75, BoardsArea: 0.75, Utilisation: 100}},
		{"b: a quarter of board 1 and all of board 2", []uuid.UUID{a, b}, b, "",
			UtilisationFigures{Boards: 1.25, BoardsUsed: 2, Pieces: 2, PartsArea: 0.5, BoardsArea: 0.75, OffcutsKept: 1, OffcutsArea: 0.25,
				Utilisation: 66.67, WastePct: 0, WasteOffcutPct: 33.33}},
		{"the shared part goes to the first file in the run's order", []uuid.UUID{b, a}, b, "PB18",
			UtilisationFigures{Boards: 0.5, BoardsUsed: 1, Pieces: 2, PartsArea: 0.5, BoardsArea: 0.5, Utilisation: 100}},
		{"one material only", []uuid.UUID{a, b}, b, "mdf",
			UtilisationFigures{Boards: 1, BoardsUsed: 1, Pieces: 1, PartsArea: 0.25, BoardsArea: 0.5, OffcutsKept: 1, OffcutsArea: 0.25,
				Utilisation: 50, WastePct: 0, WasteOffcutPct: 50}},
		{"a part no file of the run lists is nobody's", []uuid.UUID{a}, a, "PB18",
			UtilisationFigures{Boards: 0.75, BoardsUsed: 1, Pieces: 3, PartsArea: 0.75, BoardsArea: 0.75, Utilisation: 100}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sh := attribute(res, c.files, rows)
			got := sh.fileFigures(sh.position(c.file), c.material).figures()
			if got != c.want {
				t.Fatalf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
	// a file alone owns its boards: its figures are its run's
	alone := resultBoards{}
	alone.Sheets = append(alone.Sheets, sheet(1, "PB18", 1000, 1000, [][2]float64{{500, 500}, {500, 500}, {500, 500}}, []string{"A", "A", "S"}, [2]float64{500, 400}))
	sh1 := attribute(alone, []uuid.UUID{a}, rows)
	if got, want := sh1.fileFigures(0, "").figures(), (UtilisationFigures{Boards: 1, BoardsUsed: 1, Pieces: 3, PartsArea: 0.75, BoardsArea: 1,
		OffcutsKept: 1, OffcutsArea: 0.2, Utilisation: 75, WastePct: 5, WasteOffcutPct: 25}); got != want {
		t.Fatalf("alone: got %+v, want %+v", got, want)
	}
	// the files of a run add up to it
	sh := attribute(res, []uuid.UUID{a, b}, rows)
	fa, fb := sh.fileFigures(0, ""), sh.fileFigures(1, "")
	if fa.boards+fb.boards != 2 || fa.boardsArea+fb.boardsArea != 1.5e6 || fa.parts+fb.parts != 1.25e6 {
		t.Fatalf("shares %+v + %+v", fa, fb)
	}
}
