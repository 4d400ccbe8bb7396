// Package orderdetail is the lines of a sales order (docs/decisions/0011, "Detail lines" and
// "Settled at build"): the product, parts (matter), standard-product and sales-list tables,
// the per-side configuration of which tables an order type shows and with which columns,
// computed columns (platform/expr, re-evaluated on the server), the batch update the order
// screen sends, the split-order import through an import rule mapping and a split mapping,
// exports and the quotation.
//
// It uses the sales orders only through salesorder.Service (the order, whether its lines may
// change, its totals) and the catalogue through catalog.Service (the rows a picker adds).
package orderdetail

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Table keys of the detail tables (spec 000 §2). The first four hold lines; examine shows an
// order's review sheets and files and has no lines.
const (
	TableProduct         = "product"
	TableMatter          = "matter"
	TableStandardProduct = "standardProduct"
	TableSalesLists      = "salesLists"
	TableExamine         = "examine"
)

// LineTables are the tables that hold lines, in the order the screen shows them.
var LineTables = []string{TableProduct, TableMatter, TableStandardProduct, TableSalesLists}

// TableKeys are every detail table.
var TableKeys = []string{TableProduct, TableMatter, TableStandardProduct, TableSalesLists, TableExamine}

// IsLineTable reports whether key names a table that holds lines.
func IsLineTable(key string) bool {
	for _, k := range LineTables {
		if k == key {
			return true
		}
	}
	return false
}

func isTableKey(key string) bool { return IsLineTable(key) || key == TableExamine }

// Widgets of a configured column (spec 000 §3). Empty: the field's own kind (text for a
// column kept in values). A file column holds files of the order uploaded for the line
// (category line of the order's files): its value is a list of {id, fileName}.
const (
	WidgetText    = "text"
	WidgetNumber  = "number"
	WidgetBoolean = "boolean"
	WidgetFile    = "file"
)

// Actions of a detail table (spec 000 §2, §6).
const (
	ActionCreate      = "create"
	ActionImportExcel = "importExcel"
	ActionClear       = "clear"
	ActionSelect      = "select"
	ActionExport      = "export"
)

// ActionNames are the actions, in the order the actions menu shows them.
var ActionNames = []string{ActionCreate, ActionImportExcel, ActionClear, ActionSelect, ActionExport}

// Limits of a line's text fields (the input types' maxLength tags state the same numbers).
const (
	MaxName    = 128
	MaxCode    = 128
	MaxColor   = 64
	MaxUnit    = 32
	MaxRemark  = 2048
	MaxCabinet = 128
	MaxValue   = 512 // a configured text column's value
	// MaxNumber bounds every number of a line (sizes, price, count, amount, configured numbers):
	// below it a stored double reads back as the same decimal (15 significant digits with
	// 4 decimals).
	MaxNumber = 1e11
	// MaxPage is the largest page of lines (spec 000 §9: the screen asks for 50).
	MaxPage = 50
	// MaxBatchLines bounds the lines of one batch update (all tables together).
	MaxBatchLines = 5000
	// MaxAddItems bounds the items of one add.
	MaxAddItems = 500
	// MaxLineFiles bounds the files of one file column of a line.
	MaxLineFiles = 50
	// MaxRemovedFiles bounds the removedFileIds of one batch update.
	MaxRemovedFiles = 1000
)

// ---- lines ----

// LineFields are the stored fields every line table has.
type LineFields struct {
	SalesOrderID uuid.UUID  `bun:"sales_order_id,type:uuid,notnull" json:"salesOrderId"`
	LineNo       int        `bun:"line_no,notnull" json:"lineNo" doc:"1, 2, … in the order lines were added to the table"`
	SourceID     *uuid.UUID `bun:"source_id,type:uuid" json:"sourceId" doc:"The catalogue row picked; null for typed and imported lines"`
	Name         string     `bun:"name,notnull" json:"name"`
	Code         string     `bun:"code,notnull" json:"code"`
	Length       *float64   `bun:"length" json:"length"`
	Width        *float64   `bun:"width" json:"width"`
	Height       *float64   `bun:"height" json:"height"`
	Color        string     `bun:"color,notnull" json:"color"`
	Unit         string     `bun:"unit,notnull" json:"unit"`
	Price        float64    `bun:"price,notnull" json:"price"`
	Count        float64    `bun:"count,notnull" json:"count"`
	Amount       float64    `bun:"amount,notnull" json:"amount" doc:"price × count, or the table's configured compute; always the server's"`
	Remark       string     `bun:"remark,notnull" json:"remark"`
	Cabinet      string     `bun:"cabinet,notnull" json:"cabinet"`
	ValuesJSON   string     `bun:"values,notnull" json:"-"`
}

