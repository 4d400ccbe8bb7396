package optimization

import (
	"strings"
	"time"

	"github.com/google/uuid"
)

// The utilisation figures of import files (decision 0013, "Utilisation"): how well a file's
// boards were used, computed from what a finished run stores — its result JSON (every board
// with its parts and offcuts) and its files' part rows. Nothing is stored for them.
//
// A file cut alone owns its run's boards. A file cut with others owns, of each board, the
// share its parts take of the parts area on that board: its boards area is Σ share × board
// area, its offcuts likewise, so the files of a run add up to the run. A placed part is
// attributed to a file by matching it to the file's rows (material, order, cabinet, part name
// and code, finished size, grain, banding) in the run's file order, as the run read them;
// identical rows in two files of one run are the same part and go to the first file's copies
// first.

// UtilisationFigures are the figures of a file (or of a material of it, or of a list's total).
type UtilisationFigures struct {
	Boards         float64 `json:"boards" doc:"The file's share of the boards (board equivalents, 2 decimals; whole when it was cut alone)"`
	BoardsUsed     int     `json:"boardsUsed" doc:"Boards carrying at least one of its parts"`
	Pieces         int     `json:"pieces" doc:"Part copies cut"`
	PartsArea      float64 `json:"partsArea" doc:"m², cut sizes"`
	BoardsArea     float64 `json:"boardsArea" doc:"m², its share of the boards' area"`
	OffcutsKept    float64 `json:"offcutsKept" doc:"Its share of the reusable offcuts kept (2 decimals)"`
	OffcutsArea    float64 `json:"offcutsArea" doc:"m², its share of the reusable offcuts"`
	Utilisation    float64 `json:"utilisation" doc:"Parts area / boards area, %"`
	WastePct       float64 `json:"wastePct" doc:"(boards − parts − offcuts kept) / boards, %"`
	WasteOffcutPct float64 `json:"wasteOffcutPct" doc:"(boards − parts) / boards, %"`
}

// FileUtilisation is one import file's figures in its latest finished run.
type FileUtilisation struct {
	ImportFileID uuid.UUID `json:"importFileId"`
	FileName     string    `json:"fileName"`
	OrderNos     string    `json:"orderNos"`
	RunID        uuid.UUID `json:"runId"`
	PlanNo       string    `json:"planNo"`
	RunFiles     int       `json:"runFiles" doc:"Files cut in that run (1: cut alone)"`
	FinishedTime time.Time `json:"finishedTime"`
	UtilisationFigures
}

// MaterialUtilisation is a file's figures for one material and thickness.
type MaterialUtilisation struct {
	MaterialCode string  `json:"materialCode"`
	Thickness    float64 `json:"thickness"`
	UtilisationFigures
}

// BoardUtilisation is one board carrying the file's parts.
type BoardUtilisation struct {
	Index        int     `json:"index" doc:"The board's number in its run (1-based)"`
	MaterialCode string  `json:"materialCode"`
	Thickness    float64 `json:"thickness"`
	Length       float64 `json:"length"`
	Width        float64 `json:"width"`
	Pieces       int     `json:"pieces" doc:"The file's part copies on it"`
	Utilisation  float64 `json:"utilisation" doc:"The whole board's utilisation, %"`
	Share        float64 `json:"share" doc:"The file's part of the board's parts area, %"`
}

// FileRun is a run an import file was in, with the file's figures in it when it finished.
type FileRun struct {
	ID           uuid.UUID           `json:"id"`
	PlanNo       string              `json:"planNo"`
	Status       int                 `json:"status" enum:"0,1,2,3,4" doc:"0 queued, 1 running, 2 finished, 3 failed, 4 cancelled"`
	Files        int                 `json:"files"`
	CreationTime time.Time           `json:"creationTime"`
	FinishedAt   *time.Time          `json:"finishedAt"`
	RunFigures   Figures             `json:"runFigures" doc:"The whole run's figures"`
	Figures      *UtilisationFigures `json:"figures" doc:"The file's figures in it; null unless finished"`
}

// FileUtilisationDetail is one import file's utilisation page.
type FileUtilisationDetail struct {
	ImportFileID uuid.UUID             `json:"importFileId"`
	FileName     string                `json:"fileName"`
	OrderNos     string                `json:"orderNos"`
	Parts        int                   `json:"parts"`
	FilePieces   int                   `json:"filePieces" doc:"Part copies of the file"`
	RunID        *uuid.UUID            `json:"runId" doc:"The run the figures are of: the chosen one, else the latest finished; null when none finished"`
	PlanNo       string                `json:"planNo"`
	RunFiles     int                   `json:"runFiles"`
	FinishedTime *time.Time            `json:"finishedTime"`
	Figures      UtilisationFigures    `json:"figures"`
	Materials    []MaterialUtilisation `json:"materials"`
	Boards       []BoardUtilisation    `json:"boards"`
	Runs         []FileRun             `json:"runs" doc:"Every run the file was in, newest first"`
}

// ByFileUtilisation is the chart page's answer.
type ByFileUtilisation struct {
	Items     []FileUtilisation  `json:"items" doc:"Oldest finish first"`
	Total     UtilisationFigures `json:"total" doc:"The items added up (utilisation: their parts area over their boards area)"`
	Materials []string           `json:"materials" doc:"The material codes cut in the period (the filter's choices)"`
}

