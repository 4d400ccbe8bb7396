package db_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// gadget is an audited row with columns of several kinds, a field renamed by its JSON tag
// and a secret the audit must never see.
type gadget struct {
	bun.BaseModel `bun:"table:test_gadgets"`
	db.Entity
	Name   string     `bun:"name,notnull" json:"name"`
	Price  float64    `bun:"price,notnull" json:"price"`
	Size   *int       `bun:"size" json:"size"`
	Note   string     `bun:"note,notnull" json:"remark"`
	SoldAt *time.Time `bun:"sold_at" json:"soldAt"`
	Secret string     `bun:"secret,notnull" json:"-" audit:"-"`
}

// plain is a table row without Entity: never recorded.
type plain struct {
	bun.BaseModel `bun:"table:test_plain"`
	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	Name          string    `bun:"name,notnull"`
}

// recordedChange is how the test recorder stores a change: in the transaction of the write,
// so a rollback takes it away too.
type recordedChange struct {
	bun.BaseModel `bun:"table:test_changes"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	Type          int        `bun:"type,notnull"`
	EntityType    string     `bun:"entity_type,notnull"`
	EntityID      uuid.UUID  `bun:"entity_id,type:uuid,notnull"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	Properties    string     `bun:"properties,notnull"` // JSON of []db.PropertyChange
	Seq           int        `bun:"seq,notnull"`
}

var changeMigrations = []db.Migration{{ID: "test/0001_gadgets", Up: db.DDL(`
CREATE TABLE "test_gadgets" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMP NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMP, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMP, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, "price" REAL NOT NULL,
	"size" INTEGER, "note" VARCHAR NOT NULL, "sold_at" TIMESTAMP, "secret" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE "test_plain" ("id" uuid NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE "test_changes" ("id" uuid NOT NULL, "type" INTEGER NOT NULL, "entity_type" VARCHAR NOT NULL, "entity_id" uuid NOT NULL,
	"tenant_id" uuid, "properties" VARCHAR NOT NULL, "seq" INTEGER NOT NULL, PRIMARY KEY ("id"))
`, `
CREATE TABLE "test_gadgets" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMPTZ NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, "price" DOUBLE PRECISION NOT NULL,
	"size" BIGINT, "note" VARCHAR NOT NULL, "sold_at" TIMESTAMPTZ, "secret" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE "test_plain" ("id" uuid NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE "test_changes" ("id" uuid NOT NULL, "type" INTEGER NOT NULL, "entity_type" VARCHAR NOT NULL, "entity_id" uuid NOT NULL,
	"tenant_id" uuid, "properties" VARCHAR NOT NULL, "seq" INTEGER NOT NULL, PRIMARY KEY ("id"))
`)}}

// tableRecorder stores changes in test_changes through the write's bun.IDB.
type tableRecorder struct {
	calls atomic.Int64
	seq   atomic.Int64
	fail  error
}

func (r *tableRecorder) RecordChanges(ctx context.Context, idb bun.IDB, changes []db.EntityChange) error {
	r.calls.Add(1)
	if r.fail != nil {
		return r.fail
	}
	rows := make([]recordedChange, len(changes))
	for i, c := range changes {
		props, err := json.Marshal(c.Properties)
		if err != nil {
			return err
		}
		rows[i] = recordedChange{ID: uuid.New(), Type: int(c.Type), EntityType: c.EntityType, EntityID: c.EntityID,
			TenantID: c.TenantID, Properties: string(props), Seq: int(r.seq.Add(1))}
	}
	_, err := idb.NewInsert().Model(&rows).Exec(ctx)
	return err
}

// change is a recorded change as the tests read it back.
type change struct {
	Type       db.ChangeType
	EntityType string
	EntityID   uuid.UUID
	TenantID   *uuid.UUID
	Props      map[string]db.PropertyChange
}

func recordedOn(t *testing.T, d *db.DB) []change {
	t.Helper()
	var rows []recordedChange
	if err := d.NewSelect().Model(&rows).Order("seq").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := make([]change, len(rows))
	for i, r := range rows {
		var props []db.PropertyChange
		if err := json.Unmarshal([]byte(r.Properties), &props); err != nil {
			t.Fatal(err)
		}
		out[i] = change{Type: db.ChangeType(r.Type), EntityType: r.EntityType, EntityID: r.EntityID, TenantID: r.TenantID,
			Props: map[string]db.PropertyChange{}}
		for _, p := range props {
			out[i].Props[p.Name] = p
		}
	}
	return out
}

