package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"
	"weak"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/schema"
)

// Entity changes (spec 002 §3, "Audit change type"). Every row that embeds Entity and is
// written through Insert (Created), UpdateStamped (Updated) or SoftDelete (Deleted) is
// described as an EntityChange and handed to the ChangeRecorder of its database
// (SetChangeRecorder; platform/audit implements it) with the same bun.IDB, so the record
// commits or rolls back with the write. A write given the database itself (no
// transaction) runs in one transaction with its record. Without a recorder nothing is
// computed or recorded.
//
// What a change holds:
//   - EntityType: "<package>.<Type>" of the row's Go type, e.g. "identity.User",
//     "catalog.Product" (EntityTypeName).
//   - Properties: one per column, named as the API names it (the JSON name, e.g.
//     "name", "catalogId"; a field without one is named by its Go name in lower camel
//     case), typed by its Go type without pointer ("string", "time.Time", "uuid.UUID").
//     Values are JSON text ("\"Ada\"", "12", "null", times in UTC), at most
//     MaxChangeValueLength characters (longer ones are cut and end in "...").
//     Created gives every property's new value; Updated only the properties whose value
//     changed, with the value read before the update in the same transaction (a row
//     whose written columns did not change records nothing); Deleted every property's
//     value before the delete.
//   - Never recorded: Entity's own fields (id, tenant, creation, modification and
//     deletion times and users, the soft-delete flag, the concurrency stamp: the change
//     row itself says who, when and which row) and fields tagged `audit:"-"` (password
//     hashes, security stamps).

// ChangeType is the kind of an entity change.
type ChangeType int

// Change types, numbered as the spec's client expects.
const (
	ChangeCreated ChangeType = 0
	ChangeUpdated ChangeType = 1
	ChangeDeleted ChangeType = 2
)

// MaxChangeValueLength is the longest value, in characters, a property change keeps.
const MaxChangeValueLength = 512

// EntityChange is one write of one row.
type EntityChange struct {
	Type       ChangeType
	EntityType string // EntityTypeName of the row, e.g. "identity.User"
	EntityID   uuid.UUID
	TenantID   *uuid.UUID // the row's tenant; nil for the host
	Time       time.Time
	Properties []PropertyChange
}

// PropertyChange is one column of a changed row.
type PropertyChange struct {
	Name     string  // the API (JSON) name, e.g. "catalogId"
	Type     string  // the Go type without pointer, e.g. "string", "time.Time"
	Original *string // JSON text before the write; nil for Created
	New      *string // JSON text after the write; nil for Deleted
}

// ChangeRecorder stores entity changes. It is called with the bun.IDB of the write (a
// transaction), and its error fails the write.
type ChangeRecorder interface {
	RecordChanges(ctx context.Context, idb bun.IDB, changes []EntityChange) error
}

// recorders maps a database (weakly, so a closed and dropped one is forgotten) to its
// recorder. A transaction finds its database through the queries it starts.
var (
	recorders    sync.Map // weak.Pointer[bun.DB] → ChangeRecorder
	recorderSets atomic.Int64
)

// SetChangeRecorder makes Insert, UpdateStamped and SoftDelete record the entity changes of
// their writes on d, in d or in any of its transactions, through r; nil stops recording.
func (d *DB) SetChangeRecorder(r ChangeRecorder) {
	key := weak.Make(d.DB)
	if r == nil {
		recorders.Delete(key)
		return
	}
	if _, loaded := recorders.Swap(key, r); !loaded {
		recorderSets.Add(1)
		runtime.AddCleanup(d.DB, func(k weak.Pointer[bun.DB]) { recorders.Delete(k) }, key)
	}
}

// recorderOf answers the recorder of the database idb belongs to, or nil.
func recorderOf(idb bun.IDB) ChangeRecorder {
	if recorderSets.Load() == 0 {
		return nil
	}
	var b *bun.DB
	switch v := idb.(type) {
	case *DB:
		b = v.DB
	case *bun.DB:
		b = v
	default:
		b = idb.NewSelect().DB()
	}
	if r, ok := recorders.Load(weak.Make(b)); ok {
		return r.(ChangeRecorder)
	}
	return nil
}

