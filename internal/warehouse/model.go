// Package warehouse is the factory's stock of boards and offcuts (docs/decisions/0013,
// "Warehouse"): factories, storehouse rows, shelves and their bins, stock items and their
// in/out log, and the statistics of the offcut pages. The optimisation runs book their
// boards out and their reusable offcuts in through Service.Book, in their own transaction;
// the warehouse knows nothing of runs but their plan number. It imports no other area.
package warehouse

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Kinds of stock.
const (
	KindBoard  = 0 // a full board (a stock sheet)
	KindOffcut = 1 // a reusable offcut a run kept
)

// Storage types of a shelf (get-shelvesinfo's StorageType).
const (
	StorageBoards  = 0
	StorageOffcuts = 1
)

// Directions of a move.
const (
	DirectionIn  = 0
	DirectionOut = 1
)

// BinCapacity is the most pieces an offcut bin holds when offcuts are placed in it
// without a bin named (a run's offcuts).
const BinCapacity = 20

// Factory is one plant of the tenant.
type Factory struct {
	bun.BaseModel `bun:"table:wh_factories,alias:f"`
	db.Entity
	Code      string `bun:"code,notnull" json:"code"`
	Name      string `bun:"name,notnull" json:"name"`
	Address   string `bun:"address,notnull" json:"address"`
	IsDefault bool   `bun:"is_default,notnull" json:"isDefault"`
}

// Row is one storehouse row (an aisle) of a factory.
type Row struct {
	bun.BaseModel `bun:"table:wh_rows,alias:r"`
	db.Entity
	FactoryID uuid.UUID `bun:"factory_id,type:uuid,notnull" json:"factoryId"`
	Code      string    `bun:"code,notnull" json:"code"`
	Name      string    `bun:"name,notnull" json:"name"`
	Sort      int       `bun:"sort,notnull" json:"sort"`
}

// Shelf is one shelf of a row: Levels × BinsPerLevel bins, for boards or offcuts.
type Shelf struct {
	bun.BaseModel `bun:"table:wh_shelves,alias:s"`
	db.Entity
	RowID        uuid.UUID `bun:"row_id,type:uuid,notnull" json:"rowId"`
	Code         string    `bun:"code,notnull" json:"code"`
	Name         string    `bun:"name,notnull" json:"name"`
	StorageType  int       `bun:"storage_type,notnull" json:"storageType" doc:"0 boards, 1 offcuts"`
	Levels       int       `bun:"levels,notnull" json:"levels"`
	BinsPerLevel int       `bun:"bins_per_level,notnull" json:"binsPerLevel"`
}

// Bin is one place on a shelf: code "{shelf}-{level}-{position}".
type Bin struct {
	bun.BaseModel `bun:"table:wh_bins,alias:b"`
	db.Entity
	ShelfID  uuid.UUID `bun:"shelf_id,type:uuid,notnull" json:"shelfId"`
	Code     string    `bun:"code,notnull" json:"code"`
	Level    int       `bun:"level,notnull" json:"level"`
	Position int       `bun:"position,notnull" json:"position"`
}

// StockItem is a number of identical pieces (kind, material, thickness, size) in one bin,
// or unassigned (no bin, BinCode "").
type StockItem struct {
	bun.BaseModel `bun:"table:wh_stock_items,alias:i"`
	db.Entity
	Kind         int        `bun:"kind,notnull" json:"kind" doc:"0 board, 1 offcut"`
	MaterialCode string     `bun:"material_code,notnull" json:"materialCode"`
	Thickness    float64    `bun:"thickness,notnull" json:"thickness"`
	Length       float64    `bun:"length,notnull" json:"length"`
	Width        float64    `bun:"width,notnull" json:"width"`
	BinID        *uuid.UUID `bun:"bin_id,type:uuid" json:"binId"`
	BinCode      string     `bun:"bin_code,notnull" json:"binCode" doc:"\"\" when unassigned"`
	OnHand       int        `bun:"on_hand,notnull" json:"onHand"`
	PlanNo       string     `bun:"plan_no,notnull" json:"planNo" doc:"the run an offcut came from"`
	FactoryID    *uuid.UUID `bun:"factory_id,type:uuid" json:"factoryId"`
}

