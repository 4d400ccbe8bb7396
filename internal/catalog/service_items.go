package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// ---- applying inputs ----

// apply writes in onto f: every text and number field is replaced (the client drops
// empty strings, so absent means empty); isEnable only when given.
func (in *ItemFieldsInput) apply(f *ItemFields) {
	f.Name = strings.TrimSpace(in.Name)
	f.Code, f.ErpCode, f.StockCode = strings.TrimSpace(in.Code), strings.TrimSpace(in.ErpCode), strings.TrimSpace(in.StockCode)
	f.WorkshopCode, f.FactoryCode = strings.TrimSpace(in.WorkshopCode), strings.TrimSpace(in.FactoryCode)
	f.Length, f.Width, f.Height, f.Price = in.Length, in.Width, in.Height, in.Price
	f.Describe, f.Color, f.Unit, f.Images = in.Describe, strings.TrimSpace(in.Color), strings.TrimSpace(in.Unit), strings.TrimSpace(in.Images)
	if in.IsEnable != nil {
		f.IsEnable = *in.IsEnable
	}
}

func (in *PartFieldsInput) apply(p *Part) {
	in.ItemFieldsInput.apply(&p.ItemFields)
	p.Count, p.Size = in.Count, strings.TrimSpace(in.Size)
}

// Apply writes in onto p: a move when catalogId is given, and every field (see
// ItemFieldsInput).
func (in *UpdateProductInput) Apply(p *Product) {
	if in.CatalogID != nil {
		p.CatalogID = *in.CatalogID
	}
	in.ItemFieldsInput.apply(&p.ItemFields)
	p.ModuleName = ModuleProduct
}

// Apply writes in onto p: a move when catalogId is given, and every field.
func (in *UpdatePartInput) Apply(p *Part) {
	if in.CatalogID != nil {
		p.CatalogID = *in.CatalogID
	}
	in.PartFieldsInput.apply(p)
}

func checkProductFields(prefix, moduleName string, f *ItemFieldsInput) error {
	ve := &apperr.ValidationError{}
	if moduleName != "" && moduleName != ModuleProduct {
		ve.Add(prefix+"moduleName", KeyModuleName)
	}
	addProblems(ve, prefix, f.problems())
	return ve.OrNil()
}

func checkPartFields(prefix string, f *PartFieldsInput) error {
	ve := &apperr.ValidationError{}
	addProblems(ve, prefix, f.problems())
	return ve.OrNil()
}

// updateInput is what UpdateProductInput and UpdatePartInput give the shared update.
type updateInput[T itemRow] interface {
	check(prefix string) error
	Apply(*T)
	destination() *uuid.UUID
	stamp() string
}

func (in *UpdateProductInput) check(prefix string) error {
	return checkProductFields(prefix, in.ModuleName, &in.ItemFieldsInput)
}
func (in *UpdateProductInput) destination() *uuid.UUID { return in.CatalogID }
func (in *UpdateProductInput) stamp() string           { return in.ConcurrencyStamp }
func (in *UpdatePartInput) check(prefix string) error {
	return checkPartFields(prefix, &in.PartFieldsInput)
}
func (in *UpdatePartInput) destination() *uuid.UUID { return in.CatalogID }
func (in *UpdatePartInput) stamp() string           { return in.ConcurrencyStamp }

// moduleOf is the directory tree an item of T lives in.
func moduleOf[T itemRow]() string {
	var zero T
	if _, ok := any(zero).(Product); ok {
		return ModuleProduct
	}
	return ModuleMatter
}

// prefixed puts prefix before the fields of a validation error (items[1].catalogId).
func prefixed(err error, prefix string) error {
	var ve *apperr.ValidationError
	if prefix != "" && errors.As(err, &ve) {
		for i := range ve.Fields {
			ve.Fields[i].Field = prefix + ve.Fields[i].Field
		}
	}
	return err
}

