// Package catalog is the product and parts catalogue: directory trees per module
// ("product", "matter"), the products and parts (materials) in them, the parts a product
// is made of, standard products, and their Excel templates, imports and exports.
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

// Catalog is one directory of a catalogue tree.
type Catalog struct {
	bun.BaseModel `bun:"table:catalogs,alias:c"`
	db.Entity
	ParentID    uuid.UUID `bun:"parent_id,type:uuid,notnull" json:"parentId"`
	DisplayName string    `bun:"display_name,notnull" json:"displayName"`
	CatalogName string    `bun:"catalog_name,notnull" json:"catalogName"`
	ModuleName  string    `bun:"module_name,notnull" json:"moduleName"`
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
	CatalogID    uuid.UUID `bun:"catalog_id,type:uuid,notnull" json:"catalogId"`
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

var migrations = []db.Migration{{
	ID: "catalog/0001_catalog",
	Up: db.Steps(
		db.CreateTables((*Catalog)(nil), (*Product)(nil), (*Part)(nil), (*ProductPart)(nil), (*StandardProduct)(nil)),
		db.CreateIndexes(
			db.Index{Table: "catalogs", Name: "ix_catalogs_module", Columns: []string{"tenant_id", "module_name", "parent_id"}},
			db.Index{Table: "catalog_products", Name: "ix_catalog_products_catalog", Columns: []string{"tenant_id", "catalog_id"}},
			db.Index{Table: "catalog_parts", Name: "ix_catalog_parts_catalog", Columns: []string{"tenant_id", "catalog_id"}},
			db.Index{Table: "catalog_product_parts", Name: "ix_catalog_product_parts_product", Columns: []string{"tenant_id", "product_id"}},
			db.Index{Table: "catalog_product_parts", Name: "ix_catalog_product_parts_part", Columns: []string{"tenant_id", "part_id"}},
			db.Index{Table: "standard_products", Name: "ix_standard_products_tenant", Columns: []string{"tenant_id", "product_code"}},
		),
	),
}}

// CreateCatalogInput creates a directory.
type CreateCatalogInput struct {
	DisplayName string    `json:"displayName,omitempty"`
	ModuleName  string    `json:"moduleName,omitempty" doc:"product or matter"`
	ParentID    uuid.UUID `json:"parentId,omitempty" doc:"Absent or all-zero: a top-level directory"`
	IsEnable    *bool     `json:"isEnable,omitempty"`
}

// UpdateCatalogInput renames a directory (and may enable or disable it).
type UpdateCatalogInput struct {
	DisplayName      string `json:"displayName,omitempty"`
	IsEnable         *bool  `json:"isEnable,omitempty"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty"`
}

// ItemInput is the body of a product or part create and update. An update replaces
// every text and number field (absent text is stored empty, absent numbers null);
// catalogId and isEnable keep their stored value when absent.
type ItemInput struct {
	CatalogID        uuid.UUID `json:"catalogId,omitempty"`
	Name             string    `json:"name,omitempty" doc:"Required, at most 30 characters"`
	Code             string    `json:"code,omitempty"`
	ErpCode          string    `json:"erpCode,omitempty"`
	StockCode        string    `json:"stockCode,omitempty"`
	WorkshopCode     string    `json:"workshopCode,omitempty"`
	FactoryCode      string    `json:"factoryCode,omitempty"`
	Length           *float64  `json:"length,omitempty" nullable:"true"`
	Width            *float64  `json:"width,omitempty" nullable:"true"`
	Height           *float64  `json:"height,omitempty" nullable:"true"`
	Price            *float64  `json:"price,omitempty" nullable:"true" doc:"Board cost"`
	Describe         string    `json:"describe,omitempty"`
	Color            string    `json:"color,omitempty" doc:"At most 18 characters"`
	Unit             string    `json:"unit,omitempty" doc:"At most 10 characters"`
	Images           string    `json:"images,omitempty" doc:"Image URL"`
	IsEnable         *bool     `json:"isEnable,omitempty"`
	ConcurrencyStamp string    `json:"concurrencyStamp,omitempty"`
}

// ProductInput is the body of a product create or update.
type ProductInput struct {
	ItemInput
	ModuleName string `json:"moduleName,omitempty" doc:"Always product"`
}

// PartInput is the body of a part create or update.
type PartInput struct {
	ItemInput
	Count *float64 `json:"count,omitempty" nullable:"true"`
	Size  string   `json:"size,omitempty"`
}

// ProductBatchItem is one product of a batch update.
type ProductBatchItem struct {
	ID uuid.UUID `json:"id"`
	ProductInput
}

// PartBatchItem is one part of a batch update.
type PartBatchItem struct {
	ID uuid.UUID `json:"id"`
	PartInput
}

// ItemQuery selects products or parts.
type ItemQuery struct {
	CatalogIDs []uuid.UUID
	IsEnable   *bool
	Filter     string
	Sorting    string
	Skip       int
	Limit      int // 0: no limit (exports)
}

// CatalogQuery selects directories.
type CatalogQuery struct {
	ModuleName string
	IsEnable   *bool
	Filter     string
	Skip       int
	Limit      int
}

// CreateProductPartInput links a part to a product.
type CreateProductPartInput struct {
	ProductID uuid.UUID `json:"productId"`
	PartID    uuid.UUID `json:"partId"`
	Count     *float64  `json:"count,omitempty" nullable:"true" doc:"Default 1; at least 0"`
}

// UpdateProductPartInput changes the count of a link.
type UpdateProductPartInput struct {
	ID    uuid.UUID `json:"id"`
	Count *float64  `json:"count,omitempty" nullable:"true" doc:"At least 0"`
}

// CatalogProductInput is the catalogue-product part of a standard product's body.
type CatalogProductInput struct {
	ProductCode     string   `json:"productCode,omitempty"`
	ProductWidth    *float64 `json:"productWidth,omitempty" nullable:"true"`
	ProductHeight   *float64 `json:"productHeight,omitempty" nullable:"true"`
	ProductDepth    *float64 `json:"productDepth,omitempty" nullable:"true"`
	ProductMaterial string   `json:"productMaterial,omitempty"`
	DoorMaterial    string   `json:"doorMaterial,omitempty"`
	ProductStyle    string   `json:"productStyle,omitempty"`
	ProductVersion  string   `json:"productVersion,omitempty"`
	LevelName       string   `json:"levelName,omitempty"`
	BatchSize       *float64 `json:"batchSize,omitempty" nullable:"true"`
	ProductImage    string   `json:"productImage,omitempty" doc:"JSON list of file descriptors {id, mimeType}"`
	Remark          string   `json:"remark,omitempty"`
	Info1           string   `json:"info1,omitempty"`
	Info2           string   `json:"info2,omitempty"`
	Info3           string   `json:"info3,omitempty"`
	Info4           string   `json:"info4,omitempty"`
	Info5           string   `json:"info5,omitempty"`
	Info6           string   `json:"info6,omitempty"`
	Info7           string   `json:"info7,omitempty"`
	Info8           string   `json:"info8,omitempty"`
	Info9           string   `json:"info9,omitempty"`
	Info10          string   `json:"info10,omitempty"`
	IsEnable        *bool    `json:"isEnable,omitempty"`
}

// StandardProductInput is the body of a standard product create or update: flat fields,
// or the catalogue product nested as catalogProduct (flat fields win).
type StandardProductInput struct {
	ProductName string `json:"productName,omitempty" doc:"Required, at most 128 characters"`
	Images      string `json:"images,omitempty"`
	CatalogProductInput
	CatalogProduct   *CatalogProductInput `json:"catalogProduct,omitempty"`
	ConcurrencyStamp string               `json:"concurrencyStamp,omitempty"`
}

// StandardProductQuery selects standard products.
type StandardProductQuery struct {
	IsEnable *bool
	Filter   string
	Sorting  string
	Skip     int
	Limit    int
}
