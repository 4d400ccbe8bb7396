package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// apply writes in onto f: every text and number field is replaced (the client drops
// empty strings, so absent means empty); catalogId and isEnable only when given.
func (in *ItemInput) apply(f *ItemFields) {
	if in.CatalogID != uuid.Nil {
		f.CatalogID = in.CatalogID
	}
	f.Name = strings.TrimSpace(in.Name)
	f.Code, f.ErpCode, f.StockCode = strings.TrimSpace(in.Code), strings.TrimSpace(in.ErpCode), strings.TrimSpace(in.StockCode)
	f.WorkshopCode, f.FactoryCode = strings.TrimSpace(in.WorkshopCode), strings.TrimSpace(in.FactoryCode)
	f.Length, f.Width, f.Height, f.Price = in.Length, in.Width, in.Height, in.Price
	f.Describe, f.Color, f.Unit, f.Images = in.Describe, strings.TrimSpace(in.Color), strings.TrimSpace(in.Unit), strings.TrimSpace(in.Images)
	if in.IsEnable != nil {
		f.IsEnable = *in.IsEnable
	}
}

// Apply writes in onto p.
func (in *ProductInput) Apply(p *Product) {
	in.ItemInput.apply(&p.ItemFields)
	p.ModuleName = ModuleProduct
}

// Apply writes in onto p.
func (in *PartInput) Apply(p *Part) {
	in.ItemInput.apply(&p.ItemFields)
	p.Count, p.Size = in.Count, strings.TrimSpace(in.Size)
}

func (in *ProductInput) check(prefix string) error {
	ve := &apperr.ValidationError{}
	if in.ModuleName != "" && in.ModuleName != ModuleProduct {
		ve.Add(prefix+"moduleName", KeyModuleName)
	}
	addProblems(ve, prefix, itemProblems(&in.ItemInput, nil))
	return ve.OrNil()
}

func (in *PartInput) check(prefix string) error {
	ve := &apperr.ValidationError{}
	addProblems(ve, prefix, itemProblems(&in.ItemInput, in))
	return ve.OrNil()
}

// itemInput is what ProductInput and PartInput share for the operations below.
type itemInput[T itemRow] interface {
	check(prefix string) error
	Apply(*T)
	base() *ItemInput
}

func (in *ProductInput) base() *ItemInput { return &in.ItemInput }
func (in *PartInput) base() *ItemInput    { return &in.ItemInput }

// moduleOf is the directory tree an item of T lives in.
func moduleOf[T itemRow]() string {
	var zero T
	if _, ok := any(zero).(Product); ok {
		return ModuleProduct
	}
	return ModuleMatter
}

func getItemOrNotFound[T itemRow, P itemPtr[T]](ctx context.Context, idb bun.IDB, id uuid.UUID) (*T, error) {
	row, err := getItem[T, P](ctx, idb, id)
	if err != nil {
		return nil, apperr.WithKey(err, KeyItemNotFound)
	}
	return row, nil
}

func createItem[T itemRow, P itemPtr[T], I itemInput[T]](ctx context.Context, s *Service, in I) (*T, error) {
	if err := in.check(""); err != nil {
		return nil, err
	}
	if err := s.catalogFor(ctx, s.db, in.base().CatalogID, moduleOf[T]()); err != nil {
		return nil, err
	}
	row := new(T)
	P(row).fields().IsEnable = true
	in.Apply(row)
	if err := db.Insert(ctx, s.db, row); err != nil {
		return nil, err
	}
	return row, nil
}

func updateItem[T itemRow, P itemPtr[T], I itemInput[T]](ctx context.Context, s *Service, tx bun.IDB, id uuid.UUID, in I, prefix string) (*T, error) {
	if err := in.check(prefix); err != nil {
		return nil, err
	}
	row, err := getItemOrNotFound[T, P](ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if to := in.base().CatalogID; to != uuid.Nil && to != P(row).fields().CatalogID {
		if err := s.catalogFor(ctx, tx, to, moduleOf[T]()); err != nil {
			return nil, err
		}
	}
	in.Apply(row)
	if err := db.UpdateStamped(ctx, tx, P(row), in.base().ConcurrencyStamp); err != nil {
		return nil, err
	}
	return row, nil
}

// batchUpdate updates several items in one transaction (all or nothing).
func batchUpdate[T itemRow, P itemPtr[T], I itemInput[T]](ctx context.Context, s *Service, ids []uuid.UUID, ins []I) ([]T, error) {
	if len(ids) == 0 {
		return nil, apperr.Invalid("items", KeyNoItems)
	}
	out := make([]T, 0, len(ids))
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for i := range ids {
			row, err := updateItem[T, P](ctx, s, tx, ids[i], ins[i], fmt.Sprintf("items[%d].", i))
			if err != nil {
				return err
			}
			out = append(out, *row)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// deleteItem removes an item and its product–part links (linkColumn names its side).
func deleteItem[T itemRow, P itemPtr[T]](ctx context.Context, s *Service, id uuid.UUID, linkColumn string) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		row := new(T)
		P(row).entity().ID = id
		if err := db.SoftDelete(ctx, tx, P(row)); err != nil {
			return apperr.WithKey(err, KeyItemNotFound)
		}
		_, err := softDeleteWhere(ctx, tx, (*ProductPart)(nil), "?TableAlias."+linkColumn+" = ?", id)
		return err
	})
}

