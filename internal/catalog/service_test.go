package catalog

import (
	stdctx "context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func TestDirectoriesFormATreeByParentIDWithOrderedCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		carcass := dir(t, s, ctx, ModuleProduct, "柜体", uuid.Nil)
		doors := dir(t, s, ctx, ModuleProduct, "门板", uuid.Nil)
		base := dir(t, s, ctx, ModuleProduct, "地柜", carcass.ID)
		wall := dir(t, s, ctx, ModuleProduct, "吊柜", carcass.ID)
		boards := dir(t, s, ctx, ModuleMatter, "板材", uuid.Nil)

		if carcass.ParentID != uuid.Nil || carcass.Code != "00001.00001" || doors.Code != "00001.00002" {
			t.Fatalf("top-level codes %q %q, parent %v", carcass.Code, doors.Code, carcass.ParentID)
		}
		if base.Code != "00001.00001.00001" || wall.Code != "00001.00001.00002" || boards.Code != "00001.00001" {
			t.Fatalf("child codes %q %q, other module %q", base.Code, wall.Code, boards.Code)
		}
		if carcass.CatalogName != "柜体" || !carcass.IsEnable || carcass.ModuleName != ModuleProduct {
			t.Fatalf("new directory: %+v", carcass)
		}

		tree := must[[]*CatalogNode](t)(s.CatalogTree(ctx, ModuleProduct, nil))
		if len(tree) != 2 || tree[0].ID != carcass.ID || tree[1].ID != doors.ID {
			t.Fatalf("roots: %+v", tree)
		}
		if kids := tree[0].Children; len(kids) != 2 || kids[0].ID != base.ID || kids[1].ID != wall.ID {
			t.Fatalf("children of carcass: %+v", kids)
		}
		if len(tree[1].Children) != 0 {
			t.Fatal("doors has no children")
		}

		// A child is refused under a missing parent or a parent of the other module.
		_, err := s.CreateCatalog(ctx, CreateCatalogInput{DisplayName: "x", ModuleName: ModuleMatter, ParentID: carcass.ID})
		if fields(t, err)["parentId"] != KeyWrongModule {
			t.Fatalf("parent of another module: %v", err)
		}
		_, err = s.CreateCatalog(ctx, CreateCatalogInput{DisplayName: "x", ModuleName: ModuleProduct, ParentID: uuid.New()})
		if fields(t, err)["parentId"] != KeyParentNotFound {
			t.Fatalf("missing parent: %v", err)
		}
		_, err = s.CreateCatalog(ctx, CreateCatalogInput{DisplayName: "  ", ModuleName: "furniture"})
		if got := fields(t, err); got["displayName"] != localization.KeyRequired || got["moduleName"] != KeyModuleName {
			t.Fatalf("empty name and bad module: %v", got)
		}

		renamed := must[*Catalog](t)(s.UpdateCatalog(ctx, base.ID, UpdateCatalogInput{DisplayName: "地柜 Base", ConcurrencyStamp: base.ConcurrencyStamp}))
		if renamed.DisplayName != "地柜 Base" || renamed.CatalogName != "地柜 Base" || renamed.Code != base.Code {
			t.Fatalf("rename: %+v", renamed)
		}
		if _, err := s.UpdateCatalog(ctx, base.ID, UpdateCatalogInput{DisplayName: "again", ConcurrencyStamp: base.ConcurrencyStamp}); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
	})
}

func TestBuildTreeMakesOrphansRoots(t *testing.T) {
	a, b, c := uuid.New(), uuid.New(), uuid.New()
	rows := []Catalog{{ParentID: uuid.New()}, {ParentID: a}, {ParentID: uuid.Nil}}
	rows[0].ID, rows[1].ID, rows[2].ID = a, b, c
	tree := BuildTree(rows)
	if len(tree) != 2 || tree[0].ID != a || tree[1].ID != c || len(tree[0].Children) != 1 || tree[0].Children[0].ID != b {
		t.Fatalf("tree: %+v", tree)
	}
	if got := descendants(rows, a); len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("descendants: %v", got)
	}
}

