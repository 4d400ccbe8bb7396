package salesorder

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Status is where an order stands (docs/decisions/0011, "Statuses and who moves them").
type Status int

// The statuses, with the values the API answers.
const (
	StatusDraft        Status = 0
	StatusSubmitted    Status = 10
	StatusInReview     Status = 20
	StatusConfirmed    Status = 30
	StatusInProduction Status = 40
	StatusShipped      Status = 50
	StatusClosed       Status = 60
	StatusCancelled    Status = 90
)

// Statuses are every status, in their order.
var Statuses = []Status{StatusDraft, StatusSubmitted, StatusInReview, StatusConfirmed, StatusInProduction,
	StatusShipped, StatusClosed, StatusCancelled}

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	for _, v := range Statuses {
		if v == s {
			return true
		}
	}
	return false
}

// Action is a status move a user asks for.
type Action string

// The moves (POST /api/app/salesorder/{id}/status).
const (
	ActionSubmit   Action = "submit"
	ActionWithdraw Action = "withdraw"
	ActionReview   Action = "review"
	ActionSendBack Action = "sendBack"
	ActionConfirm  Action = "confirm"
	ActionRelease  Action = "release"
	ActionShip     Action = "ship"
	ActionClose    Action = "close"
	ActionCancel   Action = "cancel"
)

// Limits of the text fields. The input types' tags state the same numbers for OpenAPI.
const (
	MaxCustomerName    = 64
	MaxDealerName      = 128
	MaxPhone           = 32
	MaxAddress         = 256
	MaxRemark          = 1024
	MaxComment         = 512
	MaxTypeCode        = 64
	MaxTypeName        = 64
	MaxTypeRemark      = 256
	MaxTypeSort        = 999999
	MaxAmount          = 1e12 // amounts the user types are below this (15 significant digits with 2 decimals)
	MaxFilesPerRequest = 10
)

// ---- rows ----

// SalesOrder is a dealer's order (table sales_orders). The amounts the server derives
// (totalPrice, totalSumPrice, differencePrice) are never read from a body: totalPrice is the
// sum of the lines, pushed by the lines area through Service.SetLinesTotal.
type SalesOrder struct {
	bun.BaseModel `bun:"table:sales_orders,alias:so"`
	db.Entity
	SalesOrderID    string     `bun:"sales_order_id,notnull" json:"salesOrderId" doc:"The order number, SO{yyyyMMdd}{seq:4}; unique per tenant"`
	OrderTypeID     uuid.UUID  `bun:"order_type_id,type:uuid,notnull" json:"orderTypeId"`
	ProductTypeID   *uuid.UUID `bun:"product_type_id,type:uuid" json:"productTypeId"`
	DealerName      string     `bun:"dealer_name,notnull" json:"dealerName"`
	CustomerName    string     `bun:"customer_name,notnull" json:"customerName"`
	CustomerPhone   string     `bun:"customer_phone,notnull" json:"customerPhone"`
	CustomerAddress string     `bun:"customer_address,notnull" json:"customerAddress"`
	SalesmanID      *uuid.UUID `bun:"salesman_id,type:uuid" json:"salesmanId" doc:"The salesman (a user); the creator when not given"`
	Status          Status     `bun:"status,notnull" json:"status" enum:"0,10,20,30,40,50,60,90" doc:"0 draft, 10 submitted, 20 in review, 30 confirmed, 40 in production, 50 shipped, 60 closed, 90 cancelled"`
	IsUrgent        bool       `bun:"is_urgent,notnull" json:"isUrgent"`
	Remark          string     `bun:"remark,notnull" json:"remark"`
	DesginID        string     `bun:"desgin_id,notnull" json:"desginId" doc:"The chosen design scheme's id (the contract's spelling)"`
	CreatorName     string     `bun:"creator_name,notnull" json:"creatorName" doc:"The creator's name when the order was created"`

	OrderDate          *time.Time `bun:"order_date" json:"orderdate"`
	PayDate            *time.Time `bun:"pay_date" json:"paydate"`
	DeliveryDate       *time.Time `bun:"delivery_date" json:"deliveryDate"`
	SecondDeliveryDate *time.Time `bun:"second_delivery_date" json:"secondDeliveryDate"`
	ActualDeliveryDate *time.Time `bun:"actual_delivery_date" json:"actualDeliveryDate"`
	TransferDate       *time.Time `bun:"transfer_date" json:"transferDate"`
	CloseFileDate      *time.Time `bun:"close_file_date" json:"closeFileDate"`
	FinalPaymentTime   *time.Time `bun:"final_payment_time" json:"finalPaymentTime"`

	TotalPrice      float64 `bun:"total_price,notnull" json:"totalPrice" doc:"The sum of the lines' amounts (derived)"`
	DiscountTotal   float64 `bun:"discount_total,notnull" json:"discountTotal"`
	LogisticsPrice  float64 `bun:"logistics_price,notnull" json:"logisticsPrice"`
	TotalSumPrice   float64 `bun:"total_sum_price,notnull" json:"totalSumPrice" doc:"totalPrice - discountTotal + logisticsPrice (derived)"`
	PayTotal        float64 `bun:"pay_total,notnull" json:"payTotal"`
	DifferencePrice float64 `bun:"difference_price,notnull" json:"differencePrice" doc:"totalSumPrice - payTotal (derived)"`
	Bill            float64 `bun:"bill,notnull" json:"bill"`

	IsH5              bool `bun:"is_h5,notnull" json:"isH5"`
	IsShip            bool `bun:"is_ship,notnull" json:"IsShip"`
	IsImportConfirmed bool `bun:"is_import_confirmed,notnull" json:"isImportConfirmed"`
	IsDesigner        bool `bun:"is_designer,notnull" json:"isDesigner"`
	IsCloseFile       bool `bun:"is_close_file,notnull" json:"isCloseFile"`

	// Filled when read, never stored.
	OrderTypeName   string   `bun:"-" json:"orderTypeName"`
	ProductTypeName string   `bun:"-" json:"productTypeName"`
	AllowedActions  []Action `bun:"-" json:"allowedActions,omitempty" doc:"The status moves the caller may make now (one order's read only)"`
}