// recording opens a migrated database per dialect with a tableRecorder set.
func recording(t *testing.T, fn func(t *testing.T, d *db.DB, r *tableRecorder)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if err := d.Migrate(context.Background(), changeMigrations); err != nil {
			t.Fatal(err)
		}
		r := &tableRecorder{}
		d.SetChangeRecorder(r)
		fn(t, d, r)
	})
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func TestInsertRecordsEveryPropertyAsCreated(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		tenant := uuid.New()
		ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant})
		size := 3
		sold := time.Date(2026, 3, 1, 9, 30, 0, 123456789, time.FixedZone("CST", 8*3600))
		g := &gadget{Name: "lamp", Price: 12.5, Size: &size, Note: "by the door", SoldAt: &sold, Secret: "hunter2"}
		if err := db.Insert(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		got := recordedOn(t, d)
		if len(got) != 1 {
			t.Fatalf("%d changes recorded, want 1", len(got))
		}
		c := got[0]
		if c.Type != db.ChangeCreated || c.EntityType != "db_test.gadget" || c.EntityID != g.ID || c.TenantID == nil || *c.TenantID != tenant {
			t.Fatalf("change %+v, want Created db_test.gadget %s in tenant %s", c, g.ID, tenant)
		}
		want := map[string]string{"name": `"lamp"`, "price": "12.5", "size": "3", "remark": `"by the door"`,
			"soldAt": `"2026-03-01T01:30:00.123456Z"`}
		if len(c.Props) != len(want) {
			t.Errorf("properties %v, want exactly %v", c.Props, want)
		}
		for name, v := range want {
			p, ok := c.Props[name]
			if !ok || p.Original != nil || str(p.New) != v {
				t.Errorf("%s: %+v (new %s), want new value %s and no original", name, p, str(p.New), v)
			}
		}
		if c.Props["soldAt"].Type != "time.Time" || c.Props["size"].Type != "int" || c.Props["name"].Type != "string" {
			t.Errorf("types: %+v", c.Props)
		}
	})
}

func TestInsertOfManyRowsRecordsThemInOneCall(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		rows := []*gadget{{Name: "a"}, {Name: "b"}, {Name: "c"}}
		if err := db.Insert(context.Background(), d, &rows); err != nil {
			t.Fatal(err)
		}
		got := recordedOn(t, d)
		if r.calls.Load() != 1 || len(got) != 3 {
			t.Fatalf("%d calls recorded %d changes, want one call with 3", r.calls.Load(), len(got))
		}
		for i, c := range got {
			if c.EntityID != rows[i].ID || str(c.Props["name"].New) != `"`+rows[i].Name+`"` {
				t.Errorf("change %d: %+v, want row %s", i, c, rows[i].ID)
			}
		}
	})
}

func TestUpdateRecordsOnlyChangedPropertiesWithTheValuesReadBefore(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		ctx := context.Background()
		size := 3
		g := &gadget{Name: "lamp", Price: 12.5, Size: &size, Note: "n"}
		if err := db.Insert(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		// The caller's copy is stale: the stored name is "desk lamp" now (written without
		// the data layer), so the recorded original is what the database held.
		if _, err := d.NewUpdate().Model((*gadget)(nil)).Set("name = ?", "desk lamp").Where("id = ?", g.ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		g.Name, g.Price, g.Secret = "floor lamp", 20, "new secret"
		if err := db.UpdateStamped(ctx, d, g, ""); err != nil {
			t.Fatal(err)
		}
		got := recordedOn(t, d)
		if len(got) != 2 {
			t.Fatalf("%d changes, want Created then Updated", len(got))
		}
		c := got[1]
		if c.Type != db.ChangeUpdated || c.EntityID != g.ID || len(c.Props) != 2 {
			t.Fatalf("update recorded %+v, want Updated with name and price only", c)
		}
		if p := c.Props["name"]; str(p.Original) != `"desk lamp"` || str(p.New) != `"floor lamp"` {
			t.Errorf("name %s → %s, want the stored value → the new one", str(p.Original), str(p.New))
		}
		if p := c.Props["price"]; str(p.Original) != "12.5" || str(p.New) != "20" {
			t.Errorf("price %s → %s", str(p.Original), str(p.New))
		}

		// Only the columns written are compared; a write that changes nothing records nothing.
		g.Note, g.Price = "changed but not written", 99
		if err := db.UpdateStamped(ctx, d, g, g.ConcurrencyStamp, "name"); err != nil {
			t.Fatal(err)
		}
		g.Secret = "only the secret changes"
		if err := db.UpdateStamped(ctx, d, g, "", "name", "secret"); err != nil {
			t.Fatal(err)
		}
		if got := recordedOn(t, d); len(got) != 2 {
			t.Fatalf("writes that changed no recorded property recorded %+v", got[2:])
		}
		g.Size = nil
		if err := db.UpdateStamped(ctx, d, g, g.ConcurrencyStamp, "size", "note"); err != nil {
			t.Fatal(err)
		}
		got = recordedOn(t, d)
		if c := got[len(got)-1]; len(c.Props) != 2 || str(c.Props["size"].Original) != "3" || str(c.Props["size"].New) != "null" ||
			str(c.Props["remark"].New) != `"changed but not written"` {
			t.Fatalf("size and note: %+v", c.Props)
		}

		// A refused update records nothing.
		n := len(got)
		if err := db.UpdateStamped(ctx, d, g, "stale", "name"); !errors.Is(err, db.ErrConflict) {
			t.Fatalf("stale stamp: %v", err)
		}
		if err := db.UpdateStamped(ctx, d, &gadget{Entity: db.Entity{ID: uuid.New()}, Name: "x"}, ""); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("missing row: %v", err)
		}
		if got := recordedOn(t, d); len(got) != n {
			t.Fatalf("refused updates recorded %+v", got[n:])
		}
	})
}

