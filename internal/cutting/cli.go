package cutting

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// RunCLI implements
//
//	kerf optimize --items FILE --bins FILE [--rotate] [--kerf N] [--trim N] [--stages N]
//	              [--time-limit D] [--seed N] [--workers N] [--json FILE] [--svg DIR]
//
// args are the arguments after the program name; a leading "optimize" is skipped. It
// returns the exit code: 0 on success, 1 when the input cannot be read or solved, 2 for a
// usage error.
func RunCLI(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "optimize" {
		args = args[1:]
	}
	fs := flag.NewFlagSet("kerf optimize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	items := fs.String("items", "", "parts CSV (ID,WIDTH,HEIGHT[,COPIES])")
	bins := fs.String("bins", "", "boards CSV (ID,WIDTH,HEIGHT[,COPIES])")
	rotate := fs.Bool("rotate", false, "allow parts to be rotated by 90 degrees")
	kerf := fs.Float64("kerf", 0, "saw kerf")
	trim := fs.Float64("trim", 0, "trim removed from each board edge")
	stages := fs.Int("stages", 0, "guillotine stages (2, 3, ...; 0 = unlimited)")
	limit := fs.String("time-limit", "10s", "time limit (Go duration such as 30s, or seconds)")
	seed := fs.Uint64("seed", 1, "random seed")
	workers := fs.Int("workers", 2, "search threads")
	jsonOut := fs.String("json", "", "write the full result as JSON to this file")
	svgDir := fs.String("svg", "", "write one SVG cutting diagram per distinct pattern into this folder")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: kerf optimize --items FILE --bins FILE [--rotate] [--kerf N] [--trim N] [--stages N] [--time-limit D] [--seed N] [--json FILE] [--svg DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *items == "" || *bins == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	tl, err := parseLimit(*limit)
	if err != nil {
		fmt.Fprintf(stderr, "kerf optimize: --time-limit: %v\n", err)
		return 2
	}
	p := Params{Kerf: *kerf, Trim: *trim, Stages: *stages, TimeLimit: tl, Seed: *seed, Workers: *workers}
	if err := optimize(ctx, *items, *bins, *rotate, p, *jsonOut, *svgDir, stdout); err != nil {
		fmt.Fprintf(stderr, "kerf optimize: %v\n", err)
		return 1
	}
	return 0
}

func parseLimit(s string) (time.Duration, error) {
	if d, err := time.ParseDuration(s); err == nil {
		if d <= 0 {
			return 0, fmt.Errorf("%q must be positive", s)
		}
		return d, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("%q is not a positive duration", s)
	}
	return time.Duration(v * float64(time.Second)), nil
}

func readFile[T any](path string, read func(io.Reader) ([]T, error)) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	v, err := read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

func optimize(ctx context.Context, itemsPath, binsPath string, rotate bool, p Params, jsonOut, svgDir string, stdout io.Writer) error {
	parts, err := readFile(itemsPath, ReadItems)
	if err != nil {
		return err
	}
	boards, err := readFile(binsPath, ReadBins)
	if err != nil {
		return err
	}
	for i := range parts {
		if rotate {
			parts[i].Grain = GrainFree
		}
		if err := checkFits(parts[i], boards, p, rotate); err != nil {
			return fmt.Errorf("%s %s: %w", itemsPath, parts[i].LineRef, err)
		}
	}
	res, err := Solve(ctx, boards, parts, p)
	if err != nil {
		return fmt.Errorf("optimise: %w", err)
	}
	if err := Verify(boards, parts, p, res); err != nil {
		return fmt.Errorf("internal error, the plan failed verification: %w", err)
	}
	n := 0
	for _, pt := range parts {
		n += pt.Quantity
	}
	fmt.Fprintf(stdout, "parts:        %d\n", n)
	fmt.Fprintf(stdout, "boards used:  %d\n", res.BoardsUsed)
	fmt.Fprintf(stdout, "lower bound:  %d (gap %.1f%%)\n", res.LowerBound, 100*res.Gap)
	fmt.Fprintf(stdout, "utilisation:  %.2f%%\n", 100*res.Utilisation)
	fmt.Fprintf(stdout, "patterns:     %d\n", len(res.Patterns))
	fmt.Fprintf(stdout, "time:         %.2fs\n", res.Elapsed.Seconds())
	if jsonOut != "" {
		data, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return fmt.Errorf("encode result: %w", err)
		}
		if err := os.WriteFile(jsonOut, append(data, '\n'), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", jsonOut, err)
		}
	}
	if svgDir != "" {
		if err := writeSVGs(svgDir, res); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "diagrams:     %s (%d files)\n", svgDir, len(res.Patterns))
	}
	return nil
}

// checkFits rejects a part larger than every board, before the search starts.
func checkFits(pt Part, boards []Board, p Params, rotate bool) error {
	for _, b := range boards {
		L, W := b.Length-2*p.Trim, b.Width-2*p.Trim
		if (pt.Length <= L && pt.Width <= W) || (rotate && pt.Width <= L && pt.Length <= W) {
			return nil
		}
	}
	return fmt.Errorf("part %q (%g x %g) is larger than every board (after trim %g)", pt.ID, pt.Length, pt.Width, p.Trim)
}

func writeSVGs(dir string, res Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	for _, pat := range res.Patterns {
		path := filepath.Join(dir, fmt.Sprintf("pattern-%03d.svg", pat.Index+1))
		f, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("create %s: %w", path, err)
		}
		err = WriteSVG(f, res.Sheets[pat.Sheets[0]], pat.Count)
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close %s: %w", path, cerr)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
