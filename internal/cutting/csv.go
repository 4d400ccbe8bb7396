package cutting

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// The benchmark CSV format: a header naming the columns ID, WIDTH and HEIGHT (any case, any
// order) and optionally COPIES; one part or board per row. WIDTH becomes the Length (x) and
// HEIGHT the Width (y).

// ErrCSV is wrapped by every CSV reading error.
var ErrCSV = errors.New("bad CSV")

// csvRow is one data row with its line number.
type csvRow struct {
	line          int
	id            string
	width, height float64
	copies        int
}

func readRows(r io.Reader) ([]csvRow, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%w: empty file, expected a header ID,WIDTH,HEIGHT", ErrCSV)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: line 1: %w", ErrCSV, err)
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if _, dup := col[h]; dup && h != "" {
			return nil, fmt.Errorf("%w: line 1: column %s appears twice", ErrCSV, h)
		}
		col[h] = i
	}
	for _, need := range []string{"ID", "WIDTH", "HEIGHT"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("%w: line 1: missing column %s (header must name ID, WIDTH, HEIGHT and optionally COPIES)", ErrCSV, need)
		}
	}
	copiesCol, hasCopies := col["COPIES"]
	var rows []csvRow
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%w: line %d: %w", ErrCSV, pe.StartLine, pe.Err)
			}
			return nil, fmt.Errorf("%w: %w", ErrCSV, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		field := func(name string, i int) (string, error) {
			if i >= len(rec) {
				return "", fmt.Errorf("%w: line %d: missing %s value", ErrCSV, line, name)
			}
			return strings.TrimSpace(rec[i]), nil
		}
		id, err := field("ID", col["ID"])
		if err != nil {
			return nil, err
		}
		row := csvRow{line: line, id: id}
		for _, c := range []struct {
			name string
			dst  *float64
		}{{"WIDTH", &row.width}, {"HEIGHT", &row.height}} {
			s, err := field(c.name, col[c.name])
			if err != nil {
				return nil, err
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: line %d: %s %q is not a number", ErrCSV, line, c.name, s)
			}
			if v <= 0 {
				return nil, fmt.Errorf("%w: line %d: %s %s must be positive", ErrCSV, line, c.name, s)
			}
			if v > 1e9 {
				return nil, fmt.Errorf("%w: line %d: %s %s is too large", ErrCSV, line, c.name, s)
			}
			*c.dst = v
		}
		if hasCopies {
			s, err := field("COPIES", copiesCol)
			if err != nil {
				return nil, err
			}
			if s != "" {
				n, err := strconv.Atoi(s)
				if err != nil {
					return nil, fmt.Errorf("%w: line %d: COPIES %q is not a whole number", ErrCSV, line, s)
				}
				if n <= 0 || n > 1_000_000 {
					return nil, fmt.Errorf("%w: line %d: COPIES %d must be between 1 and 1000000", ErrCSV, line, n)
				}
				row.copies = n
			}
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%w: no rows after the header", ErrCSV)
	}
	return rows, nil
}

// ReadItems reads parts in the benchmark format. Parts get GrainFixed (no rotation); set
// Grain to GrainFree to allow rotation.
func ReadItems(r io.Reader) ([]Part, error) {
	rows, err := readRows(r)
	if err != nil {
		return nil, err
	}
	parts := make([]Part, len(rows))
	for i, row := range rows {
		parts[i] = Part{ID: row.id, Length: row.width, Width: row.height, Quantity: max(row.copies, 1),
			Grain: GrainFixed, LineRef: fmt.Sprintf("line %d", row.line)}
	}
	return parts, nil
}

// ReadBins reads board types in the benchmark format; COPIES, when given, is the number
// available, otherwise boards are unlimited.
func ReadBins(r io.Reader) ([]Board, error) {
	rows, err := readRows(r)
	if err != nil {
		return nil, err
	}
	boards := make([]Board, len(rows))
	for i, row := range rows {
		boards[i] = Board{ID: row.id, Length: row.width, Width: row.height}
		boards[i].Count = row.copies // 0 (no COPIES) is unlimited
	}
	return boards, nil
}