func TestATimeWrittenAgainAtTheSameInstantIsNoChange(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		ctx := context.Background()
		sold := time.Date(2026, 3, 1, 9, 30, 0, 123456100, time.UTC)
		g := &gadget{Name: "lamp", SoldAt: &sold}
		if err := db.Insert(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		same := sold.In(time.FixedZone("CST", 8*3600)).Add(300) // nanoseconds the databases do not keep
		g.SoldAt = &same
		if err := db.UpdateStamped(ctx, d, g, "", "sold_at"); err != nil {
			t.Fatal(err)
		}
		if got := recordedOn(t, d); len(got) != 1 {
			t.Fatalf("the same instant recorded as a change: %s → %s", str(got[1].Props["soldAt"].Original), str(got[1].Props["soldAt"].New))
		}
	})
}

func TestSoftDeleteRecordsTheValuesTheRowHeld(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		tenant := uuid.New()
		ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &tenant})
		g := &gadget{Name: "lamp", Price: 1, Secret: "s"}
		if err := db.Insert(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		if err := db.SoftDelete(ctx, d, &gadget{Entity: db.Entity{ID: g.ID}}); err != nil {
			t.Fatal(err)
		}
		got := recordedOn(t, d)
		if len(got) != 2 {
			t.Fatalf("%d changes, want Created then Deleted", len(got))
		}
		c := got[1]
		if c.Type != db.ChangeDeleted || c.EntityID != g.ID || c.TenantID == nil || *c.TenantID != tenant {
			t.Fatalf("delete recorded %+v", c)
		}
		if p := c.Props["name"]; str(p.Original) != `"lamp"` || p.New != nil {
			t.Errorf("name: %s → %s, want the held value and no new one", str(p.Original), str(p.New))
		}
		// Deleting it again (already gone) and another tenant's delete record nothing.
		other := uuid.New()
		if err := db.SoftDelete(tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: &other}), d, &gadget{Entity: db.Entity{ID: g.ID}}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant's delete: %v", err)
		}
		if err := db.SoftDelete(ctx, d, &gadget{Entity: db.Entity{ID: g.ID}}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		if got := recordedOn(t, d); len(got) != 2 {
			t.Fatalf("refused deletes recorded %+v", got[2:])
		}
	})
}

func TestSkippedFieldsNeverAppear(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		ctx := context.Background()
		g := &gadget{Name: "lamp", Secret: "hunter2"}
		if err := db.Insert(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		g.Name, g.Secret = "lamp 2", "hunter3"
		if err := db.UpdateStamped(ctx, d, g, g.ConcurrencyStamp); err != nil {
			t.Fatal(err)
		}
		if err := db.SoftDelete(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		var raw []string
		if err := d.NewSelect().Model((*recordedChange)(nil)).Column("properties").Scan(ctx, &raw); err != nil {
			t.Fatal(err)
		}
		if len(raw) != 3 {
			t.Fatalf("%d changes, want 3", len(raw))
		}
		for _, props := range raw {
			for _, never := range []string{"hunter", "secret", "concurrencyStamp", "lastModificationTime", "lastModifierId",
				"deletionTime", "deleterId", "isDeleted", "creationTime", "creatorId", "tenantId", g.ConcurrencyStamp} {
				if strings.Contains(props, never) {
					t.Errorf("%q recorded in %s", never, props)
				}
			}
		}
	})
}