// withRecording runs fn in a transaction when idb is the database itself, so a write and
// its record commit together; in a transaction it runs fn there.
func withRecording(ctx context.Context, idb bun.IDB, fn func(ctx context.Context, idb bun.IDB) error) error {
	if d, ok := idb.(*DB); ok {
		return d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, tx) })
	}
	return fn(ctx, idb)
}

// EntityTypeName names the Go type of v (a value, a pointer or a reflect.Type) as entity
// changes record it: the last element of its package path, a dot and the type's name,
// e.g. "identity.User".
func EntityTypeName(v any) string {
	t, ok := v.(reflect.Type)
	if !ok {
		t = reflect.TypeOf(v)
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	pkg := t.PkgPath()
	if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
		pkg = pkg[i+1:]
	}
	return pkg + "." + t.Name()
}

// audited describes a row type that embeds Entity: its name and recorded columns.
type audited struct {
	name  string
	entry int // index of the embedded Entity field
	props []auditedProp
	byCol map[string]*auditedProp
}

type auditedProp struct {
	name, typ, column string
	index             []int
}

var (
	auditedTypes sync.Map // reflect.Type → *audited (nil: not an Entity row)
	entityType   = reflect.TypeFor[Entity]()
	stampedType  = reflect.TypeFor[Stamped]()
)

// auditedOf answers how rows of struct type t are recorded, or nil when t does not embed
// Entity.
func auditedOf(idb bun.IDB, t reflect.Type) *audited {
	if v, ok := auditedTypes.Load(t); ok {
		return v.(*audited)
	}
	var a *audited
	if t.Kind() == reflect.Struct && reflect.PointerTo(t).Implements(stampedType) {
		a = newAudited(idb.Dialect().Tables().Get(t))
	}
	v, _ := auditedTypes.LoadOrStore(t, a)
	return v.(*audited)
}

func newAudited(table *schema.Table) *audited {
	t := table.Type
	a := &audited{name: EntityTypeName(t), entry: -1, byCol: map[string]*auditedProp{}}
	for i := range t.NumField() {
		if f := t.Field(i); f.Anonymous && f.Type == entityType {
			a.entry = i
		}
	}
	for _, f := range table.Fields {
		if len(f.Index) > 1 && f.Index[0] == a.entry {
			continue // Entity's own bookkeeping
		}
		if f.StructField.Tag.Get("audit") == "-" {
			continue
		}
		a.props = append(a.props, auditedProp{name: propertyName(f.StructField), typ: f.IndirectType.String(),
			column: f.Name, index: f.Index})
	}
	for i := range a.props {
		a.byCol[a.props[i].column] = &a.props[i]
	}
	return a
}

// propertyName is the field's JSON name, or its Go name in lower camel case.
func propertyName(sf reflect.StructField) string {
	if name, _, _ := strings.Cut(sf.Tag.Get("json"), ","); name != "" && name != "-" {
		return name
	}
	r, size := utf8.DecodeRuneInString(sf.Name)
	return string(unicode.ToLower(r)) + sf.Name[size:]
}

// value answers the JSON text of p's value in the row v (a struct).
func (p *auditedProp) value(v reflect.Value) string {
	f, err := v.FieldByIndexErr(p.index)
	if err != nil { // a nil embedded pointer: no value
		return "null"
	}
	return jsonText(f)
}

// jsonText encodes v as JSON, with times in UTC to the microsecond (as the databases keep
// them) and nil slices and maps as empty ones (as they read back), so that a value read
// back from the database encodes as the value that was written.
func jsonText(v reflect.Value) string {
	var x any
	switch {
	case v.Kind() == reflect.Pointer && v.IsNil():
		return "null"
	case v.Kind() == reflect.Slice && v.IsNil() && v.Type().Elem().Kind() != reflect.Uint8:
		return "[]"
	case v.Kind() == reflect.Map && v.IsNil():
		return "{}"
	}
	x = v.Interface()
	switch t := x.(type) {
	case time.Time:
		x = t.UTC().Truncate(time.Microsecond)
	case *time.Time:
		x = t.UTC().Truncate(time.Microsecond)
	}
	b, err := json.Marshal(x)
	if err != nil {
		b, _ = json.Marshal(fmt.Sprint(x))
	}
	return string(b)
}

