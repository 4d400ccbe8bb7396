package audit_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/audit"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// note is an audited row of the tests, as wide as a catalogue item.
type note struct {
	bun.BaseModel `bun:"table:test_notes"`
	db.Entity
	Text     string    `bun:"text,notnull" json:"text"`
	Code     string    `bun:"code,notnull" json:"code"`
	Color    string    `bun:"color,notnull" json:"color"`
	Unit     string    `bun:"unit,notnull" json:"unit"`
	Length   float64   `bun:"length,notnull" json:"length"`
	Width    float64   `bun:"width,notnull" json:"width"`
	Height   float64   `bun:"height,notnull" json:"height"`
	Price    float64   `bun:"price,notnull" json:"price"`
	IsEnable bool      `bun:"is_enable,notnull" json:"isEnable"`
	FolderID uuid.UUID `bun:"folder_id,type:uuid,notnull" json:"folderId"`
}

var noteMigrations = []db.Migration{{ID: "test/0001_notes", Up: db.DDL(`
CREATE TABLE "test_notes" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMP NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMP, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMP, "concurrency_stamp" VARCHAR NOT NULL, "text" VARCHAR NOT NULL, "code" VARCHAR NOT NULL, "color" VARCHAR NOT NULL, "unit" VARCHAR NOT NULL,
	"length" REAL NOT NULL, "width" REAL NOT NULL, "height" REAL NOT NULL, "price" REAL NOT NULL, "is_enable" BOOLEAN NOT NULL,
	"folder_id" uuid NOT NULL, PRIMARY KEY ("id"))
`, `
CREATE TABLE "test_notes" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMPTZ NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ, "concurrency_stamp" VARCHAR NOT NULL, "text" VARCHAR NOT NULL, "code" VARCHAR NOT NULL, "color" VARCHAR NOT NULL, "unit" VARCHAR NOT NULL,
	"length" DOUBLE PRECISION NOT NULL, "width" DOUBLE PRECISION NOT NULL, "height" DOUBLE PRECISION NOT NULL,
	"price" DOUBLE PRECISION NOT NULL, "is_enable" BOOLEAN NOT NULL, "folder_id" uuid NOT NULL, PRIMARY KEY ("id"))
`)}}

func withNotes(t testing.TB, d *db.DB) {
	t.Helper()
	ctx := context.Background()
	if err := d.Migrate(ctx, audit.Migrations); err != nil {
		t.Fatal(err)
	}
	if err := d.Migrate(ctx, noteMigrations); err != nil {
		t.Fatal(err)
	}
	d.SetChangeRecorder(audit.NewRecorder())
}

