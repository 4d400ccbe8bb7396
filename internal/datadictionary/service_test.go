package datadictionary

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func TestACodeIsUniquePerSideWithoutRegardToCase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		a, b := tenantCtx(newTenant()), tenantCtx(newTenant())
		first := dict(t, s, a, "Colour")
		for _, taken := range []string{"Colour", "colour", "COLOUR", " colour "} {
			_, err := s.CreateDictionary(a, CreateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: taken, DisplayName: "x"}})
			if got := fields(t, err)["code"]; got != KeyDuplicateCode {
				t.Errorf("create %q: %v", taken, err)
			}
		}
		other := dict(t, s, a, "Finish")
		_, err := s.UpdateDictionary(a, other.ID, UpdateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "COLOUR", DisplayName: "x"}})
		if fields(t, err)["code"] != KeyDuplicateCode {
			t.Fatalf("rename onto a taken code: %v", err)
		}
		// A dictionary may change the case of its own code; another side may have the code.
		must[*Dictionary](t)(s.UpdateDictionary(a, first.ID, UpdateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "COLOUR", DisplayName: "颜色"}}))
		dict(t, s, b, "colour")
		dict(t, s, tenantCtx(nil), "Colour")
		// A deleted dictionary's code is free again.
		if err := s.DeleteDictionary(a, first.ID); err != nil {
			t.Fatal(err)
		}
		dict(t, s, a, "colour")
	})
}

func TestDictionariesCreatedAtOnceWithOneCodeGiveOneRowAndClearRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		const n = 8
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			code := "Board"
			if i%2 == 1 {
				code = "BOARD"
			}
			wg.Go(func() {
				_, errs[i] = s.CreateDictionary(ctx, CreateDictionaryInput{
					DictionaryFieldsInput: DictionaryFieldsInput{Code: code, DisplayName: "板材"},
					Details:               []DetailFieldsInput{detail("A", "甲", 1)}})
			})
		}
		wg.Wait()
		created := 0
		for _, err := range errs {
			switch {
			case err == nil:
				created++
			case fields(t, err)["code"] != KeyDuplicateCode:
				t.Fatalf("unexpected: %v", err)
			}
		}
		rows, total := must2(t)(s.ListDictionaries(ctx, DictionaryQuery{Limit: 10}))
		if created != 1 || total != 1 || len(rows) != 1 {
			t.Fatalf("%d created, %d listed", created, total)
		}
		if got := must[[]Detail](t)(s.Details(ctx, "board")); len(got) != 1 {
			t.Fatalf("details of the one created: %v", got)
		}
	})
}

func must2(t *testing.T) func(rows []Dictionary, n int, err error) ([]Dictionary, int) {
	return func(rows []Dictionary, n int, err error) ([]Dictionary, int) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return rows, n
	}
}

func TestBadFieldsAreRefusedMemberByMemberAndNothingIsStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		_, err := s.CreateDictionary(ctx, CreateDictionaryInput{
			DictionaryFieldsInput: DictionaryFieldsInput{Code: "有 空格", DisplayName: " ", Description: strings.Repeat("d", MaxDescription+1)},
		})
		want := map[string]string{"code": KeyCodeFormat, "displayName": localization.KeyRequired, "description": localization.KeyTooLong}
		if got := fields(t, err); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("fields: %v", got)
		}
		// One bad detail refuses the whole dictionary, naming the detail.
		_, err = s.CreateDictionary(ctx, CreateDictionaryInput{
			DictionaryFieldsInput: DictionaryFieldsInput{Code: "Edge", DisplayName: "封边"},
			Details: []DetailFieldsInput{
				{Code: "A", Label: "甲", Value: "1", IsDefault: true},
				{Code: "a", Label: "乙", Value: "2"},
				{Code: "B", Label: "", Value: "3", Order: -1},
				{Code: "C", Label: "丙", Value: "4", IsDefault: true},
				{Code: "D", Label: "丁", Value: "5", IsDefault: true, IsEnable: no()},
			},
		})
		want = map[string]string{"details[1].code": KeyDuplicateDetail, "details[2].label": localization.KeyRequired,
			"details[2].order": KeyMin, "details[3].isDefault": KeyOneDefault, "details[4].isDefault": KeyDefaultDisabled}
		if got := fields(t, err); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("detail fields: %v", got)
		}
		if _, n := must2(t)(s.ListDictionaries(ctx, DictionaryQuery{Limit: 10})); n != 0 {
			t.Fatalf("%d dictionaries stored after refusals", n)
		}
		if _, err := s.Details(ctx, "Edge"); notFoundKey(t, err) != KeyCodeNotFound {
			t.Fatal(err)
		}
	})
}

