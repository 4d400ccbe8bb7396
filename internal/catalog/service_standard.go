package catalog

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
)

// merged returns the catalogue-product fields of in: the nested object, overridden by
// every flat field that is set.
func (in *CreateStandardProductInput) merged() CatalogProductInput {
	m := CatalogProductInput{}
	if in.CatalogProduct != nil {
		m = *in.CatalogProduct
	}
	f := in.CatalogProductInput
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	setN := func(dst **float64, v *float64) {
		if v != nil {
			*dst = v
		}
	}
	set(&m.ProductCode, f.ProductCode)
	setN(&m.ProductWidth, f.ProductWidth)
	setN(&m.ProductHeight, f.ProductHeight)
	setN(&m.ProductDepth, f.ProductDepth)
	set(&m.ProductMaterial, f.ProductMaterial)
	set(&m.DoorMaterial, f.DoorMaterial)
	set(&m.ProductStyle, f.ProductStyle)
	set(&m.ProductVersion, f.ProductVersion)
	set(&m.LevelName, f.LevelName)
	setN(&m.BatchSize, f.BatchSize)
	set(&m.ProductImage, f.ProductImage)
	set(&m.Remark, f.Remark)
	for _, p := range []struct{ dst, src *string }{{&m.Info1, &f.Info1}, {&m.Info2, &f.Info2}, {&m.Info3, &f.Info3},
		{&m.Info4, &f.Info4}, {&m.Info5, &f.Info5}, {&m.Info6, &f.Info6}, {&m.Info7, &f.Info7}, {&m.Info8, &f.Info8},
		{&m.Info9, &f.Info9}, {&m.Info10, &f.Info10}} {
		set(p.dst, *p.src)
	}
	if f.IsEnable != nil {
		m.IsEnable = f.IsEnable
	}
	return m
}

func (in *CreateStandardProductInput) check() error {
	ve := &apperr.ValidationError{}
	m := in.merged()
	var ps []problem
	ps = textProblems(ps, "productName", FieldProductName, in.ProductName, true, MaxProductName)
	ps = textProblems(ps, "images", FieldImages, in.Images, false, MaxLongText)
	ps = textProblems(ps, "productCode", FieldProductCode, m.ProductCode, false, MaxCode)
	ps = numberProblems(ps, "productWidth", FieldWidth, m.ProductWidth)
	ps = numberProblems(ps, "productHeight", FieldHeight, m.ProductHeight)
	ps = numberProblems(ps, "productDepth", FieldLength, m.ProductDepth)
	ps = numberProblems(ps, "batchSize", FieldCount, m.BatchSize)
	ps = textProblems(ps, "productImage", FieldProductImage, m.ProductImage, false, MaxProductImage)
	for _, t := range []struct{ member, v string }{{"productMaterial", m.ProductMaterial}, {"doorMaterial", m.DoorMaterial},
		{"productStyle", m.ProductStyle}, {"productVersion", m.ProductVersion}, {"levelName", m.LevelName},
		{"remark", m.Remark}, {"info1", m.Info1}, {"info2", m.Info2}, {"info3", m.Info3}, {"info4", m.Info4},
		{"info5", m.Info5}, {"info6", m.Info6}, {"info7", m.Info7}, {"info8", m.Info8}, {"info9", m.Info9}, {"info10", m.Info10}} {
		ps = textProblems(ps, t.member, FieldText, t.v, false, MaxLongText)
	}
	addProblems(ve, "", ps)
	return ve.OrNil()
}

// Apply writes in onto p (a full replacement, as for products).
func (in *CreateStandardProductInput) Apply(p *StandardProduct) {
	m := in.merged()
	p.ProductName, p.Images = strings.TrimSpace(in.ProductName), strings.TrimSpace(in.Images)
	c := &p.CatalogProductFields
	c.ProductCode = strings.TrimSpace(m.ProductCode)
	c.ProductWidth, c.ProductHeight, c.ProductDepth, c.BatchSize = m.ProductWidth, m.ProductHeight, m.ProductDepth, m.BatchSize
	c.ProductMaterial, c.DoorMaterial, c.ProductStyle, c.ProductVersion = m.ProductMaterial, m.DoorMaterial, m.ProductStyle, m.ProductVersion
	c.LevelName, c.ProductImage, c.Remark = m.LevelName, m.ProductImage, m.Remark
	c.Info1, c.Info2, c.Info3, c.Info4, c.Info5 = m.Info1, m.Info2, m.Info3, m.Info4, m.Info5
	c.Info6, c.Info7, c.Info8, c.Info9, c.Info10 = m.Info6, m.Info7, m.Info8, m.Info9, m.Info10
	if m.IsEnable != nil {
		c.IsEnable = *m.IsEnable
	}
}

func userName(ctx context.Context) string {
	if p := auth.FromContext(ctx); p != nil {
		return p.UserName
	}
	return ""
}

// ListStandardProducts returns the standard products q selects.
func (s *Service) ListStandardProducts(ctx context.Context, q StandardProductQuery) ([]StandardProduct, int, error) {
	order, err := db.Order(q.Sorting, standardSorting, "id ASC")
	if err != nil {
		return nil, 0, err
	}
	rows, n, err := s.store.listStandard(ctx, q, order)
	if err != nil {
		return nil, 0, err
	}
	for i := range rows {
		rows[i].nest()
	}
	return rows, n, nil
}

// GetStandardProduct returns one standard product.
func (s *Service) GetStandardProduct(ctx context.Context, id uuid.UUID) (*StandardProduct, error) {
	p, err := s.store.getStandard(ctx, id)
	if err != nil {
		return nil, err
	}
	p.nest()
	return p, nil
}

// CreateStandardProduct adds a standard product.
func (s *Service) CreateStandardProduct(ctx context.Context, in CreateStandardProductInput) (*StandardProduct, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	p := &StandardProduct{CatalogProductFields: CatalogProductFields{IsEnable: true}}
	in.Apply(p)
	p.Creator, p.LastModifier = userName(ctx), userName(ctx)
	if err := s.store.insertStandard(ctx, p); err != nil {
		return nil, err
	}
	p.nest()
	return p, nil
}

// UpdateStandardProduct replaces a standard product's fields.
func (s *Service) UpdateStandardProduct(ctx context.Context, id uuid.UUID, in UpdateStandardProductInput) (*StandardProduct, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	p, err := s.store.getStandard(ctx, id)
	if err != nil {
		return nil, err
	}
	in.Apply(p)
	p.LastModifier = userName(ctx)
	if err := s.store.updateStandard(ctx, p, in.ConcurrencyStamp); err != nil {
		return nil, err
	}
	p.nest()
	return p, nil
}

// DeleteStandardProduct removes a standard product.
func (s *Service) DeleteStandardProduct(ctx context.Context, id uuid.UUID) error {
	return s.store.deleteStandard(ctx, id)
}
