package sheetmap

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// unzipFactor bounds what an .xlsx may unpack to, as a multiple of its size limit: a real
// workbook's XML is ten to twenty times its zip; a "zip bomb" far more.
const unzipFactor = 32

// Read reads a file through mapping m: an .xlsx (its first worksheet) or a .csv in m's
// encoding. A file larger than lim.MaxBytes is refused before it is read (by its size when
// r tells it, else as soon as more than that many bytes arrive), and one with more than
// lim.MaxRows data rows as soon as the next row is met. What cannot be read as a file at
// all is a UserError; values that cannot be read are Result.Errors.
func Read(r io.Reader, m Mapping, lim Limits) (*Result, error) {
	lim = lim.orDefaults()
	if n, ok := sizeOf(r); ok && n > lim.MaxBytes {
		return nil, tooLarge(lim)
	}
	rd := newRowReader(m, lim)
	var err error
	if m.FileType == CSV {
		err = rd.csv(r)
	} else {
		err = rd.xlsx(r)
	}
	if err != nil {
		return nil, err
	}
	return rd.res, nil
}

func (l Limits) orDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	if l.MaxRows <= 0 {
		l.MaxRows = DefaultLimits.MaxRows
	}
	if l.MaxErrors <= 0 {
		l.MaxErrors = DefaultLimits.MaxErrors
	}
	return l
}

func tooLarge(l Limits) error {
	return apperr.User(localization.KeySheetTooLarge, fmt.Sprintf("%.3g", float64(l.MaxBytes)/(1<<20)))
}

// sizeOf answers the size of r when r can tell it without being read.
func sizeOf(r io.Reader) (int64, bool) {
	switch t := r.(type) {
	case interface{ Len() int }:
		return int64(t.Len()), true
	case interface{ Size() int64 }:
		return t.Size(), true
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := t.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size(), true
		}
	}
	return 0, false
}

// limited fails with the "too large" error once more than max bytes have been read.
type limited struct {
	r io.Reader
	n int64 // bytes still allowed
}

var errTooLarge = errors.New("too large")

func (l *limited) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, errTooLarge
	}
	return n, err
}

// rowReader turns the rows of a file into the result, rule by rule.
type rowReader struct {
	m     Mapping
	lim   Limits
	rules []*compiled
	res   *Result
	block []Value // values of rows to come, allocated many rows at a time
}

func newRowReader(m Mapping, lim Limits) *rowReader {
	rd := &rowReader{m: m, lim: lim, res: &Result{Fields: fields(m.Rules), Rows: []Row{}, Errors: []CellError{}}}
	for _, r := range m.Rules {
		rd.rules = append(rd.rules, compile(r))
	}
	return rd
}

// row reads physical row n (1-based); it answers a UserError when the file has too many
// data rows.
func (rd *rowReader) row(n int, cells []string) error {
	if n <= rd.m.HeaderRows || blank(cells) {
		return nil
	}
	rd.res.DataRows++
	if rd.res.DataRows > rd.lim.MaxRows {
		return apperr.User(localization.KeySheetTooManyRows, rd.lim.MaxRows)
	}
	k := len(rd.rules)
	if len(rd.block) < k {
		rd.block = make([]Value, k*256)
	}
	values := rd.block[:k:k]
	good := true
	for i, c := range rd.rules {
		text := ""
		if c.Column >= 0 && c.Column < len(cells) {
			text = cells[c.Column]
		}
		v, e := c.cell(text)
		if e != nil {
			good = false
			rd.fail(CellError{Row: n, Column: ColumnLetter(c.Column), Field: c.Field, Key: e.Key, Args: e.Args})
			continue
		}
		values[i] = v
	}
	if good {
		rd.block = rd.block[k:]
		rd.res.Rows = append(rd.res.Rows, Row{Number: n, Values: values})
	} else {
		clear(values)
	}
	return nil
}

