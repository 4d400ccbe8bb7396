package tenantdb

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Topic is the bus topic announcing that a tenant's connection strings changed (payload: the
// tenant id): every replica forgets the tenant's database and resolves it anew.
const Topic = "tenantdb.strings"

// openTimeout bounds the trial opening of a connection string before it is stored.
const openTimeout = 10 * time.Second

// Tenants finds a tenant whatever ctx's tenant (identity's service).
type Tenants interface {
	GetTenant(ctx context.Context, id uuid.UUID) (tenancy.Tenant, error)
}

// Service keeps the tenants' connection strings, resolves a tenant's database for
// platform/db and moves a tenant's rows into its own database.
type Service struct {
	db         *db.DB
	bus        *bus.Bus
	tenants    Tenants
	dataDir    string
	migrations func() []db.Migration
}

// host is ctx acting as the host: connection strings are host rows.
func host(ctx context.Context) context.Context { return tenancy.WithTenant(ctx, tenancy.Tenant{}) }

// Get answers tenant id's connection strings.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*ConnectionStrings, error) {
	if _, err := s.tenants.GetTenant(ctx, id); err != nil {
		return nil, err
	}
	rows, err := s.rows(host(ctx), s.db, id)
	if err != nil {
		return nil, err
	}
	out := &ConnectionStrings{Databases: []Database{}}
	for _, r := range rows {
		if r.Name == DefaultName {
			out.Default, out.Active = r.Value, r.Active
			continue
		}
		out.Databases = append(out.Databases, Database{DatabaseName: r.Name, ConnectionString: r.Value})
	}
	return out, nil
}

func (s *Service) rows(ctx context.Context, idb bun.IDB, id uuid.UUID) ([]ConnectionString, error) {
	var rows []ConnectionString
	err := db.Select(ctx, idb, &rows).Where("?TableAlias.owner_tenant_id = ?", id).OrderExpr("?TableAlias.name").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read connection strings: %w", err)
	}
	return rows, nil
}