func TestADictionaryIsCreatedWithItsDetailsInOneTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		got := dict(t, s, ctx, "Handle", detail("H128", "拉手 128", 2), detail("H160", "拉手 160", 1),
			DetailFieldsInput{Code: "H96", Label: "拉手 96", Value: "96", Order: 3, IsDefault: true, Description: " 小号 "})
		if got.IsStatic || got.Code != "Handle" || len(got.Details) != 3 {
			t.Fatalf("created: %+v", got)
		}
		if fmt.Sprint(labels(got.Details)) != "[拉手 160 拉手 128 拉手 96]" || !got.Details[2].IsDefault ||
			got.Details[2].Description != "小号" || !got.Details[0].IsEnable || got.Details[0].DataDictionaryID != got.ID {
			t.Fatalf("details: %+v", got.Details)
		}
		// A taken code refuses the dictionary and its details alike.
		_, err := s.CreateDictionary(ctx, CreateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "handle", DisplayName: "x"},
			Details: []DetailFieldsInput{detail("X", "x", 0)}})
		if fields(t, err)["code"] != KeyDuplicateCode {
			t.Fatal(err)
		}
		all := must[[]DictionaryWithDetails](t)(s.All(ctx))
		if len(all) != 1 || len(all[0].Details) != 3 {
			t.Fatalf("all: %+v", all)
		}
	})
}

func TestDetailsAreTheEnabledOnesInOrderThenLabelAndAnUnknownCodeIsNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dict(t, s, ctx, "Colour", detail("W", "白", 2), detail("B", "黑", 1), detail("A", "暗灰", 2))
		off := detail("R", "红", 0)
		off.IsEnable = no()
		must[*Detail](t)(s.AddItem(ctx, c.ID, off))
		got := must[[]Detail](t)(s.Details(ctx, "COLOUR"))
		if fmt.Sprint(labels(got)) != "[黑 暗灰 白]" {
			t.Fatalf("details: %v", labels(got))
		}
		if _, err := s.Details(ctx, "Nope"); notFoundKey(t, err) != KeyCodeNotFound {
			t.Fatalf("unknown code: %v", err)
		}
		// Another side does not see the dictionary.
		if _, err := s.Details(tenantCtx(newTenant()), "Colour"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant: %v", err)
		}
		// The admin list holds every detail, sortable and filtered.
		rows, n, err := s.ListDetails(ctx, DetailQuery{DataDictionaryID: c.ID, Limit: 2})
		if err != nil || n != 4 || fmt.Sprint(labels(rows)) != "[红 黑]" {
			t.Fatalf("list: %v %d %v", labels(rows), n, err)
		}
		rows, n, _ = s.ListDetails(ctx, DetailQuery{DataDictionaryID: c.ID, Sorting: "code desc", Filter: "v-", Limit: 10})
		if n != 4 || fmt.Sprint(labels(rows)) != "[白 红 黑 暗灰]" {
			t.Fatalf("sorted by code desc: %v", labels(rows))
		}
		if _, _, err := s.ListDetails(ctx, DetailQuery{DataDictionaryID: c.ID, Sorting: "password"}); fields(t, err)["sorting"] == "" {
			t.Fatal(err)
		}
		if _, _, err := s.ListDetails(ctx, DetailQuery{DataDictionaryID: uuid.New()}); notFoundKey(t, err) != KeyDictionaryNotFound {
			t.Fatal(err)
		}
	})
}

