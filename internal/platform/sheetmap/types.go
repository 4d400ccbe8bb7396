// Package sheetmap applies an import mapping to a file or a JSON record: an .xlsx
// spreadsheet or a .csv file (GB18030, UTF-16LE or UTF-8 with or without BOM), or a JSON
// document whose members are named by paths such as order.customer.name. It yields typed
// rows (text, integer, exact decimal, boolean, date, enumeration) and, for every value it
// cannot read, an error naming the row as the spreadsheet shows it (1-based), the column
// letter, the field and a message key with its arguments.
//
// It knows no HTTP and no database: the importmapping area hands it a Mapping (with the
// items of data dictionaries already resolved), and the areas that import files (sales
// orders, optimisation cut lists) read through that area's service. Files over its limits
// are refused before they are read whole.
package sheetmap

import (
	"encoding/json"
	"time"
)

// ValueType is how a cell is read (the numbers are the API's valueType).
type ValueType int

// Value types.
const (
	Text        ValueType = 0
	Integer     ValueType = 1
	Decimal     ValueType = 2
	Boolean     ValueType = 3
	Date        ValueType = 4
	Enumeration ValueType = 5 // the cell's text through the rule's items; the item's target is read as the rule's Target type
)

// Valid reports whether t is one of the value types.
func (t ValueType) Valid() bool { return t >= Text && t <= Enumeration }

// FileType is the kind of file a mapping reads (the API's importFileType).
type FileType int

// File types.
const (
	XLSX FileType = 0
	CSV  FileType = 1
)

// Valid reports whether t is one of the file types.
func (t FileType) Valid() bool { return t == XLSX || t == CSV }

// Ext is the file name extension of t (".xlsx", ".csv").
func (t FileType) Ext() string {
	if t == CSV {
		return ".csv"
	}
	return ".xlsx"
}

// Encoding is the text encoding of a .csv file (the API's importFileEncoding).
type Encoding int

// Encodings of a .csv file.
const (
	GB18030 Encoding = 1
	UTF16LE Encoding = 2
	UTF8    Encoding = 3 // with or without a byte-order mark
)

// Valid reports whether e is one of the encodings.
func (e Encoding) Valid() bool { return e >= GB18030 && e <= UTF8 }

// String names e as users know it.
func (e Encoding) String() string {
	switch e {
	case GB18030:
		return "GB18030"
	case UTF16LE:
		return "UTF-16LE"
	default:
		return "UTF-8"
	}
}

// Item maps a cell's text (Source, compared trimmed and without regard to case) to the
// value stored (Target).
type Item struct {
	Source string `json:"source"`
	Target string `json:"target"`
}

// Rule maps one column (or one member of a JSON record) to one field.
type Rule struct {
	Column int    // 0-based column index (files); column 0 is "A"
	Path   string // member path of a JSON record (records), e.g. "order.customer.name" or "lines[0].name"
	Field  string // the field the value fills
	Type   ValueType
	// Target is the type an enumeration's mapped value is read as (Text when zero); other
	// types ignore it.
	Target   ValueType
	Required bool   // an empty cell (and no default) is an error
	Default  string // read in place of an empty cell, as if it were the cell's text
	// Items map a cell's text to the value stored before it is read: an enumeration
	// accepts only their sources; other types read a text that is no source as it is.
	Items []Item
}

// Mapping is how a file's rows become typed rows.
type Mapping struct {
	FileType   FileType
	Encoding   Encoding // of a .csv; UTF8 when zero
	HeaderRows int      // rows before the data, skipped
	Rules      []Rule
}

// Limits bound what Read accepts; a file beyond them is refused (not truncated).
type Limits struct {
	MaxBytes  int64 // size of the file
	MaxRows   int   // data rows (after the header rows, blank rows not counted)
	MaxErrors int   // errors listed; the rest are counted in Result.MoreErrors
}

// DefaultLimits: 10 MB and 20,000 data rows, what an order or a cut list from design
// software comes to many times over, while a file at the limit is read in well under a
// second; 1,000 errors listed.
var DefaultLimits = Limits{MaxBytes: 10 << 20, MaxRows: 20000, MaxErrors: 1000}

// Result is a file read through a mapping.
type Result struct {
	Fields     []string    // the mapping's fields, in rule order: Row.Values[i] is Fields[i]
	Rows       []Row       // the rows read without error, in file order
	Errors     []CellError // every value that could not be read (at most MaxErrors)
	MoreErrors int         // errors beyond MaxErrors, not listed
	DataRows   int         // rows read (good and bad), blank rows not counted
}

// Row is one data row.
type Row struct {
	Number int     // 1-based, as the spreadsheet shows it (header rows counted)
	Values []Value // one per rule, in rule order
}

// Index answers the position of field in rows' Values, or -1.
func (r *Result) Index(field string) int {
	for i, f := range r.Fields {
		if f == field {
			return i
		}
	}
	return -1
}

// Get answers the value of field in row (an invalid Value when the mapping has no such
// field).
func (r *Result) Get(row Row, field string) Value {
	if i := r.Index(field); i >= 0 && i < len(row.Values) {
		return row.Values[i]
	}
	return Value{}
}

// Map answers row as field → value (nil, string, int64, Decimal, bool or time.Time).
func (r *Result) Map(row Row) map[string]any {
	out := make(map[string]any, len(r.Fields))
	for i, f := range r.Fields {
		if i < len(row.Values) {
			out[f] = row.Values[i].Any()
		}
	}
	return out
}

// Value is one typed value. Kind is the type it holds: an enumeration's value has its
// rule's Target kind.
type Value struct {
	Kind  ValueType
	Valid bool // false: the cell was empty and the rule has no default
	Str   string
	Int   int64
	Dec   Dec
	Bool  bool
	Time  time.Time // a date (and time, when the cell has one), as written, in UTC
}

// Any answers the value as nil, string, int64, Dec, bool or time.Time.
func (v Value) Any() any {
	if !v.Valid {
		return nil
	}
	switch v.Kind {
	case Integer:
		return v.Int
	case Decimal:
		return v.Dec
	case Boolean:
		return v.Bool
	case Date:
		return v.Time
	default:
		return v.Str
	}
}

// String answers the value as text (empty when not Valid).
func (v Value) String() string {
	if !v.Valid {
		return ""
	}
	switch v.Kind {
	case Integer:
		return Dec{coef: v.Int}.String()
	case Decimal:
		return v.Dec.String()
	case Boolean:
		if v.Bool {
			return "true"
		}
		return "false"
	case Date:
		if v.Time.Hour() == 0 && v.Time.Minute() == 0 && v.Time.Second() == 0 {
			return v.Time.Format(time.DateOnly)
		}
		return v.Time.Format(time.RFC3339)
	default:
		return v.Str
	}
}

// MarshalJSON writes the value as JSON: null, a string, a number (decimals exactly as
// read), a boolean or an RFC 3339 time.
func (v Value) MarshalJSON() ([]byte, error) { return json.Marshal(v.Any()) }

// CellError is a value that could not be read. Its message is Key with the arguments
// {0} row, {1} column, {2} the field's label, then Args ({3}, …).
type CellError struct {
	Row    int    // 1-based, as the spreadsheet shows it (1 for a JSON record)
	Column string // the column letter ("A"), or the member path of a JSON record
	Field  string
	Key    string
	Args   []any
}

// Arguments answers the message arguments with label as the field's name.
func (e CellError) Arguments(label string) []any {
	return append([]any{e.Row, e.Column, label}, e.Args...)
}