// updateItems updates items in one transaction, all or nothing. Field errors of a batch
// name the item (items[1].name); a single update's name the field alone. Moving to the
// root (RootID) is allowed.
func updateItems[T itemRow, P itemPtr[T], I updateInput[T]](ctx context.Context, s *Service, ids []uuid.UUID, ins []I, batch bool) ([]T, error) {
	if len(ids) == 0 {
		return nil, apperr.Invalid("items", KeyNoItems)
	}
	out := make([]T, 0, len(ids))
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		for i := range ids {
			prefix := ""
			if batch {
				prefix = fmt.Sprintf("items[%d].", i)
			}
			in := ins[i]
			if err := in.check(prefix); err != nil {
				return err
			}
			row, err := getItem[T](ctx, tx, ids[i])
			if err != nil {
				return err
			}
			if to := in.destination(); to != nil && *to != P(row).fields().CatalogID {
				if err := checkDestination(ctx, tx, *to, moduleOf[T](), true); err != nil {
					return prefixed(err, prefix)
				}
			}
			in.Apply(row)
			if err := tx.updateItem(ctx, P(row), in.stamp()); err != nil {
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

// ---- products ----

// ListProducts returns the products q selects and their total count.
func (s *Service) ListProducts(ctx context.Context, q ItemQuery) ([]Product, int, error) {
	order, err := db.Order(q.Sorting, itemSorting, itemOrder)
	if err != nil {
		return nil, 0, err
	}
	return listItems[Product](ctx, s.store, q, order)
}

// GetProduct returns one product.
func (s *Service) GetProduct(ctx context.Context, id uuid.UUID) (*Product, error) {
	return getItem[Product](ctx, s.store, id)
}

// CreateProduct adds a product to a product directory.
func (s *Service) CreateProduct(ctx context.Context, in CreateProductInput) (*Product, error) {
	if err := checkProductFields("", in.ModuleName, &in.ItemFieldsInput); err != nil {
		return nil, err
	}
	if err := checkDestination(ctx, s.store, in.CatalogID, ModuleProduct, false); err != nil {
		return nil, err
	}
	p := &Product{ModuleName: ModuleProduct, ItemFields: ItemFields{CatalogID: in.CatalogID, IsEnable: true}}
	in.ItemFieldsInput.apply(&p.ItemFields)
	if err := s.store.insertItem(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// UpdateProduct replaces a product's fields (see ItemFieldsInput) and moves it when
// catalogId is given (RootID: to the root).
func (s *Service) UpdateProduct(ctx context.Context, id uuid.UUID, in UpdateProductInput) (*Product, error) {
	out, err := updateItems[Product](ctx, s, []uuid.UUID{id}, []*UpdateProductInput{&in}, false)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// BatchUpdateProducts updates several products in one transaction (all or nothing); the
// move dialog sends each selected row with its new catalogId.
func (s *Service) BatchUpdateProducts(ctx context.Context, items []ProductBatchItem) ([]Product, error) {
	ids, ins := make([]uuid.UUID, len(items)), make([]*UpdateProductInput, len(items))
	for i := range items {
		ids[i], ins[i] = items[i].ID, &items[i].UpdateProductInput
	}
	return updateItems[Product](ctx, s, ids, ins, true)
}

// DeleteProduct removes a product and its part links.
func (s *Service) DeleteProduct(ctx context.Context, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		return deleteItem[Product](ctx, tx, id, "product_id")
	})
}

// ---- parts ----

// ListParts returns the parts q selects and their total count.
func (s *Service) ListParts(ctx context.Context, q ItemQuery) ([]Part, int, error) {
	order, err := db.Order(q.Sorting, itemSorting, itemOrder)
	if err != nil {
		return nil, 0, err
	}
	return listItems[Part](ctx, s.store, q, order)
}

// GetPart returns one part.
func (s *Service) GetPart(ctx context.Context, id uuid.UUID) (*Part, error) {
	return getItem[Part](ctx, s.store, id)
}

// CreatePart adds a part to a parts directory.
func (s *Service) CreatePart(ctx context.Context, in CreatePartInput) (*Part, error) {
	if err := checkPartFields("", &in.PartFieldsInput); err != nil {
		return nil, err
	}
	if err := checkDestination(ctx, s.store, in.CatalogID, ModuleMatter, false); err != nil {
		return nil, err
	}
	p := &Part{ItemFields: ItemFields{CatalogID: in.CatalogID, IsEnable: true}}
	in.PartFieldsInput.apply(p)
	if err := s.store.insertItem(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// UpdatePart replaces a part's fields and moves it when catalogId is given.
func (s *Service) UpdatePart(ctx context.Context, id uuid.UUID, in UpdatePartInput) (*Part, error) {
	out, err := updateItems[Part](ctx, s, []uuid.UUID{id}, []*UpdatePartInput{&in}, false)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// BatchUpdateParts updates several parts in one transaction (all or nothing).
func (s *Service) BatchUpdateParts(ctx context.Context, items []PartBatchItem) ([]Part, error) {
	ids, ins := make([]uuid.UUID, len(items)), make([]*UpdatePartInput, len(items))
	for i := range items {
		ids[i], ins[i] = items[i].ID, &items[i].UpdatePartInput
	}
	return updateItems[Part](ctx, s, ids, ins, true)
}

// DeletePart removes a part and its links to products.
func (s *Service) DeletePart(ctx context.Context, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		return deleteItem[Part](ctx, tx, id, "part_id")
	})
}

// ---- product–part links ----

// ListProductParts returns the parts linked to a product, each with its part.
func (s *Service) ListProductParts(ctx context.Context, productID uuid.UUID, skip, limit int) ([]ProductPart, int, error) {
	if _, err := s.GetProduct(ctx, productID); err != nil {
		return nil, 0, err
	}
	links, n, err := s.store.listLinks(ctx, productID, skip, limit)
	if err != nil {
		return nil, 0, err
	}
	if err := attachParts(ctx, s.store, links); err != nil {
		return nil, 0, err
	}
	return links, n, nil
}

func attachParts(ctx context.Context, s store, links []ProductPart) error {
	ids := make([]uuid.UUID, len(links))
	for i, l := range links {
		ids[i] = l.PartID
	}
	parts, err := s.partsByID(ctx, ids)
	if err != nil {
		return err
	}
	for i := range links {
		links[i].Part = parts[links[i].PartID]
	}
	return nil
}

// CreateProductPart links a part to a product; count defaults to 1. A part is linked to a
// product once.
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
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if _, err := getItem[Product](ctx, tx, in.ProductID); err != nil {
			return invalidIfMissing(err, "productId")
		}
		part, err := getItem[Part](ctx, tx, in.PartID)
		if err != nil {
			return invalidIfMissing(err, "partId")
		}
		taken, err := tx.linked(ctx, in.ProductID, in.PartID)
		if err != nil {
			return err
		}
		if taken {
			return apperr.User(KeyPartAlreadyLinked)
		}
		link.Part = part
		return tx.insertLink(ctx, link)
	})
	if errors.Is(err, db.ErrDuplicate) { // linked by a request at the same moment
		return nil, apperr.User(KeyPartAlreadyLinked)
	}
	if err != nil {
		return nil, err
	}
	return link, nil
}

// invalidIfMissing turns a missing row named by a body member into a validation error
// on that member; other errors keep their kind.
func invalidIfMissing(err error, member string) error {
	if errors.Is(err, db.ErrNotFound) {
		return apperr.Invalid(member, KeyItemNotFound)
	}
	return err
}

// UpdateProductPart changes the count of one of a product's links.
func (s *Service) UpdateProductPart(ctx context.Context, productID uuid.UUID, in UpdateProductPartInput) (*ProductPart, error) {
	if in.Count == nil {
		return nil, apperr.Invalid("count", localization.KeyRequired, FieldCount)
	}
	if *in.Count < 0 {
		return nil, apperr.Invalid("count", KeyMin, FieldCount, 0)
	}
	link, err := s.store.getLink(ctx, productID, in.ID)
	if err != nil {
		return nil, err
	}
	link.Count = *in.Count
	if err := s.store.updateLinkCount(ctx, link); err != nil {
		return nil, err
	}
	links := []ProductPart{*link}
	if err := attachParts(ctx, s.store, links); err != nil {
		return nil, err
	}
	return &links[0], nil
}

// DeleteProductPart removes a product's link to a part; id may be the part's id or the
// link's.
func (s *Service) DeleteProductPart(ctx context.Context, productID, id uuid.UUID) error {
	return s.store.deleteLink(ctx, productID, id)
}
