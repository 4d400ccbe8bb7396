package salesorder

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/expr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

func dec(t *testing.T, s string) expr.Decimal {
	t.Helper()
	d, err := sheetmap.ParseDec(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestOrdersAreNumberedPerSideAndDayWithoutGaps(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		a, b := f.admin(newTenant()), f.admin(newTenant())
		today := time.Now().Format("20060102")
		first := f.order(t, a, SalesOrderInput{})
		second := f.order(t, a, SalesOrderInput{})
		other := f.order(t, b, SalesOrderInput{})
		if first.SalesOrderID != "SO"+today+"0001" || second.SalesOrderID != "SO"+today+"0002" {
			t.Fatalf("numbers %s %s", first.SalesOrderID, second.SalesOrderID)
		}
		if other.SalesOrderID != "SO"+today+"0001" {
			t.Fatalf("another tenant counts on its own: %s", other.SalesOrderID)
		}
		if first.Status != StatusDraft || first.CreatorName != "admin" || first.OrderDate == nil {
			t.Fatalf("new order: %+v", first)
		}

		// Orders created at the same moment still get one number each, in sequence.
		const n = 12
		var wg sync.WaitGroup
		got := make([]string, n)
		errs := make([]error, n)
		typ := f.orderType(t, a, "CONC")
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				o, err := f.svc.Create(a, SalesOrderInput{OrderTypeID: typ, CustomerName: fmt.Sprint("c", i)})
				if err == nil {
					got[i] = o.SalesOrderID
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		sort.Strings(got)
		for i, num := range got {
			if want := fmt.Sprintf("SO%s%04d", today, i+3); num != want {
				t.Fatalf("concurrent numbers %v: #%d %s, want %s", got, i, num, want)
			}
		}

		// A new day starts again at 1.
		defer func(old func() time.Time) { now = old }(now)
		now = func() time.Time { return time.Now().AddDate(0, 0, 1) }
		next := f.order(t, a, SalesOrderInput{})
		if want := "SO" + time.Now().AddDate(0, 0, 1).Format("20060102") + "0001"; next.SalesOrderID != want {
			t.Fatalf("next day: %s, want %s", next.SalesOrderID, want)
		}
	})
}

func TestAmountsAreDerivedWithExactDecimalsAndNeverReadFromTheOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := f.admin(newTenant())
		o := f.order(t, ctx, SalesOrderInput{DiscountTotal: 0.1, LogisticsPrice: 0.2, PayTotal: 10.005, Bill: 3.14159})
		// Inputs are rounded to 2 places (half away from zero); with no lines the total is 0.
		if o.DiscountTotal != 0.1 || o.LogisticsPrice != 0.2 || o.PayTotal != 10.01 || o.Bill != 3.14 {
			t.Fatalf("inputs: %+v", o)
		}
		if o.TotalPrice != 0 || o.TotalSumPrice != 0.1 || o.DifferencePrice != -9.91 {
			t.Fatalf("derived of an empty order: total %v sum %v diff %v", o.TotalPrice, o.TotalSumPrice, o.DifferencePrice)
		}

		// The lines' total: 1234.565 rounds to 1234.57; sum = 1234.57 - 0.1 + 0.2; difference = sum - 10.01.
		tx := d.DB
		got := must[*SalesOrder](t)(f.svc.SetLinesTotal(ctx, tx, o.ID, o.ConcurrencyStamp, dec(t, "1234.565")))
		if got.TotalPrice != 1234.57 || got.TotalSumPrice != 1234.67 || got.DifferencePrice != 1224.66 {
			t.Fatalf("derived: total %v sum %v diff %v", got.TotalPrice, got.TotalSumPrice, got.DifferencePrice)
		}
		if got.ConcurrencyStamp == o.ConcurrencyStamp {
			t.Fatal("the stamp is renewed")
		}
		stored := must[*SalesOrder](t)(f.svc.Get(ctx, o.ID))
		if stored.TotalPrice != 1234.57 || stored.TotalSumPrice != 1234.67 || stored.DifferencePrice != 1224.66 {
			t.Fatalf("stored: %+v", stored)
		}

		// A stale stamp is the platform's concurrency error; none is not checked.
		_, err := f.svc.SetLinesTotal(ctx, tx, o.ID, o.ConcurrencyStamp, dec(t, "1"))
		if !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		must[*SalesOrder](t)(f.svc.SetLinesTotal(ctx, tx, o.ID, "", dec(t, "0.3")))

		// An update recomputes from the stored total, whatever the amounts were.
		up := must[*SalesOrder](t)(f.svc.Update(ctx, o.ID, UpdateSalesOrderInput{SalesOrderInput: SalesOrderInput{
			OrderTypeID: o.OrderTypeID, CustomerName: "客户", DiscountTotal: 0.1, LogisticsPrice: 0.2, PayTotal: 0.3}}))
		if up.TotalPrice != 0.3 || up.TotalSumPrice != 0.4 || up.DifferencePrice != 0.1 {
			t.Fatalf("after update: total %v sum %v diff %v", up.TotalPrice, up.TotalSumPrice, up.DifferencePrice)
		}

		// Another tenant's order, or a missing one, is not found.
		_, err = f.svc.SetLinesTotal(f.admin(newTenant()), tx, o.ID, "", dec(t, "1"))
		if !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant's order: %v", err)
		}
		// Lines of a confirmed order no longer change.
		f.moveTo(t, ctx, must[*SalesOrder](t)(f.svc.Get(ctx, o.ID)), StatusConfirmed)
		_, err = f.svc.SetLinesTotal(ctx, tx, o.ID, "", dec(t, "1"))
		if userKey(t, err) != KeyLinesLocked {
			t.Fatalf("confirmed: %v", err)
		}
	})
}