// Update replaces tenant id's connection strings with in, all or nothing. Each is checked
// (its form for this installation's database, and that the Default opens); the Default of a
// tenant whose rows live there already cannot change.
func (s *Service) Update(ctx context.Context, id uuid.UUID, in UpdateInput) (*ConnectionStrings, error) {
	if _, err := s.tenants.GetTenant(ctx, id); err != nil {
		return nil, err
	}
	hctx := host(ctx)
	want, err := s.check(ctx, in)
	if err != nil {
		return nil, err
	}
	err = s.db.InTx(hctx, func(ctx context.Context, tx bun.Tx) error {
		rows, err := s.rows(ctx, tx, id)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		for i := range rows {
			r := &rows[i]
			v, keep := want[r.Name]
			switch {
			case r.Name == DefaultName && r.Active && v != r.Value:
				return apperr.Invalid("default", KeyActiveDefault)
			case !keep:
				if _, err := db.Delete(ctx, tx, r).WherePK().Exec(ctx); err != nil {
					return fmt.Errorf("delete connection string: %w", err)
				}
			case v != r.Value:
				r.Value, r.LastModificationTime = v, &now
				if _, err := db.Update(ctx, tx, r).WherePK().Column("value", "last_modification_time").Exec(ctx); err != nil {
					return fmt.Errorf("update connection string: %w", err)
				}
			}
			delete(want, r.Name)
		}
		for name, v := range want {
			row := &ConnectionString{ID: db.NewID(), OwnerTenantID: id, Name: name, Value: v, CreationTime: now}
			if err := db.Insert(ctx, tx, row); err != nil {
				return fmt.Errorf("add connection string: %w", err)
			}
		}
		return s.bus.Publish(ctx, Topic, id.String())
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// check validates in: every name and string, and that the Default opens. It answers the
// strings by name.
func (s *Service) check(ctx context.Context, in UpdateInput) (map[string]string, error) {
	ve := &apperr.ValidationError{}
	want := map[string]string{}
	def := strings.TrimSpace(in.Default)
	if def != "" {
		if s.checkString(ve, "default", def) {
			want[DefaultName] = def
		}
	}
	for i, d := range in.Databases {
		name, v := strings.TrimSpace(d.DatabaseName), strings.TrimSpace(d.ConnectionString)
		nf, vf := fmt.Sprintf("databases[%d].databaseName", i), fmt.Sprintf("databases[%d].connectionString", i)
		switch {
		case name == "":
			ve.Add(nf, KeyNameRequired)
		case utf8.RuneCountInString(name) > MaxName:
			ve.Add(nf, KeyTooLong, MaxName)
		case strings.EqualFold(name, DefaultName):
			ve.Add(nf, KeyNameReserved)
		case want[name] != "":
			ve.Add(nf, KeyNameTwice, name)
		}
		if v == "" {
			ve.Add(vf, KeyStringRequired)
		} else if s.checkString(ve, vf, v) && name != "" {
			want[name] = v
		}
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	if def != "" {
		if err := s.tryOpen(ctx, def); err != nil {
			return nil, err
		}
	}
	return want, nil
}

// checkString checks the form of connection string v: sqlite://FILE (a path relative to
// the data folder, without "..") on an installation running on SQLite, a postgres:// URL
// that parses on one running on PostgreSQL; never the host's own database.
func (s *Service) checkString(ve *apperr.ValidationError, field, v string) bool {
	if utf8.RuneCountInString(v) > MaxConnectionString {
		ve.Add(field, KeyTooLong, MaxConnectionString)
		return false
	}
	if s.db.Kind == db.SQLite {
		path, ok := strings.CutPrefix(v, "sqlite://")
		if !ok {
			ve.Add(field, KeyBadScheme, "sqlite://", "SQLite")
			return false
		}
		if path == "" || strings.ContainsAny(path, "?#\\") || filepath.IsAbs(path) || strings.HasPrefix(path, "/") ||
			strings.Contains("/"+filepath.ToSlash(path)+"/", "/../") || filepath.Clean(path) == "." {
			ve.Add(field, KeyBadPath, path)
			return false
		}
		if same, _ := s.sameAsHost(v); same {
			ve.Add(field, KeyHostDatabase)
			return false
		}
		return true
	}
	if !strings.HasPrefix(v, "postgres://") && !strings.HasPrefix(v, "postgresql://") {
		ve.Add(field, KeyBadScheme, "postgres://", "PostgreSQL")
		return false
	}
	if _, err := pgx.ParseConfig(v); err != nil {
		ve.Add(field, KeyBadURL, redact(err.Error(), v))
		return false
	}
	if same, _ := s.sameAsHost(v); same {
		ve.Add(field, KeyHostDatabase)
		return false
	}
	return true
}

// sameAsHost reports whether v names the host's own database.
func (s *Service) sameAsHost(v string) (bool, error) {
	if s.db.Kind == db.SQLite {
		mine, err := filepath.Abs(sqlitePath(s.db.URL))
		if err != nil {
			return false, err
		}
		theirs, err := filepath.Abs(sqlitePath(s.expand(v)))
		return mine == theirs, err
	}
	a, err := pgx.ParseConfig(s.db.URL)
	if err != nil {
		return false, err
	}
	b, err := pgx.ParseConfig(v)
	if err != nil {
		return false, err
	}
	return a.Host == b.Host && a.Port == b.Port && a.Database == b.Database &&
		a.RuntimeParams["search_path"] == b.RuntimeParams["search_path"], nil
}

func sqlitePath(u string) string {
	p := strings.TrimPrefix(strings.TrimPrefix(u, "sqlite://"), "sqlite:")
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	return p
}

// tryOpen opens the database of v and pings it, answering a validation error on "default"
// that names why it cannot be opened.
func (s *Service) tryOpen(ctx context.Context, v string) error {
	ctx, cancel := context.WithTimeout(ctx, openTimeout)
	defer cancel()
	d, err := db.OpenPool(ctx, s.expand(v), db.Pool{MaxOpen: 1})
	if err != nil {
		return apperr.Invalid("default", KeyCannotOpen, redact(rootCause(err), v))
	}
	if err := d.Close(); err != nil {
		slog.WarnContext(ctx, "close a tried tenant database", "err", err)
	}
	return nil
}

// rootCause is the innermost message of err (the driver's reason, without our wrapping).
func rootCause(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}

// redact removes the password of connection string v from msg.
func redact(msg, v string) string {
	if u, err := url.Parse(v); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "***")
		}
	}
	return msg
}

// expand turns a stored connection string into the URL platform/db opens: a SQLite file is
// relative to the data folder.
func (s *Service) expand(v string) string {
	if path, ok := strings.CutPrefix(v, "sqlite://"); ok {
		return "sqlite://" + filepath.Join(s.dataDir, filepath.FromSlash(path))
	}
	return v
}

// Delete removes tenant id's connection string called name. The Default of a tenant whose
// rows live there cannot be deleted.
func (s *Service) Delete(ctx context.Context, id uuid.UUID, name string) error {
	if _, err := s.tenants.GetTenant(ctx, id); err != nil {
		return err
	}
	return s.db.InTx(host(ctx), func(ctx context.Context, tx bun.Tx) error {
		r := new(ConnectionString)
		err := db.Select(ctx, tx, r).Where("?TableAlias.owner_tenant_id = ?", id).Where("?TableAlias.name = ?", name).Limit(1).Scan(ctx)
		if err := db.NotFound(err, "connection string "+name); err != nil {
			if errors.Is(err, db.ErrNotFound) {
				return apperr.WithKey(err, KeyNotFound, name)
			}
			return err
		}
		if r.Active {
			return apperr.User(KeyActiveDefault)
		}
		if _, err := db.Delete(ctx, tx, r).WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("delete connection string: %w", err)
		}
		return s.bus.Publish(ctx, Topic, id.String())
	})
}

