// Package config reads the server's settings from flags and their environment
// equivalents (flags win).
package config

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
)

// Config is the server's configuration.
type Config struct {
	Addr     string // KERF_ADDR
	Database string // KERF_DATABASE: sqlite://FILE or postgres://...
	DataDir  string // KERF_DATA_DIR: blobs and signing keys
	Demo     bool   // KERF_DEMO: seed demo data into an empty database
	// MultiTenancy turns tenants on; always on in this product, kept as a switch for tests.
	MultiTenancy bool
	Version      string
}

// Default returns the defaults, overridden by the environment.
func Default() Config {
	c := Config{
		Addr:         env("KERF_ADDR", "127.0.0.1:8080"),
		Database:     env("KERF_DATABASE", "sqlite://data/kerf.db"),
		DataDir:      env("KERF_DATA_DIR", "data"),
		Demo:         true,
		MultiTenancy: true,
		Version:      "2.3.8",
	}
	if v, ok := os.LookupEnv("KERF_DEMO"); ok {
		if b, err := strconv.ParseBool(v); err == nil {
			c.Demo = b
		}
	}
	return c
}

// Parse reads flags for command name from args into a copy of Default().
func Parse(name string, args []string, stderr io.Writer) (Config, error) {
	c := Default()
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address (KERF_ADDR)")
	fs.StringVar(&c.Database, "database", c.Database, "database URL: sqlite://FILE or postgres://... (KERF_DATABASE)")
	fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "folder for blobs and signing keys (KERF_DATA_DIR)")
	fs.BoolVar(&c.Demo, "demo", c.Demo, "seed demo data into an empty database (KERF_DEMO)")
	if err := fs.Parse(args); err != nil {
		return c, fmt.Errorf("%s: %w", name, err)
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("%s: unexpected argument %q", name, fs.Arg(0))
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