// FileUtilisationPage is the file list page's answer.
type FileUtilisationPage struct {
	Items      []FileUtilisation  `json:"items"`
	TotalCount int                `json:"totalCount"`
	Totals     UtilisationFigures `json:"totals" doc:"Every matching file added up, not only this page"`
}

// resultBoards is what the figures read of a run's result JSON.
type resultBoards struct {
	Sheets []struct {
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
	} `json:"sheets"`
}

// runShares is a finished run's boards with each of its files' part of them.
type runShares struct {
	files  []uuid.UUID // the run's files in cutting order
	sheets []sheetShare
}

// sheetShare is one board: its size and figures, and per file (by position) its parts on it.
type sheetShare struct {
	index                    int
	material                 string
	thickness, length, width float64
	utilisation              float64 // the whole board's, 0–1
	partsArea                float64 // mm², every part on it
	offcuts                  int     // reusable offcuts
	offcutsArea              float64 // mm²
	area                     []float64
	pieces                   []int
}

// partKey is what ties a placed part to its row: the run copies these from the row.
type partKey struct {
	material, orderNo, cabinet, name, code string
	length, width                          float64
	grain                                  bool
	banding                                Banding
}

func materialKey(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// attribute splits a run's boards among its files (in cutting order) by their rows.
func attribute(res resultBoards, files []uuid.UUID, rows map[uuid.UUID][]ImportFileDetail) runShares {
	type pool struct {
		file int
		left int
	}
	pools := map[partKey][]*pool{}
	for i, id := range files {
		for _, d := range rows[id] {
			k := partKey{material: materialKey(d.MaterialCode), orderNo: d.OrderNo, cabinet: d.Cabinet, name: d.PartName, code: d.PartCode,
				length: d.Length, width: d.Width, grain: d.Grain,
				banding: Banding{Top: d.EdgeTop, Bottom: d.EdgeBottom, Left: d.EdgeLeft, Right: d.EdgeRight}}
			pools[k] = append(pools[k], &pool{file: i, left: int(d.Count)})
		}
	}
	out := runShares{files: files}
	for _, sh := range res.Sheets {
		s := sheetShare{index: sh.Index, material: sh.Material, thickness: sh.Thickness, length: sh.Length, width: sh.Width,
			utilisation: sh.Utilisation, area: make([]float64, len(files)), pieces: make([]int, len(files))}
		for _, p := range sh.Parts {
			a := p.CutLength * p.CutWidth
			s.partsArea += a
			k := partKey{material: materialKey(sh.Material), orderNo: p.OrderNo, cabinet: p.Cabinet, name: p.Name, code: p.Code,
				length: p.FinishedLength, width: p.FinishedWidth, grain: p.Grain, banding: p.Banding}
			for _, pl := range pools[k] {
				if pl.left > 0 {
					pl.left--
					s.area[pl.file] += a
					s.pieces[pl.file]++
					break
				}
			}
		}
		for _, o := range sh.Offcuts {
			if o.Reusable {
				s.offcuts++
				s.offcutsArea += o.Length * o.Width
			}
		}
		out.sheets = append(out.sheets, s)
	}
	return out
}

// figuresAcc adds up a file's part of boards in mm², rounded only when answered.
type figuresAcc struct {
	boards, parts, boardsArea, offcuts, offcutsArea float64
	boardsUsed, pieces                              int
}

// addSheet adds file f's part of sheet s; it answers whether the file has parts on it.
func (a *figuresAcc) addSheet(s *sheetShare, f int) bool {
	if f < 0 || f >= len(s.area) || s.pieces[f] == 0 || s.partsArea <= 0 {
		return false
	}
	share := s.area[f] / s.partsArea
	a.boards += share
	a.boardsUsed++
	a.pieces += s.pieces[f]
	a.parts += s.area[f]
	a.boardsArea += share * s.length * s.width
	a.offcuts += share * float64(s.offcuts)
	a.offcutsArea += share * s.offcutsArea
	return true
}

func (a *figuresAcc) add(b figuresAcc) {
	a.boards += b.boards
	a.parts += b.parts
	a.boardsArea += b.boardsArea
	a.offcuts += b.offcuts
	a.offcutsArea += b.offcutsArea
	a.boardsUsed += b.boardsUsed
	a.pieces += b.pieces
}

func (a figuresAcc) figures() UtilisationFigures {
	f := UtilisationFigures{Boards: round2(a.boards), BoardsUsed: a.boardsUsed, Pieces: a.pieces, PartsArea: round3(a.parts / 1e6),
		BoardsArea: round3(a.boardsArea / 1e6), OffcutsKept: round2(a.offcuts), OffcutsArea: round3(a.offcutsArea / 1e6)}
	if a.boardsArea > 0 {
		f.Utilisation = round2(100 * a.parts / a.boardsArea)
		f.WastePct = round2(100 * (a.boardsArea - a.parts - a.offcutsArea) / a.boardsArea)
		f.WasteOffcutPct = round2(100 * (a.boardsArea - a.parts) / a.boardsArea)
	}
	return f
}

// fileFigures adds up file position f's part of the run's boards, of one material when
// material is not empty (compared as the run does: upper case, trimmed).
func (r *runShares) fileFigures(f int, material string) figuresAcc {
	var a figuresAcc
	want := materialKey(material)
	for i := range r.sheets {
		if want != "" && r.sheets[i].material != want {
			continue
		}
		a.addSheet(&r.sheets[i], f)
	}
	return a
}

func (r *runShares) position(file uuid.UUID) int {
	for i, id := range r.files {
		if id == file {
			return i
		}
	}
	return -1
}