func TestADetailCodeIsUniqueWithinItsDictionary(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		a := dict(t, s, ctx, "A", detail("X", "x", 0), detail("Y", "y", 0))
		b := dict(t, s, ctx, "B", detail("x", "x", 0)) // another dictionary may use it
		if _, err := s.AddItem(ctx, a.ID, detail("x", "again", 0)); fields(t, err)["code"] != KeyDuplicateDetail {
			t.Fatalf("add: %v", err)
		}
		y := a.Details[1]
		_, err := s.UpdateDetail(ctx, y.ID, UpdateDetailInput{DetailFieldsInput: detail("X", "y", 0)})
		if fields(t, err)["code"] != KeyDuplicateDetail {
			t.Fatalf("update onto a taken code: %v", err)
		}
		must[*Detail](t)(s.UpdateDetail(ctx, y.ID, UpdateDetailInput{DetailFieldsInput: detail("y", "y2", 0)}))
		if err := s.DeleteDetail(ctx, a.Details[0].ID, nil); err != nil {
			t.Fatal(err)
		}
		must[*Detail](t)(s.AddItem(ctx, a.ID, detail("X", "x again", 0)))
		_, err = s.CreateDetail(ctx, CreateDetailInput{DataDictionaryID: uuid.New(), DetailFieldsInput: detail("Z", "z", 0)})
		if fields(t, err)["dataDictionaryId"] != KeyDictionaryNotFound {
			t.Fatalf("a body naming no dictionary: %v", err)
		}
		if _, err := s.AddItem(ctx, uuid.New(), detail("Z", "z", 0)); notFoundKey(t, err) != KeyDictionaryNotFound {
			t.Fatalf("a path naming no dictionary: %v", err)
		}
		_ = b
	})
}

func TestADictionaryHasAtMostOneDefaultAndItIsEnabled(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		first := detail("A", "甲", 1)
		first.IsDefault = true
		c := dict(t, s, ctx, "Q", first, detail("B", "乙", 2))
		defaults := func() []string {
			t.Helper()
			rows, _, err := s.ListDetails(ctx, DetailQuery{DataDictionaryID: c.ID})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				if r.IsDefault {
					out = append(out, r.Code)
				}
			}
			return out
		}
		nd := detail("C", "丙", 3)
		nd.IsDefault = true
		added := must[*Detail](t)(s.CreateDetail(ctx, CreateDetailInput{DataDictionaryID: c.ID, DetailFieldsInput: nd}))
		if got := defaults(); fmt.Sprint(got) != "[C]" {
			t.Fatalf("after adding a default: %v", got)
		}
		b := detail("B", "乙", 2)
		b.IsDefault = true
		must[*Detail](t)(s.UpdateDetail(ctx, c.Details[1].ID, UpdateDetailInput{DetailFieldsInput: b}))
		if got := defaults(); fmt.Sprint(got) != "[B]" {
			t.Fatalf("after updating to default: %v", got)
		}
		if def := must[*Detail](t)(s.Default(ctx, "q")); def == nil || def.Code != "B" {
			t.Fatalf("default: %+v", def)
		}
		// The default cannot be disabled while it is the default, nor a disabled one made it.
		b.IsEnable = no()
		if _, err := s.UpdateDetail(ctx, c.Details[1].ID, UpdateDetailInput{DetailFieldsInput: b}); fields(t, err)["isDefault"] != KeyDefaultDisabled {
			t.Fatalf("disable the default: %v", err)
		}
		off := detail("D", "丁", 4)
		off.IsDefault, off.IsEnable = true, no()
		if _, err := s.AddItem(ctx, c.ID, off); fields(t, err)["isDefault"] != KeyDefaultDisabled {
			t.Fatalf("a disabled default: %v", err)
		}
		// Details made default at the same moment leave one default.
		var wg sync.WaitGroup
		for _, id := range []uuid.UUID{c.Details[0].ID, added.ID, c.Details[1].ID} {
			wg.Go(func() {
				in := UpdateDetailInput{DetailFieldsInput: DetailFieldsInput{Code: "c" + id.String(), Label: "l", Value: "v", IsDefault: true}}
				if _, err := s.UpdateDetail(ctx, id, in); err != nil {
					t.Errorf("concurrent default: %v", err)
				}
			})
		}
		wg.Wait()
		if got := defaults(); len(got) != 1 {
			t.Fatalf("defaults after concurrent updates: %v", got)
		}
	})
}

