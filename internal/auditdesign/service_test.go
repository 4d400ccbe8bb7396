package auditdesign

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

func TestCreatedSheetsAreWaitingWithACreateLogAndListedByLevel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		ctx := f.user(&tenant, "sales", allPerms...)
		made := f.sheets(t, ctx, "SO001", 3)
		rows, n, err := f.svc.List(ctx, Query{SalesOrderID: &made[0].SalesOrderID, MaxResultCount: 500})
		if err != nil || n != 3 || len(rows) != 3 {
			t.Fatalf("list = %d rows, %d, %v", len(rows), n, err)
		}
		for i, r := range rows {
			if r.State != StateWaiting || r.LevelIndex != i+1 || r.SalesOrderNo != "SO001" {
				t.Fatalf("row %d = %+v", i, r)
			}
		}
		logs, err := f.svc.Logs(ctx, rows[0].ID)
		if err != nil || len(logs) != 1 || logs[0].OperationState != LogCreate || logs[0].OperationOperator != "sales" ||
			logs[0].RoleName != "reviewer,admin" {
			t.Fatalf("logs = %+v, %v", logs, err)
		}
		// another tenant sees none of them
		other := uuid.New()
		octx := f.user(&other, "x", allPerms...)
		if rows, n, err := f.svc.List(octx, Query{}); err != nil || n != 0 || len(rows) != 0 {
			t.Fatalf("other tenant's list = %d, %d, %v", len(rows), n, err)
		}
		if _, err := f.svc.Logs(octx, made[0].ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("other tenant's logs = %v", err)
		}
		if _, err := f.svc.Act(octx, ActionInput{Action: ActClaim, IDs: ids(made[:1])}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("other tenant's claim = %v", err)
		}
	})
}

func TestTheWorkflowMovesSheetsAndLogsEveryStep(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		sales := f.user(&tenant, "sales", PermEdit)
		rev := f.user(&tenant, "rev", allPerms...)
		rev2 := f.user(&tenant, "rev2", PermClaim)
		made := f.sheets(t, sales, "SO002", 2)
		all := ids(made)
		step := func(ctx context.Context, in ActionInput, want State) {
			t.Helper()
			rows, err := f.svc.Act(ctx, in)
			if err != nil {
				t.Fatalf("%s: %v", in.Action, err)
			}
			for _, r := range rows {
				if r.State != want {
					t.Fatalf("%s: state %d, want %d", in.Action, r.State, want)
				}
			}
		}
		step(rev, ActionInput{Action: ActClaim, IDs: all}, StateAuditing)
		if _, err := f.svc.Act(rev, ActionInput{Action: ActReject, IDs: all}); key(t, err) != "validation" {
			t.Fatalf("reject without a reason = %v", err)
		}
		step(rev, ActionInput{Action: ActReject, IDs: all[:1], Comment: "缺少尺寸"}, StateRejected)
		step(sales, ActionInput{Action: ActRevoke, IDs: all[:1], Comment: "改好了"}, StateRevoked)
		step(rev, ActionInput{Action: ActClaim, IDs: all[:1]}, StateAuditing)
		step(rev, ActionInput{Action: ActPass, IDs: all}, StatePassed)
		step(rev, ActionInput{Action: ActSendBack, IDs: all[1:]}, StateSentBack)
		step(rev, ActionInput{Action: ActAssign, IDs: all[1:], UserID: userID(rev2)}, StateAuditing)
		step(rev, ActionInput{Action: ActAssign, IDs: all[1:], UserID: userID(rev)}, StateAuditing) // transfer
		step(rev, ActionInput{Action: ActDiscard, IDs: all[1:]}, StateVoided)
		step(rev, ActionInput{Action: ActStartTaskDesign, IDs: all[:1]}, StatePassed)
		logs, err := f.svc.Logs(rev, all[0])
		if err != nil {
			t.Fatal(err)
		}
		var codes []LogCode
		for _, l := range logs {
			codes = append(codes, l.OperationState)
		}
		want := []LogCode{LogCreate, LogClaim, LogReject, LogRevoke, LogClaim, LogPass}
		if len(codes) != len(want) {
			t.Fatalf("codes = %v, want %v", codes, want)
		}
		for i := range want {
			if codes[i] != want[i] {
				t.Fatalf("codes = %v, want %v", codes, want)
			}
		}
		logs, _ = f.svc.Logs(rev, all[1])
		if got := logs[len(logs)-1]; got.OperationState != LogVoid || logs[len(logs)-2].OperationState != LogTransfer ||
			logs[len(logs)-3].OperationState != LogAssign {
			t.Fatalf("second sheet's logs = %+v", logs)
		}
		// assign to a user without the claim permission is refused
		made2 := f.sheets(t, sales, "SO003", 1)
		if _, err := f.svc.Act(rev, ActionInput{Action: ActAssign, IDs: ids(made2), UserID: userID(sales)}); key(t, err) != KeyAssigneeCannotClaim {
			t.Fatalf("assign to sales = %v", err)
		}
		mine, n, err := f.svc.List(rev, Query{ClaimedByMe: true})
		if err != nil || n != 2 || len(mine) != 2 { // the passed sheet and the voided one transferred back to rev
			t.Fatalf("claimed by me = %d rows, %d, %v", len(mine), n, err)
		}
	})
}