func TestDeletingANonEmptyDirectoryNeedsCascade(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		top := dir(t, s, ctx, ModuleProduct, "柜体", uuid.Nil)
		child := dir(t, s, ctx, ModuleProduct, "地柜", top.ID)
		other := dir(t, s, ctx, ModuleProduct, "门板", uuid.Nil)
		p := product(t, s, ctx, child.ID, "地柜 600")
		kept := product(t, s, ctx, other.ID, "门 600")
		boards := dir(t, s, ctx, ModuleMatter, "板材", uuid.Nil)
		board := part(t, s, ctx, boards.ID, "颗粒板")
		must[*ProductPart](t)(s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: board.ID}))
		must[*ProductPart](t)(s.CreateProductPart(ctx, CreateProductPartInput{ProductID: kept.ID, PartID: board.ID}))

		err := s.DeleteCatalog(ctx, top.ID, false)
		var ue *apperr.UserError
		if !errors.As(err, &ue) || ue.Key != KeyCatalogNotEmpty || ue.Args[0] != "柜体" || ue.Args[1] != 1 || ue.Args[2] != 0 {
			t.Fatalf("delete with a child: %v", err)
		}
		err = s.DeleteCatalog(ctx, child.ID, false)
		if !errors.As(err, &ue) || ue.Args[1] != 0 || ue.Args[2] != 1 {
			t.Fatalf("delete with a product: %v", err)
		}
		if err := s.DeleteCatalog(ctx, boards.ID, false); !errors.As(err, &ue) || ue.Key != KeyCatalogNotEmptyM {
			t.Fatalf("parts directory with a part: %v", err)
		}

		if err := s.DeleteCatalog(ctx, top.ID, true); err != nil {
			t.Fatal(err)
		}
		for _, id := range []uuid.UUID{top.ID, child.ID} {
			if _, err := s.GetCatalog(ctx, id); !errors.Is(err, apperr.ErrNotFound) {
				t.Fatalf("directory %v still there: %v", id, err)
			}
		}
		if _, err := s.GetProduct(ctx, p.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("product of a deleted directory: %v", err)
		}
		if _, err := s.GetCatalog(ctx, other.ID); err != nil {
			t.Fatalf("unrelated directory: %v", err)
		}
		links, _ := must2(t)(s.ListProductParts(ctx, kept.ID, 0, 0))
		if len(links) != 1 {
			t.Fatalf("links of a kept product: %d", len(links))
		}
		// An empty directory goes without cascade.
		if err := s.DeleteCatalog(ctx, other.ID, false); err == nil {
			t.Fatal("other still holds a product")
		}
		empty := dir(t, s, ctx, ModuleProduct, "空", uuid.Nil)
		if err := s.DeleteCatalog(ctx, empty.ID, false); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteCatalog(ctx, empty.ID, false); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
	})
}

func must2(t *testing.T) func(v []ProductPart, n int, err error) ([]ProductPart, int) {
	return func(v []ProductPart, n int, err error) ([]ProductPart, int) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v, n
	}
}

