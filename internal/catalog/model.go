// Package catalog is the product and parts catalogue: directory trees per module
// ("product", "matter"), the products and parts (materials) in them, the parts a product
// is made of, standard products, and their Excel templates, imports and exports.
//
// It is the example every area copies (docs/decisions/0008-module-template.md): types
// here, queries in store.go, rules in service*.go, handlers in http*.go.
package catalog

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Module names of a catalogue tree.
const (
	ModuleProduct = "product"
	ModuleMatter  = "matter"
)

// RootCode is the code of the fixed root entry the client shows above the tree; top-level
// directories are its children.
const RootCode = "00001"

// RootID is the all-zero UUID: the parent of top-level directories, and the catalogId of
// the products and parts that live at the root (spec 001 §2: the move dialog offers the
// root).
var RootID = db.EmptyID

// ---- rows ----

// Catalog is one directory of a catalogue tree.
type Catalog struct {
	bun.BaseModel `bun:"table:catalogs,alias:c"`
	db.Entity
	ParentID    uuid.UUID `bun:"parent_id,type:uuid,notnull" json:"parentId"`
	DisplayName string    `bun:"display_name,notnull" json:"displayName"`
	CatalogName string    `bun:"catalog_name,notnull" json:"catalogName"`
	ModuleName  string    `bun:"module_name,notnull" json:"moduleName" enum:"product,matter"`
	Code        string    `bun:"code,notnull" json:"code"`
	IsEnable    bool      `bun:"is_enable,notnull" json:"isEnable"`
}

// CatalogNode is a directory with its children, for the tree answer.
type CatalogNode struct {
	Catalog
	Children []*CatalogNode `json:"children"`
}

// ItemFields are the fields products and parts share.
type ItemFields struct {
	CatalogID    uuid.UUID `bun:"catalog_id,type:uuid,notnull" json:"catalogId" doc:"The directory; the all-zero UUID: the root"`
	Name         string    `bun:"name,notnull" json:"name"`
	Code         string    `bun:"code,notnull" json:"code"`
	ErpCode      string    `bun:"erp_code,notnull" json:"erpCode"`
	StockCode    string    `bun:"stock_code,notnull" json:"stockCode"`
	WorkshopCode string    `bun:"workshop_code,notnull" json:"workshopCode"`
	FactoryCode  string    `bun:"factory_code,notnull" json:"factoryCode"`
	Length       *float64  `bun:"length" json:"length"`
	Width        *float64  `bun:"width" json:"width"`
	Height       *float64  `bun:"height" json:"height"`
	Price        *float64  `bun:"price" json:"price" doc:"Board cost"`
	Describe     string    `bun:"describe,notnull" json:"describe"`
	Color        string    `bun:"color,notnull" json:"color"`
	Unit         string    `bun:"unit,notnull" json:"unit"`
	Images       string    `bun:"images,notnull" json:"images" doc:"Image URL"`
	IsEnable     bool      `bun:"is_enable,notnull" json:"isEnable"`
}

// Product is a product of the product catalogue.
type Product struct {
	bun.BaseModel `bun:"table:catalog_products,alias:p"`
	db.Entity
	ModuleName string `bun:"module_name,notnull" json:"moduleName"`
	ItemFields
}

// Part is a part (material) of the parts catalogue.
type Part struct {
	bun.BaseModel `bun:"table:catalog_parts,alias:pt"`
	db.Entity
	ItemFields
	Count *float64 `bun:"count" json:"count"`
	Size  string   `bun:"size,notnull" json:"size"`
}

// ProductPart links a part to a product with the number of it the product needs.
type ProductPart struct {
	bun.BaseModel `bun:"table:catalog_product_parts,alias:pp"`
	db.Entity
	ProductID uuid.UUID `bun:"product_id,type:uuid,notnull" json:"productId"`
	PartID    uuid.UUID `bun:"part_id,type:uuid,notnull" json:"partId"`
	Count     float64   `bun:"count,notnull" json:"count"`
	Part      *Part     `bun:"-" json:"part"`
}

