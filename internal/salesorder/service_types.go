package salesorder

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Order types and product types: small maintained lists with the same rules (code unique
// among the side's types without regard to case, a type in use by an order is not deleted).

// ListOrderTypes answers a page of order types.
func (s *Service) ListOrderTypes(ctx context.Context, q TypeQuery) ([]OrderType, int, error) {
	return listTypesOf[OrderType](ctx, s, orderTypeKind, q)
}

// ListProductTypes answers a page of product types.
func (s *Service) ListProductTypes(ctx context.Context, q TypeQuery) ([]ProductType, int, error) {
	return listTypesOf[ProductType](ctx, s, productTypeKind, q)
}

// GetOrderType answers one order type of the side.
func (s *Service) GetOrderType(ctx context.Context, id uuid.UUID) (*OrderType, error) {
	return getType[OrderType](ctx, s.store, orderTypeKind, id)
}

// GetProductType answers one product type of the side.
func (s *Service) GetProductType(ctx context.Context, id uuid.UUID) (*ProductType, error) {
	return getType[ProductType](ctx, s.store, productTypeKind, id)
}

// CreateOrderType adds an order type.
func (s *Service) CreateOrderType(ctx context.Context, in TypeInput) (*OrderType, error) {
	return createType[OrderType](ctx, s, orderTypeKind, in)
}

// CreateProductType adds a product type.
func (s *Service) CreateProductType(ctx context.Context, in TypeInput) (*ProductType, error) {
	return createType[ProductType](ctx, s, productTypeKind, in)
}

// UpdateOrderType replaces an order type's fields.
func (s *Service) UpdateOrderType(ctx context.Context, id uuid.UUID, in TypeInput) (*OrderType, error) {
	return updateType[OrderType](ctx, s, orderTypeKind, id, in)
}

// UpdateProductType replaces a product type's fields.
func (s *Service) UpdateProductType(ctx context.Context, id uuid.UUID, in TypeInput) (*ProductType, error) {
	return updateType[ProductType](ctx, s, productTypeKind, id, in)
}

// DeleteOrderType removes an order type no order uses.
func (s *Service) DeleteOrderType(ctx context.Context, id uuid.UUID) error {
	return deleteType[OrderType](ctx, s, orderTypeKind, id)
}

// DeleteProductType removes a product type no order uses.
func (s *Service) DeleteProductType(ctx context.Context, id uuid.UUID) error {
	return deleteType[ProductType](ctx, s, productTypeKind, id)
}

func listTypesOf[T any, P typeRow[T]](ctx context.Context, s *Service, k typeKind, q TypeQuery) ([]T, int, error) {
	order, err := db.Order(q.Sorting, typeSorting, defaultTypeSorting)
	if err != nil {
		return nil, 0, err
	}
	return listTypes[T, P](ctx, s.store, k, q, order)
}

// checkTypeInput checks in and writes it onto f.
func checkTypeInput(in TypeInput, f *TypeFields) error {
	in.Code, in.Name, in.Remark = strings.TrimSpace(in.Code), strings.TrimSpace(in.Name), strings.TrimSpace(in.Remark)
	ve := &apperr.ValidationError{}
	checkText(ve, "code", FieldCode, in.Code, true, MaxTypeCode)
	checkText(ve, "name", FieldName, in.Name, true, MaxTypeName)
	checkText(ve, "remark", FieldRemark, in.Remark, false, MaxTypeRemark)
	switch {
	case in.Sort < 0:
		ve.Add("sort", localization.KeyMinimum, FieldSort, 0)
	case in.Sort > MaxTypeSort:
		ve.Add("sort", localization.KeyMaximum, FieldSort, MaxTypeSort)
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	f.Code, f.Name, f.Sort, f.Remark = in.Code, in.Name, in.Sort, in.Remark
	if in.IsEnable != nil {
		f.IsEnable = *in.IsEnable
	}
	return nil
}

// codeTaken is the validation error of a taken code.
func codeTaken(code string) error { return apperr.Invalid("code", KeyTypeCodeTaken, code) }

func createType[T any, P typeRow[T]](ctx context.Context, s *Service, k typeKind, in TypeInput) (P, error) {
	row := P(new(T))
	row.fields().IsEnable = true
	if err := checkTypeInput(in, row.fields()); err != nil {
		return nil, err
	}
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		taken, err := typeCodeTaken[T, P](ctx, tx, row.fields().Code, uuid.Nil)
		if err != nil {
			return err
		}
		if taken {
			return codeTaken(row.fields().Code)
		}
		if err := db.Insert(ctx, tx.idb, row); err != nil {
			if errors.Is(err, db.ErrDuplicate) { // the same code created at the same moment
				return codeTaken(row.fields().Code)
			}
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return row, nil
}

func updateType[T any, P typeRow[T]](ctx context.Context, s *Service, k typeKind, id uuid.UUID, in TypeInput) (P, error) {
	var row P
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		var err error
		if row, err = getType[T, P](ctx, tx, k, id); err != nil {
			return err
		}
		if err := checkTypeInput(in, row.fields()); err != nil {
			return err
		}
		taken, err := typeCodeTaken[T, P](ctx, tx, row.fields().Code, id)
		if err != nil {
			return err
		}
		if taken {
			return codeTaken(row.fields().Code)
		}
		err = db.UpdateStamped(ctx, tx.idb, row, in.ConcurrencyStamp, "code", "name", "sort_order", "is_enable", "remark")
		switch {
		case errors.Is(err, db.ErrDuplicate):
			return codeTaken(row.fields().Code)
		case errors.Is(err, db.ErrNotFound):
			return notFound(err, k.what, k.notFoundKey)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return row, nil
}

func deleteType[T any, P typeRow[T]](ctx context.Context, s *Service, k typeKind, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := db.LockInTx(ctx, tx.idb, "salesorder-type:"+id.String()); err != nil {
			return err
		}
		row, err := getType[T, P](ctx, tx, k, id)
		if err != nil {
			return err
		}
		used, err := tx.typeInUse(ctx, k, id)
		if err != nil {
			return err
		}
		if used {
			return apperr.User(KeyTypeInUse, row.fields().Name)
		}
		if err := db.SoftDelete(ctx, tx.idb, row); err != nil {
			return notFound(err, k.what, k.notFoundKey)
		}
		return nil
	})
}