// ---- products ----

// ListProducts returns the products q selects and their total count.
func (s *Service) ListProducts(ctx context.Context, q ItemQuery) ([]Product, int, error) {
	return selectItems[Product](ctx, s.db, q)
}

// GetProduct returns one product.
func (s *Service) GetProduct(ctx context.Context, id uuid.UUID) (*Product, error) {
	return getItemOrNotFound[Product](ctx, s.db, id)
}

// CreateProduct adds a product to a product directory.
func (s *Service) CreateProduct(ctx context.Context, in ProductInput) (*Product, error) {
	return createItem[Product](ctx, s, &in)
}

// UpdateProduct replaces a product's fields (see ItemInput).
func (s *Service) UpdateProduct(ctx context.Context, id uuid.UUID, in ProductInput) (*Product, error) {
	out, err := batchUpdate[Product](ctx, s, []uuid.UUID{id}, []*ProductInput{&in})
	if err != nil {
		return nil, unbatch(err)
	}
	return &out[0], nil
}

// BatchUpdateProducts updates several products in one transaction (all or nothing).
func (s *Service) BatchUpdateProducts(ctx context.Context, items []ProductBatchItem) ([]Product, error) {
	ids, ins := make([]uuid.UUID, len(items)), make([]*ProductInput, len(items))
	for i := range items {
		ids[i], ins[i] = items[i].ID, &items[i].ProductInput
	}
	return batchUpdate[Product](ctx, s, ids, ins)
}

// DeleteProduct removes a product and its part links.
func (s *Service) DeleteProduct(ctx context.Context, id uuid.UUID) error {
	return deleteItem[Product](ctx, s, id, "product_id")
}

// ---- parts ----

// ListParts returns the parts q selects and their total count.
func (s *Service) ListParts(ctx context.Context, q ItemQuery) ([]Part, int, error) {
	return selectItems[Part](ctx, s.db, q)
}

// GetPart returns one part.
func (s *Service) GetPart(ctx context.Context, id uuid.UUID) (*Part, error) {
	return getItemOrNotFound[Part](ctx, s.db, id)
}

// CreatePart adds a part to a parts directory.
func (s *Service) CreatePart(ctx context.Context, in PartInput) (*Part, error) {
	return createItem[Part](ctx, s, &in)
}

// UpdatePart replaces a part's fields (see ItemInput).
func (s *Service) UpdatePart(ctx context.Context, id uuid.UUID, in PartInput) (*Part, error) {
	out, err := batchUpdate[Part](ctx, s, []uuid.UUID{id}, []*PartInput{&in})
	if err != nil {
		return nil, unbatch(err)
	}
	return &out[0], nil
}

// BatchUpdateParts updates several parts in one transaction (all or nothing).
func (s *Service) BatchUpdateParts(ctx context.Context, items []PartBatchItem) ([]Part, error) {
	ids, ins := make([]uuid.UUID, len(items)), make([]*PartInput, len(items))
	for i := range items {
		ids[i], ins[i] = items[i].ID, &items[i].PartInput
	}
	return batchUpdate[Part](ctx, s, ids, ins)
}

// DeletePart removes a part and its links to products.
func (s *Service) DeletePart(ctx context.Context, id uuid.UUID) error {
	return deleteItem[Part](ctx, s, id, "part_id")
}

// unbatch removes the "items[0]." prefix a single update's field errors got from the
// batch path, so they name the fields as the client sent them.
func unbatch(err error) error {
	var ve *apperr.ValidationError
	if errors.As(err, &ve) {
		for i := range ve.Fields {
			ve.Fields[i].Field = strings.TrimPrefix(ve.Fields[i].Field, "items[0].")
		}
	}
	return err
}

