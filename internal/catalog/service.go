package catalog

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Service holds the rules of the catalogue. It knows no HTTP.
type Service struct {
	db    *db.DB
	texts *localization.Catalog
}

// NewService returns the catalogue service on d; texts give the spreadsheet headers in
// the caller's language.
func NewService(d *db.DB, texts *localization.Catalog) *Service { return &Service{db: d, texts: texts} }

// Limits of the text fields (spec 001 §5 for name, unit and colour).
const (
	MaxName        = 30
	MaxUnit        = 10
	MaxColor       = 18
	MaxCode        = 128
	MaxLongText    = 2048
	MaxDisplayName = 64
	MaxProductName = 128
)

// ---- rules shared by the API and the Excel import ----

type problemKind int

const (
	probRequired problemKind = iota
	probTooLong
	probNegative
)

// problem is one broken rule of an item: the member as the client names it, its label
// key, what is wrong and the limit.
type problem struct {
	member string
	label  string
	kind   problemKind
	max    int
}

func textProblems(out []problem, member, label, v string, required bool, max int) []problem {
	switch {
	case required && strings.TrimSpace(v) == "":
		out = append(out, problem{member, label, probRequired, 0})
	case utf8.RuneCountInString(v) > max:
		out = append(out, problem{member, label, probTooLong, max})
	}
	return out
}

func numberProblems(out []problem, member, label string, v *float64) []problem {
	if v != nil && *v < 0 {
		out = append(out, problem{member, label, probNegative, 0})
	}
	return out
}

// itemProblems checks the fields of a product or part (count is checked for parts only).
func itemProblems(in *ItemInput, part *PartInput) []problem {
	var out []problem
	out = textProblems(out, "name", FieldName, in.Name, true, MaxName)
	out = textProblems(out, "code", FieldCode, in.Code, false, MaxCode)
	out = textProblems(out, "erpCode", FieldErpCode, in.ErpCode, false, MaxCode)
	out = textProblems(out, "stockCode", FieldStockCode, in.StockCode, false, MaxCode)
	out = textProblems(out, "workshopCode", FieldWorkshopCode, in.WorkshopCode, false, MaxCode)
	out = textProblems(out, "factoryCode", FieldFactoryCode, in.FactoryCode, false, MaxCode)
	out = numberProblems(out, "length", FieldLength, in.Length)
	out = numberProblems(out, "width", FieldWidth, in.Width)
	out = numberProblems(out, "height", FieldHeight, in.Height)
	out = numberProblems(out, "price", FieldPrice, in.Price)
	out = textProblems(out, "describe", FieldDescribe, in.Describe, false, MaxLongText)
	out = textProblems(out, "color", FieldColor, in.Color, false, MaxColor)
	out = textProblems(out, "unit", FieldUnit, in.Unit, false, MaxUnit)
	out = textProblems(out, "images", FieldImages, in.Images, false, MaxLongText)
	if part != nil {
		out = numberProblems(out, "count", FieldCount, part.Count)
		out = textProblems(out, "size", FieldSize, part.Size, false, MaxCode)
	}
	return out
}

// addProblems records problems as API validation errors.
func addProblems(ve *apperr.ValidationError, prefix string, ps []problem) {
	for _, p := range ps {
		switch p.kind {
		case probRequired:
			ve.Add(prefix+p.member, localization.KeyRequired, p.label)
		case probTooLong:
			ve.Add(prefix+p.member, localization.KeyTooLong, p.label, p.max)
		case probNegative:
			ve.Add(prefix+p.member, KeyMin, p.label, 0)
		}
	}
}

// ---- catalogues ----

func checkModule(m string) error {
	if _, ok := modulePerms[m]; !ok {
		return apperr.Invalid("moduleName", KeyModuleName)
	}
	return nil
}

// ListCatalogs returns the directories of one module, ordered by code.
func (s *Service) ListCatalogs(ctx context.Context, q CatalogQuery) ([]Catalog, int, error) {
	if err := checkModule(q.ModuleName); err != nil {
		return nil, 0, err
	}
	rows := []Catalog{}
	sq := db.Select(ctx, s.db, &rows).Where("?TableAlias.module_name = ?", q.ModuleName)
	if q.IsEnable != nil {
		sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
	}
	sq = whereLike(sq, q.Filter, "display_name", "code").OrderExpr("code ASC, id ASC")
	if q.Limit > 0 {
		sq = sq.Limit(int64(q.Limit)).Offset(int64(q.Skip))
	}
	n, err := sq.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("list catalogs: %w", err)
	}
	return rows, int(n), nil
}

