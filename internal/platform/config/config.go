// Package config reads the server's settings from flags and their environment
// equivalents (flags win).
package config

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the server's configuration.
type Config struct {
	Addr     string // KERF_ADDR
	Database string // KERF_DATABASE: sqlite://FILE or postgres://...
	DataDir  string // KERF_DATA_DIR: the single-process home of blobs and the generated secret
	Demo     bool   // KERF_DEMO: seed demo data into an empty database
	// Secret (KERF_SECRET) encrypts the token signing keys kept in the database. Replicas
	// must share it. Empty: a random one is created once in <data dir>/secret.
	Secret string
	// Blob (KERF_BLOB) is where files go: file:///path or s3://bucket?endpoint=….
	// Empty: file://<data dir>/blobs.
	Blob string
	// TrustedProxies (KERF_TRUSTED_PROXIES): addresses or CIDR ranges whose
	// X-Forwarded-For is believed. Empty: nobody's.
	TrustedProxies []string
	// AdminPassword (KERF_ADMIN_PASSWORD) is the first host admin's password when demo
	// data is off; empty: a random one, printed once.
	AdminPassword string
	// KeyRotation (KERF_KEY_ROTATION) is how old the signing key may grow before a new one
	// signs; 0 turns automatic rotation off.
	KeyRotation time.Duration
	// AuditReads (KERF_AUDIT_READS) also records GET requests in the audit log.
	AuditReads bool
	// PublicURL (KERF_PUBLIC_URL) is the address users reach Kerf at, for the links of the
	// e-mails it sends (never taken from a request's Host or Origin, which the caller sets).
	// Empty: "http://" + Addr (see Public).
	PublicURL string
	// Pool settings of the database connection pool (0: the driver's defaults).
	DBMaxOpenConns    int           // KERF_DB_MAX_OPEN_CONNS
	DBMaxIdleConns    int           // KERF_DB_MAX_IDLE_CONNS
	DBConnMaxLifetime time.Duration // KERF_DB_CONN_MAX_LIFETIME
	DBConnMaxIdleTime time.Duration // KERF_DB_CONN_MAX_IDLE_TIME
	// MultiTenancy (KERF_MULTI_TENANCY, default true) turns tenants on. Off, a single-factory
	// install: no tenant administration (its calls answer 404, its menus are absent), no
	// tenant field on the login page and no tenant in the navbar, and every request is the
	// host's (a __tenant header or a login's tenant field is ignored).
	MultiTenancy bool
	Version      string
}

// Default returns the defaults, overridden by the environment.
func Default() Config {
	c := Config{
		Addr:              env("KERF_ADDR", "127.0.0.1:8080"),
		Database:          env("KERF_DATABASE", "sqlite://data/kerf.db"),
		DataDir:           env("KERF_DATA_DIR", "data"),
		Secret:            os.Getenv("KERF_SECRET"),
		Blob:              os.Getenv("KERF_BLOB"),
		TrustedProxies:    List(os.Getenv("KERF_TRUSTED_PROXIES")),
		AdminPassword:     os.Getenv("KERF_ADMIN_PASSWORD"),
		KeyRotation:       envDuration("KERF_KEY_ROTATION", 30*24*time.Hour),
		AuditReads:        envBool("KERF_AUDIT_READS", false),
		PublicURL:         os.Getenv("KERF_PUBLIC_URL"),
		Demo:              envBool("KERF_DEMO", true),
		DBMaxOpenConns:    envInt("KERF_DB_MAX_OPEN_CONNS", 0),
		DBMaxIdleConns:    envInt("KERF_DB_MAX_IDLE_CONNS", 0),
		DBConnMaxLifetime: envDuration("KERF_DB_CONN_MAX_LIFETIME", 30*time.Minute),
		DBConnMaxIdleTime: envDuration("KERF_DB_CONN_MAX_IDLE_TIME", 5*time.Minute),
		MultiTenancy:      envBool("KERF_MULTI_TENANCY", true),
		Version:           "2.3.8",
	}
	return c
}