func TestARolledBackWriteRecordsNothing(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		ctx := context.Background()
		kept := &gadget{Name: "kept"}
		if err := db.Insert(ctx, d, kept); err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := db.Insert(ctx, tx, &gadget{Name: "gone"}); err != nil {
				return err
			}
			kept.Name = "renamed"
			if err := db.UpdateStamped(ctx, tx, kept, ""); err != nil {
				return err
			}
			if err := db.SoftDelete(ctx, tx, kept); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if r.calls.Load() != 4 {
			t.Fatalf("the recorder was called %d times, want 4 (the writes did run)", r.calls.Load())
		}
		if got := recordedOn(t, d); len(got) != 1 || got[0].EntityID != kept.ID {
			t.Fatalf("after the rollback the recorded changes are %+v, want only the committed insert", got)
		}
	})
}

func TestAFailingRecorderFailsTheWriteAndLeavesNoRow(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		ctx := context.Background()
		r.fail = errors.New("audit tables unavailable")
		g := &gadget{Name: "lamp"}
		if err := db.Insert(ctx, d, g); !errors.Is(err, r.fail) {
			t.Fatalf("insert: %v, want the recorder's error", err)
		}
		if n, err := db.Select(ctx, d, (*gadget)(nil)).Count(ctx); err != nil || n != 0 {
			t.Fatalf("%d rows (%v): the write committed without its record", n, err)
		}
	})
}

func TestAWriteWithoutARecorderWorksAndRecordsNothing(t *testing.T) {
	recording(t, func(t *testing.T, recorded *db.DB, r *tableRecorder) {
		ctx := context.Background()
		// A second handle on the same database, without a recorder.
		d := dbtest.Open(t, recorded.URL)
		g := &gadget{Name: "lamp"}
		if err := db.Insert(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		g.Name = "lamp 2"
		if err := db.UpdateStamped(ctx, d, g, g.ConcurrencyStamp, "name"); err != nil {
			t.Fatal(err)
		}
		if err := db.SoftDelete(ctx, d, g); err != nil {
			t.Fatal(err)
		}
		if err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return db.Insert(ctx, tx, &gadget{Name: "in tx"}) }); err != nil {
			t.Fatal(err)
		}
		if r.calls.Load() != 0 || len(recordedOn(t, recorded)) != 0 {
			t.Fatalf("a database without a recorder recorded %d calls", r.calls.Load())
		}
		// Rows without Entity are never recorded, with a recorder either.
		if err := db.Insert(ctx, recorded, &plain{ID: uuid.New(), Name: "p"}); err != nil {
			t.Fatal(err)
		}
		// And a recorder removed records no more.
		recorded.SetChangeRecorder(nil)
		if err := db.Insert(ctx, recorded, &gadget{Name: "after"}); err != nil {
			t.Fatal(err)
		}
		if r.calls.Load() != 0 {
			t.Fatalf("recorded %d calls", r.calls.Load())
		}
	})
}

func TestLongValuesAreCut(t *testing.T) {
	recording(t, func(t *testing.T, d *db.DB, r *tableRecorder) {
		g := &gadget{Name: strings.Repeat("长", db.MaxChangeValueLength*2)}
		if err := db.Insert(context.Background(), d, g); err != nil {
			t.Fatal(err)
		}
		v := str(recordedOn(t, d)[0].Props["name"].New)
		if n := len([]rune(v)); n != db.MaxChangeValueLength || !strings.HasSuffix(v, "...") || !strings.HasPrefix(v, `"长长`) {
			t.Fatalf("a long value kept %d characters (%.20s…%s)", n, v, v[len(v)-5:])
		}
	})
}

func TestEntityTypeNameIsPackageDotType(t *testing.T) {
	if got := db.EntityTypeName(&gadget{}); got != "db_test.gadget" {
		t.Fatalf("EntityTypeName(*gadget) = %q", got)
	}
	if got := db.EntityTypeName(db.Entity{}); got != "db.Entity" {
		t.Fatalf("EntityTypeName(db.Entity) = %q", got)
	}
}