// CatalogTree returns the directories of one module nested by parentId.
func (s *Service) CatalogTree(ctx context.Context, module string, isEnable *bool) ([]*CatalogNode, error) {
	rows, _, err := s.ListCatalogs(ctx, CatalogQuery{ModuleName: module, IsEnable: isEnable})
	if err != nil {
		return nil, err
	}
	return BuildTree(rows), nil
}

// BuildTree nests directories by parentId, keeping the order of rows among siblings. A
// directory whose parent is not in rows becomes a root.
func BuildTree(rows []Catalog) []*CatalogNode {
	nodes := make(map[uuid.UUID]*CatalogNode, len(rows))
	for i := range rows {
		nodes[rows[i].ID] = &CatalogNode{Catalog: rows[i], Children: []*CatalogNode{}}
	}
	roots := []*CatalogNode{}
	for i := range rows {
		n := nodes[rows[i].ID]
		if p, ok := nodes[n.ParentID]; ok && n.ParentID != n.ID {
			p.Children = append(p.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	return roots
}

// descendants returns id and the ids of every directory below it in rows.
func descendants(rows []Catalog, id uuid.UUID) []uuid.UUID {
	children := map[uuid.UUID][]uuid.UUID{}
	for _, r := range rows {
		children[r.ParentID] = append(children[r.ParentID], r.ID)
	}
	out := []uuid.UUID{id}
	seen := map[uuid.UUID]bool{id: true}
	for i := 0; i < len(out); i++ {
		for _, c := range children[out[i]] {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// GetCatalog returns one directory.
func (s *Service) GetCatalog(ctx context.Context, id uuid.UUID) (*Catalog, error) {
	return s.getCatalog(ctx, s.db, id)
}

func (s *Service) getCatalog(ctx context.Context, idb bun.IDB, id uuid.UUID) (*Catalog, error) {
	c := new(Catalog)
	if err := db.Select(ctx, idb, c).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, apperr.WithKey(db.NotFound(err, "catalog"), KeyCatalogNotFound)
	}
	return c, nil
}

// nextCode returns the code of a new child of parent (RootCode for top level).
func nextCode(ctx context.Context, idb bun.IDB, module string, parentID uuid.UUID, parentCode string) (string, error) {
	var codes []string
	err := db.Select(ctx, idb, (*Catalog)(nil)).Column("code").
		Where("?TableAlias.module_name = ? AND ?TableAlias.parent_id = ?", module, parentID).Scan(ctx, &codes)
	if err != nil {
		return "", fmt.Errorf("read sibling codes: %w", err)
	}
	last := 0
	for _, c := range codes {
		seg := c[strings.LastIndexByte(c, '.')+1:]
		if n, err := strconv.Atoi(seg); err == nil && n > last {
			last = n
		}
	}
	return fmt.Sprintf("%s.%05d", parentCode, last+1), nil
}

// CreateCatalog adds a directory under parentId (top level when empty).
func (s *Service) CreateCatalog(ctx context.Context, in CreateCatalogInput) (*Catalog, error) {
	ve := &apperr.ValidationError{}
	name := strings.TrimSpace(in.DisplayName)
	if name == "" {
		ve.Add("displayName", localization.KeyRequired, FieldDisplayName)
	} else if utf8.RuneCountInString(name) > MaxDisplayName {
		ve.Add("displayName", localization.KeyTooLong, FieldDisplayName, MaxDisplayName)
	}
	if _, ok := modulePerms[in.ModuleName]; !ok {
		ve.Add("moduleName", KeyModuleName)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	c := &Catalog{ParentID: in.ParentID, DisplayName: name, CatalogName: name, ModuleName: in.ModuleName, IsEnable: true}
	if in.IsEnable != nil {
		c.IsEnable = *in.IsEnable
	}
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		parentCode := RootCode
		if in.ParentID != uuid.Nil {
			p, err := s.getCatalog(ctx, tx, in.ParentID)
			if err != nil {
				return apperr.Invalid("parentId", KeyParentNotFound)
			}
			if p.ModuleName != in.ModuleName {
				return apperr.Invalid("parentId", KeyWrongModule)
			}
			parentCode = p.Code
		}
		code, err := nextCode(ctx, tx, in.ModuleName, in.ParentID, parentCode)
		if err != nil {
			return err
		}
		c.Code = code
		return db.Insert(ctx, tx, c)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// UpdateCatalog renames a directory and may enable or disable it.
func (s *Service) UpdateCatalog(ctx context.Context, id uuid.UUID, in UpdateCatalogInput) (*Catalog, error) {
	name := strings.TrimSpace(in.DisplayName)
	if name == "" {
		return nil, apperr.Invalid("displayName", localization.KeyRequired, FieldDisplayName)
	}
	if utf8.RuneCountInString(name) > MaxDisplayName {
		return nil, apperr.Invalid("displayName", localization.KeyTooLong, FieldDisplayName, MaxDisplayName)
	}
	c, err := s.GetCatalog(ctx, id)
	if err != nil {
		return nil, err
	}
	c.DisplayName, c.CatalogName = name, name
	if in.IsEnable != nil {
		c.IsEnable = *in.IsEnable
	}
	if err := db.UpdateStamped(ctx, s.db, c, in.ConcurrencyStamp, "display_name", "catalog_name", "is_enable"); err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCatalog removes a directory. One that holds sub-directories or items is refused
// unless cascade is set; then the whole subtree, its items and their part links go, in
// one transaction.
func (s *Service) DeleteCatalog(ctx context.Context, id uuid.UUID, cascade bool) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		c, err := s.getCatalog(ctx, tx, id)
		if err != nil {
			return err
		}
		var itemModel any = (*Product)(nil)
		if c.ModuleName == ModuleMatter {
			itemModel = (*Part)(nil)
		}
		if !cascade {
			children, err := countWhere(ctx, tx, (*Catalog)(nil), "?TableAlias.parent_id = ?", id)
			if err != nil {
				return err
			}
			items, err := countWhere(ctx, tx, itemModel, "?TableAlias.catalog_id = ?", id)
			if err != nil {
				return err
			}
			if children > 0 || items > 0 {
				key := KeyCatalogNotEmpty
				if c.ModuleName == ModuleMatter {
					key = KeyCatalogNotEmptyM
				}
				return apperr.User(key, c.DisplayName, children, items)
			}
			return db.SoftDelete(ctx, tx, c)
		}
		var all []Catalog
		if err := db.Select(ctx, tx, &all).Column("id", "parent_id").
			Where("?TableAlias.module_name = ?", c.ModuleName).Scan(ctx); err != nil {
			return fmt.Errorf("read tree: %w", err)
		}
		ids := descendants(all, id)
		linkColumn, itemTable := "product_id", "catalog_products"
		if c.ModuleName == ModuleMatter {
			linkColumn, itemTable = "part_id", "catalog_parts"
		}
		if _, err := softDeleteWhere(ctx, tx, (*ProductPart)(nil),
			"?TableAlias."+linkColumn+" IN (SELECT id FROM "+itemTable+" WHERE catalog_id IN (?))", bun.In(ids)); err != nil {
			return err
		}
		if _, err := softDeleteWhere(ctx, tx, itemModel, "?TableAlias.catalog_id IN (?)", bun.In(ids)); err != nil {
			return err
		}
		_, err = softDeleteWhere(ctx, tx, (*Catalog)(nil), "?TableAlias.id IN (?)", bun.In(ids))
		return err
	})
}

// catalogFor checks that id is a directory of module, for an item's catalogId.
func (s *Service) catalogFor(ctx context.Context, idb bun.IDB, id uuid.UUID, module string) error {
	if id == uuid.Nil {
		return apperr.Invalid("catalogId", localization.KeyRequired, FieldCatalogID)
	}
	c, err := s.getCatalog(ctx, idb, id)
	if err != nil {
		return apperr.Invalid("catalogId", KeyCatalogNotFound)
	}
	if c.ModuleName != module {
		return apperr.Invalid("catalogId", KeyWrongModule)
	}
	return nil
}
