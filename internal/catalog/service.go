package catalog

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Service holds the rules of the catalogue: what may be created, moved and deleted, and
// the field limits (shared by the API and the Excel import). It knows no HTTP; its
// queries are the store's. Products, parts and their links are in service_items.go,
// standard products in service_standard.go, spreadsheets in excel.go.
type Service struct {
	store store
	texts *localization.Catalog
}

// NewService returns the catalogue service on d; texts give the spreadsheet headers in
// the caller's language.
func NewService(d *db.DB, texts *localization.Catalog) *Service {
	return &Service{store: newStore(d), texts: texts}
}

// Limits of the text fields (spec 001 §5 for name, unit and colour). The input types'
// maxLength tags state the same numbers for OpenAPI.
const (
	MaxName         = 30
	MaxUnit         = 10
	MaxColor        = 18
	MaxCode         = 128
	MaxLongText     = 2048
	MaxDisplayName  = 64
	MaxProductName  = 128
	MaxProductImage = 8192
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

// problems checks the fields of a product or part.
func (in *ItemFieldsInput) problems() []problem {
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
	return out
}

// problems checks the fields of a part.
func (in *PartFieldsInput) problems() []problem {
	out := in.ItemFieldsInput.problems()
	out = numberProblems(out, "count", FieldCount, in.Count)
	return textProblems(out, "size", FieldSize, in.Size, false, MaxCode)
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

// ---- directories ----

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
	return s.store.listCatalogs(ctx, q)
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
	return s.store.getCatalog(ctx, id)
}

// nextCode returns the code of a new child of parent: one more than the highest live
// sibling's.
func nextCode(parentCode string, siblings []string) string {
	last := 0
	for _, c := range siblings {
		seg := c[strings.LastIndexByte(c, '.')+1:]
		if n, err := strconv.Atoi(seg); err == nil && n > last {
			last = n
		}
	}
	return fmt.Sprintf("%s.%05d", parentCode, last+1)
}

// codeAttempts is how often CreateCatalog tries when a directory created at the same
// moment took the code it chose (the unique index refuses the second).
const codeAttempts = 5

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
	for attempt := 1; ; attempt++ {
		c := &Catalog{ParentID: in.ParentID, DisplayName: name, CatalogName: name, ModuleName: in.ModuleName, IsEnable: true}
		if in.IsEnable != nil {
			c.IsEnable = *in.IsEnable
		}
		err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
			parentCode := RootCode
			if in.ParentID != RootID {
				p, err := tx.getCatalog(ctx, in.ParentID)
				if errors.Is(err, db.ErrNotFound) {
					return apperr.Invalid("parentId", KeyParentNotFound)
				}
				if err != nil {
					return err
				}
				if p.ModuleName != in.ModuleName {
					return apperr.Invalid("parentId", KeyWrongModule)
				}
				parentCode = p.Code
			}
			siblings, err := tx.siblingCodes(ctx, in.ModuleName, in.ParentID)
			if err != nil {
				return err
			}
			c.Code = nextCode(parentCode, siblings)
			return tx.insertCatalog(ctx, c)
		})
		if errors.Is(err, db.ErrDuplicate) && attempt < codeAttempts {
			continue // a sibling created at the same moment took the code: count again
		}
		if err != nil {
			return nil, err
		}
		return c, nil
	}
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
	c, err := s.store.getCatalog(ctx, id)
	if err != nil {
		return nil, err
	}
	c.DisplayName, c.CatalogName = name, name
	if in.IsEnable != nil {
		c.IsEnable = *in.IsEnable
	}
	if err := s.store.updateCatalog(ctx, c, in.ConcurrencyStamp); err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteCatalog removes a directory. One that holds sub-directories or items is refused
// unless cascade is set; then the whole subtree, its items and their part links go, in
// one transaction.
func (s *Service) DeleteCatalog(ctx context.Context, id uuid.UUID, cascade bool) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		c, err := tx.getCatalog(ctx, id)
		if err != nil {
			return err
		}
		if !cascade {
			children, err := tx.countChildren(ctx, id)
			if err != nil {
				return err
			}
			items, err := tx.countItems(ctx, c.ModuleName, id)
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
			return tx.deleteCatalog(ctx, c)
		}
		all, err := tx.tree(ctx, c.ModuleName)
		if err != nil {
			return err
		}
		return tx.deleteSubtree(ctx, c.ModuleName, descendants(all, id))
	})
}

// checkDestination checks that id may hold an item of module: a directory of that
// module or, with root allowed, the root (RootID). A missing directory is a validation
// error on "catalogId"; a failed read is passed on as it is.
func checkDestination(ctx context.Context, s store, id uuid.UUID, module string, root bool) error {
	if id == RootID {
		if root {
			return nil
		}
		return apperr.Invalid("catalogId", localization.KeyRequired, FieldCatalogID)
	}
	c, err := s.getCatalog(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return apperr.Invalid("catalogId", KeyCatalogNotFound)
	}
	if err != nil {
		return err
	}
	if c.ModuleName != module {
		return apperr.Invalid("catalogId", KeyWrongModule)
	}
	return nil
}
