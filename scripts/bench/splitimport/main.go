// Command splitimport measures the split-order import of issue 12: a 10,000-row .xlsx
// (made here with excelize) read through an import rule mapping of sales-order products,
// each row sent by a split mapping to the products, parts or standard-products table of one
// order, every row checked, all lines inserted in one transaction and the order's total
// recomputed. Mappings, order and import go through the real services of the whole app
// (app.New, migrations, seed). It runs on SQLite and, when a PostgreSQL URL is given, on
// PostgreSQL, and prints the import's time against the target (under 5 s).
//
//	go run ./scripts/bench/splitimport [-rows 10000] [-runs 3] [-postgres postgres://...]
//
// The PostgreSQL URL defaults to KERF_TEST_POSTGRES_URL; the run uses a schema of its own and
// drops it afterwards. Each run imports into a new order; the median is reported.
package main

import (
	"bytes"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/app"
	"kerf/internal/importmapping"
	"kerf/internal/orderdetail"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/salesorder"
)

const target = 5 * time.Second

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "splitimport benchmark:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("splitimport", flag.ContinueOnError)
	rows := fs.Int("rows", 10000, "rows in the spreadsheet")
	runs := fs.Int("runs", 3, "imports per database (the median is reported)")
	pg := fs.String("postgres", os.Getenv("KERF_TEST_POSTGRES_URL"), "PostgreSQL URL (empty: SQLite only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	file, err := spreadsheet(*rows)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "split-order import benchmark: %d-row spreadsheet (%.1f MB; 70%% products, 25%% parts, 5%% standard products), %s, %d CPUs, load average %s\n",
		*rows, float64(len(file))/1e6, runtime.Version(), runtime.NumCPU(), loadAverage())
	fmt.Fprintf(out, "target: the import (read, split, check, insert, total) < %v\n\n", target)
	tmp, err := os.MkdirTemp("", "kerf-bench-splitimport-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dialects := []struct{ name, url string }{{db.SQLite, "sqlite://" + filepath.Join(tmp, "bench.db")}}
	if *pg != "" {
		u, drop, err := pgSchema(*pg)
		if err != nil {
			return err
		}
		defer drop()
		dialects = append(dialects, struct{ name, url string }{db.Postgres, u})
	} else {
		fmt.Fprintln(out, "PostgreSQL: skipped (no -postgres and no KERF_TEST_POSTGRES_URL)")
	}
	failed := false
	for _, d := range dialects {
		ok, err := bench(ctx, out, d.name, d.url, filepath.Join(tmp, d.name), file, *rows, *runs)
		if err != nil {
			return fmt.Errorf("%s: %w", d.name, err)
		}
		failed = failed || !ok
	}
	if failed {
		fmt.Fprintln(out, "\nRESULT: the target was missed")
	} else {
		fmt.Fprintln(out, "\nRESULT: target met")
	}
	return nil
}