// Resolve answers the database URL of tenant id when its rows live in a database of its own
// (platform/db's TenantResolver), else "".
func (s *Service) Resolve(ctx context.Context, id uuid.UUID) (string, error) {
	r := new(ConnectionString)
	err := db.Select(host(ctx), s.db, r).Where("?TableAlias.owner_tenant_id = ?", id).
		Where("?TableAlias.name = ?", DefaultName).Where("?TableAlias.active = ?", true).Limit(1).Scan(ctx)
	if err := db.NotFound(err, "tenant database"); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return "", nil
		}
		return "", err
	}
	return s.expand(r.Value), nil
}

// ApplyMigrations applies every migration of the installation to tenant id's Default
// database and, when its rows are still in the host database, moves them there (the tenant's
// statements go there from then on, on every replica). Run again, it only migrates.
func (s *Service) ApplyMigrations(ctx context.Context, id uuid.UUID) (*ApplyResult, error) {
	if _, err := s.tenants.GetTenant(ctx, id); err != nil {
		return nil, err
	}
	hctx := host(ctx)
	res := &ApplyResult{}
	err := s.db.Exclusive(hctx, "kerf/tenantdb/"+id.String(), func(ctx context.Context) error {
		rows, err := s.rows(ctx, s.db, id)
		if err != nil {
			return err
		}
		var def *ConnectionString
		for i := range rows {
			if rows[i].Name == DefaultName {
				def = &rows[i]
			}
		}
		if def == nil {
			return apperr.User(KeyNoDefault)
		}
		oc, cancel := context.WithTimeout(ctx, openTimeout)
		t, err := db.OpenPool(oc, s.expand(def.Value), db.Pool{MaxOpen: 2})
		cancel()
		if err != nil {
			return apperr.Invalid("default", KeyCannotOpen, redact(rootCause(err), def.Value))
		}
		defer func() { _ = t.Close() }()
		if err := t.Exclusive(ctx, "kerf/start", func(ctx context.Context) error { return t.Migrate(ctx, s.migrations()) }); err != nil {
			return fmt.Errorf("migrate the database of tenant %s: %w", id, err)
		}
		if def.Active {
			res.Active = true
			return nil
		}
		rep, err := s.db.MoveTenant(ctx, t, id, func(ctx context.Context, tx bun.Tx) error {
			now := time.Now().UTC()
			def.Active, def.LastModificationTime = true, &now
			_, err := db.Update(ctx, tx, def).WherePK().Column("active", "last_modification_time").Exec(ctx)
			return err
		})
		if err != nil {
			slog.ErrorContext(ctx, "move a tenant's rows to its database", "tenant", id, "err", err)
			return apperr.User(KeyMoveFailed, rootCause(err))
		}
		res.MovedRows, res.MovedTables, res.Active = rep.Rows, len(rep.Tables), true
		slog.InfoContext(ctx, "tenant moved to its own database", "tenant", id, "rows", rep.Rows, "tables", len(rep.Tables))
		return s.bus.Publish(ctx, Topic, id.String())
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