func TestLinesChangeOnlyWhileDraftOrSubmittedAndTheMessageNamesTheStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := localization.WithCulture(f.admin(newTenant()), localization.En)
		for _, st := range Statuses {
			o := f.moveTo(t, ctx, f.order(t, ctx, SalesOrderInput{}), st)
			err := f.svc.LinesEditable(ctx, o)
			if st == StatusDraft || st == StatusSubmitted {
				if err != nil {
					t.Fatalf("%d: %v", st, err)
				}
				continue
			}
			var ue *apperr.UserError
			if !errors.As(err, &ue) || ue.Key != KeyLinesLocked || ue.Args[0] != texts[statusKey(st)].En {
				t.Fatalf("%d: %v", st, err)
			}
		}
	})
}

func TestEveryStatusMoveIsAllowedOnlyFromItsStatusAndOnlyWithItsPermission(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := newTenant()
		admin := f.admin(tenant)
		allowed := map[Status]map[Action]Status{}
		for _, tr := range transitions {
			if allowed[tr.from] == nil {
				allowed[tr.from] = map[Action]Status{}
			}
			allowed[tr.from][tr.action] = tr.to
		}
		for _, st := range Statuses {
			for _, a := range Actions {
				t.Run(fmt.Sprintf("%d-%s", st, a), func(t *testing.T) {
					o := f.moveTo(t, admin, f.order(t, admin, SalesOrderInput{}), st)
					before := must[[]StatusLog](t)(f.svc.StatusLogs(admin, o.ID))
					perm, _ := actionPerm(a)
					others := []string{PermOrders}
					for _, p := range allPerms {
						if p != perm {
							others = append(others, p)
						}
					}
					// Without the move's own permission: forbidden, nothing changed.
					_, err := f.svc.Move(f.user(tenant, "clerk", others...), o.ID, StatusMoveInput{Action: a})
					if !errors.Is(err, apperr.ErrForbidden) {
						t.Fatalf("without %s: %v", perm, err)
					}
					with := f.user(tenant, "reviewer", PermOrders, perm)
					to, ok := allowed[st][a]
					got, err := f.svc.Move(with, o.ID, StatusMoveInput{Action: a, Comment: " ok "})
					if !ok {
						if userKey(t, err) != KeyMoveNotAllowed {
							t.Fatalf("not allowed: %v", err)
						}
						if now := must[*SalesOrder](t)(f.svc.Get(admin, o.ID)); now.Status != st || now.ConcurrencyStamp != o.ConcurrencyStamp {
							t.Fatalf("a refused move changed the order: %+v", now)
						}
						if after := must[[]StatusLog](t)(f.svc.StatusLogs(admin, o.ID)); len(after) != len(before) {
							t.Fatal("a refused move was logged")
						}
						return
					}
					if err != nil || got.Status != to {
						t.Fatalf("allowed move: %v %+v", err, got)
					}
					logs := must[[]StatusLog](t)(f.svc.StatusLogs(admin, o.ID))
					last := logs[len(logs)-1]
					if len(logs) != len(before)+1 || last.FromStatus != st || last.ToStatus != to || last.Action != a ||
						last.Comment != "ok" || last.UserName != "reviewer" || last.UserID == nil || last.CreationTime.IsZero() {
						t.Fatalf("log: %+v", last)
					}
				})
			}
		}
	})
}