func TestStaticDictionariesKeepTheirCodeAndCannotBeDeletedButTheirDetailsCanChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		if err := s.EnsureStatic(ctx); err != nil {
			t.Fatal(err)
		}
		all := must[[]DictionaryWithDetails](t)(s.All(ctx))
		if len(all) != 2 || all[0].Code != CodeQuotationType || all[1].Code != CodeSeparatePallet || !all[0].IsStatic || !all[1].IsStatic {
			t.Fatalf("static dictionaries: %+v", all)
		}
		def := must[*Detail](t)(s.Default(ctx, CodeQuotationType))
		if def == nil || def.Label != "出厂价" || def.Value != "出厂价" {
			t.Fatalf("the quotation type's default: %+v", def)
		}
		q := all[0]
		_, err := s.UpdateDictionary(ctx, q.ID, UpdateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "Quotation", DisplayName: "x"}})
		if fields(t, err)["code"] != KeyStaticCode {
			t.Fatalf("rename a static code: %v", err)
		}
		renamed := must[*Dictionary](t)(s.UpdateDictionary(ctx, q.ID, UpdateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: q.Code, DisplayName: "报价类型"}}))
		if renamed.DisplayName != "报价类型" || !renamed.IsStatic {
			t.Fatalf("renamed: %+v", renamed)
		}
		var ue *apperr.UserError
		if err := s.DeleteDictionary(ctx, q.ID); !errors.As(err, &ue) || ue.Key != KeyStaticDelete {
			t.Fatalf("delete a static dictionary: %v", err)
		}
		must[*Detail](t)(s.AddItem(ctx, q.ID, detail("Cost", "成本价", 9)))
		if err := s.DeleteDetail(ctx, q.Details[2].ID, &q.ID); err != nil {
			t.Fatal(err)
		}
		// Seeding again adds nothing and keeps the edits.
		if err := s.EnsureStatic(ctx); err != nil {
			t.Fatal(err)
		}
		got := must[[]Detail](t)(s.Details(ctx, CodeQuotationType))
		if fmt.Sprint(labels(got)) != "[出厂价 经销价 成本价]" {
			t.Fatalf("details after a second seed: %v", labels(got))
		}
		// A dictionary of a static code made by hand becomes static.
		other := tenantCtx(newTenant())
		hand := dict(t, s, other, "separatepallet", detail("X", "x", 0))
		if err := s.EnsureStatic(other); err != nil {
			t.Fatal(err)
		}
		g := must[*DictionaryWithDetails](t)(s.GetDictionary(other, hand.ID))
		if !g.IsStatic || len(g.Details) != 1 {
			t.Fatalf("hand-made SeparatePallet after the seed: %+v", g)
		}
	})
}

func TestAnItemOfAnotherDictionaryIsNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		a := dict(t, s, ctx, "A", detail("X", "x", 0))
		b := dict(t, s, ctx, "B", detail("Y", "y", 0))
		x := a.Details[0].ID
		if _, err := s.UpdateItem(ctx, b.ID, x, UpdateDetailInput{DetailFieldsInput: detail("X", "changed", 0)}); notFoundKey(t, err) != KeyDetailNotFound {
			t.Fatalf("update through another dictionary: %v", err)
		}
		if _, err := s.UpdateDetail(ctx, x, UpdateDetailInput{DataDictionaryID: &b.ID, DetailFieldsInput: detail("X", "changed", 0)}); notFoundKey(t, err) != KeyDetailNotFound {
			t.Fatalf("update naming another dictionary: %v", err)
		}
		if err := s.DeleteDetail(ctx, x, &b.ID); notFoundKey(t, err) != KeyDetailNotFound {
			t.Fatalf("delete through another dictionary: %v", err)
		}
		if got := must[[]Detail](t)(s.Details(ctx, "A")); fmt.Sprint(labels(got)) != "[x]" {
			t.Fatalf("a's details changed: %v", labels(got))
		}
		// Another tenant's detail is not found either.
		if _, err := s.UpdateItem(tenantCtx(newTenant()), a.ID, x, UpdateDetailInput{DetailFieldsInput: detail("X", "stolen", 0)}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant: %v", err)
		}
		if err := s.DeleteDictionary(tenantCtx(newTenant()), a.ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant deletes: %v", err)
		}
	})
}

func TestAStaleStampIsAConflict(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dict(t, s, ctx, "A", detail("X", "x", 0))
		stamp := c.ConcurrencyStamp
		must[*Dictionary](t)(s.UpdateDictionary(ctx, c.ID, UpdateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "A", DisplayName: "1"}, ConcurrencyStamp: stamp}))
		_, err := s.UpdateDictionary(ctx, c.ID, UpdateDictionaryInput{DictionaryFieldsInput: DictionaryFieldsInput{Code: "A", DisplayName: "2"}, ConcurrencyStamp: stamp})
		if !errors.Is(err, db.ErrConflict) {
			t.Fatalf("stale dictionary stamp: %v", err)
		}
		_, err = s.UpdateDetail(ctx, c.Details[0].ID, UpdateDetailInput{DetailFieldsInput: detail("X", "y", 0), ConcurrencyStamp: "old"})
		if !errors.Is(err, db.ErrConflict) {
			t.Fatalf("stale detail stamp: %v", err)
		}
	})
}

func TestDeletingADictionaryTakesItsDetails(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		c := dict(t, s, ctx, "A", detail("X", "x", 0))
		must[[]Detail](t)(s.Details(ctx, "A")) // cached
		if err := s.DeleteDictionary(ctx, c.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Details(ctx, "A"); notFoundKey(t, err) != KeyCodeNotFound {
			t.Fatalf("details of a deleted dictionary: %v", err)
		}
		if _, err := s.GetDetail(ctx, c.Details[0].ID); notFoundKey(t, err) != KeyDetailNotFound {
			t.Fatalf("a detail of a deleted dictionary: %v", err)
		}
		if err := s.DeleteDictionary(ctx, c.ID); notFoundKey(t, err) != KeyDictionaryNotFound {
			t.Fatalf("delete twice: %v", err)
		}
	})
}

