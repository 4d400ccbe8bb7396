package orderdetail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/salesorder"
)

// sheetWriter writes one worksheet row by row (excelize's stream writer: an export of
// thousands of lines is not held cell by cell in memory).
type sheetWriter struct {
	f      *excelize.File
	sw     *excelize.StreamWriter
	row    int
	header int // style of header cells
	bold   int // style of titles and totals
	money  int // style of amounts (2 places)
}

func newSheet(name string) (*sheetWriter, error) {
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return nil, err
	}
	w := &sheetWriter{f: f, sw: sw}
	if w.header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E7EEF7"}}}); err != nil {
		return nil, err
	}
	if w.bold, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return nil, err
	}
	fmtMoney := "0.00"
	if w.money, err = f.NewStyle(&excelize.Style{CustomNumFmt: &fmtMoney}); err != nil {
		return nil, err
	}
	return w, nil
}

// setWidths sets column widths; only before the first row (the stream writer's rule).
func (w *sheetWriter) setWidths(widths []float64) error {
	for i, v := range widths {
		if v > 0 {
			if err := w.sw.SetColWidth(i+1, i+1, v); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *sheetWriter) add(cells []any) error {
	w.row++
	cell, _ := excelize.CoordinatesToCellName(1, w.row)
	return w.sw.SetRow(cell, cells)
}

func (w *sheetWriter) styled(style int, values ...any) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = excelize.Cell{StyleID: style, Value: v}
	}
	return out
}

func (w *sheetWriter) finish(out io.Writer) error {
	if err := w.sw.Flush(); err != nil {
		return err
	}
	_, err := w.f.WriteTo(out)
	return errors.Join(err, w.f.Close())
}

// exportColumns are the columns a table's spreadsheet shows: its configured columns the
// caller may see, or every built-in field when it has none.
func exportColumns(c *compiled, visible visibility) []Column {
	var out []Column
	for i := range c.columns {
		if visible(&c.columns[i]) {
			out = append(out, c.columns[i])
		}
	}
	if len(out) == 0 {
		for _, k := range builtinOrder {
			out = append(out, Column{Key: k})
		}
	}
	return out
}

// cellOf answers the spreadsheet value of column key of l.
func (s *Service) cellOf(ctx context.Context, l *Line, key string) any {
	if b, ok := builtins[key]; ok {
		if b.kind == kindText {
			return l.text(key)
		}
		if v := l.number(key); v != nil {
			return *v
		}
		return nil
	}
	switch v := l.Values[key].(type) {
	case json.Number:
		if f, err := strconv.ParseFloat(v.String(), 64); err == nil {
			return f
		}
		return v.String()
	case bool:
		if v {
			return s.t(ctx, KeyYes)
		}
		return s.t(ctx, KeyNo)
	case nil:
		return nil
	case []any: // a file column: the files' names
		refs, _ := parseFiles(v)
		names := make([]string, len(refs))
		for i, r := range refs {
			names[i] = r.FileName
		}
		return strings.Join(names, ", ")
	default:
		return fmt.Sprint(v)
	}
}

// columnWidth answers a spreadsheet column's width for a configured width in pixels.
func columnWidth(px int) float64 {
	if px <= 0 {
		return 14
	}
	return max(6, float64(px)/7)
}

// Export writes one table's lines of an order as an .xlsx spreadsheet, headers in the
// caller's language (the table's export action).
func (s *Service) Export(ctx context.Context, orderID uuid.UUID, table string, out io.Writer) error {
	t, err := lineTableOf(table)
	if err != nil {
		return err
	}
	o, err := s.order(ctx, orderID)
	if err != nil {
		return err
	}
	row, c, err := s.tableOf(ctx, o.OrderTypeID, table)
	if err != nil {
		return err
	}
	if err := s.requireAction(ctx, table, row, ActionExport); err != nil {
		return err
	}
	visible, err := s.visibility(ctx, c)
	if err != nil {
		return err
	}
	lines, err := t.all(ctx, s.store.idb, orderID)
	if err != nil {
		return err
	}
	w, err := newSheet(s.tableLabel(ctx, table))
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := s.writeTable(ctx, w, c, exportColumns(c, visible), lines, true); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return w.finish(out)
}