func TestAMoveChecksTheStampTheSubmitChecksAndAnswersTheAllowedMoves(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := newTenant()
		admin := f.admin(tenant)
		o := f.order(t, admin, SalesOrderInput{})
		clerk := f.user(tenant, "clerk", PermOrders, PermOrdersSubmit, PermOrdersCancel)
		got := must[*SalesOrder](t)(f.svc.GetOrder(clerk, o.ID))
		if fmt.Sprint(got.AllowedActions) != "[submit cancel]" {
			t.Fatalf("a clerk's moves of a draft: %v", got.AllowedActions)
		}
		if a := must[*SalesOrder](t)(f.svc.GetOrder(f.user(tenant, "reader", PermOrders), o.ID)).AllowedActions; len(a) != 0 {
			t.Fatalf("a reader's moves: %v", a)
		}

		_, err := f.svc.Move(clerk, o.ID, StatusMoveInput{Action: ActionSubmit, ConcurrencyStamp: "stale"})
		if !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		refused := apperr.User("Lines:RequiredEmpty")
		var checked *SalesOrder
		f.svc.OnSubmit(func(ctx context.Context, o *SalesOrder) error { checked = o; return refused })
		_, err = f.svc.Move(clerk, o.ID, StatusMoveInput{Action: ActionSubmit})
		if !errors.Is(err, refused) || checked == nil || checked.ID != o.ID {
			t.Fatalf("submit check: %v", err)
		}
		if now := must[*SalesOrder](t)(f.svc.Get(admin, o.ID)); now.Status != StatusDraft {
			t.Fatal("a refused submit changed the status")
		}
		_, err = f.svc.Move(clerk, o.ID, StatusMoveInput{Action: "approve"})
		if fields(t, err)["action"] != KeyUnknownAction {
			t.Fatalf("unknown action: %v", err)
		}
		_, err = f.svc.Move(clerk, o.ID, StatusMoveInput{Action: ActionCancel, Comment: strings.Repeat("x", MaxComment+1)})
		if fields(t, err)["comment"] != localization.KeyTooLong {
			t.Fatalf("long comment: %v", err)
		}
		_, err = f.svc.Move(clerk, uuid.New(), StatusMoveInput{Action: ActionCancel})
		if !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("missing order: %v", err)
		}
	})
}