// clip cuts s to MaxChangeValueLength characters, ending a cut value in "...".
func clip(s string) *string {
	if utf8.RuneCountInString(s) > MaxChangeValueLength {
		r := []rune(s)
		s = string(r[:MaxChangeValueLength-3]) + "..."
	}
	return &s
}

// structs calls fn with every struct of model (a struct, or a slice of structs or of
// pointers to them, behind any pointers) and its type.
func structs(model any, fn func(v reflect.Value)) {
	v := reflect.ValueOf(model)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Struct:
		fn(v)
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			e := v.Index(i)
			for e.Kind() == reflect.Pointer || e.Kind() == reflect.Interface {
				if e.IsNil() {
					break
				}
				e = e.Elem()
			}
			if e.Kind() == reflect.Struct {
				fn(e)
			}
		}
	}
}

// modelType answers the struct type of model's rows, or nil.
func modelType(model any) reflect.Type {
	t := reflect.TypeOf(model)
	for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	return t
}

func (a *audited) entity(v reflect.Value) *Entity {
	return v.Field(a.entry).Addr().Interface().(*Entity)
}

// created describes the inserted rows of model.
func (a *audited) created(model any, at time.Time) []EntityChange {
	var out []EntityChange
	structs(model, func(v reflect.Value) {
		e := a.entity(v)
		c := EntityChange{Type: ChangeCreated, EntityType: a.name, EntityID: e.ID, TenantID: e.TenantID, Time: at,
			Properties: make([]PropertyChange, 0, len(a.props))}
		for i := range a.props {
			p := &a.props[i]
			c.Properties = append(c.Properties, PropertyChange{Name: p.name, Type: p.typ, New: clip(p.value(v))})
		}
		out = append(out, c)
	})
	return out
}

// columns answers the recorded columns among written (all of them when none is given).
func (a *audited) columns(written []string) []*auditedProp {
	if len(written) == 0 {
		out := make([]*auditedProp, len(a.props))
		for i := range a.props {
			out[i] = &a.props[i]
		}
		return out
	}
	var out []*auditedProp
	for _, c := range written {
		if p, ok := a.byCol[strings.Trim(c, `"`)]; ok {
			out = append(out, p)
		}
	}
	return out
}

// readBefore reads the row with id as the write will see it (scoped like the write, and
// locked on PostgreSQL until the transaction ends), only the columns of props and the
// tenant. It answers nil when there is no such row.
func (a *audited) readBefore(ctx context.Context, idb bun.IDB, t reflect.Type, id uuid.UUID, props []*auditedProp) (reflect.Value, error) {
	old := reflect.New(t)
	cols := make([]string, 0, len(props)+1)
	cols = append(cols, "tenant_id")
	for _, p := range props {
		cols = append(cols, p.column)
	}
	q := Select(ctx, idb, old.Interface()).Column(cols...).Where("?TableAlias.id = ?", id)
	if idb.Dialect().Name() == dialect.PG {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return reflect.Value{}, nil
		}
		return reflect.Value{}, fmt.Errorf("read row before the write: %w", err)
	}
	return old.Elem(), nil
}

// updated describes the update of row from old; ok is false when nothing recorded changed.
func (a *audited) updated(old, row reflect.Value, props []*auditedProp, at time.Time) (EntityChange, bool) {
	c := EntityChange{Type: ChangeUpdated, EntityType: a.name, EntityID: a.entity(row).ID, TenantID: a.entity(old).TenantID, Time: at}
	for _, p := range props {
		before, after := p.value(old), p.value(row)
		if before != after {
			c.Properties = append(c.Properties, PropertyChange{Name: p.name, Type: p.typ, Original: clip(before), New: clip(after)})
		}
	}
	return c, len(c.Properties) > 0
}

// deleted describes the deletion of the row read as old.
func (a *audited) deleted(old reflect.Value, id uuid.UUID, at time.Time) EntityChange {
	c := EntityChange{Type: ChangeDeleted, EntityType: a.name, EntityID: id, TenantID: a.entity(old).TenantID, Time: at,
		Properties: make([]PropertyChange, 0, len(a.props))}
	for i := range a.props {
		p := &a.props[i]
		c.Properties = append(c.Properties, PropertyChange{Name: p.name, Type: p.typ, Original: clip(p.value(old))})
	}
	return c
}