// writeTable writes a header row and one row per line (the line number first); with widths
// the columns' widths are set first (only possible before any row).
func (s *Service) writeTable(ctx context.Context, w *sheetWriter, c *compiled, cols []Column, lines []Line, widths bool) error {
	if widths {
		ws := []float64{8}
		for _, col := range cols {
			ws = append(ws, columnWidth(col.DisplayWidth))
		}
		if err := w.setWidths(ws); err != nil {
			return err
		}
	}
	header := []any{s.t(ctx, fieldKey("lineNo"))}
	for _, col := range cols {
		header = append(header, s.fieldLabel(ctx, c, col.Key))
	}
	if err := w.add(w.styled(w.header, header...)); err != nil {
		return err
	}
	for i := range lines {
		cells := []any{lines[i].LineNo}
		for _, col := range cols {
			v := s.cellOf(ctx, &lines[i], col.Key)
			if col.Key == "amount" {
				v = excelize.Cell{StyleID: w.money, Value: v}
			}
			cells = append(cells, v)
		}
		if err := w.add(cells); err != nil {
			return err
		}
	}
	return nil
}

// writeQuote writes the quotation of order o: its header (number, customer, dealer, date),
// a section per table with lines (columns, lines, subtotal) and the order's totals.
func (s *Service) writeQuote(ctx context.Context, o *salesorder.SalesOrder, out io.Writer) error {
	cfg, err := s.resolved(ctx, &o.OrderTypeID)
	if err != nil {
		return err
	}
	all, err := s.allLines(ctx, o.ID)
	if err != nil {
		return err
	}
	w, err := newSheet(s.t(ctx, KeyQuoteSheet))
	if err != nil {
		return fmt.Errorf("quotation: %w", err)
	}
	if err := w.setWidths([]float64{8, 28, 18, 12, 12, 12, 14, 12, 12, 14, 24, 16}); err != nil {
		return fmt.Errorf("quotation: %w", err)
	}
	date := ""
	if o.OrderDate != nil {
		date = o.OrderDate.Format("2006-01-02")
	} else {
		date = o.CreationTime.Format("2006-01-02")
	}
	rows := [][]any{
		w.styled(w.bold, s.t(ctx, KeyQuoteTitle)),
		{s.t(ctx, KeyQuoteOrderNo), o.SalesOrderID},
		{s.t(ctx, KeyQuoteCustomer), o.CustomerName},
		{s.t(ctx, KeyQuoteDealer), o.DealerName},
		{s.t(ctx, KeyQuoteDate), date},
		{},
	}
	for _, r := range rows {
		if err := w.add(r); err != nil {
			return fmt.Errorf("quotation: %w", err)
		}
	}
	order := LineTables
	if len(cfg) > 0 {
		order = nil
		for _, k := range sortedKeys(cfg) {
			if IsLineTable(k) {
				order = append(order, k)
			}
		}
		for _, k := range LineTables { // lines of a table no longer configured still count
			if cfg[k] == nil {
				order = append(order, k)
			}
		}
	}
	visibleAll := func(*Column) bool { return true }
	for _, key := range order {
		lines := all[key]
		if len(lines) == 0 {
			continue
		}
		c, err := compile(key, cfg[key])
		if err != nil {
			return err
		}
		visible, err := s.visibility(ctx, c)
		if err != nil {
			return err
		}
		if len(c.columns) == 0 {
			visible = visibleAll
		}
		cols := exportColumns(c, visible)
		if err := w.add(w.styled(w.bold, s.tableLabel(ctx, key))); err != nil {
			return fmt.Errorf("quotation: %w", err)
		}
		if err := s.writeTable(ctx, w, c, cols, lines, false); err != nil {
			return fmt.Errorf("quotation: %w", err)
		}
		var cents int64
		for _, l := range lines {
			cents += int64(math.Round(l.Amount * 100))
		}
		sub := make([]any, len(cols)+1)
		sub[0] = excelize.Cell{StyleID: w.bold, Value: s.t(ctx, KeyQuoteSubtotal)}
		for i, col := range cols {
			if col.Key == "amount" {
				sub[i+1] = excelize.Cell{StyleID: w.money, Value: float64(cents) / 100}
			}
		}
		if err := w.add(sub); err != nil {
			return fmt.Errorf("quotation: %w", err)
		}
		if err := w.add(nil); err != nil {
			return fmt.Errorf("quotation: %w", err)
		}
	}
	for _, r := range [][2]any{
		{s.t(ctx, KeyQuoteTotalPrice), o.TotalPrice},
		{s.t(ctx, KeyQuoteDiscount), o.DiscountTotal},
		{s.t(ctx, KeyQuoteLogistics), o.LogisticsPrice},
		{s.t(ctx, KeyQuoteTotalSum), o.TotalSumPrice},
	} {
		if err := w.add([]any{excelize.Cell{StyleID: w.bold, Value: r[0]}, excelize.Cell{StyleID: w.money, Value: r[1]}}); err != nil {
			return fmt.Errorf("quotation: %w", err)
		}
	}
	return w.finish(out)
}