// TestAReadThatChangedAnEntityIsLoggedWithItsChanges: the entity changes of a request carry
// the id of its log, and a GET that changed an entity is logged although reads are not;
// a GET whose change rolled back, or that only read, is not.
func TestAReadThatChangedAnEntityIsLoggedWithItsChanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		withNotes(t, d)
		ctx := context.Background()
		w := audit.NewWriter(d, false)
		go w.Run()
		defer w.Close()
		h := w.Middleware(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			ctx := r.Context()
			var err error
			switch r.URL.Path {
			case "/api/write-on-read":
				n := &note{Text: "made by a GET"}
				if err = db.Insert(ctx, d, n); err == nil {
					n.Text = "changed by the same GET"
					err = db.UpdateStamped(ctx, d, n, n.ConcurrencyStamp)
				}
			case "/api/rolled-back":
				err = d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
					if err := db.Insert(ctx, tx, &note{Text: "never"}); err != nil {
						return err
					}
					return errors.New("changed my mind")
				})
				if err.Error() == "changed my mind" {
					err = nil // the handler answers 200: only the rollback matters here
				}
			case "/api/read-only":
				_, err = db.Select(ctx, d, (*note)(nil)).Count(ctx)
			}
			if err != nil {
				rw.WriteHeader(http.StatusInternalServerError)
				return
			}
			rw.WriteHeader(http.StatusOK)
		}))
		for _, p := range []string{"/api/write-on-read", "/api/rolled-back", "/api/read-only"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: %d", p, rec.Code)
			}
		}
		w.Flush()
		var logs []audit.Log
		if err := d.NewSelect().Model(&logs).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if len(logs) != 1 || logs[0].URL != "/api/write-on-read" {
			t.Fatalf("logged %v, want only the GET that changed an entity", methods(logs))
		}
		var changes []audit.EntityChange
		if err := d.NewSelect().Model(&changes).Order("change_time").Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if len(changes) != 2 || changes[0].ChangeType != db.ChangeCreated || changes[1].ChangeType != db.ChangeUpdated {
			t.Fatalf("changes %+v, want Created and Updated (nothing of the rolled-back insert)", changes)
		}
		for _, c := range changes {
			if c.AuditLogID == nil || *c.AuditLogID != logs[0].ID || c.EntityTypeFullName != "audit_test.note" {
				t.Errorf("change %+v does not name the request's log %s", c, logs[0].ID)
			}
		}
		var props []audit.PropertyChange
		if err := d.NewSelect().Model(&props).Where("entity_change_id = ?", changes[1].ID).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if len(props) != 1 || props[0].PropertyName != "text" || props[0].PropertyTypeFullName != "string" ||
			props[0].OriginalValue == nil || *props[0].OriginalValue != `"made by a GET"` ||
			props[0].NewValue == nil || *props[0].NewValue != `"changed by the same GET"` {
			t.Fatalf("property changes %+v", props)
		}
	})
}

// TestChangesOutsideARequestHaveNoLog: a seed or a job writes changes without an audit log.
func TestChangesOutsideARequestHaveNoLog(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		withNotes(t, d)
		ctx := context.Background()
		if err := db.Insert(ctx, d, &note{Text: "seeded"}); err != nil {
			t.Fatal(err)
		}
		var c audit.EntityChange
		if err := d.NewSelect().Model(&c).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if c.AuditLogID != nil || audit.LogID(ctx) != nil {
			t.Fatalf("a change outside a request names log %v", c.AuditLogID)
		}
	})
}

// BenchmarkInsert1000 prints what recording entity changes costs an import: 1,000 rows
// inserted in one transaction, as two statements of 500 (the catalogue's batch), with and
// without the recorder, and 1,000 rows inserted one by one. Compare the with/without pairs:
//
//	go test -run '^$' -bench Insert1000 ./internal/platform/audit/
func BenchmarkInsert1000(b *testing.B) {
	for dialect, url := range dbtest.Dialects(b) {
		for _, withRecorder := range []bool{false, true} {
			for _, batched := range []bool{true, false} {
				name := fmt.Sprintf("%s/batch=%v/recorder=%v", dialect, batched, withRecorder)
				b.Run(name, func(b *testing.B) {
					d := dbtest.Open(b, url)
					withNotes(b, d)
					if !withRecorder {
						d.SetChangeRecorder(nil)
					}
					ctx := context.Background()
					b.ResetTimer()
					for range b.N {
						rows := make([]note, 1000)
						for i := range rows {
							rows[i] = note{Text: fmt.Sprintf("imported row %d with a name of ordinary length", i),
								Code: fmt.Sprintf("IMP-%05d", i), Color: "oak", Unit: "pcs", Length: 600, Width: 580, Height: 720,
								Price: 1280.5, IsEnable: true, FolderID: uuid.New()}
						}
						err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
							if batched {
								for start := 0; start < len(rows); start += 500 {
									chunk := rows[start : start+500]
									if err := db.Insert(ctx, tx, &chunk); err != nil {
										return err
									}
								}
								return nil
							}
							for i := range rows {
								if err := db.Insert(ctx, tx, &rows[i]); err != nil {
									return err
								}
							}
							return nil
						})
						if err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/1000rows")
				})
			}
		}
	}
}