func TestOnlyDraftsAreDeletedAndOnlyDraftsAndSubmittedOrdersEdited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := f.admin(newTenant())
		for _, st := range Statuses {
			o := f.moveTo(t, ctx, f.order(t, ctx, SalesOrderInput{}), st)
			_, err := f.svc.Update(ctx, o.ID, UpdateSalesOrderInput{SalesOrderInput: SalesOrderInput{OrderTypeID: o.OrderTypeID, CustomerName: "新客户"}})
			if st == StatusDraft || st == StatusSubmitted {
				if err != nil {
					t.Fatalf("edit %d: %v", st, err)
				}
			} else if userKey(t, err) != KeyNotEditable {
				t.Fatalf("edit %d: %v", st, err)
			}
			err = f.svc.Delete(ctx, o.ID)
			if st == StatusDraft {
				if err != nil {
					t.Fatal(err)
				}
				if _, err := f.svc.Get(ctx, o.ID); !errors.Is(err, db.ErrNotFound) {
					t.Fatalf("deleted draft: %v", err)
				}
			} else if userKey(t, err) != KeyDraftsOnlyDeleted {
				t.Fatalf("delete %d: %v", st, err)
			}
		}
		o := f.order(t, ctx, SalesOrderInput{})
		_, err := f.svc.Update(ctx, o.ID, UpdateSalesOrderInput{ConcurrencyStamp: "stale",
			SalesOrderInput: SalesOrderInput{OrderTypeID: o.OrderTypeID, CustomerName: "x"}})
		if !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		up := must[*SalesOrder](t)(f.svc.Update(ctx, o.ID, UpdateSalesOrderInput{ConcurrencyStamp: o.ConcurrencyStamp,
			SalesOrderInput: SalesOrderInput{OrderTypeID: o.OrderTypeID, CustomerName: " 新 ", IsUrgent: true, PayDate: day("2024-05-01")}}))
		if up.CustomerName != "新" || !up.IsUrgent || up.PayDate == nil || up.OrderDate == nil || up.SalesOrderID != o.SalesOrderID {
			t.Fatalf("updated: %+v", up)
		}
		if err := f.svc.Delete(f.admin(newTenant()), o.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant deletes: %v", err)
		}
	})
}