// Parse reads flags for command name from args into a copy of Default().
func Parse(name string, args []string, stderr io.Writer) (Config, error) {
	c := Default()
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	Flags(fs, &c)
	if err := fs.Parse(args); err != nil {
		return c, fmt.Errorf("%s: %w", name, err)
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("%s: unexpected argument %q", name, fs.Arg(0))
	}
	return c, nil
}

// Flags declares the server's flags on fs, writing into c (whose values are the defaults).
func Flags(fs *flag.FlagSet, c *Config) {
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address (KERF_ADDR)")
	fs.StringVar(&c.Database, "database", c.Database, "database URL: sqlite://FILE or postgres://... (KERF_DATABASE)")
	fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "folder for local blobs and the generated secret (KERF_DATA_DIR)")
	fs.BoolVar(&c.Demo, "demo", c.Demo, "seed demo data into an empty database (KERF_DEMO)")
	fs.StringVar(&c.Secret, "secret", c.Secret, "secret that encrypts the signing keys; replicas share it (KERF_SECRET)")
	fs.StringVar(&c.Blob, "blob", c.Blob, "file store: file:///path or s3://bucket?endpoint=... (KERF_BLOB)")
	fs.Func("trusted-proxies", "comma-separated addresses or CIDRs whose X-Forwarded-For is trusted (KERF_TRUSTED_PROXIES)", func(s string) error {
		c.TrustedProxies = List(s)
		return nil
	})
	fs.StringVar(&c.AdminPassword, "admin-password", c.AdminPassword, "first admin's password without demo data (KERF_ADMIN_PASSWORD)")
	fs.DurationVar(&c.KeyRotation, "key-rotation", c.KeyRotation, "age at which a new signing key takes over; 0 disables (KERF_KEY_ROTATION)")
	fs.BoolVar(&c.AuditReads, "audit-reads", c.AuditReads, "audit GET requests too (KERF_AUDIT_READS)")
	fs.StringVar(&c.PublicURL, "public-url", c.PublicURL, "address users reach Kerf at, for links in e-mails; empty: http://<addr> (KERF_PUBLIC_URL)")
	fs.BoolVar(&c.MultiTenancy, "multi-tenancy", c.MultiTenancy, "tenants on; off: one factory, every request the host's (KERF_MULTI_TENANCY)")
	fs.IntVar(&c.DBMaxOpenConns, "db-max-open-conns", c.DBMaxOpenConns, "database pool size; 0: default (KERF_DB_MAX_OPEN_CONNS)")
	fs.IntVar(&c.DBMaxIdleConns, "db-max-idle-conns", c.DBMaxIdleConns, "idle connections kept; 0: default (KERF_DB_MAX_IDLE_CONNS)")
	fs.DurationVar(&c.DBConnMaxLifetime, "db-conn-max-lifetime", c.DBConnMaxLifetime, "connection lifetime (KERF_DB_CONN_MAX_LIFETIME)")
	fs.DurationVar(&c.DBConnMaxIdleTime, "db-conn-max-idle-time", c.DBConnMaxIdleTime, "idle connection lifetime (KERF_DB_CONN_MAX_IDLE_TIME)")
}

// Public is the address users reach Kerf at, without a trailing slash: PublicURL, else
// "http://" + Addr (an address without a host, or listening on every interface, is
// localhost's).
func (c Config) Public() string {
	if u := strings.TrimRight(strings.TrimSpace(c.PublicURL), "/"); u != "" {
		return u
	}
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return "http://" + c.Addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// List splits a comma-separated value, dropping blanks.
func List(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envBool(key string, def bool) bool {
	if b, err := strconv.ParseBool(os.Getenv(key)); err == nil {
		return b
	}
	return def
}

func envInt(key string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return n
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return d
	}
	return def
}