// StatusLog is one status move of an order (table sales_order_status_logs).
type StatusLog struct {
	bun.BaseModel `bun:"table:sales_order_status_logs,alias:sol"`
	db.Entity
	OrderID    uuid.UUID  `bun:"order_id,type:uuid,notnull" json:"orderId"`
	FromStatus Status     `bun:"from_status,notnull" json:"fromStatus"`
	ToStatus   Status     `bun:"to_status,notnull" json:"toStatus"`
	Action     Action     `bun:"action,notnull" json:"action"`
	Comment    string     `bun:"comment,notnull" json:"comment"`
	UserID     *uuid.UUID `bun:"user_id,type:uuid" json:"userId"`
	UserName   string     `bun:"user_name,notnull" json:"userName"`
}

// orderNumber is a side's counter of order numbers of one day (table sales_order_numbers).
type orderNumber struct {
	bun.BaseModel `bun:"table:sales_order_numbers,alias:son"`
	db.Entity
	Day     string `bun:"day,notnull"` // yyyyMMdd, the server's local date
	LastSeq int    `bun:"last_seq,notnull"`
}

// OrderType is an order type (table sales_order_types).
type OrderType struct {
	bun.BaseModel `bun:"table:sales_order_types,alias:sot"`
	db.Entity
	TypeFields
}

// ProductType is a product type (table product_types).
type ProductType struct {
	bun.BaseModel `bun:"table:product_types,alias:pt"`
	db.Entity
	TypeFields
}

// TypeFields are the fields order and product types share.
type TypeFields struct {
	Code     string `bun:"code,notnull" json:"code"`
	Name     string `bun:"name,notnull" json:"name"`
	Sort     int    `bun:"sort_order,notnull" json:"sort" doc:"Position in lists, smallest first"`
	IsEnable bool   `bun:"is_enable,notnull" json:"isEnable" doc:"Offered when an order is created or edited"`
	Remark   string `bun:"remark,notnull" json:"remark"`
}

// File categories of an order's files.
const (
	CategoryOrder   = "order"   // the order file panel
	CategoryExamine = "examine" // the examine tab's review files
)

// OrderFile is a file of an order (table sales_order_files); its bytes are a file descriptor
// of the files area.
type OrderFile struct {
	bun.BaseModel `bun:"table:sales_order_files,alias:sof"`
	db.Entity
	OrderID          uuid.UUID `bun:"order_id,type:uuid,notnull" json:"salesOrderId"`
	FileDescriptorID uuid.UUID `bun:"file_descriptor_id,type:uuid,notnull" json:"fileDescriptorId"`
	FileName         string    `bun:"file_name,notnull" json:"fileName"`
	FileType         string    `bun:"file_type,notnull" json:"fileType" doc:"The file name's extension, lower case, without the dot"`
	MimeType         string    `bun:"mime_type,notnull" json:"mimeType"`
	Size             int64     `bun:"size,notnull" json:"size"`
	Category         string    `bun:"category,notnull" json:"category" enum:"order,examine"`
	IsSuccess        bool      `bun:"is_success,notnull" json:"isSuccess"`
	ErrorMessage     string    `bun:"error_message,notnull" json:"errorMessage"`
}
