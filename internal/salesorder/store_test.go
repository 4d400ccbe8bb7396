package salesorder

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// TestAnOutageIsNeverNotFound: with the database gone, every service method that reads a row
// answers an error that is not "not found" (the edge answers 500 and logs it), never a 404.
func TestAnOutageIsNeverNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := f.admin(newTenant())
		o := f.order(t, ctx, SalesOrderInput{})
		_ = d.Close()
		id := uuid.New()
		calls := map[string]func() error{
			"Get":             func() error { _, err := f.svc.Get(ctx, o.ID); return err },
			"GetOrder":        func() error { _, err := f.svc.GetOrder(ctx, o.ID); return err },
			"Update":          func() error { _, err := f.svc.Update(ctx, o.ID, UpdateSalesOrderInput{}); return err },
			"Delete":          func() error { return f.svc.Delete(ctx, o.ID) },
			"Move":            func() error { _, err := f.svc.Move(ctx, o.ID, StatusMoveInput{Action: ActionSubmit}); return err },
			"StatusLogs":      func() error { _, err := f.svc.StatusLogs(ctx, o.ID); return err },
			"SetLinesTotal":   func() error { _, err := f.svc.SetLinesTotal(ctx, d.DB, o.ID, "", dec(t, "1")); return err },
			"GetOrderType":    func() error { _, err := f.svc.GetOrderType(ctx, id); return err },
			"GetProductType":  func() error { _, err := f.svc.GetProductType(ctx, id); return err },
			"DeleteOrderType": func() error { return f.svc.DeleteOrderType(ctx, id) },
			"Files":           func() error { _, err := f.svc.Files(ctx, o.ID, ""); return err },
			"FileDownload":    func() error { _, err := f.svc.FileDownload(ctx, o.ID, id); return err },
			"DeleteFile":      func() error { return f.svc.DeleteFile(ctx, o.ID, id) },
			"Create": func() error {
				_, err := f.svc.Create(ctx, SalesOrderInput{OrderTypeID: o.OrderTypeID, CustomerName: "c"})
				return err
			},
		}
		for name, call := range calls {
			err := call()
			if err == nil || errors.Is(err, db.ErrNotFound) {
				t.Errorf("%s during an outage: %v", name, err)
			}
		}
	})
}