// ---- product–part links ----

// ListProductParts returns the parts linked to a product, each with its part.
func (s *Service) ListProductParts(ctx context.Context, productID uuid.UUID, skip, limit int) ([]ProductPart, int, error) {
	if _, err := s.GetProduct(ctx, productID); err != nil {
		return nil, 0, err
	}
	links := []ProductPart{}
	q := db.Select(ctx, s.db, &links).Where("?TableAlias.product_id = ?", productID).OrderExpr("id ASC")
	if limit > 0 {
		q = q.Limit(int64(limit)).Offset(int64(skip))
	}
	n, err := q.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("list product parts: %w", err)
	}
	if err := s.attachParts(ctx, s.db, links); err != nil {
		return nil, 0, err
	}
	return links, int(n), nil
}

func (s *Service) attachParts(ctx context.Context, idb bun.IDB, links []ProductPart) error {
	if len(links) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(links))
	for i, l := range links {
		ids[i] = l.PartID
	}
	var parts []Part
	if err := db.Select(ctx, idb, &parts).Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return fmt.Errorf("read linked parts: %w", err)
	}
	byID := make(map[uuid.UUID]*Part, len(parts))
	for i := range parts {
		byID[parts[i].ID] = &parts[i]
	}
	for i := range links {
		links[i].Part = byID[links[i].PartID]
	}
	return nil
}

// CreateProductPart links a part to a product; count defaults to 1.
func (s *Service) CreateProductPart(ctx context.Context, in CreateProductPartInput) (*ProductPart, error) {
	count := 1.0
	if in.Count != nil {
		count = *in.Count
	}
	ve := &apperr.ValidationError{}
	if count < 0 {
		ve.Add("count", KeyMin, FieldCount, 0)
	}
	if in.ProductID == uuid.Nil {
		ve.Add("productId", localization.KeyRequired, FieldProductID)
	}
	if in.PartID == uuid.Nil {
		ve.Add("partId", localization.KeyRequired, FieldPartID)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	link := &ProductPart{ProductID: in.ProductID, PartID: in.PartID, Count: count}
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := getItem[Product](ctx, tx, in.ProductID); err != nil {
			return apperr.Invalid("productId", KeyItemNotFound)
		}
		part, err := getItem[Part](ctx, tx, in.PartID)
		if err != nil {
			return apperr.Invalid("partId", KeyItemNotFound)
		}
		n, err := countWhere(ctx, tx, (*ProductPart)(nil), "?TableAlias.product_id = ? AND ?TableAlias.part_id = ?", in.ProductID, in.PartID)
		if err != nil {
			return err
		}
		if n > 0 {
			return apperr.User(KeyPartAlreadyLinked)
		}
		link.Part = part
		return db.Insert(ctx, tx, link)
	})
	if err != nil {
		return nil, err
	}
	return link, nil
}

// UpdateProductPart changes the count of one of a product's links.
func (s *Service) UpdateProductPart(ctx context.Context, productID uuid.UUID, in UpdateProductPartInput) (*ProductPart, error) {
	if in.Count == nil {
		return nil, apperr.Invalid("count", localization.KeyRequired, FieldCount)
	}
	if *in.Count < 0 {
		return nil, apperr.Invalid("count", KeyMin, FieldCount, 0)
	}
	link := new(ProductPart)
	err := db.Select(ctx, s.db, link).Where("?TableAlias.id = ? AND ?TableAlias.product_id = ?", in.ID, productID).Scan(ctx)
	if err != nil {
		return nil, apperr.WithKey(db.NotFound(err, "product part"), KeyItemNotFound)
	}
	link.Count = *in.Count
	if err := db.UpdateStamped(ctx, s.db, link, "", "count"); err != nil {
		return nil, err
	}
	links := []ProductPart{*link}
	if err := s.attachParts(ctx, s.db, links); err != nil {
		return nil, err
	}
	return &links[0], nil
}

// DeleteProductPart removes a product's link to a part; id may be the part's id or the
// link's.
func (s *Service) DeleteProductPart(ctx context.Context, productID, id uuid.UUID) error {
	n, err := softDeleteWhere(ctx, s.db, (*ProductPart)(nil),
		"?TableAlias.product_id = ? AND (?TableAlias.part_id = ? OR ?TableAlias.id = ?)", productID, id, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.WithKey(db.ErrNotFound, KeyItemNotFound)
	}
	return nil
}
