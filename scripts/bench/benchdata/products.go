// Package benchdata makes the data the benchmarks load.
package benchdata

import (
	"bytes"
	"fmt"

	"github.com/xuri/excelize/v2"
)

// Products writes n product rows with the English template headers, as a spreadsheet the
// catalogue imports. Names come in an order unrelated to insertion, so sorting by name is
// real work.
func Products(n int) ([]byte, error) {
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	head := []any{"Name*", "Code", "ERP code", "Stock code", "Workshop code", "Factory code", "Length", "Width", "Height",
		"Board cost", "Description", "Colour", "Unit", "Image", "Enabled"}
	if err := sw.SetRow("A1", head); err != nil {
		return nil, err
	}
	kinds := []string{"地柜", "吊柜", "高柜", "门板", "抽屉", "侧板", "层板", "背板"}
	colors := []string{"暖白", "橡木", "胡桃木", "浅灰", "白色"}
	for i := range n {
		j := (i * 7919) % n
		k := kinds[j%len(kinds)]
		w := 300 + (j%13)*50
		row := []any{fmt.Sprintf("%s %d-%05d", k, w, j), fmt.Sprintf("P-%06d", i), fmt.Sprintf("ERP%06d", i), "", "W1", "F1",
			w, 560, 720, 100 + float64(i%500)/10, "bench row", colors[i%len(colors)], "件", "", "Yes"}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, row); err != nil {
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