func TestABatchIsAllOrNothingAndNamesTheRefusedSheets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		rev := f.user(&tenant, "rev", allPerms...)
		made := f.sheets(t, rev, "SO010", 3)
		if _, err := f.svc.Act(rev, ActionInput{Action: ActClaim, IDs: ids(made[:1])}); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.Act(rev, ActionInput{Action: ActClaim, IDs: ids(made)})
		var ue *apperr.UserError
		if !errors.As(err, &ue) || ue.Key != KeyRefused || !strings.Contains(ue.Args[1].(string), "SO010/方案1") ||
			strings.Contains(ue.Args[1].(string), "方案2") {
			t.Fatalf("batch claim = %v", err)
		}
		rows, _, _ := f.svc.List(rev, Query{SalesOrderID: &made[0].SalesOrderID})
		for _, r := range rows[1:] {
			if r.State != StateWaiting {
				t.Fatalf("a refused batch moved %s to %d", r.AuditName, r.State)
			}
		}
		// without the permission: forbidden, nothing moves
		no := f.user(&tenant, "no", PermRead)
		if _, err := f.svc.Act(no, ActionInput{Action: ActClaim, IDs: ids(made[1:2])}); !errors.Is(err, apperr.ErrForbidden) {
			t.Fatalf("claim without permission = %v", err)
		}
		// a single sheet in the wrong state: the state in the message, localised
		_, err = f.svc.Act(rev, ActionInput{Action: ActPass, IDs: ids(made[1:2])})
		if !errors.As(err, &ue) || ue.Key != KeyStateNotAllowed || ue.Args[0] != "待审核" {
			t.Fatalf("pass of a waiting sheet = %v", err)
		}
	})
}

func TestOfTwoConcurrentClaimsExactlyOneWins(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		a := f.user(&tenant, "a", allPerms...)
		b := f.user(&tenant, "b", allPerms...)
		for round := 0; round < 5; round++ {
			made := f.sheets(t, a, "SO020", 1)
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, ctx := range []context.Context{a, b} {
				wg.Add(1)
				go func(i int, ctx context.Context) {
					defer wg.Done()
					_, errs[i] = f.svc.Act(ctx, ActionInput{Action: ActClaim, IDs: ids(made)})
				}(i, ctx)
			}
			wg.Wait()
			wins := 0
			for _, err := range errs {
				switch {
				case err == nil:
					wins++
				case errors.Is(err, apperr.ErrConflict), key(t, err) == KeyStateNotAllowed:
				default:
					t.Fatalf("claim error = %v", err)
				}
			}
			if wins != 1 {
				t.Fatalf("round %d: %d claims won (%v)", round, wins, errs)
			}
			logs, _ := f.svc.Logs(a, made[0].ID)
			if len(logs) != 2 {
				t.Fatalf("round %d: %d logs", round, len(logs))
			}
		}
	})
}

func TestSeparatePalletTakesOnlyDictionaryValues(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		ctx := f.user(&tenant, "rev", allPerms...)
		made := f.sheets(t, ctx, "SO030", 1)
		if _, err := f.svc.SetSeparatePallet(ctx, made[0].ID, "Z"); key(t, err) != KeyBadSeparatePallet {
			t.Fatalf("bad value = %v", err)
		}
		a, err := f.svc.SetSeparatePallet(ctx, made[0].ID, "A")
		if err != nil || a.SeparatePallet != "A" {
			t.Fatalf("set = %+v, %v", a, err)
		}
		other := uuid.New()
		if _, err := f.svc.SetSeparatePallet(f.user(&other, "x", allPerms...), made[0].ID, "B"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("other tenant = %v", err)
		}
	})
}

