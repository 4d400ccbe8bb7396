package cutting

import (
	"errors"
	"strings"
	"testing"
)

func TestReadItems(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		parts int
		qty   int
		err   string
	}{
		{"benchmark format", "ID,WIDTH,HEIGHT\n0,5,9\n1,4,2\n", 2, 2, ""},
		{"lower case, other order, copies", "height,id,width,copies\n9,a,5,3\n2,b,4,\n", 2, 4, ""},
		{"blank lines and spaces", "ID, WIDTH, HEIGHT\n\n0, 5, 9\n", 1, 1, ""},
		{"missing column", "ID,WIDTH\n0,5\n", 0, 0, "line 1: missing column HEIGHT"},
		{"missing value", "ID,WIDTH,HEIGHT\n0,5,9\n1,4\n", 0, 0, "line 3: missing HEIGHT"},
		{"not a number", "ID,WIDTH,HEIGHT\n0,5,x\n", 0, 0, `line 2: HEIGHT "x" is not a number`},
		{"negative size", "ID,WIDTH,HEIGHT\n0,5,9\n1,-4,2\n", 0, 0, "line 3: WIDTH -4 must be positive"},
		{"bad copies", "ID,WIDTH,HEIGHT,COPIES\n0,5,9,two\n", 0, 0, "line 2: COPIES"},
		{"empty", "", 0, 0, "empty file"},
		{"header only", "ID,WIDTH,HEIGHT\n", 0, 0, "no rows"},
		{"broken quote", "ID,WIDTH,HEIGHT\n\"0,5,9\n", 0, 0, "line 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parts, err := ReadItems(strings.NewReader(c.in))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, ErrCSV) {
					t.Fatalf("error %v, want ErrCSV containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			qty := 0
			for _, p := range parts {
				qty += p.Quantity
			}
			if len(parts) != c.parts || qty != c.qty {
				t.Errorf("%d parts, %d copies; want %d, %d", len(parts), qty, c.parts, c.qty)
			}
		})
	}
}

func TestReadBins(t *testing.T) {
	boards, err := ReadBins(strings.NewReader("ID,WIDTH,HEIGHT,COPIES\nB,2440,1220,5\nO,800,600,\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(boards) != 2 || boards[0].Length != 2440 || boards[0].Width != 1220 || boards[0].Count != 5 || boards[1].Count != 0 {
		t.Errorf("boards %+v", boards)
	}
}

func FuzzReadItems(f *testing.F) {
	for _, s := range []string{
		"ID,WIDTH,HEIGHT\n0,5,9\n1,4,2\n",
		"id,width,height,copies\na,1.5,2,3\n",
		"ID,WIDTH\n0,5\n",
		"ID,WIDTH,HEIGHT\n0,5,x\n",
		"ID,WIDTH,HEIGHT\n\"0,5,9\n",
		"\ufeffID,WIDTH,HEIGHT\n0,1e308,1\n",
		"ID,WIDTH,HEIGHT,COPIES\n0,5,9,-1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		parts, err := ReadItems(strings.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrCSV) || !strings.Contains(err.Error(), "line") && !strings.Contains(err.Error(), "empty") && !strings.Contains(err.Error(), "no rows") {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		for _, p := range parts {
			if !(p.Length > 0) || !(p.Width > 0) || p.Quantity < 1 || !strings.HasPrefix(p.LineRef, "line ") {
				t.Fatalf("bad part %+v", p)
			}
		}
	})
}