// CatalogProductFields are the fields of a standard product's catalogue product
// (spec 001 §3), answered both nested as catalogProduct and flattened onto the row.
type CatalogProductFields struct {
	ProductCode     string   `bun:"product_code,notnull" json:"productCode"`
	ProductWidth    *float64 `bun:"product_width" json:"productWidth"`
	ProductHeight   *float64 `bun:"product_height" json:"productHeight"`
	ProductDepth    *float64 `bun:"product_depth" json:"productDepth"`
	ProductMaterial string   `bun:"product_material,notnull" json:"productMaterial"`
	DoorMaterial    string   `bun:"door_material,notnull" json:"doorMaterial"`
	ProductStyle    string   `bun:"product_style,notnull" json:"productStyle"`
	ProductVersion  string   `bun:"product_version,notnull" json:"productVersion"`
	LevelName       string   `bun:"level_name,notnull" json:"levelName"`
	BatchSize       *float64 `bun:"batch_size" json:"batchSize"`
	ProductImage    string   `bun:"product_image,notnull" json:"productImage" doc:"JSON list of file descriptors {id, mimeType}"`
	Remark          string   `bun:"remark,notnull" json:"remark"`
	Info1           string   `bun:"info1,notnull" json:"info1"`
	Info2           string   `bun:"info2,notnull" json:"info2"`
	Info3           string   `bun:"info3,notnull" json:"info3"`
	Info4           string   `bun:"info4,notnull" json:"info4"`
	Info5           string   `bun:"info5,notnull" json:"info5"`
	Info6           string   `bun:"info6,notnull" json:"info6"`
	Info7           string   `bun:"info7,notnull" json:"info7"`
	Info8           string   `bun:"info8,notnull" json:"info8"`
	Info9           string   `bun:"info9,notnull" json:"info9"`
	Info10          string   `bun:"info10,notnull" json:"info10"`
	IsEnable        bool     `bun:"is_enable,notnull" json:"isEnable"`
	Creator         string   `bun:"creator,notnull" json:"creator" doc:"User name of who created the row"`
	LastModifier    string   `bun:"last_modifier,notnull" json:"lastModifier" doc:"User name of who last changed the row"`
}

// StandardProduct is a catalogue product sold as it is (spec 001 §3, "Standard product
// list item").
type StandardProduct struct {
	bun.BaseModel `bun:"table:standard_products,alias:sp"`
	db.Entity
	ProductName string `bun:"product_name,notnull" json:"productName"`
	Images      string `bun:"images,notnull" json:"images"`
	CatalogProductFields
	CatalogProduct *CatalogProductFields `bun:"-" json:"catalogProduct"`
}

// nest fills the nested catalogProduct from the flattened fields.
func (s *StandardProduct) nest() {
	c := s.CatalogProductFields
	s.CatalogProduct = &c
}

// ---- inputs ----
//
// Lengths and formats are in the tags, so /openapi.json carries them and the web reads
// them from the generated schema; the rules themselves (with their localised messages,
// shared with the Excel import) are the service's, and TestInputTagsStateTheServiceRules
// keeps the two equal. Bodies of this area are not validated by huma (SkipValidateBody):
// one rule, one message.

// CreateCatalogInput creates a directory.
type CreateCatalogInput struct {
	DisplayName string    `json:"displayName,omitempty" required:"true" maxLength:"64"`
	ModuleName  string    `json:"moduleName,omitempty" required:"true" enum:"product,matter"`
	ParentID    uuid.UUID `json:"parentId,omitempty" format:"uuid" doc:"Absent or all-zero: a top-level directory"`
	IsEnable    *bool     `json:"isEnable,omitempty" doc:"Default true"`
}

