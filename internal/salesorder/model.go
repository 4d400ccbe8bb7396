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
	MaxAmount          = 999999999999.99 // the largest amount a user types (15 significant digits)
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
	CategoryLine    = "line"    // files on a line (a detail table's file column), uploaded during a line edit
)

// isCategory reports whether c names a file category.
func isCategory(c string) bool {
	return c == CategoryOrder || c == CategoryExamine || c == CategoryLine
}

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
	Category         string    `bun:"category,notnull" json:"category" enum:"order,examine,line"`
	IsSuccess        bool      `bun:"is_success,notnull" json:"isSuccess"`
	ErrorMessage     string    `bun:"error_message,notnull" json:"errorMessage"`
}

// ---- inputs ----
//
// Lengths and bounds are in the tags, so /openapi.json carries them and the web reads them
// from the generated schema; the rules themselves (with their localised messages naming the
// field) are the service's. Bodies of this area are not validated by huma (SkipValidateBody):
// one rule, one message. Amounts the server derives (totalPrice, totalSumPrice,
// differencePrice) are not inputs.

// SalesOrderInput are the fields of an order a user edits (create and update).
type SalesOrderInput struct {
	OrderTypeID     uuid.UUID  `json:"orderTypeId,omitempty" required:"true" format:"uuid" doc:"An enabled order type of the tenant"`
	ProductTypeID   *uuid.UUID `json:"productTypeId,omitempty" format:"uuid" doc:"An enabled product type of the tenant; absent or the all-zero id: none"`
	DealerName      string     `json:"dealerName,omitempty" maxLength:"128"`
	CustomerName    string     `json:"customerName,omitempty" required:"true" maxLength:"64"`
	CustomerPhone   string     `json:"customerPhone,omitempty" maxLength:"32" doc:"Digits, spaces, + - ( ), at least 3 digits"`
	CustomerAddress string     `json:"customerAddress,omitempty" maxLength:"256"`
	IsUrgent        bool       `json:"isUrgent,omitempty"`
	Remark          string     `json:"remark,omitempty" maxLength:"1024"`

	OrderDate          *time.Time `json:"orderdate,omitempty" doc:"Default: now (on create)"`
	PayDate            *time.Time `json:"paydate,omitempty"`
	DeliveryDate       *time.Time `json:"deliveryDate,omitempty"`
	SecondDeliveryDate *time.Time `json:"secondDeliveryDate,omitempty"`
	ActualDeliveryDate *time.Time `json:"actualDeliveryDate,omitempty"`
	TransferDate       *time.Time `json:"transferDate,omitempty"`
	CloseFileDate      *time.Time `json:"closeFileDate,omitempty"`
	FinalPaymentTime   *time.Time `json:"finalPaymentTime,omitempty"`

	DiscountTotal  float64 `json:"discountTotal,omitempty" minimum:"0" maximum:"999999999999.99" doc:"Rounded to 2 places"`
	LogisticsPrice float64 `json:"logisticsPrice,omitempty" minimum:"0" maximum:"999999999999.99" doc:"Rounded to 2 places"`
	PayTotal       float64 `json:"payTotal,omitempty" minimum:"0" maximum:"999999999999.99" doc:"Rounded to 2 places"`
	Bill           float64 `json:"bill,omitempty" minimum:"0" maximum:"999999999999.99" doc:"Rounded to 2 places"`

	IsH5              bool `json:"isH5,omitempty"`
	IsShip            bool `json:"IsShip,omitempty"`
	IsImportConfirmed bool `json:"isImportConfirmed,omitempty"`
	IsDesigner        bool `json:"isDesigner,omitempty"`
	IsCloseFile       bool `json:"isCloseFile,omitempty"`
}

// UpdateSalesOrderInput is the body of PUT /api/app/salesorder/{id}: every editable field
// (absent ones are cleared) and the stamp read.
type UpdateSalesOrderInput struct {
	SalesOrderInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// StatusMoveInput is the body of POST /api/app/salesorder/{id}/status.
type StatusMoveInput struct {
	Action           Action `json:"action" required:"true" enum:"submit,withdraw,review,sendBack,confirm,release,ship,close,cancel"`
	Comment          string `json:"comment,omitempty" maxLength:"512"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// TypeInput is the body of an order or product type's create and update.
type TypeInput struct {
	Code             string `json:"code,omitempty" required:"true" maxLength:"64" doc:"Unique among the tenant's types without regard to case"`
	Name             string `json:"name,omitempty" required:"true" maxLength:"64"`
	Sort             int    `json:"sort,omitempty" minimum:"0" maximum:"999999"`
	IsEnable         *bool  `json:"isEnable,omitempty" doc:"Default true"`
	Remark           string `json:"remark,omitempty" maxLength:"256"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"Update only: the stamp read; a stale one answers 409, none skips the check"`
}

// ---- queries ----

// Scopes of the order list (the four order-tracking lists).
const (
	ScopeAll     = "all"     // every order
	ScopeOwn     = "own"     // created by or sold by the caller
	ScopePending = "pending" // in a status whose next move the caller holds the permission for
	ScopeHistory = "history" // shipped, closed, cancelled
)

// TextFilter is a "contains" filter on a text column.
type TextFilter struct {
	Column, Value string
}

// NumberFilter bounds a number column (either bound may be nil).
type NumberFilter struct {
	Column   string
	Min, Max *float64
}

// DateFilter bounds a time column: From inclusive, To exclusive (the day after the last day).
type DateFilter struct {
	Column   string
	From, To *time.Time
}

// BoolFilter selects rows whose boolean column equals Value.
type BoolFilter struct {
	Column string
	Value  bool
}

// OrderQuery selects orders.
type OrderQuery struct {
	Scope         string // ScopeAll ("" too), ScopeOwn, ScopePending, ScopeHistory
	Filter        string // order number, customer, dealer or phone contains it
	Statuses      []Status
	OrderTypeID   *uuid.UUID
	ProductTypeID *uuid.UUID
	Texts         []TextFilter
	Numbers       []NumberFilter
	Dates         []DateFilter
	Bools         []BoolFilter
	Sorting       string // the client's sorting, checked against orderSorting
	Skip, Limit   int
}

// TypeQuery selects order or product types.
type TypeQuery struct {
	Filter      string // code or name contains it
	IsEnable    *bool
	Sorting     string
	Skip, Limit int
}

// ---- answers ----

// UploadResult is one file's outcome of an upload, in the order sent.
type UploadResult struct {
	ID           *uuid.UUID `json:"id" doc:"The order file's id; null when it failed"`
	FileName     string     `json:"fileName"`
	FileType     string     `json:"fileType"`
	IsSuccess    bool       `json:"isSuccess"`
	ErrorMessage string     `json:"errorMessage"`
}

// FileDownload is what the page needs to download one order file: url?token=.
type FileDownload struct {
	ID       uuid.UUID `json:"id" doc:"The file descriptor's id"`
	Name     string    `json:"name"`
	MimeType string    `json:"mimeType"`
	Token    string    `json:"token" doc:"Valid 60 seconds"`
	URL      string    `json:"url" doc:"The files area's download path; add ?token="`
}
