package sheetmap

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"kerf/internal/platform/localization"
)

// ValueError is a text that a rule cannot read: a message key and its own arguments (those
// after row, column and label; see CellError).
type ValueError struct {
	Key  string
	Args []any
}

func (e *ValueError) Error() string { return e.Key }

// compiled is a rule ready to read many cells: its items folded for lookup.
type compiled struct {
	Rule
	items    map[string]string // folded source → target
	target   ValueType         // the kind an enumeration's target is read as
	date1904 bool
}

func compile(r Rule) *compiled {
	c := &compiled{Rule: r, target: r.Type}
	if r.Type == Enumeration {
		c.target = r.Target
		if c.target == Enumeration || !c.target.Valid() {
			c.target = Text
		}
	}
	if len(r.Items) > 0 {
		c.items = make(map[string]string, len(r.Items))
		for _, it := range r.Items {
			k := fold(it.Source)
			if _, dup := c.items[k]; !dup { // the first of two equal sources wins
				c.items[k] = it.Target
			}
		}
	}
	return c
}

// fold is how sources are compared: trimmed, without regard to case.
func fold(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || ('A' <= c && c <= 'Z') {
			return strings.ToLower(s)
		}
	}
	return s
}

// Parse reads text (a cell's text, or a default value) as rule r reads it. An empty text
// answers an invalid Value and no error (Required and Default are the reader's concern).
func Parse(r Rule, text string) (Value, error) {
	v, e := compile(r).read(text)
	if e != nil {
		return Value{}, e
	}
	return v, nil
}

// read reads one non-default text. Empty text is an invalid value.
func (c *compiled) read(raw string) (Value, *ValueError) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return Value{Kind: c.target}, nil
	}
	if c.items != nil {
		if t, ok := c.items[fold(s)]; ok {
			s = strings.TrimSpace(t)
			if s == "" {
				return Value{Kind: c.target}, nil
			}
		} else if c.Type == Enumeration {
			return Value{}, &ValueError{Key: localization.KeySheetUnknownItem, Args: []any{clip(s)}}
		}
	} else if c.Type == Enumeration {
		return Value{}, &ValueError{Key: localization.KeySheetUnknownItem, Args: []any{clip(s)}}
	}
	return parseAs(c.target, s, c.date1904)
}

// parseAs reads a trimmed, non-empty text as type t.
func parseAs(t ValueType, s string, date1904 bool) (Value, *ValueError) {
	switch t {
	case Integer:
		d, err := ParseDec(s)
		if err == errTooLong {
			return Value{}, &ValueError{Key: localization.KeySheetNumberTooLong, Args: []any{clip(s)}}
		}
		n, isInt := d.Int64()
		if err != nil || !isInt {
			return Value{}, &ValueError{Key: localization.KeySheetBadInteger, Args: []any{clip(s)}}
		}
		return Value{Kind: Integer, Valid: true, Int: n}, nil
	case Decimal:
		d, err := ParseDec(s)
		if err == errTooLong {
			return Value{}, &ValueError{Key: localization.KeySheetNumberTooLong, Args: []any{clip(s)}}
		}
		if err != nil {
			return Value{}, &ValueError{Key: localization.KeySheetBadDecimal, Args: []any{clip(s)}}
		}
		return Value{Kind: Decimal, Valid: true, Dec: d}, nil
	case Boolean:
		b, ok := parseBool(s)
		if !ok {
			return Value{}, &ValueError{Key: localization.KeySheetBadBoolean, Args: []any{clip(s)}}
		}
		return Value{Kind: Boolean, Valid: true, Bool: b}, nil
	case Date:
		tm, ok := parseDate(s, date1904)
		if !ok {
			return Value{}, &ValueError{Key: localization.KeySheetBadDate, Args: []any{clip(s)}}
		}
		return Value{Kind: Date, Valid: true, Time: tm}, nil
	default:
		return Value{Kind: Text, Valid: true, Str: s}, nil
	}
}