func TestOrderFieldsAreCheckedAndNothingIsStoredWhenOneIsWrong(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := newTenant()
		ctx := f.admin(tenant)
		typ := f.orderType(t, ctx, "STD")
		off := must[*OrderType](t)(f.svc.CreateOrderType(ctx, TypeInput{Code: "OFF", Name: "停用", IsEnable: new(false)}))
		pt := must[*ProductType](t)(f.svc.CreateProductType(ctx, TypeInput{Code: "CAB", Name: "橱柜"}))
		foreign := f.orderType(t, f.admin(newTenant()), "STD")
		cases := []struct {
			name string
			in   SalesOrderInput
			want map[string]string
		}{
			{"required", SalesOrderInput{CustomerName: "  "}, map[string]string{"customerName": localization.KeyRequired, "orderTypeId": localization.KeyRequired}},
			{"lengths", SalesOrderInput{OrderTypeID: typ, CustomerName: strings.Repeat("名", MaxCustomerName+1),
				DealerName: strings.Repeat("d", MaxDealerName+1), CustomerAddress: strings.Repeat("a", MaxAddress+1),
				Remark: strings.Repeat("r", MaxRemark+1), CustomerPhone: strings.Repeat("1", MaxPhone+1)},
				map[string]string{"customerName": localization.KeyTooLong, "dealerName": localization.KeyTooLong,
					"customerAddress": localization.KeyTooLong, "remark": localization.KeyTooLong, "customerPhone": localization.KeyTooLong}},
			{"phone", SalesOrderInput{OrderTypeID: typ, CustomerName: "c", CustomerPhone: "call me"}, map[string]string{"customerPhone": KeyPhoneInvalid}},
			{"phone digits", SalesOrderInput{OrderTypeID: typ, CustomerName: "c", CustomerPhone: "(1)"}, map[string]string{"customerPhone": KeyPhoneInvalid}},
			{"amounts", SalesOrderInput{OrderTypeID: typ, CustomerName: "c", DiscountTotal: -1, PayTotal: 1e13},
				map[string]string{"discountTotal": KeyNegative, "payTotal": KeyAmountTooLarge}},
			{"missing type", SalesOrderInput{OrderTypeID: uuid.New(), CustomerName: "c"}, map[string]string{"orderTypeId": KeyOrderTypeNotFound}},
			{"another tenant's type", SalesOrderInput{OrderTypeID: foreign, CustomerName: "c"}, map[string]string{"orderTypeId": KeyOrderTypeNotFound}},
			{"disabled type", SalesOrderInput{OrderTypeID: off.ID, CustomerName: "c"}, map[string]string{"orderTypeId": KeyTypeDisabled}},
			{"missing product type", SalesOrderInput{OrderTypeID: typ, CustomerName: "c", ProductTypeID: &typ}, map[string]string{"productTypeId": KeyProductTypeNotFound}},
		}
		for _, c := range cases {
			_, err := f.svc.Create(ctx, c.in)
			if got := fields(t, err); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("%s: %v, want %v", c.name, got, c.want)
			}
		}
		if _, n, _ := f.svc.List(ctx, OrderQuery{Limit: 10}); n != 0 {
			t.Fatalf("%d orders stored", n)
		}
		o := f.order(t, ctx, SalesOrderInput{OrderTypeID: typ, ProductTypeID: &pt.ID, CustomerPhone: "+86 (571) 8888-0000"})
		if o.OrderTypeName != "STD" || o.ProductTypeName != "橱柜" {
			t.Fatalf("names: %q %q", o.OrderTypeName, o.ProductTypeName)
		}
		// A type disabled after the order was made may stay on it, but not be chosen anew.
		must[*OrderType](t)(f.svc.UpdateOrderType(ctx, typ, TypeInput{Code: "STD", Name: "STD", IsEnable: new(false)}))
		must[*SalesOrder](t)(f.svc.Update(ctx, o.ID, UpdateSalesOrderInput{SalesOrderInput: SalesOrderInput{OrderTypeID: typ, CustomerName: "c"}}))
		zero := uuid.Nil
		up := must[*SalesOrder](t)(f.svc.Update(ctx, o.ID, UpdateSalesOrderInput{SalesOrderInput: SalesOrderInput{OrderTypeID: typ, CustomerName: "c", ProductTypeID: &zero}}))
		if up.ProductTypeID != nil {
			t.Fatal("the all-zero product type clears it")
		}
	})
}