// spreadsheet writes rows of order lines: name, code, length, width, height, colour, count,
// price, remark, category (A–J) under one header row. The category decides the table.
func spreadsheet(rows int) ([]byte, error) {
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	if err := sw.SetRow("A1", []any{"名称", "编码", "长", "宽", "高", "颜色", "数量", "单价", "备注", "类别"}); err != nil {
		return nil, err
	}
	colors := []string{"暖白", "胡桃木", "浅灰", "橡木"}
	for i := range rows {
		category, name := "柜体", fmt.Sprintf("地柜 %d", i+1)
		switch {
		case i%20 == 0:
			category, name = "标准", fmt.Sprintf("标准衣柜 %d", i+1)
		case i%4 == 1:
			category, name = "板件", fmt.Sprintf("侧板 %d", i+1)
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		r := []any{name, fmt.Sprintf("C-%05d", i+1), 300 + i%1500, 200 + i%600, 18 + i%700, colors[i%len(colors)],
			1 + i%5, fmt.Sprintf("%d.%02d", 50+i%900, i%100), "", category}
		if err := sw.SetRow(cell, r); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), f.Close()
}

func bench(ctx context.Context, out io.Writer, name, dbURL, dataDir string, file []byte, rows, runs int) (bool, error) {
	cfg := config.Default()
	cfg.Database, cfg.DataDir, cfg.Demo, cfg.Secret, cfg.AdminPassword = dbURL, dataDir, false, "splitimport-benchmark-secret", "Bench-1q2w3E*"
	a, err := app.New(ctx, cfg)
	if err != nil {
		return false, err
	}
	defer a.Close()
	if err := a.Migrate(ctx); err != nil {
		return false, err
	}
	if err := a.Seed(ctx, false); err != nil {
		return false, err
	}
	var lines *orderdetail.Service
	var orders *salesorder.Service
	var mappings *importmapping.Service
	for _, m := range a.Modules {
		switch x := m.(type) {
		case *orderdetail.Module:
			lines = x.Service()
		case *salesorder.Module:
			orders = x.Service()
		case *importmapping.Module:
			mappings = x.Service()
		}
	}
	admin, err := a.Identity.FindByLogin(ctx, "admin")
	if err != nil {
		return false, fmt.Errorf("admin: %w", err)
	}
	ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: admin.ID, UserName: admin.UserName})
	ctx = localization.WithCulture(ctx, localization.ZhHans)

	rule, err := mappings.CreateRuleMapping(ctx, importmapping.ImportRuleMappingInput{Name: "bench", ModuleType: importmapping.ModuleSalesOrderProducts,
		MappingRules: []importmapping.MappingRule{{ColumnIndex: 0, FieldName: "name"}, {ColumnIndex: 1, FieldName: "code"},
			{ColumnIndex: 2, FieldName: "length", ValueType: 2}, {ColumnIndex: 3, FieldName: "width", ValueType: 2},
			{ColumnIndex: 4, FieldName: "height", ValueType: 2}, {ColumnIndex: 5, FieldName: "color"},
			{ColumnIndex: 6, FieldName: "count", ValueType: 2}, {ColumnIndex: 7, FieldName: "price", ValueType: 2},
			{ColumnIndex: 8, FieldName: "remark"}, {ColumnIndex: 9, FieldName: "category"}}})
	if err != nil {
		return false, fmt.Errorf("rule mapping: %w", err)
	}
	split, err := mappings.CreateSplitMapping(ctx, importmapping.ImportSplitMappingInput{Name: "bench", DefaultLineType: importmapping.LineProduct,
		Rules: []importmapping.SplitRule{
			{Order: 1, FieldName: "category", Operator: importmapping.OpEquals, Value: "板件", LineType: importmapping.LinePart},
			{Order: 2, FieldName: "category", Operator: importmapping.OpEquals, Value: "标准", LineType: importmapping.LineStandardProduct}}})
	if err != nil {
		return false, fmt.Errorf("split mapping: %w", err)
	}
	types, _, err := orders.ListOrderTypes(ctx, salesorder.TypeQuery{Limit: 1})
	if err != nil || len(types) == 0 {
		return false, fmt.Errorf("order types: %v", err)
	}

	var times []time.Duration
	var cpus []time.Duration
	var added map[string]int
	var total float64
	for range runs {
		o, err := orders.Create(ctx, salesorder.SalesOrderInput{OrderTypeID: types[0].ID, CustomerName: "bench"})
		if err != nil {
			return false, fmt.Errorf("order: %w", err)
		}
		cpu0, start := cpuTime(), time.Now()
		res, err := lines.Import(ctx, orderdetail.ImportInput{SalesOrderID: o.ID, RuleMappingID: rule.ID, SplitMappingID: split.ID,
			FileName: "order.xlsx", File: bytes.NewReader(file)})
		elapsed, cpu := time.Since(start), cpuTime()-cpu0
		if err != nil {
			return false, fmt.Errorf("import: %w", err)
		}
		sum := 0
		for _, n := range res.Added {
			sum += n
		}
		if sum != rows {
			return false, fmt.Errorf("imported %d lines, want %d", sum, rows)
		}
		after, err := orders.Get(ctx, o.ID)
		if err != nil {
			return false, err
		}
		times, cpus, added, total = append(times, elapsed), append(cpus, cpu), res.Added, after.TotalPrice
	}
	slices.Sort(times)
	slices.Sort(cpus)
	med := times[len(times)/2]
	verdict := "ok"
	if med >= target {
		verdict = "MISSED"
	}
	fmt.Fprintf(out, "%s (load average %s)\n", name, loadAverage())
	fmt.Fprintf(out, "  import %d rows: %8s wall (median of %d; min %s, max %s), %8s CPU here  (target < %v: %s)\n",
		rows, round(med), runs, round(times[0]), round(times[len(times)-1]), round(cpus[len(cpus)/2]), target, verdict)
	fmt.Fprintf(out, "  lines per table: %v; order total %.2f\n", added, total)
	return med < target, nil
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAverage reads the one-minute load average, to judge how busy the machine was.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	return strings.Fields(string(b))[0]
}

func round(d time.Duration) time.Duration { return d.Round(time.Millisecond) }

// pgSchema creates a schema of its own in base and returns a URL using it and a function
// that drops it.
func pgSchema(base string) (string, func(), error) {
	schema := "bench_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		_ = admin.Close()
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		_ = admin.Close()
	}, nil
}
