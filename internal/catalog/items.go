package catalog

import (
	"context"
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

// ---- products ----

// ListProducts returns the products q selects and their total count.
func (s *Service) ListProducts(ctx context.Context, q ItemQuery) ([]Product, int, error) {
	return selectItems[Product](ctx, s.db, q)
}

// GetProduct returns one product.
func (s *Service) GetProduct(ctx context.Context, id uuid.UUID) (*Product, error) {
	p, err := getItem[Product](ctx, s.db, id)
	if err != nil {
		return nil, apperr.WithKey(err, KeyItemNotFound)
	}
	return p, nil
}

// CreateProduct adds a product to a product directory.
func (s *Service) CreateProduct(ctx context.Context, in ProductInput) (*Product, error) {
	if err := in.check(""); err != nil {
		return nil, err
	}
	if err := s.catalogFor(ctx, s.db, in.CatalogID, ModuleProduct); err != nil {
		return nil, err
	}
	p := &Product{ItemFields: ItemFields{IsEnable: true}}
	in.Apply(p)
	if err := db.Insert(ctx, s.db, p); err != nil {
		return nil, err
	}
	return p, nil
}

// UpdateProduct replaces a product's fields (see ItemInput).
func (s *Service) UpdateProduct(ctx context.Context, id uuid.UUID, in ProductInput) (*Product, error) {
	var out *Product
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		out, err = s.updateProduct(ctx, tx, id, in, "")
		return err
	})
	return out, err
}

func (s *Service) updateProduct(ctx context.Context, tx bun.IDB, id uuid.UUID, in ProductInput, prefix string) (*Product, error) {
	if err := in.check(prefix); err != nil {
		return nil, err
	}
	p, err := getItem[Product](ctx, tx, id)
	if err != nil {
		return nil, apperr.WithKey(err, KeyItemNotFound)
	}
	if in.CatalogID != uuid.Nil && in.CatalogID != p.CatalogID {
		if err := s.catalogFor(ctx, tx, in.CatalogID, ModuleProduct); err != nil {
			return nil, err
		}
	}
	in.Apply(p)
	if err := db.UpdateStamped(ctx, tx, p, in.ConcurrencyStamp); err != nil {
		return nil, err
	}
	return p, nil
}

// BatchUpdateProducts updates several products in one transaction (all or nothing).
func (s *Service) BatchUpdateProducts(ctx context.Context, items []ProductBatchItem) ([]Product, error) {
	if len(items) == 0 {
		return nil, apperr.Invalid("items", KeyNoItems)
	}
	out := make([]Product, 0, len(items))
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for i, it := range items {
			p, err := s.updateProduct(ctx, tx, it.ID, it.ProductInput, fmt.Sprintf("items[%d].", i))
			if err != nil {
				return err
			}
			out = append(out, *p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteProduct removes a product and its part links.
func (s *Service) DeleteProduct(ctx context.Context, id uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := db.SoftDelete(ctx, tx, &Product{Entity: db.Entity{ID: id}}); err != nil {
			return apperr.WithKey(err, KeyItemNotFound)
		}
		_, err := softDeleteWhere(ctx, tx, (*ProductPart)(nil), "?TableAlias.product_id = ?", id)
		return err
	})
}

// ---- parts ----

// ListParts returns the parts q selects and their total count.
func (s *Service) ListParts(ctx context.Context, q ItemQuery) ([]Part, int, error) {
	return selectItems[Part](ctx, s.db, q)
}

// GetPart returns one part.
func (s *Service) GetPart(ctx context.Context, id uuid.UUID) (*Part, error) {
	p, err := getItem[Part](ctx, s.db, id)
	if err != nil {
		return nil, apperr.WithKey(err, KeyItemNotFound)
	}
	return p, nil
}

// CreatePart adds a part to a parts directory.
func (s *Service) CreatePart(ctx context.Context, in PartInput) (*Part, error) {
	if err := in.check(""); err != nil {
		return nil, err
	}
	if err := s.catalogFor(ctx, s.db, in.CatalogID, ModuleMatter); err != nil {
		return nil, err
	}
	p := &Part{ItemFields: ItemFields{IsEnable: true}}
	in.Apply(p)
	if err := db.Insert(ctx, s.db, p); err != nil {
		return nil, err
	}
	return p, nil
}

// UpdatePart replaces a part's fields (see ItemInput).
func (s *Service) UpdatePart(ctx context.Context, id uuid.UUID, in PartInput) (*Part, error) {
	var out *Part
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		out, err = s.updatePart(ctx, tx, id, in, "")
		return err
	})
	return out, err
}

func (s *Service) updatePart(ctx context.Context, tx bun.IDB, id uuid.UUID, in PartInput, prefix string) (*Part, error) {
	if err := in.check(prefix); err != nil {
		return nil, err
	}
	p, err := getItem[Part](ctx, tx, id)
	if err != nil {
		return nil, apperr.WithKey(err, KeyItemNotFound)
	}
	if in.CatalogID != uuid.Nil && in.CatalogID != p.CatalogID {
		if err := s.catalogFor(ctx, tx, in.CatalogID, ModuleMatter); err != nil {
			return nil, err
		}
	}
	in.Apply(p)
	if err := db.UpdateStamped(ctx, tx, p, in.ConcurrencyStamp); err != nil {
		return nil, err
	}
	return p, nil
}

// BatchUpdateParts updates several parts in one transaction (all or nothing).
func (s *Service) BatchUpdateParts(ctx context.Context, items []PartBatchItem) ([]Part, error) {
	if len(items) == 0 {
		return nil, apperr.Invalid("items", KeyNoItems)
	}
	out := make([]Part, 0, len(items))
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for i, it := range items {
			p, err := s.updatePart(ctx, tx, it.ID, it.PartInput, fmt.Sprintf("items[%d].", i))
			if err != nil {
				return err
			}
			out = append(out, *p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeletePart removes a part and its links to products.
func (s *Service) DeletePart(ctx context.Context, id uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := db.SoftDelete(ctx, tx, &Part{Entity: db.Entity{ID: id}}); err != nil {
			return apperr.WithKey(err, KeyItemNotFound)
		}
		_, err := softDeleteWhere(ctx, tx, (*ProductPart)(nil), "?TableAlias.part_id = ?", id)
		return err
	})
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