func TestTypesHaveUniqueCodesWithoutRegardToCaseAndAreNotDeletedWhileUsed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := f.admin(newTenant())
		pt := must[*ProductType](t)(f.svc.CreateProductType(ctx, TypeInput{Code: "Door", Name: "门板", Sort: 2}))
		if !pt.IsEnable {
			t.Fatal("a new type is enabled")
		}
		_, err := f.svc.CreateProductType(ctx, TypeInput{Code: "DOOR", Name: "x"})
		if fields(t, err)["code"] != KeyTypeCodeTaken {
			t.Fatalf("taken code: %v", err)
		}
		// The same code in another tenant, or as an order type, is free.
		must[*ProductType](t)(f.svc.CreateProductType(f.admin(newTenant()), TypeInput{Code: "DOOR", Name: "x"}))
		must[*OrderType](t)(f.svc.CreateOrderType(ctx, TypeInput{Code: "DOOR", Name: "x"}))
		_, err = f.svc.CreateProductType(ctx, TypeInput{Code: "", Name: strings.Repeat("n", MaxTypeName+1), Sort: -1})
		if got := fields(t, err); got["code"] != localization.KeyRequired || got["name"] != localization.KeyTooLong || got["sort"] != localization.KeyMinimum {
			t.Fatalf("bad input: %v", got)
		}
		other := must[*ProductType](t)(f.svc.CreateProductType(ctx, TypeInput{Code: "CAB", Name: "橱柜", Sort: 1}))
		_, err = f.svc.UpdateProductType(ctx, other.ID, TypeInput{Code: "door", Name: "x"})
		if fields(t, err)["code"] != KeyTypeCodeTaken {
			t.Fatalf("update to a taken code: %v", err)
		}
		_, err = f.svc.UpdateProductType(ctx, other.ID, TypeInput{Code: "CAB", Name: "x", ConcurrencyStamp: "stale"})
		if !errors.Is(err, apperr.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		rows, n := must2[[]ProductType](t)(f.svc.ListProductTypes(ctx, TypeQuery{Limit: 10}))
		if n != 2 || rows[0].Code != "CAB" || rows[1].Code != "Door" {
			t.Fatalf("sorted by sort: %+v", rows)
		}
		rows, _ = must2[[]ProductType](t)(f.svc.ListProductTypes(ctx, TypeQuery{Filter: "门", Limit: 10}))
		if len(rows) != 1 || rows[0].ID != pt.ID {
			t.Fatalf("filter: %+v", rows)
		}
		if _, _, err := f.svc.ListProductTypes(ctx, TypeQuery{Sorting: "remark"}); fields(t, err)["sorting"] != localization.KeySortingNotAllowed {
			t.Fatalf("sorting: %v", err)
		}

		o := f.order(t, ctx, SalesOrderInput{ProductTypeID: &pt.ID})
		if userKey(t, f.svc.DeleteProductType(ctx, pt.ID)) != KeyTypeInUse {
			t.Fatal("a type in use was deleted")
		}
		if userKey(t, f.svc.DeleteOrderType(ctx, o.OrderTypeID)) != KeyTypeInUse {
			t.Fatal("an order type in use was deleted")
		}
		if err := f.svc.Delete(ctx, o.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.DeleteProductType(ctx, pt.ID); err != nil {
			t.Fatal(err)
		}
		// A deleted type's code is free again.
		must[*ProductType](t)(f.svc.CreateProductType(ctx, TypeInput{Code: "DOOR", Name: "门板"}))
		if _, err := f.svc.GetProductType(ctx, pt.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleted: %v", err)
		}
	})
}

func must2[T any](t *testing.T) func(v T, n int, err error) (T, int) {
	return func(v T, n int, err error) (T, int) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v, n
	}
}