// clip shortens a bad value quoted in a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	r := []rune(s)
	return string(r[:40]) + "…"
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "是", "true", "1", "y", "yes", "对", "√":
		return true, true
	case "否", "false", "0", "n", "no", "不", "×":
		return false, true
	}
	return false, false
}

// Bounds of an Excel serial date number: 1 (1900-01-01) to 2958465 (9999-12-31).
const (
	minSerial = 1
	maxSerial = 2958465
)

// parseDate reads the forms spreadsheets and people write dates in:
//   - an Excel serial number ("45322", "45322.5" with a time of day), as an .xlsx stores a
//     date cell, in the workbook's 1900 or 1904 system;
//   - eight digits, yyyymmdd ("20260131"), as ERP exports write them;
//   - year first with -, / or . between the parts, or 年 月 日 ("2026-01-31", "2026/1/31",
//     "2026.01.31", "2026年1月31日"), optionally followed by a time ("08:30", "08:30:15",
//     after a space or T, with an optional Z).
//
// Day-first and month-first forms ("31/01/2026", "01/31/2026") are refused: they cannot be
// told apart.
func parseDate(s string, date1904 bool) (time.Time, bool) {
	if len(s) == 8 && allDigits(s) {
		y, _ := strconv.Atoi(s[:4])
		m, _ := strconv.Atoi(s[4:6])
		d, _ := strconv.Atoi(s[6:])
		return civil(y, m, d, 0, 0, 0)
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f < minSerial || f >= maxSerial+1 {
			return time.Time{}, false
		}
		t, err := excelize.ExcelDateToTime(f, date1904)
		if err != nil {
			return time.Time{}, false
		}
		return t.UTC().Round(time.Second), true
	}
	date, clock := s, ""
	if i := strings.IndexAny(s, " T"); i > 0 {
		date, clock = s[:i], strings.TrimSpace(s[i+1:])
	}
	date = strings.NewReplacer("年", "-", "月", "-", "日", "", "/", "-", ".", "-").Replace(date)
	parts := strings.Split(date, "-")
	if len(parts) != 3 || len(parts[0]) != 4 || len(parts[1]) == 0 || len(parts[1]) > 2 || len(parts[2]) == 0 || len(parts[2]) > 2 {
		return time.Time{}, false
	}
	var ymd [3]int
	for i, p := range parts {
		if !allDigits(p) {
			return time.Time{}, false
		}
		ymd[i], _ = strconv.Atoi(p)
	}
	h, mi, sec := 0, 0, 0
	if clock != "" {
		clock = strings.TrimSuffix(clock, "Z")
		cp := strings.Split(clock, ":")
		if len(cp) < 2 || len(cp) > 3 {
			return time.Time{}, false
		}
		var hms [3]int
		for i, p := range cp {
			if len(p) == 0 || len(p) > 2 || !allDigits(p) {
				return time.Time{}, false
			}
			hms[i], _ = strconv.Atoi(p)
		}
		h, mi, sec = hms[0], hms[1], hms[2]
		if h > 23 || mi > 59 || sec > 59 {
			return time.Time{}, false
		}
	}
	return civil(ymd[0], ymd[1], ymd[2], h, mi, sec)
}

// civil answers the date when it exists (no 2026-02-30).
func civil(y, m, d, h, mi, s int) (time.Time, bool) {
	if y < 1 || m < 1 || m > 12 || d < 1 || d > 31 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, h, mi, s, 0, time.UTC)
	if t.Day() != d || int(t.Month()) != m {
		return time.Time{}, false
	}
	return t, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ColumnLetter answers the letters of a 0-based column index (0 → "A", 26 → "AA").
func ColumnLetter(index int) string {
	if index < 0 {
		return ""
	}
	var b [4]byte
	i := len(b)
	for n := index + 1; n > 0; n = (n - 1) / 26 {
		i--
		b[i] = byte('A' + (n-1)%26)
	}
	return string(b[i:])
}