// UpdateCatalogInput renames a directory (and may enable or disable it).
type UpdateCatalogInput struct {
	DisplayName      string `json:"displayName,omitempty" required:"true" maxLength:"64"`
	IsEnable         *bool  `json:"isEnable,omitempty" doc:"Absent: unchanged"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// ItemFieldsInput are the editable fields of a product or part, on create and update
// alike. An update replaces every text and number field (absent text is stored empty,
// absent numbers null); isEnable keeps its stored value when absent.
type ItemFieldsInput struct {
	Name         string   `json:"name,omitempty" required:"true" maxLength:"30"`
	Code         string   `json:"code,omitempty" maxLength:"128"`
	ErpCode      string   `json:"erpCode,omitempty" maxLength:"128"`
	StockCode    string   `json:"stockCode,omitempty" maxLength:"128"`
	WorkshopCode string   `json:"workshopCode,omitempty" maxLength:"128"`
	FactoryCode  string   `json:"factoryCode,omitempty" maxLength:"128"`
	Length       *float64 `json:"length,omitempty" nullable:"true" minimum:"0"`
	Width        *float64 `json:"width,omitempty" nullable:"true" minimum:"0"`
	Height       *float64 `json:"height,omitempty" nullable:"true" minimum:"0"`
	Price        *float64 `json:"price,omitempty" nullable:"true" minimum:"0" doc:"Board cost"`
	Describe     string   `json:"describe,omitempty" maxLength:"2048"`
	Color        string   `json:"color,omitempty" maxLength:"18"`
	Unit         string   `json:"unit,omitempty" maxLength:"10"`
	Images       string   `json:"images,omitempty" maxLength:"2048" doc:"Image URL"`
	IsEnable     *bool    `json:"isEnable,omitempty" doc:"Default true; absent on update: unchanged"`
}

// PartFieldsInput are the editable fields of a part: a product's and its own.
type PartFieldsInput struct {
	ItemFieldsInput
	Count *float64 `json:"count,omitempty" nullable:"true" minimum:"0"`
	Size  string   `json:"size,omitempty" maxLength:"128"`
}

// CreateProductInput is the body of POST /api/salesorder/products.
type CreateProductInput struct {
	CatalogID uuid.UUID `json:"catalogId,omitempty" required:"true" format:"uuid" doc:"A product directory"`
	ItemFieldsInput
	ModuleName string `json:"moduleName,omitempty" enum:"product" doc:"Always product"`
}

// UpdateProductInput is the body of PUT /api/salesorder/products/{id} (the whole row).
type UpdateProductInput struct {
	CatalogID *uuid.UUID `json:"catalogId,omitempty" format:"uuid" doc:"Moves the product: a product directory, or the all-zero UUID for the root; absent: unchanged"`
	ItemFieldsInput
	ModuleName       string `json:"moduleName,omitempty" enum:"product" doc:"Always product"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// ProductBatchItem is one product of a batch update.
type ProductBatchItem struct {
	ID uuid.UUID `json:"id" format:"uuid"`
	UpdateProductInput
}

// CreatePartInput is the body of POST /api/salesorder/parts.
type CreatePartInput struct {
	CatalogID uuid.UUID `json:"catalogId,omitempty" required:"true" format:"uuid" doc:"A parts directory"`
	PartFieldsInput
}

// UpdatePartInput is the body of PUT /api/salesorder/parts/{id} (the whole row).
type UpdatePartInput struct {
	CatalogID *uuid.UUID `json:"catalogId,omitempty" format:"uuid" doc:"Moves the part: a parts directory, or the all-zero UUID for the root; absent: unchanged"`
	PartFieldsInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// PartBatchItem is one part of a batch update.
type PartBatchItem struct {
	ID uuid.UUID `json:"id" format:"uuid"`
	UpdatePartInput
}

// CreateProductPartInput links a part to a product.
type CreateProductPartInput struct {
	ProductID uuid.UUID `json:"productId" required:"true" format:"uuid"`
	PartID    uuid.UUID `json:"partId" required:"true" format:"uuid"`
	Count     *float64  `json:"count,omitempty" nullable:"true" minimum:"0" doc:"Default 1"`
}

// UpdateProductPartInput changes the count of a link.
type UpdateProductPartInput struct {
	ID    uuid.UUID `json:"id" required:"true" format:"uuid" doc:"The link's id"`
	Count *float64  `json:"count,omitempty" required:"true" nullable:"true" minimum:"0"`
}

// CatalogProductInput is the catalogue-product part of a standard product's body.
type CatalogProductInput struct {
	ProductCode     string   `json:"productCode,omitempty" maxLength:"128"`
	ProductWidth    *float64 `json:"productWidth,omitempty" nullable:"true" minimum:"0"`
	ProductHeight   *float64 `json:"productHeight,omitempty" nullable:"true" minimum:"0"`
	ProductDepth    *float64 `json:"productDepth,omitempty" nullable:"true" minimum:"0"`
	ProductMaterial string   `json:"productMaterial,omitempty" maxLength:"2048"`
	DoorMaterial    string   `json:"doorMaterial,omitempty" maxLength:"2048"`
	ProductStyle    string   `json:"productStyle,omitempty" maxLength:"2048"`
	ProductVersion  string   `json:"productVersion,omitempty" maxLength:"2048"`
	LevelName       string   `json:"levelName,omitempty" maxLength:"2048"`
	BatchSize       *float64 `json:"batchSize,omitempty" nullable:"true" minimum:"0"`
	ProductImage    string   `json:"productImage,omitempty" maxLength:"8192" doc:"JSON list of file descriptors {id, mimeType}"`
	Remark          string   `json:"remark,omitempty" maxLength:"2048"`
	Info1           string   `json:"info1,omitempty" maxLength:"2048"`
	Info2           string   `json:"info2,omitempty" maxLength:"2048"`
	Info3           string   `json:"info3,omitempty" maxLength:"2048"`
	Info4           string   `json:"info4,omitempty" maxLength:"2048"`
	Info5           string   `json:"info5,omitempty" maxLength:"2048"`
	Info6           string   `json:"info6,omitempty" maxLength:"2048"`
	Info7           string   `json:"info7,omitempty" maxLength:"2048"`
	Info8           string   `json:"info8,omitempty" maxLength:"2048"`
	Info9           string   `json:"info9,omitempty" maxLength:"2048"`
	Info10          string   `json:"info10,omitempty" maxLength:"2048"`
	IsEnable        *bool    `json:"isEnable,omitempty" doc:"Default true; absent on update: unchanged"`
}

// CreateStandardProductInput is the body of a standard product create: flat fields, or
// the catalogue product nested as catalogProduct (flat fields win).
type CreateStandardProductInput struct {
	ProductName string `json:"productName,omitempty" required:"true" maxLength:"128"`
	Images      string `json:"images,omitempty" maxLength:"2048"`
	CatalogProductInput
	CatalogProduct *CatalogProductInput `json:"catalogProduct,omitempty"`
}

// UpdateStandardProductInput is the body of a standard product update (the whole row).
type UpdateStandardProductInput struct {
	CreateStandardProductInput
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// ---- queries ----

// ItemQuery selects products or parts.
type ItemQuery struct {
	CatalogIDs []uuid.UUID // none: every directory; RootID: the root's items
	IsEnable   *bool
	Filter     string // a substring of the name or code
	Sorting    string // the client's sorting, checked against itemSorting
	Skip       int
	Limit      int // 0: every row (exports)
}

// CatalogQuery selects directories.
type CatalogQuery struct {
	ModuleName string
	IsEnable   *bool
	Filter     string // a substring of the name or code
	Skip       int
	Limit      int // 0: every row
}

// StandardProductQuery selects standard products.
type StandardProductQuery struct {
	IsEnable *bool
	Filter   string // a substring of the name or code
	Sorting  string // the client's sorting, checked against standardSorting
	Skip     int
	Limit    int // 0: every row
}

// ImportResult answers an import.
type ImportResult struct {
	Count int `json:"count"`
}