// Line is one line of an order's table, as the API answers it.
type Line struct {
	db.Entity
	Table string `bun:"-" json:"table" enum:"product,matter,standardProduct,salesLists"`
	LineFields
	// Values are the configured columns that are not built-in fields: key → number (as
	// written, exactly), text, boolean or, for a file column, a list of {id, fileName}.
	Values map[string]any `bun:"-" json:"values"`
}

// decodeValues fills Values from ValuesJSON (numbers kept exactly as json.Number).
func (l *Line) decodeValues() {
	l.Values = map[string]any{}
	if l.ValuesJSON == "" {
		return
	}
	dec := json.NewDecoder(strings.NewReader(l.ValuesJSON))
	dec.UseNumber()
	_ = dec.Decode(&l.Values) // written by encodeValues only
	if l.Values == nil {
		l.Values = map[string]any{}
	}
}

// encodeValues writes Values into ValuesJSON.
func (l *Line) encodeValues() {
	if len(l.Values) == 0 {
		l.ValuesJSON = "{}"
		return
	}
	b, _ := json.Marshal(l.Values) // strings, json.Number and booleans only
	l.ValuesJSON = string(b)
}

// The four line tables' rows: one Go type per table, the same columns.
type (
	productLine struct {
		bun.BaseModel `bun:"table:sales_order_products,alias:l"`
		Line
	}
	partLine struct {
		bun.BaseModel `bun:"table:sales_order_parts,alias:l"`
		Line
	}
	standardLine struct {
		bun.BaseModel `bun:"table:sales_order_standard_products,alias:l"`
		Line
	}
	salesListLine struct {
		bun.BaseModel `bun:"table:sales_lists,alias:l"`
		Line
	}
)

func (r *productLine) line() *Line   { return &r.Line }
func (r *partLine) line() *Line      { return &r.Line }
func (r *standardLine) line() *Line  { return &r.Line }
func (r *salesListLine) line() *Line { return &r.Line }

// ---- detail-table configuration ----

// Column is a configured column of a detail table (spec 000 §3 "Sales order detail row").
type Column struct {
	Key          string   `json:"key" maxLength:"64" doc:"A built-in field (name, code, length, width, height, color, unit, price, count, amount, remark, cabinet) or a key of the line's values: letters, digits and _, not starting with a digit"`
	DisplayName  string   `json:"displayName,omitempty" maxLength:"64" doc:"Shown as the column's title; empty for a built-in field: its name in the caller's language"`
	Title        string   `json:"title,omitempty" maxLength:"64" doc:"An alternative title (the answer of detail-tables fills it as displayName when empty)"`
	DisplayWidth int      `json:"displayWidth,omitempty" minimum:"0" maximum:"2000" doc:"Pixels; 0: the page's default"`
	DefaultValue string   `json:"defaultValue,omitempty" maxLength:"128" doc:"The value of an empty cell (else 1 for a number widget, false for a boolean)"`
	Widget       string   `json:"widget,omitempty" doc:"text, number, boolean or file (a list of {id, fileName}: files uploaded to the order with category line; no compute, no default); empty: the field's own kind"`
	Compute      string   `json:"compute,omitempty" maxLength:"500" doc:"An expression over the table's number columns and built-in numbers (platform/expr); the server recomputes it on every save"`
	Permissions  []string `json:"permissions,omitempty" doc:"Who sees and edits the column (any one); none: everyone"`
}

// Actions are the permissions of a table's actions: any one of a list grants the action; an
// empty list grants it to nobody (spec 000 §5).
type Actions struct {
	Create      []string `json:"create"`
	ImportExcel []string `json:"importExcel"`
	Clear       []string `json:"clear"`
	Select      []string `json:"select"`
	Export      []string `json:"export"`
}