func TestProductRulesNameUnitColourNumbersAndDirectory(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(nil)
		c := dir(t, s, ctx, ModuleProduct, "柜体", uuid.Nil)
		m := dir(t, s, ctx, ModuleMatter, "板材", uuid.Nil)

		_, err := s.CreateProduct(ctx, CreateProductInput{CatalogID: c.ID, ItemFieldsInput: ItemFieldsInput{Name: strings.Repeat("柜", 31),
			Unit: strings.Repeat("u", 11), Color: strings.Repeat("色", 19), Length: f(-1)}})
		got := fields(t, err)
		if got["name"] != localization.KeyTooLong || got["unit"] != localization.KeyTooLong || got["color"] != localization.KeyTooLong || got["length"] != KeyMin {
			t.Fatalf("limits: %v", got)
		}
		if _, err := s.CreateProduct(ctx, CreateProductInput{CatalogID: c.ID}); fields(t, err)["name"] != localization.KeyRequired {
			t.Fatal("name is required")
		}
		if _, err := s.CreateProduct(ctx, CreateProductInput{ItemFieldsInput: ItemFieldsInput{Name: "x"}}); fields(t, err)["catalogId"] != localization.KeyRequired {
			t.Fatal("catalogId is required")
		}
		if _, err := s.CreateProduct(ctx, CreateProductInput{CatalogID: m.ID, ItemFieldsInput: ItemFieldsInput{Name: "x"}}); fields(t, err)["catalogId"] != KeyWrongModule {
			t.Fatal("a product cannot go into a parts directory")
		}
		if _, err := s.CreatePart(ctx, CreatePartInput{CatalogID: c.ID, PartFieldsInput: PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: "x"}}}); fields(t, err)["catalogId"] != KeyWrongModule {
			t.Fatal("a part cannot go into a product directory")
		}
		if _, err := s.CreatePart(ctx, CreatePartInput{CatalogID: m.ID, PartFieldsInput: PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: "x"}, Count: f(-2)}}); fields(t, err)["count"] != KeyMin {
			t.Fatal("part count must not be negative")
		}

		ok := must[*Product](t)(s.CreateProduct(ctx, CreateProductInput{CatalogID: c.ID, ItemFieldsInput: ItemFieldsInput{Name: strings.Repeat("柜", 30),
			Unit: "件", Color: strings.Repeat("色", 18), Length: f(600), Price: f(0)}}))
		if !ok.IsEnable || ok.ModuleName != ModuleProduct || *ok.Length != 600 || ok.Width != nil || *ok.Price != 0 {
			t.Fatalf("created: %+v", ok)
		}
	})
}

func TestUpdateReplacesTextAndNumbersButKeepsDirectoryAndEnabledWhenAbsent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dir(t, s, ctx, ModuleProduct, "柜体", uuid.Nil)
		off := false
		p := must[*Product](t)(s.CreateProduct(ctx, CreateProductInput{CatalogID: c.ID, ItemFieldsInput: ItemFieldsInput{Name: "地柜", Code: "DG",
			Length: f(600), IsEnable: &off}}))
		// The client dropped the emptied code and length: they are cleared.
		u := must[*Product](t)(s.UpdateProduct(ctx, p.ID, UpdateProductInput{ItemFieldsInput: ItemFieldsInput{Name: "地柜 600", Color: "白"},
			ConcurrencyStamp: p.ConcurrencyStamp}))
		if u.Code != "" || u.Length != nil || u.Color != "白" || u.CatalogID != c.ID || u.IsEnable {
			t.Fatalf("update: %+v", u)
		}
		again := must[*Product](t)(s.GetProduct(ctx, p.ID))
		if again.Name != "地柜 600" || again.Code != "" || again.ConcurrencyStamp == p.ConcurrencyStamp {
			t.Fatalf("stored: %+v", again)
		}
		if _, err := s.UpdateProduct(ctx, p.ID, UpdateProductInput{ItemFieldsInput: ItemFieldsInput{Name: "x"}, ConcurrencyStamp: p.ConcurrencyStamp}); !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		if _, err := s.UpdateProduct(ctx, uuid.New(), UpdateProductInput{ItemFieldsInput: ItemFieldsInput{Name: "x"}}); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("missing product: %v", err)
		}
	})
}

func TestMovingProductsIsAllOrNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		from := dir(t, s, ctx, ModuleProduct, "from", uuid.Nil)
		to := dir(t, s, ctx, ModuleProduct, "to", uuid.Nil)
		a, b := product(t, s, ctx, from.ID, "a"), product(t, s, ctx, from.ID, "b")
		move := func(p *Product) ProductBatchItem {
			return ProductBatchItem{ID: p.ID, UpdateProductInput: UpdateProductInput{CatalogID: &to.ID, ItemFieldsInput: ItemFieldsInput{Name: p.Name}}}
		}
		bad := move(b)
		bad.Name = ""
		if _, err := s.BatchUpdateProducts(ctx, []ProductBatchItem{move(a), bad}); fields(t, err)["items[1].name"] != localization.KeyRequired {
			t.Fatalf("bad second item: %v", err)
		}
		rows, _ := must3[Product](t)(s.ListProducts(ctx, ItemQuery{CatalogIDs: []uuid.UUID{to.ID}}))
		if len(rows) != 0 {
			t.Fatal("a failed batch moved a product")
		}
		must[[]Product](t)(s.BatchUpdateProducts(ctx, []ProductBatchItem{move(a), move(b)}))
		rows, n := must3[Product](t)(s.ListProducts(ctx, ItemQuery{CatalogIDs: []uuid.UUID{to.ID}, Limit: 999}))
		if len(rows) != 2 || n != 2 {
			t.Fatalf("moved: %d", len(rows))
		}
		if _, err := s.BatchUpdateProducts(ctx, nil); err == nil {
			t.Fatal("an empty batch is refused")
		}
	})
}

func must3[T any](t *testing.T) func(v []T, n int, err error) ([]T, int) {
	return func(v []T, n int, err error) ([]T, int) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v, n
	}
}

func TestListFiltersByDirectoryEnabledAndName(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		a := dir(t, s, ctx, ModuleMatter, "a", uuid.Nil)
		b := dir(t, s, ctx, ModuleMatter, "b", uuid.Nil)
		part(t, s, ctx, a.ID, "Oak 18%")
		part(t, s, ctx, a.ID, "Oak 25")
		off := false
		must[*Part](t)(s.CreatePart(ctx, CreatePartInput{CatalogID: b.ID, PartFieldsInput: PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: "Walnut", IsEnable: &off}}}))
		on := true
		cases := []struct {
			q    ItemQuery
			want int
		}{
			{ItemQuery{}, 3},
			{ItemQuery{CatalogIDs: []uuid.UUID{a.ID}}, 2},
			{ItemQuery{CatalogIDs: []uuid.UUID{a.ID, b.ID}}, 3},
			{ItemQuery{IsEnable: &on}, 2},
			{ItemQuery{Filter: "oAK"}, 2},
			{ItemQuery{Filter: "18%"}, 1},
			{ItemQuery{Filter: "%"}, 1},
			{ItemQuery{Limit: 1, Skip: 1}, 1},
		}
		for i, c := range cases {
			rows, _ := must3[Part](t)(s.ListParts(ctx, c.q))
			if len(rows) != c.want {
				t.Errorf("case %d: %d rows, want %d", i, len(rows), c.want)
			}
		}
		_, n := must3[Part](t)(s.ListParts(ctx, ItemQuery{Limit: 1}))
		if n != 3 {
			t.Fatalf("total count %d", n)
		}
		if _, _, err := s.ListParts(ctx, ItemQuery{Sorting: "name; drop table x"}); err == nil {
			t.Fatal("sorting outside the whitelist")
		}
		rows, _ := must3[Part](t)(s.ListParts(ctx, ItemQuery{Sorting: "name desc"}))
		if rows[0].Name != "Walnut" {
			t.Fatalf("sorted: %s", rows[0].Name)
		}
	})
}

