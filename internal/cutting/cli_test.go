package cutting

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeTemp(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRunCLI(t *testing.T) {
	dir := t.TempDir()
	items := writeTemp(t, dir, "items.csv", "ID,WIDTH,HEIGHT,COPIES\nside,720,560,4\nshelf,564,540,3\ndoor,716,396,2\n")
	bins := writeTemp(t, dir, "bins.csv", "id,width,height\nPB,2440,1220\n")
	badItems := writeTemp(t, dir, "bad.csv", "ID,WIDTH,HEIGHT\na,100,100\nhuge,3000,100\n")
	cases := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"plan with json and svg", []string{"optimize", "--items", items, "--bins", bins, "--kerf", "4.4", "--trim", "10",
			"--rotate", "--time-limit", "200ms", "--json", filepath.Join(dir, "plan.json"), "--svg", filepath.Join(dir, "svg")}, 0, "boards used:  2"},
		{"three stages", []string{"--items", items, "--bins", bins, "--stages", "3", "--time-limit", "0.2"}, 0, "lower bound:"},
		{"missing --bins", []string{"--items", items}, 2, "usage"},
		{"bad time limit", []string{"--items", items, "--bins", bins, "--time-limit", "soon"}, 2, "time-limit"},
		{"part larger than every board", []string{"--items", badItems, "--bins", bins}, 1, "line 3: part \"huge\""},
		{"missing file", []string{"--items", filepath.Join(dir, "nope.csv"), "--bins", bins}, 1, "nope.csv"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := RunCLI(context.Background(), c.args, &out, &errOut)
			if code != c.code || !strings.Contains(out.String()+errOut.String(), c.out) {
				t.Fatalf("exit %d, want %d; output %q / %q, want %q", code, c.code, out.String(), errOut.String(), c.out)
			}
		})
	}
	data, err := os.ReadFile(filepath.Join(dir, "plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	svgs, _ := filepath.Glob(filepath.Join(dir, "svg", "*.svg"))
	if len(svgs) != len(res.Patterns) || len(svgs) == 0 {
		t.Errorf("%d diagrams for %d patterns", len(svgs), len(res.Patterns))
	}
	svg, _ := os.ReadFile(svgs[0])
	for _, want := range []string{"<svg", "side", "720 x 560", "<line"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("diagram lacks %q", want)
		}
	}
}
