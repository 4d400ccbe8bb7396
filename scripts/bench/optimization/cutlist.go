package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/xuri/excelize/v2"
)

// material is a board material of a cut list: its code and thickness.
type material struct {
	code      string
	thickness float64
}

// materials says which material each kind of part is cut from: carcass (sides, bottoms,
// shelves, rails, drawer boxes), fronts (doors, drawer fronts) and backs (backs, drawer
// bottoms). One material for all three makes a single-material order.
type materials struct{ carcass, front, back material }

// part is one row of a cut list: finished sizes in mm (length along the grain and along
// the top and bottom edges), band thicknesses per edge in mm.
type part struct {
	order, cabinet, name, code string
	mat                        material
	length, width              int
	count                      int
	grain                      bool
	top, bottom, left, right   float64
}

// cabinet kinds of a kitchen and wardrobe order, with the widths each comes in.
var (
	baseWidths   = []int{300, 400, 450, 500, 600, 800, 900}
	wallWidths   = []int{300, 400, 500, 600, 800, 900}
	tallWidths   = []int{450, 500, 600, 800, 900, 1000}
	drawerWidths = []int{400, 450, 500, 600, 800, 900}
)

// cutList makes the rows of one order of exactly pieces part copies: cabinets of a kitchen
// and a wardrobe (base, wall, tall and drawer cabinets of common widths) broken into their
// parts as design software lists them — sides, tops and bottoms, rails, shelves, backs,
// doors and drawer parts — with the front edges banded (1 mm; drawer boxes 0.5 mm), doors
// and drawer fronts banded all round and grain-locked. Sizes stay within 100–2400 ×
// 60–1200 mm. The last row's count is cut so that the copies add up to pieces.
func cutList(rng *rand.Rand, order string, pieces int, m materials) []part {
	var rows []part
	total := 0
	for n := 1; total < pieces; n++ {
		var cab []part
		switch k := rng.IntN(100); {
		case k < 35:
			cab = baseCabinet(pick(rng, baseWidths), m)
		case k < 60:
			cab = wallCabinet(pick(rng, wallWidths), m)
		case k < 80:
			cab = tallCabinet(pick(rng, tallWidths), m)
		default:
			cab = drawerCabinet(pick(rng, drawerWidths), m)
		}
		for i, p := range cab {
			if total >= pieces {
				break
			}
			p.order = order
			p.cabinet = fmt.Sprintf("C%03d %s", n, cab[0].cabinet)
			p.code = fmt.Sprintf("%s-C%03d-%02d", order, n, i+1)
			p.count = min(p.count, pieces-total)
			total += p.count
			rows = append(rows, p)
		}
	}
	return rows
}

func pick(rng *rand.Rand, v []int) int { return v[rng.IntN(len(v))] }

// sizes of the carcass: thickness of the sides and the depth lost to the back's groove.
const (
	side = 18
	door = 4 // gap around a door or drawer front
)

func carcass(name string, w, h, d int, m materials) []part {
	iw := w - 2*side
	return []part{
		{cabinet: name, name: "侧板", mat: m.carcass, length: h, width: d, count: 2, top: 1},
		{cabinet: name, name: "顶底板", mat: m.carcass, length: iw, width: d, count: 2, top: 1},
		{cabinet: name, name: "背板", mat: m.back, length: h - 20, width: w - 20, count: 1},
	}
}

func doors(name string, w, h int, m materials) part {
	n, dw := 1, w-door
	if w > 500 {
		n, dw = 2, w/2-door
	}
	return part{cabinet: name, name: "门板", mat: m.front, length: h - door, width: dw, count: n, grain: true,
		top: 1, bottom: 1, left: 1, right: 1}
}

func baseCabinet(w int, m materials) []part {
	name := fmt.Sprintf("地柜%d", w)
	iw := w - 2*side
	ps := carcass(name, w, 720, 560, m)
	ps[1].name, ps[1].count = "底板", 1
	return append(ps,
		part{cabinet: name, name: "拉条", mat: m.carcass, length: iw, width: 100, count: 2, top: 1},
		part{cabinet: name, name: "层板", mat: m.carcass, length: iw, width: 520, count: 1, top: 1},
		doors(name, w, 720, m))
}