// of answers the permission list of action.
func (a *Actions) of(action string) []string {
	switch action {
	case ActionCreate:
		return a.Create
	case ActionImportExcel:
		return a.ImportExcel
	case ActionClear:
		return a.Clear
	case ActionSelect:
		return a.Select
	case ActionExport:
		return a.Export
	}
	return nil
}

func (a *Actions) normalise() {
	for _, p := range []*[]string{&a.Create, &a.ImportExcel, &a.Clear, &a.Select, &a.Export} {
		if *p == nil {
			*p = []string{}
		}
	}
}

// DetailTable is one row of a side's configuration (table sales_order_detail_tables): how a
// table shows on the orders of one order type, or of every type without a row of its own.
type DetailTable struct {
	bun.BaseModel `bun:"table:sales_order_detail_tables,alias:dt"`
	db.Entity
	Key         string     `bun:"table_key,notnull" json:"key" enum:"product,matter,standardProduct,salesLists,examine"`
	OrderTypeID *uuid.UUID `bun:"order_type_id,type:uuid" json:"orderTypeId" doc:"null: every order type without a row of its own"`
	Shown       bool       `bun:"shown,notnull" json:"shown"`
	Required    bool       `bun:"required,notnull" json:"required" doc:"An order is not submitted while this table has no line"`
	Sort        int        `bun:"sort,notnull" json:"sort"`
	ColumnsJSON string     `bun:"columns,notnull" json:"-"`
	ActionsJSON string     `bun:"actions,notnull" json:"-"`
	Columns     []Column   `bun:"-" json:"columns"`
	Actions     Actions    `bun:"-" json:"actions"`
}

func (t *DetailTable) decode() {
	t.Columns = []Column{}
	_ = json.Unmarshal([]byte(t.ColumnsJSON), &t.Columns) // written by encode only
	if t.Columns == nil {
		t.Columns = []Column{}
	}
	_ = json.Unmarshal([]byte(t.ActionsJSON), &t.Actions)
	t.Actions.normalise()
}

func (t *DetailTable) encode() {
	if t.Columns == nil {
		t.Columns = []Column{}
	}
	t.Actions.normalise()
	c, _ := json.Marshal(t.Columns)
	a, _ := json.Marshal(t.Actions)
	t.ColumnsJSON, t.ActionsJSON = string(c), string(a)
}

// DetailTableInput is one table of the configuration a PUT replaces.
type DetailTableInput struct {
	Key         string     `json:"key" required:"true" enum:"product,matter,standardProduct,salesLists,examine"`
	OrderTypeID *uuid.UUID `json:"orderTypeId,omitempty" format:"uuid" doc:"Absent: every order type without a row of its own"`
	Shown       bool       `json:"shown"`
	Required    bool       `json:"required"`
	Sort        int        `json:"sort" minimum:"0" maximum:"9999"`
	Columns     []Column   `json:"columns" maxItems:"100"`
	Actions     Actions    `json:"actions"`
}

// ConfigInput is the body of PUT /api/sales-order/detail-tables/config: the side's whole
// configuration.
type ConfigInput struct {
	Items []DetailTableInput `json:"items" maxItems:"500"`
}

// ShownTable is a table an order of one type shows, for the caller.
type ShownTable struct {
	Key            string   `json:"key" enum:"product,matter,standardProduct,salesLists,examine"`
	DisplayName    string   `json:"displayName" doc:"In the caller's language"`
	Required       bool     `json:"required"`
	Sort           int      `json:"sort"`
	Columns        []Column `json:"columns" doc:"The columns the caller may see, titles in the caller's language"`
	Actions        Actions  `json:"actions"`
	GrantedActions []string `json:"grantedActions" doc:"The actions the caller holds a permission for"`
	ShowActions    bool     `json:"showActions" doc:"Whether the table shows its actions column: it has columns and the caller holds an action"`
}

// ---- inputs ----