func TestDictionariesAreListedFilteredSortedAndPaged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newService(t, d)
		ctx := tenantCtx(newTenant())
		for _, c := range []string{"Edge", "Board", "Colour", "Hinge", "Door_50"} {
			dict(t, s, ctx, c)
		}
		codes := func(q DictionaryQuery) []string {
			t.Helper()
			rows, _, err := s.ListDictionaries(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.Code)
			}
			return out
		}
		if got := codes(DictionaryQuery{Limit: 3}); fmt.Sprint(got) != "[Board Colour Door_50]" {
			t.Fatalf("first page: %v", got)
		}
		if got := codes(DictionaryQuery{Limit: 3, Skip: 3}); fmt.Sprint(got) != "[Edge Hinge]" {
			t.Fatalf("second page: %v", got)
		}
		if got := codes(DictionaryQuery{Sorting: "code desc", Limit: 2}); fmt.Sprint(got) != "[Hinge Edge]" {
			t.Fatalf("code desc: %v", got)
		}
		if got := codes(DictionaryQuery{Filter: "OOR", Limit: 9}); fmt.Sprint(got) != "[Door_50]" {
			t.Fatalf("filter: %v", got)
		}
		if got := codes(DictionaryQuery{Code: "o", DisplayName: "字典 C", Limit: 9}); fmt.Sprint(got) != "[Colour]" {
			t.Fatalf("code and name: %v", got)
		}
		for _, sorting := range []string{"displayName", "description desc", "isStatic", "creationTime desc"} {
			if got := codes(DictionaryQuery{Sorting: sorting, Limit: 9}); len(got) != 5 {
				t.Fatalf("%s: %v", sorting, got)
			}
		}
		if _, _, err := s.ListDictionaries(ctx, DictionaryQuery{Sorting: "tenant_id"}); fields(t, err)["sorting"] == "" {
			t.Fatal(err)
		}
	})
}

// TestTheCachedChoicesChangeOnEveryReplicaWhenADictionaryChanges: Details and All are cached
// per replica (a change behind the service's back, announced to no one, is not seen), and
// every change made through a service reaches every replica's cache.
func TestTheCachedChoicesChangeOnEveryReplicaWhenADictionaryChanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if err := d.Migrate(context.Background(), migrations); err != nil {
			t.Fatal(err)
		}
		busA := newBus(t, d)
		busB := busA // one process owns a SQLite file: its replicas share one bus
		if d.Kind == db.Postgres {
			busB = newBus(t, d)
		}
		a, b := NewService(d, busA), NewService(d, busB)
		silent := NewService(d, nil) // writes without announcing them
		ctx := tenantCtx(newTenant())
		c := dict(t, a, ctx, "Colour", detail("W", "白", 1))
		readBoth := func() (string, string) {
			t.Helper()
			x := must[[]Detail](t)(a.Details(ctx, "Colour"))
			y := must[[]DictionaryWithDetails](t)(b.All(ctx))
			return fmt.Sprint(labels(x)), fmt.Sprint(labels(y[0].Details))
		}
		if x, y := readBoth(); x != "[白]" || y != "[白]" {
			t.Fatalf("first read: %s %s", x, y)
		}
		must[*Detail](t)(silent.UpdateDetail(ctx, c.Details[0].ID, UpdateDetailInput{DetailFieldsInput: detail("W", "象牙白", 1)}))
		if x, y := readBoth(); x != "[白]" || y != "[白]" {
			t.Fatalf("an unannounced change was read, so nothing is cached: %s %s", x, y)
		}
		// A change through a replica reaches its own cache at once, the other's when the bus
		// delivers it.
		must[*Detail](t)(a.AddItem(ctx, c.ID, detail("K", "黑", 2)))
		if x := fmt.Sprint(labels(must[[]Detail](t)(a.Details(ctx, "colour")))); x != "[象牙白 黑]" {
			t.Fatalf("replica a after its own change: %s", x)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			all := must[[]DictionaryWithDetails](t)(b.All(ctx))
			if got := fmt.Sprint(labels(all[0].Details)); got == "[象牙白 黑]" {
				break
			} else if time.Now().After(deadline) {
				t.Fatalf("replica b never saw the change: %s", got)
			}
			time.Sleep(10 * time.Millisecond)
		}
		// Another side's cache is not dropped by this side's changes, nor shows them.
		other := tenantCtx(newTenant())
		if _, err := b.Details(other, "Colour"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another side: %v", err)
		}
		// What a caller does with the answer does not change the cache.
		got := must[[]Detail](t)(a.Details(ctx, "Colour"))
		got[0].Label = "changed by a caller"
		if again := must[[]Detail](t)(a.Details(ctx, "Colour")); slices.Contains(labels(again), "changed by a caller") {
			t.Fatal("the cache hands out its own slice")
		}
	})
}