func TestProductPartCountsAreNeverNegative(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		p := product(t, s, ctx, dir(t, s, ctx, ModuleProduct, "p", uuid.Nil).ID, "地柜")
		m := dir(t, s, ctx, ModuleMatter, "m", uuid.Nil)
		board, hinge := part(t, s, ctx, m.ID, "板"), part(t, s, ctx, m.ID, "铰链")

		l := must[*ProductPart](t)(s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: board.ID}))
		if l.Count != 1 || l.Part == nil || l.Part.Name != "板" {
			t.Fatalf("new link: %+v", l)
		}
		if _, err := s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: hinge.ID, Count: f(-1)}); fields(t, err)["count"] != KeyMin {
			t.Fatal("negative count")
		}
		zero := must[*ProductPart](t)(s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: hinge.ID, Count: f(0)}))
		var ue *apperr.UserError
		if _, err := s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: board.ID}); !errors.As(err, &ue) || ue.Key != KeyPartAlreadyLinked {
			t.Fatalf("second link of the same part: %v", err)
		}
		if _, err := s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: uuid.New()}); fields(t, err)["partId"] != KeyItemNotFound {
			t.Fatal("missing part")
		}
		if _, err := s.UpdateProductPart(ctx, p.ID, UpdateProductPartInput{ID: l.ID, Count: f(-0.5)}); fields(t, err)["count"] != KeyMin {
			t.Fatal("negative update")
		}
		u := must[*ProductPart](t)(s.UpdateProductPart(ctx, p.ID, UpdateProductPartInput{ID: l.ID, Count: f(2.5)}))
		if u.Count != 2.5 || u.Part.Name != "板" {
			t.Fatalf("updated: %+v", u)
		}
		if _, err := s.UpdateProductPart(ctx, uuid.New(), UpdateProductPartInput{ID: l.ID, Count: f(1)}); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("a link of another product: %v", err)
		}
		links, n := must2(t)(s.ListProductParts(ctx, p.ID, 0, 999))
		if n != 2 || links[0].Count != 2.5 || links[1].Count != 0 {
			t.Fatalf("links: %+v", links)
		}
		// Delete by the part's id, then by the link's id.
		if err := s.DeleteProductPart(ctx, p.ID, board.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteProductPart(ctx, p.ID, zero.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteProductPart(ctx, p.ID, zero.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("second unlink: %v", err)
		}
		// Deleting a part removes its links.
		must[*ProductPart](t)(s.CreateProductPart(ctx, CreateProductPartInput{ProductID: p.ID, PartID: hinge.ID}))
		if err := s.DeletePart(ctx, hinge.ID); err != nil {
			t.Fatal(err)
		}
		if links, _ := must2(t)(s.ListProductParts(ctx, p.ID, 0, 0)); len(links) != 0 {
			t.Fatalf("links of a deleted part: %d", len(links))
		}
	})
}

func TestATenantsCatalogueIsInvisibleToOthers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		a, b, host := tenantCtx(newTenant()), tenantCtx(newTenant()), tenantCtx(nil)
		c := dir(t, s, a, ModuleProduct, "A 的目录", uuid.Nil)
		p := product(t, s, a, c.ID, "A 的产品")
		m := dir(t, s, a, ModuleMatter, "A 的物料", uuid.Nil)
		pt := part(t, s, a, m.ID, "A 的板")
		must[*StandardProduct](t)(s.CreateStandardProduct(a, CreateStandardProductInput{ProductName: "A 的标准品"}))

		for name, ctx := range map[string]stdctx.Context{"tenant B": b, "host": host} {
			rows, _, err := s.ListCatalogs(ctx, CatalogQuery{ModuleName: ModuleProduct})
			if err != nil || len(rows) != 0 {
				t.Errorf("%s sees %d directories (%v)", name, len(rows), err)
			}
			if rows, _, _ := s.ListProducts(ctx, ItemQuery{}); len(rows) != 0 {
				t.Errorf("%s sees products", name)
			}
			if rows, _, _ := s.ListParts(ctx, ItemQuery{}); len(rows) != 0 {
				t.Errorf("%s sees parts", name)
			}
			if rows, _, _ := s.ListStandardProducts(ctx, StandardProductQuery{}); len(rows) != 0 {
				t.Errorf("%s sees standard products", name)
			}
			if _, err := s.GetProduct(ctx, p.ID); !errors.Is(err, apperr.ErrNotFound) {
				t.Errorf("%s reads A's product: %v", name, err)
			}
			if _, err := s.UpdateProduct(ctx, p.ID, UpdateProductInput{ItemFieldsInput: ItemFieldsInput{Name: "stolen"}}); !errors.Is(err, apperr.ErrNotFound) {
				t.Errorf("%s updates A's product: %v", name, err)
			}
			if err := s.DeleteProduct(ctx, p.ID); !errors.Is(err, apperr.ErrNotFound) {
				t.Errorf("%s deletes A's product: %v", name, err)
			}
			if err := s.DeleteCatalog(ctx, c.ID, true); !errors.Is(err, apperr.ErrNotFound) {
				t.Errorf("%s deletes A's directory: %v", name, err)
			}
			if _, err := s.CreateProduct(ctx, CreateProductInput{CatalogID: c.ID, ItemFieldsInput: ItemFieldsInput{Name: "x"}}); fields(t, err)["catalogId"] != KeyCatalogNotFound {
				t.Errorf("%s adds to A's directory", name)
			}
			if _, err := s.CreateCatalog(ctx, CreateCatalogInput{DisplayName: "x", ModuleName: ModuleProduct, ParentID: c.ID}); err == nil {
				t.Errorf("%s adds a child to A's directory", name)
			}
			if _, _, err := s.ListProductParts(ctx, p.ID, 0, 0); !errors.Is(err, apperr.ErrNotFound) {
				t.Errorf("%s lists A's product parts: %v", name, err)
			}
		}
		// B's own product cannot link A's part.
		bp := product(t, s, b, dir(t, s, b, ModuleProduct, "B", uuid.Nil).ID, "B 的产品")
		if _, err := s.CreateProductPart(b, CreateProductPartInput{ProductID: bp.ID, PartID: pt.ID}); fields(t, err)["partId"] != KeyItemNotFound {
			t.Fatalf("B links A's part: %v", err)
		}
		// A still has everything.
		if rows, _, _ := s.ListProducts(a, ItemQuery{}); len(rows) != 1 || rows[0].Name != "A 的产品" {
			t.Fatalf("A's products: %+v", rows)
		}
	})
}