// LineInput is a line typed in, or one line of a batch update (with its id: a change of that
// line; without: a new line). The line replaces the stored one's editable fields; amount and
// computed columns are always the server's.
type LineInput struct {
	ID               *uuid.UUID     `json:"id,omitempty" format:"uuid" doc:"Absent: a new line"`
	SourceID         *uuid.UUID     `json:"sourceId,omitempty" format:"uuid" doc:"Adds: the catalogue row to copy (product, part or standard product by the table)"`
	Name             string         `json:"name,omitempty" maxLength:"128"`
	Code             string         `json:"code,omitempty" maxLength:"128"`
	Length           *float64       `json:"length,omitempty" nullable:"true" minimum:"0"`
	Width            *float64       `json:"width,omitempty" nullable:"true" minimum:"0"`
	Height           *float64       `json:"height,omitempty" nullable:"true" minimum:"0"`
	Color            string         `json:"color,omitempty" maxLength:"64"`
	Unit             string         `json:"unit,omitempty" maxLength:"32"`
	Price            *float64       `json:"price,omitempty" nullable:"true" minimum:"0"`
	Count            *float64       `json:"count,omitempty" nullable:"true" minimum:"0" doc:"Empty: 1"`
	Amount           *float64       `json:"amount,omitempty" nullable:"true" doc:"Ignored: the server computes it"`
	Remark           string         `json:"remark,omitempty" maxLength:"2048"`
	Cabinet          string         `json:"cabinet,omitempty" maxLength:"128"`
	Values           map[string]any `json:"values,omitempty" doc:"Configured columns: key → number, text, boolean, or for a file column a list of {id, fileName} (each id a file of the order uploaded with category line); computed ones are ignored"`
	ConcurrencyStamp string         `json:"concurrencyStamp,omitempty" doc:"A changed line's stamp as read; a stale one answers 409, none skips the check"`
}

// AddLinesInput is the body of a POST adding lines to one table.
type AddLinesInput struct {
	SalesOrderID uuid.UUID   `json:"salesOrderId" required:"true" format:"uuid"`
	Items        []LineInput `json:"items" required:"true" minItems:"1" maxItems:"500" doc:"Each {sourceId} from a picker, or a typed line"`
}

// BatchUpdateInput is the body of PUT /api/sales-order/sales-order-details/batch-update.
type BatchUpdateInput struct {
	SalesOrderID     uuid.UUID              `json:"salesOrderId" required:"true" format:"uuid"`
	ConcurrencyStamp string                 `json:"concurrencyStamp,omitempty" doc:"The order's stamp as read; a stale one answers 409, none skips the check"`
	Tables           map[string][]LineInput `json:"tables,omitempty" doc:"Per table key (product, matter, standardProduct, salesLists): the changed and new lines"`
	Deleted          map[string][]uuid.UUID `json:"deleted,omitempty" doc:"Per table key: the ids of lines removed"`
	RemovedFileIDs   []uuid.UUID            `json:"removedFileIds,omitempty" maxItems:"1000" doc:"Files uploaded for lines (category line) during an edit and no longer on them when it ends: deleted with their bytes, after the lines are saved; one a saved line still names is refused, ids of no line file of the order are ignored"`
}

// ClearInput is the body of POST /api/sales-order/sales-order-details/clear.
type ClearInput struct {
	SalesOrderID uuid.UUID `json:"salesOrderId" required:"true" format:"uuid"`
	Table        string    `json:"table" required:"true" enum:"product,matter,standardProduct,salesLists"`
}

// LineQuery selects a page of one table's lines of an order.
type LineQuery struct {
	SalesOrderID uuid.UUID
	Skip, Limit  int
}

// ImportResult answers a split-order import: the lines added per table.
type ImportResult struct {
	Added map[string]int `json:"added" doc:"Per table key (product, matter, standardProduct): the lines added"`
}

// QuoteToken answers GET /api/app/salesorder/quote-token/{id}.
type QuoteToken struct {
	Token string `json:"token"`
}

// quoteToken is a quotation download token (table sales_order_quote_tokens): short-lived,
// bound to one order of one side and to the language it was asked in.
type quoteToken struct {
	bun.BaseModel `bun:"table:sales_order_quote_tokens,alias:qt"`
	Token         string     `bun:"token,pk"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	SalesOrderID  uuid.UUID  `bun:"sales_order_id,type:uuid,notnull"`
	Culture       string     `bun:"culture,notnull"`
	ExpiresAt     time.Time  `bun:"expires_at,notnull"`
}
