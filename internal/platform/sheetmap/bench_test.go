package sheetmap

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// benchRows is the size of the benchmark's files: half the row limit, a large order's cut list.
const benchRows = 10000

func benchMapping(ft FileType) Mapping {
	return Mapping{FileType: ft, HeaderRows: 1, Rules: cutList[:6]}
}

func reportRows(b *testing.B) {
	rate := float64(benchRows*b.N) / b.Elapsed().Seconds()
	b.ReportMetric(rate, "rows/s")
	b.Logf("%d rows of 6 typed columns: %.0f rows/s; a file at the %d-row limit reads in %.2f s",
		benchRows, rate, DefaultLimits.MaxRows, float64(DefaultLimits.MaxRows)/rate)
}

// BenchmarkReadXLSX10000Rows reads a 10,000-row cut list (.xlsx made with excelize) through
// a mapping of every value type; go test -bench . -benchmem prints rows/s and allocations.
func BenchmarkReadXLSX10000Rows(b *testing.B) {
	rows := make([][]any, benchRows+1)
	rows[0] = []any{"板件", "数量", "长", "封边", "交期", "纹路"}
	for i := 1; i <= benchRows; i++ {
		rows[i] = []any{fmt.Sprintf("侧板 %d", i), i%5 + 1, float64(i%2400) + 0.5, i%2 == 0, 46000 + i%300, []string{"横纹", "竖纹", "无"}[i%3]}
	}
	file := xlsxFile(b, rows...)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		res, err := Read(bytes.NewReader(file), benchMapping(XLSX), DefaultLimits)
		if err != nil || len(res.Rows) != benchRows {
			b.Fatalf("%v, %d rows, %v", err, len(res.Rows), res.Errors[:min(3, len(res.Errors))])
		}
	}
	reportRows(b)
}

// BenchmarkReadCSV10000Rows reads the same cut list as a UTF-8 CSV.
func BenchmarkReadCSV10000Rows(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("板件,数量,长,封边,交期,纹路\n")
	for i := 1; i <= benchRows; i++ {
		fmt.Fprintf(&sb, "侧板 %d,%d,%.1f,%s,2026-%02d-%02d,%s\n", i, i%5+1, float64(i%2400)+0.5, []string{"是", "否"}[i%2],
			i%12+1, i%28+1, []string{"横纹", "竖纹", "无"}[i%3])
	}
	file := []byte(sb.String())
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		res, err := Read(bytes.NewReader(file), benchMapping(CSV), DefaultLimits)
		if err != nil || len(res.Rows) != benchRows {
			b.Fatalf("%v, %d rows", err, len(res.Rows))
		}
	}
	reportRows(b)
}