func TestTheListFiltersEveryFieldByItsTypeScopesAndSorts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := newTenant()
		admin := f.admin(tenant)
		clerk := f.user(tenant, "clerk", PermOrders, PermOrdersCreate, PermOrdersSubmit)
		typ := f.orderType(t, admin, "STD")
		proj := f.orderType(t, admin, "PRJ")
		a := f.order(t, admin, SalesOrderInput{OrderTypeID: typ, CustomerName: "王先生", DealerName: "杭州展厅", PayTotal: 100,
			PayDate: day("2024-05-01"), IsUrgent: true, IsShip: true})
		b := f.order(t, clerk, SalesOrderInput{OrderTypeID: proj, CustomerName: "李女士", DealerName: "宁波展厅", PayTotal: 250.5,
			PayDate: day("2024-05-02"), CustomerPhone: "13900000002"})
		c := f.order(t, admin, SalesOrderInput{OrderTypeID: typ, CustomerName: "张先生 100%", PayTotal: 1000})
		f.moveTo(t, admin, c, StatusShipped)
		must[*SalesOrder](t)(f.svc.SetLinesTotal(admin, d.DB, a.ID, "", dec(t, "500")))
		f.order(t, f.admin(newTenant()), SalesOrderInput{CustomerName: "王先生"}) // another tenant's

		ids := func(ctx context.Context, q OrderQuery) string {
			t.Helper()
			q.Limit = 50
			rows, n := must2[[]SalesOrder](t)(f.svc.List(ctx, q))
			if n != len(rows) {
				t.Fatalf("count %d for %d rows", n, len(rows))
			}
			var out []string
			for _, r := range rows {
				switch r.ID {
				case a.ID:
					out = append(out, "a")
				case b.ID:
					out = append(out, "b")
				case c.ID:
					out = append(out, "c")
				default:
					out = append(out, "?")
				}
			}
			return strings.Join(out, ",")
		}
		parse := func(kv ...string) OrderQuery {
			t.Helper()
			m := map[string]string{}
			for i := 0; i < len(kv); i += 2 {
				m[kv[i]] = kv[i+1]
			}
			var q OrderQuery
			if err := ParseFilters(func(k string) string { return m[k] }, &q); err != nil {
				t.Fatal(err)
			}
			return q
		}
		cases := []struct {
			name string
			ctx  context.Context
			q    OrderQuery
			want string
		}{
			{"all, newest first", admin, OrderQuery{}, "c,b,a"},
			{"filter", admin, OrderQuery{Filter: "先生"}, "c,a"},
			{"filter escapes %", admin, OrderQuery{Filter: "100%"}, "c"},
			{"filter by phone", admin, OrderQuery{Filter: "0002"}, "b"},
			{"own", clerk, OrderQuery{Scope: ScopeOwn}, "b"},
			{"pending of a clerk (submit from draft)", clerk, OrderQuery{Scope: ScopePending}, "b,a"},
			{"pending of a shipper", f.user(tenant, "s", PermOrders, PermOrdersClose), OrderQuery{Scope: ScopePending}, "c"},
			{"pending of a reader", f.user(tenant, "r", PermOrders), OrderQuery{Scope: ScopePending}, ""},
			{"history", admin, OrderQuery{Scope: ScopeHistory}, "c"},
			{"status", admin, OrderQuery{Statuses: []Status{StatusDraft}}, "b,a"},
			{"order type", admin, OrderQuery{OrderTypeID: &proj}, "b"},
			{"text", admin, parse("dealerName", "杭州"), "a"},
			{"number min", admin, parse("payTotalMin", "250.5"), "c,b"},
			{"number range", admin, parse("payTotalMin", "100", "payTotalMax", "250.5"), "b,a"},
			{"derived number", admin, parse("totalPriceMin", "1"), "a"},
			{"day range inclusive", admin, parse("paydateFrom", "2024-05-01", "paydateTo", "2024-05-01"), "a"},
			{"day to", admin, parse("paydateTo", "2024-05-02"), "b,a"},
			{"a day in the caller's offset", admin, parse("paydateFrom", "2024-05-01T00:00:00+08:00", "paydateTo", "2024-05-01T00:00:00+08:00"), "a"},
			{"the next day in the caller's offset", admin, parse("paydateFrom", "2024-05-02T00:00:00+08:00"), "b"},
			{"boolean", admin, parse("isUrgent", "true"), "a"},
			{"boolean false", admin, parse("isUrgent", "false"), "c,b"},
			{"IsShip", admin, parse("IsShip", "true"), "a"},
			{"sorting", admin, OrderQuery{Sorting: "payTotal desc"}, "c,b,a"},
			{"sorting by a date", admin, OrderQuery{Sorting: "paydate", Statuses: []Status{StatusDraft}}, "a,b"},
		}
		for _, c := range cases {
			if got := ids(c.ctx, c.q); got != c.want {
				t.Errorf("%s: %s, want %s", c.name, got, c.want)
			}
		}
		for _, bad := range [][]string{{"payTotalMin", "x"}, {"paydateFrom", "May 1"}, {"isH5", "maybe"}} {
			var q OrderQuery
			err := ParseFilters(func(k string) string {
				if k == bad[0] {
					return bad[1]
				}
				return ""
			}, &q)
			if _, ok := fields(t, err)[bad[0]]; !ok {
				t.Errorf("%v: %v", bad, err)
			}
		}
		if _, _, err := f.svc.List(admin, OrderQuery{Sorting: "remark"}); fields(t, err)["sorting"] != localization.KeySortingNotAllowed {
			t.Fatalf("sorting: %v", err)
		}
		if _, _, err := f.svc.List(admin, OrderQuery{Scope: "mine"}); fields(t, err)["scope"] != KeyBadScope {
			t.Fatalf("scope: %v", err)
		}
		rows, n := must2[[]SalesOrder](t)(f.svc.List(admin, OrderQuery{Limit: 2, Skip: 1}))
		if n != 3 || len(rows) != 2 || rows[0].ID != b.ID || rows[1].OrderTypeName != "STD" {
			t.Fatalf("page 2: %d %+v", n, rows)
		}
	})
}