func TestAnOrderWhoseSheetsAllPassedRunsTheHookOnceAndAFailingHookUndoesThePass(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		rev := f.user(&tenant, "rev", allPerms...)
		var got []uuid.UUID
		fail := false
		f.svc.OnAllPassed(func(_ context.Context, _ bun.IDB, orderID uuid.UUID) error {
			if fail {
				return errors.New("order refused")
			}
			got = append(got, orderID)
			return nil
		})
		made := f.sheets(t, rev, "SO040", 3)
		if _, err := f.svc.Act(rev, ActionInput{Action: ActClaim, IDs: ids(made[:2])}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Act(rev, ActionInput{Action: ActDiscard, IDs: ids(made[2:])}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Act(rev, ActionInput{Action: ActPass, IDs: ids(made[:1])}); err != nil || len(got) != 0 {
			t.Fatalf("one of two passed: hook ran %d times, %v", len(got), err)
		}
		fail = true
		if _, err := f.svc.Act(rev, ActionInput{Action: ActPass, IDs: ids(made[1:2])}); err == nil {
			t.Fatal("a failing hook let the pass stand")
		}
		rows, _, _ := f.svc.List(rev, Query{SalesOrderID: &made[0].SalesOrderID})
		if rows[1].State != StateAuditing {
			t.Fatalf("a failing hook kept the pass: %d", rows[1].State)
		}
		fail = false
		if _, err := f.svc.Act(rev, ActionInput{Action: ActPass, IDs: ids(made[1:2])}); err != nil || len(got) != 1 || got[0] != made[0].SalesOrderID {
			t.Fatalf("all passed: hook ran for %v, %v", got, err)
		}
	})
}

func TestAnOrdersSheetsAreDeletedOnlyWhileAllWaitUnlessForced(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		rev := f.user(&tenant, "rev", allPerms...)
		made := f.sheets(t, rev, "SO050", 2)
		order := made[0].SalesOrderID
		if _, err := f.svc.Act(rev, ActionInput{Action: ActClaim, IDs: ids(made[1:])}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.DeleteSheets(rev, d, order, false); key(t, err) != KeySheetsInReview {
			t.Fatalf("delete with a claimed sheet = %v", err)
		}
		if _, n, _ := f.svc.List(rev, Query{SalesOrderID: &order}); n != 2 {
			t.Fatalf("a refused delete left %d sheets", n)
		}
		if err := f.svc.DeleteSheets(rev, d, order, true); err != nil {
			t.Fatal(err)
		}
		if _, n, _ := f.svc.List(rev, Query{SalesOrderID: &order}); n != 0 {
			t.Fatalf("forced delete left %d sheets", n)
		}
		waiting := f.sheets(t, rev, "SO051", 2)
		if err := f.svc.DeleteSheets(rev, d, waiting[0].SalesOrderID, false); err != nil {
			t.Fatalf("delete of waiting sheets = %v", err)
		}
	})
}

func TestTheClaimerMayTransferWithoutThePermissionOthersMayNot(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		tenant := uuid.New()
		lead := f.user(&tenant, "lead", allPerms...)
		r1 := f.user(&tenant, "r1", PermRead, PermClaim)
		r2 := f.user(&tenant, "r2", PermRead, PermClaim)
		made := f.sheets(t, lead, "SO060", 2)
		if _, err := f.svc.Act(r1, ActionInput{Action: ActClaim, IDs: ids(made[:1])}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Act(r2, ActionInput{Action: ActAssign, IDs: ids(made[:1]), UserID: userID(r2)}); !errors.Is(err, apperr.ErrForbidden) {
			t.Fatalf("r2 takes r1's sheet = %v", err)
		}
		if _, err := f.svc.Act(r1, ActionInput{Action: ActAssign, IDs: ids(made[1:]), UserID: userID(r2)}); !errors.Is(err, apperr.ErrForbidden) {
			t.Fatalf("r1 assigns a waiting sheet = %v", err)
		}
		rows, err := f.svc.Act(r1, ActionInput{Action: ActAssign, IDs: ids(made[:1]), UserID: userID(r2)})
		if err != nil || *rows[0].ClaimedBy != userID(r2) || rows[0].ClaimedByName != "r2" {
			t.Fatalf("r1 transfers to r2 = %+v, %v", rows, err)
		}
		logs, _ := f.svc.Logs(r1, made[0].ID)
		if l := logs[len(logs)-1]; l.OperationState != LogTransfer || l.OperationOperator != "r1" || l.Comment != "r2" {
			t.Fatalf("transfer log = %+v", l)
		}
	})
}
