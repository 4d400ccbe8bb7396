package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"

	"kerf/scripts/bench/benchkit"
)

// result is what one load run saw.
type result struct {
	latencies  []time.Duration // of answered requests, successful or not
	ok, errors int
	statuses   map[int]int // errors by status; 0: no answer (transport error)
	first      string      // the first error
	elapsed    time.Duration
}

func (r *result) count() int   { return r.ok + r.errors }
func (r *result) rps() float64 { return float64(r.ok) / r.elapsed.Seconds() }

// quantile of the sorted latencies (nearest rank).
func (r *result) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	i := int(q*float64(len(r.latencies))+0.5) - 1
	return r.latencies[max(0, min(i, len(r.latencies)-1))]
}

// load runs conns clients asking for path(rand) until d has passed.
// A request under way at the deadline is awaited, never cut off: an abandoned request
// would cost the server its database connection, and the next run would start on fewer.
func load(ctx context.Context, c *benchkit.Client, path func(*rand.Rand) string, conns int, d time.Duration) *result {
	var mu sync.Mutex
	total := &result{statuses: map[int]int{}}
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), uint64(start.UnixNano())))
			own := &result{statuses: map[int]int{}}
			for ctx.Err() == nil && time.Now().Before(deadline) {
				t := time.Now()
				status, msg := get(ctx, c.HTTP, c.Base+path(rng), c.Token)
				if status != 0 {
					own.latencies = append(own.latencies, time.Since(t))
				}
				if status == http.StatusOK {
					own.ok++
					continue
				}
				own.errors++
				own.statuses[status]++
				if own.first == "" {
					own.first = fmt.Sprintf("%d %s", status, msg)
				}
			}
			mu.Lock()
			total.latencies = append(total.latencies, own.latencies...)
			total.ok += own.ok
			total.errors += own.errors
			for k, v := range own.statuses {
				total.statuses[k] += v
			}
			if total.first == "" {
				total.first = own.first
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	total.elapsed = time.Since(start)
	slices.Sort(total.latencies)
	return total
}

// get asks for one page and reads the whole answer; status 0 is a transport error.
func get(ctx context.Context, client *http.Client, url, token string) (int, string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err.Error()
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return res.StatusCode, string(b)
	}
	_, err = io.Copy(io.Discard, res.Body)
	if err != nil {
		return 0, err.Error()
	}
	return res.StatusCode, ""
}

// check asks for one page and verifies it holds 10 rows.
func check(ctx context.Context, c *benchkit.Client, path string) error {
	var page struct {
		Items      []json.RawMessage `json:"items"`
		TotalCount int               `json:"totalCount"`
	}
	if err := c.Get(ctx, path, &page); err != nil {
		return err
	}
	if len(page.Items) != 10 {
		return fmt.Errorf("page has %d rows (total %d), want 10", len(page.Items), page.TotalCount)
	}
	return nil
}

// seedProducts creates a product directory and imports the spreadsheet into it.
func seedProducts(ctx context.Context, c *benchkit.Client, file []byte, rows int) (uuid.UUID, error) {
	var dir struct {
		ID uuid.UUID `json:"id"`
	}
	if err := c.Post(ctx, "/api/salesorder/catalogs", map[string]any{"displayName": "bench", "moduleName": "product"}, &dir); err != nil {
		return uuid.Nil, fmt.Errorf("create directory: %w", err)
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", "products.xlsx")
	if err != nil {
		return uuid.Nil, err
	}
	_, _ = fw.Write(file)
	if err := mw.Close(); err != nil {
		return uuid.Nil, err
	}
	if _, err := c.Send(ctx, http.MethodPost, "/api/salesorder/products/import/"+dir.ID.String(), &buf, mw.FormDataContentType()); err != nil {
		return uuid.Nil, fmt.Errorf("import: %w", err)
	}
	var page struct {
		TotalCount int `json:"totalCount"`
	}
	if err := c.Get(ctx, "/api/salesorder/products?CatalogIds="+dir.ID.String()+"&MaxResultCount=1", &page); err != nil {
		return uuid.Nil, err
	}
	if page.TotalCount != rows {
		return uuid.Nil, fmt.Errorf("directory holds %d products after the import, want %d", page.TotalCount, rows)
	}
	return dir.ID, nil
}