func TestAnotherTenantsOrdersAreNeverSeen(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		mine, theirs := f.admin(newTenant()), f.admin(newTenant())
		o := f.order(t, mine, SalesOrderInput{})
		for name, err := range map[string]error{
			"get":    func() error { _, err := f.svc.Get(theirs, o.ID); return err }(),
			"update": func() error { _, err := f.svc.Update(theirs, o.ID, UpdateSalesOrderInput{}); return err }(),
			"move":   func() error { _, err := f.svc.Move(theirs, o.ID, StatusMoveInput{Action: ActionSubmit}); return err }(),
			"logs":   func() error { _, err := f.svc.StatusLogs(theirs, o.ID); return err }(),
			"files":  func() error { _, err := f.svc.Files(theirs, o.ID, ""); return err }(),
		} {
			if !errors.Is(err, db.ErrNotFound) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if _, n := must2[[]SalesOrder](t)(f.svc.List(theirs, OrderQuery{Limit: 10})); n != 0 {
			t.Fatalf("another tenant lists %d", n)
		}
	})
}

// The steps of OnDelete run inside the deleting transaction: what one writes is kept only
// when the delete commits, and one that fails leaves the order (and every step's writes)
// in place.
func TestDeleteStepsRunInTheDeletingTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := f.admin(newTenant())
		o := f.order(t, ctx, SalesOrderInput{Remark: "原备注"})
		fail := errors.New("step failed")
		var failing bool
		var seen []uuid.UUID
		f.svc.OnDelete(func(ctx context.Context, tx bun.IDB, o *SalesOrder) error {
			seen = append(seen, o.ID)
			o.Remark = "changed by a step"
			return f.svc.store.with(tx).updateOrder(ctx, o, "", "remark")
		})
		f.svc.OnDelete(func(context.Context, bun.IDB, *SalesOrder) error {
			if failing {
				return fail
			}
			return nil
		})

		failing = true
		if err := f.svc.Delete(ctx, o.ID); !errors.Is(err, fail) {
			t.Fatalf("a failing step: %v", err)
		}
		kept := must[*SalesOrder](t)(f.svc.Get(ctx, o.ID))
		if kept.Remark != "原备注" || kept.ConcurrencyStamp != o.ConcurrencyStamp {
			t.Fatalf("after a failed delete: remark %q, stamp %s (was %s)", kept.Remark, kept.ConcurrencyStamp, o.ConcurrencyStamp)
		}

		failing = false
		if err := f.svc.Delete(ctx, o.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Get(ctx, o.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleted: %v", err)
		}
		if len(seen) != 2 || seen[0] != o.ID {
			t.Fatalf("steps ran for %v", seen)
		}
		// A refused delete (not a draft) runs no step.
		sub := f.moveTo(t, ctx, f.order(t, ctx, SalesOrderInput{}), StatusSubmitted)
		if userKey(t, f.svc.Delete(ctx, sub.ID)) != KeyDraftsOnlyDeleted || len(seen) != 2 {
			t.Fatalf("steps of a refused delete: %v", seen)
		}
	})
}
