package optimization

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/homedesign"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

func importService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), importMigrations); err != nil {
		t.Fatal(err)
	}
	return NewService(Deps{DB: d})
}

func tenantCtx() context.Context {
	id := uuid.New()
	return tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &id, Name: "t"})
}

// TestAnImportFileKeepsItsRowsInOrderAndStaysInItsTenant: a design of 2,500 panels rows
// (more than one insert chunk), its counts and orders, paging, another tenant, delete.
func TestAnImportFileKeepsItsRowsInOrderAndStaysInItsTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := importService(t, d)
		ctx, other := tenantCtx(), tenantCtx()
		var panels []homedesign.Panel
		for i := 0; i < 2500; i++ {
			panels = append(panels, homedesign.Panel{Name: "p", Material: "PB18-WW", Thickness: 18, Length: float64(100 + i%900), Width: 300, Count: 2})
		}
		design := homedesign.Design{PlanID: "P1", Solutions: []homedesign.Solution{{Name: "厨房", Cabinets: []homedesign.Cabinet{{Name: "地柜", Panels: panels}}}}}
		f, err := s.ImportDesign(ctx, "kitchen.json", design, "SO202611240001", SourceReviewSheets)
		if err != nil {
			t.Fatal(err)
		}
		if f.Parts != 2500 || f.Pieces != 5000 || f.OrderNos != "SO202611240001" || f.Status != ImportImported {
			t.Fatalf("file %+v", f)
		}
		rows, n, err := s.ImportFileDetails(ctx, f.ID, 1000, 10)
		if err != nil || n != 2500 || len(rows) != 10 || rows[0].RowNo != 1001 || rows[0].Length != float64(100+1000%900) {
			t.Fatalf("rows %d of %d (%v): %+v", len(rows), n, err, rows[:1])
		}
		list, n, err := s.ListImportFiles(ctx, ImportFileQuery{Filter: "SO2026"})
		if err != nil || n != 1 || list[0].ID != f.ID {
			t.Fatalf("list %v %d %v", list, n, err)
		}
		if _, n, _ := s.ListImportFiles(other, ImportFileQuery{}); n != 0 {
			t.Fatalf("another tenant sees %d files", n)
		}
		if _, _, err := s.ImportFileDetails(other, f.ID, 0, 10); err == nil {
			t.Fatal("another tenant reads the rows")
		}
		if _, err := s.SaveImport(ctx, ImportInput{FileName: "empty.csv"}); err == nil {
			t.Fatal("an empty file was kept")
		}
		if err := s.DeleteImportFile(other, f.ID); err == nil {
			t.Fatal("another tenant deleted the file")
		}
		if err := s.DeleteImportFile(ctx, f.ID); err != nil {
			t.Fatal(err)
		}
		if _, n, _ := s.ListImportFiles(ctx, ImportFileQuery{}); n != 0 {
			t.Fatalf("%d files after delete", n)
		}
	})
}