func TestStandardProductsAreNestedAndFlat(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		sp := must[*StandardProduct](t)(s.CreateStandardProduct(ctx, CreateStandardProductInput{ProductName: "标准衣柜",
			CatalogProductInput: CatalogProductInput{ProductCode: "WR-1", ProductWidth: f(1800)},
			CatalogProduct:      &CatalogProductInput{ProductCode: "ignored", ProductDepth: f(600), Info3: "x"}}))
		if sp.ProductCode != "WR-1" || *sp.ProductWidth != 1800 || *sp.ProductDepth != 600 || sp.Info3 != "x" || !sp.IsEnable || sp.Creator != "tester" {
			t.Fatalf("created: %+v", sp)
		}
		if sp.CatalogProduct == nil || sp.CatalogProduct.ProductCode != "WR-1" || sp.CatalogProduct.Creator != "tester" {
			t.Fatalf("nested: %+v", sp.CatalogProduct)
		}
		if _, err := s.CreateStandardProduct(ctx, CreateStandardProductInput{CatalogProductInput: CatalogProductInput{ProductWidth: f(-1)}}); len(fields(t, err)) != 2 {
			t.Fatalf("name required and width not negative: %v", err)
		}
		off := false
		u := must[*StandardProduct](t)(s.UpdateStandardProduct(ctx, sp.ID, UpdateStandardProductInput{CreateStandardProductInput: CreateStandardProductInput{ProductName: "标准衣柜 2",
			CatalogProductInput: CatalogProductInput{IsEnable: &off}}}))
		if u.ProductCode != "" || u.IsEnable || u.CatalogProduct.IsEnable || u.ProductName != "标准衣柜 2" {
			t.Fatalf("updated: %+v", u)
		}
		on := true
		if rows, _, _ := s.ListStandardProducts(ctx, StandardProductQuery{IsEnable: &on}); len(rows) != 0 {
			t.Fatal("disabled product listed as enabled")
		}
		rows, _ := must3[StandardProduct](t)(s.ListStandardProducts(ctx, StandardProductQuery{Filter: "衣柜"}))
		if len(rows) != 1 || rows[0].CatalogProduct == nil {
			t.Fatalf("list: %+v", rows)
		}
		if err := s.DeleteStandardProduct(ctx, sp.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetStandardProduct(ctx, sp.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatal("deleted standard product still there")
		}
	})
}