func (rd *rowReader) fail(e CellError) {
	if len(rd.res.Errors) >= rd.lim.MaxErrors {
		rd.res.MoreErrors++
		return
	}
	rd.res.Errors = append(rd.res.Errors, e)
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// ---- .xlsx ----

func (rd *rowReader) xlsx(r io.Reader) error {
	data, err := io.ReadAll(&limited{r: r, n: rd.lim.MaxBytes})
	if errors.Is(err, errTooLarge) {
		return tooLarge(rd.lim)
	}
	if err != nil {
		return fmt.Errorf("read file: %w", err)
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return apperr.User(localization.KeySheetNotXlsx)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: unzipFactor * rd.lim.MaxBytes})
	if err != nil {
		return apperr.User(localization.KeySheetBadXlsx)
	}
	defer f.Close()
	if props, err := f.GetWorkbookProps(); err == nil && props.Date1904 != nil && *props.Date1904 {
		for _, c := range rd.rules {
			c.date1904 = true
		}
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return apperr.User(localization.KeySheetNoSheet)
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return apperr.User(localization.KeySheetBadXlsx)
	}
	defer rows.Close()
	for n := 1; rows.Next(); n++ {
		cells, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return apperr.User(localization.KeySheetBadXlsx)
		}
		if err := rd.row(n, cells); err != nil {
			return err
		}
	}
	if err := rows.Error(); err != nil {
		return apperr.User(localization.KeySheetBadXlsx)
	}
	return nil
}

// ---- .csv ----

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
)

func (rd *rowReader) csv(r io.Reader) error {
	lr := &limited{r: r, n: rd.lim.MaxBytes}
	br := bufio.NewReaderSize(lr, 64<<10)
	head, err := br.Peek(1024)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		if errors.Is(err, errTooLarge) {
			return tooLarge(rd.lim)
		}
		return fmt.Errorf("read file: %w", err)
	}
	enc := rd.m.Encoding
	if !enc.Valid() {
		enc = UTF8
	}
	badEncoding := apperr.User(localization.KeySheetBadEncoding, enc.String())
	var text io.Reader
	switch enc {
	case UTF16LE:
		// UTF-16 text of a CSV has zero bytes (the high byte of every comma and line
		// break); text with none is not UTF-16.
		if !bytes.HasPrefix(head, bomUTF16LE) && len(head) > 1 && bytes.IndexByte(head, 0) < 0 {
			return badEncoding
		}
		text = unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder().Reader(br)
	case GB18030:
		if bytes.HasPrefix(head, bomUTF8) || bytes.HasPrefix(head, bomUTF16LE) {
			return badEncoding
		}
		text = simplifiedchinese.GB18030.NewDecoder().Reader(br)
	default:
		if bytes.HasPrefix(head, bomUTF16LE) {
			return badEncoding
		}
		if bytes.HasPrefix(head, bomUTF8) {
			_, _ = br.Discard(len(bomUTF8))
		}
		text = br
	}
	cr := csv.NewReader(text)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	// Excel shows a blank line of a CSV as an empty row, and a quoted field's line breaks
	// within its cell; csv.Reader skips blank lines, so the row number is counted from the
	// lines: one more than the last row, plus the blank lines between.
	n, endLine := 0, 0
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.Is(err, errTooLarge) {
			return tooLarge(rd.lim)
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			if errors.Is(pe.Err, errTooLarge) {
				return tooLarge(rd.lim)
			}
			return apperr.User(localization.KeySheetBadCSV, n)
		}
		if err != nil {
			return fmt.Errorf("read file: %w", err)
		}
		start, _ := cr.FieldPos(0)
		n += 1 + max(0, start-endLine-1)
		last, _ := cr.FieldPos(len(rec) - 1)
		endLine = last + strings.Count(rec[len(rec)-1], "\n")
		if n == 1 && len(rec) > 0 {
			rec[0] = strings.TrimPrefix(rec[0], "\uFEFF") // a BOM the decoder kept
		}
		for _, f := range rec {
			if !utf8.ValidString(f) || (enc != UTF8 && strings.ContainsRune(f, utf8.RuneError)) {
				return badEncoding
			}
		}
		if err := rd.row(n, rec); err != nil {
			return err
		}
	}
}