// StockLog is one booking of an item: in or out, a quantity, why and by whom.
type StockLog struct {
	bun.BaseModel `bun:"table:wh_stock_logs,alias:l"`
	db.Entity
	ItemID       uuid.UUID `bun:"item_id,type:uuid,notnull" json:"itemId"`
	Kind         int       `bun:"kind,notnull" json:"kind"`
	MaterialCode string    `bun:"material_code,notnull" json:"materialCode"`
	Thickness    float64   `bun:"thickness,notnull" json:"thickness"`
	Length       float64   `bun:"length,notnull" json:"length"`
	Width        float64   `bun:"width,notnull" json:"width"`
	BinCode      string    `bun:"bin_code,notnull" json:"binCode"`
	Direction    int       `bun:"direction,notnull" json:"direction" doc:"0 in, 1 out"`
	Quantity     int       `bun:"quantity,notnull" json:"quantity"`
	PlanNo       string    `bun:"plan_no,notnull" json:"planNo"`
	Reason       string    `bun:"reason,notnull" json:"reason"`
	OperatorName string    `bun:"operator_name,notnull" json:"operatorName"`
	Time         time.Time `bun:"booked_at,notnull" json:"time"`
}

// Move is one booking asked of Book: Quantity pieces of a kind, material, thickness and
// size, in (to BinCode, or placed) or out (from BinCode, or from any bin).
type Move struct {
	Kind         int     `json:"kind" doc:"0 board, 1 offcut"`
	MaterialCode string  `json:"materialCode"`
	Thickness    float64 `json:"thickness"`
	Length       float64 `json:"length"`
	Width        float64 `json:"width"`
	BinCode      string  `json:"binCode,omitempty" doc:"in: the bin (none: an offcut is placed on an offcut shelf with room, a board stays unassigned); out: take only from this bin"`
	Quantity     int     `json:"quantity"`
	Direction    int     `json:"direction" doc:"0 in, 1 out"`
	Reason       string  `json:"reason,omitempty"`
}

// ---- answers ----

// RowView is a storehouse row with its shelves (get-storehouseRowlist).
type RowView struct {
	Row
	FactoryName string      `json:"factoryName"`
	Shelves     []ShelfView `json:"shelves"`
}

// ShelfView is a shelf with its fill: bins, bins holding something, pieces on hand.
type ShelfView struct {
	Shelf
	Bins     int `json:"bins"`
	UsedBins int `json:"usedBins"`
	OnHand   int `json:"onHand" doc:"pieces on hand in the shelf's bins"`
}

// ShelfInfo is a shelf's bins by level and position with what each holds (get-shelvesinfo).
type ShelfInfo struct {
	Shelf
	RowCode string    `json:"rowCode"`
	Bins    []BinInfo `json:"bins"`
}

// BinInfo is one bin and the items on hand in it.
type BinInfo struct {
	ID       uuid.UUID   `json:"id"`
	Code     string      `json:"code"`
	Level    int         `json:"level"`
	Position int         `json:"position"`
	OnHand   int         `json:"onHand"`
	Items    []StockItem `json:"items"`
}

// StatRow is one material, thickness and kind: pieces and m² in and out over the range,
// and on hand now.
type StatRow struct {
	MaterialCode string  `json:"materialCode"`
	Thickness    float64 `json:"thickness"`
	Kind         int     `json:"kind"`
	InQuantity   int     `json:"inQuantity"`
	InArea       float64 `json:"inArea" doc:"m²"`
	OutQuantity  int     `json:"outQuantity"`
	OutArea      float64 `json:"outArea" doc:"m²"`
	OnHand       int     `json:"onHand"`
	OnHandArea   float64 `json:"onHandArea" doc:"m²"`
}

// Statistics are the rows and their totals.
type Statistics struct {
	Items  []StatRow `json:"items"`
	Totals StatRow   `json:"totals" doc:"sums of every row (materialCode empty)"`
}

// StockQuery filters get-stock-data.
type StockQuery struct {
	MaterialCode string
	Kind         *int
	BinCode      string
	Thickness    *float64
	Sorting      string
	Skip, Limit  int
}

// LogQuery filters the in/out log.
type LogQuery struct {
	MaterialCode string
	Kind         *int
	Direction    *int
	BinCode      string
	PlanNo       string
	From, To     string // days (To inclusive) or RFC 3339 times
	Sorting      string
	Skip, Limit  int
}

// StatQuery filters the statistics.
type StatQuery struct {
	From, To     string
	MaterialCode string
	Kind         *int
}