func TestItemsMoveToTheRootAndAreListedThere(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dir(t, s, ctx, ModuleProduct, "柜体", uuid.Nil)
		m := dir(t, s, ctx, ModuleMatter, "板材", uuid.Nil)
		a, b := product(t, s, ctx, c.ID, "a"), product(t, s, ctx, c.ID, "b")
		board := part(t, s, ctx, m.ID, "板")
		root := RootID

		// Moving to the root is an update of catalogId to the all-zero UUID.
		moved := must[[]Product](t)(s.BatchUpdateProducts(ctx, []ProductBatchItem{
			{ID: a.ID, UpdateProductInput: UpdateProductInput{CatalogID: &root, ItemFieldsInput: ItemFieldsInput{Name: a.Name}}}}))
		if moved[0].CatalogID != RootID {
			t.Fatalf("moved to %v", moved[0].CatalogID)
		}
		if p := must[*Part](t)(s.UpdatePart(ctx, board.ID, UpdatePartInput{CatalogID: &root,
			PartFieldsInput: PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: "板"}}})); p.CatalogID != RootID {
			t.Fatalf("part moved to %v", p.CatalogID)
		}
		rows, n := must3[Product](t)(s.ListProducts(ctx, ItemQuery{CatalogIDs: []uuid.UUID{RootID}, Limit: 10}))
		if n != 1 || rows[0].ID != a.ID {
			t.Fatalf("the root's products: %d %+v", n, rows)
		}
		if rows, _ := must3[Product](t)(s.ListProducts(ctx, ItemQuery{CatalogIDs: []uuid.UUID{c.ID}})); len(rows) != 1 || rows[0].ID != b.ID {
			t.Fatalf("the directory keeps b only: %+v", rows)
		}
		// Absent catalogId keeps the stored one; the root is only ever asked for.
		kept := must[*Product](t)(s.UpdateProduct(ctx, a.ID, UpdateProductInput{ItemFieldsInput: ItemFieldsInput{Name: "a2"}}))
		if kept.CatalogID != RootID {
			t.Fatalf("an update without catalogId moved the product to %v", kept.CatalogID)
		}
		back := must[*Product](t)(s.UpdateProduct(ctx, a.ID, UpdateProductInput{CatalogID: &c.ID, ItemFieldsInput: ItemFieldsInput{Name: "a"}}))
		if back.CatalogID != c.ID {
			t.Fatalf("moved back to %v", back.CatalogID)
		}
		// The destination is still checked: a directory of the other tree, or none, is refused.
		nowhere := uuid.New()
		for _, to := range []struct {
			id   *uuid.UUID
			want string
		}{{&m.ID, KeyWrongModule}, {&nowhere, KeyCatalogNotFound}} {
			_, err := s.BatchUpdateProducts(ctx, []ProductBatchItem{{ID: b.ID, UpdateProductInput: UpdateProductInput{CatalogID: to.id,
				ItemFieldsInput: ItemFieldsInput{Name: "b"}}}})
			if got := fields(t, err)["items[0].catalogId"]; got != to.want {
				t.Errorf("move to %v: %v, want %s", *to.id, err, to.want)
			}
		}
		// A product is still created in a directory.
		if _, err := s.CreateProduct(ctx, CreateProductInput{CatalogID: RootID, ItemFieldsInput: ItemFieldsInput{Name: "x"}}); fields(t, err)["catalogId"] != localization.KeyRequired {
			t.Fatalf("create at the root: %v", err)
		}
	})
}

func TestDirectoriesCreatedAtOnceGetDistinctCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		const n = 6
		codes := make(chan string, n)
		errs := make(chan error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := s.CreateCatalog(ctx, CreateCatalogInput{DisplayName: fmt.Sprintf("d%d", i), ModuleName: ModuleProduct})
				if err != nil {
					errs <- err
					return
				}
				codes <- c.Code
			}()
		}
		wg.Wait()
		close(codes)
		close(errs)
		for err := range errs {
			t.Errorf("create: %v", err)
		}
		seen := map[string]bool{}
		for c := range codes {
			if seen[c] {
				t.Errorf("code %s given twice", c)
			}
			seen[c] = true
		}
	})
}