func wallCabinet(w int, m materials) []part {
	name := fmt.Sprintf("吊柜%d", w)
	ps := carcass(name, w, 720, 330, m)
	return append(ps,
		part{cabinet: name, name: "层板", mat: m.carcass, length: w - 2*side, width: 310, count: 1, top: 1},
		doors(name, w, 720, m))
}

func tallCabinet(w int, m materials) []part {
	name := fmt.Sprintf("衣柜%d", w)
	iw := w - 2*side
	ps := carcass(name, w, 2350, 580, m)
	return append(ps,
		part{cabinet: name, name: "固定层板", mat: m.carcass, length: iw, width: 560, count: 1, top: 1},
		part{cabinet: name, name: "活动层板", mat: m.carcass, length: iw, width: 540, count: 3, top: 1},
		doors(name, w, 2350, m))
}

func drawerCabinet(w int, m materials) []part {
	name := fmt.Sprintf("抽屉柜%d", w)
	iw := w - 2*side
	box := iw - 26 - 2*side // a drawer box's front and back between its sides
	ps := carcass(name, w, 720, 560, m)
	ps[1].name, ps[1].count = "底板", 1
	return append(ps,
		part{cabinet: name, name: "拉条", mat: m.carcass, length: iw, width: 100, count: 2, top: 1},
		part{cabinet: name, name: "抽面", mat: m.front, length: w - door, width: 236, count: 3, grain: true,
			top: 1, bottom: 1, left: 1, right: 1},
		part{cabinet: name, name: "抽侧", mat: m.carcass, length: 500, width: 150, count: 6, top: 0.5},
		part{cabinet: name, name: "抽前后板", mat: m.carcass, length: box, width: 130, count: 6, top: 0.5},
		part{cabinet: name, name: "抽底", mat: m.back, length: box + 10, width: 480, count: 3})
}

// column is where a field goes in the workbook: the import-file setting's detail.
type column struct {
	Index int    `json:"columnIndex"`
	Field string `json:"field"`
	Title string `json:"title"`
}

// workbook writes rows as the .xlsx an import-file setting reads: its titles in the last of
// headerRows rows, then one row per part with each field in its column.
func workbook(cols []column, headerRows int, rows []part) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	width := 0
	for _, c := range cols {
		width = max(width, c.Index+1)
	}
	line := func(n int, cells []any) error {
		cell, err := excelize.CoordinatesToCellName(1, n)
		if err != nil {
			return err
		}
		return sw.SetRow(cell, cells)
	}
	headerRows = max(headerRows, 1)
	head := make([]any, width)
	for _, c := range cols {
		head[c.Index] = c.Title
	}
	for n := 1; n < headerRows; n++ {
		if err := line(n, []any{"Kerf benchmark cut list"}); err != nil {
			return nil, err
		}
	}
	if err := line(headerRows, head); err != nil {
		return nil, err
	}
	for i, p := range rows {
		cells := make([]any, width)
		for _, c := range cols {
			cells[c.Index] = p.field(c.Field)
		}
		if err := line(headerRows+1+i, cells); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// field is the cell of a part for an import-file setting's field (decision 0013's names).
func (p part) field(name string) any {
	switch name {
	case "orderNo":
		return p.order
	case "cabinet":
		return p.cabinet
	case "partName":
		return p.name
	case "partCode":
		return p.code
	case "materialCode":
		return p.mat.code
	case "thickness":
		return p.mat.thickness
	case "length":
		return p.length
	case "width":
		return p.width
	case "count":
		return p.count
	case "grain":
		if p.grain {
			return 1
		}
		return 0
	case "edgeTop":
		return p.top
	case "edgeBottom":
		return p.bottom
	case "edgeLeft":
		return p.left
	case "edgeRight":
		return p.right
	case "remark":
		return "bench"
	}
	return nil
}

// pieces adds up the rows' counts.
func pieces(rows []part) int {
	n := 0
	for _, p := range rows {
		n += p.count
	}
	return n
}
