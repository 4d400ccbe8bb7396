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
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
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

// load runs conns clients asking for url(rand) until d has passed.
// A request under way at the deadline is awaited, never cut off: an abandoned request
// would cost the server its database connection, and the next run would start on fewer.
func load(ctx context.Context, client *http.Client, url func(*rand.Rand) string, token string, conns int, d time.Duration) *result {
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
				status, msg := get(ctx, client, url(rng), token)
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
func check(ctx context.Context, client *http.Client, url, token string) error {
	var page struct {
		Items      []json.RawMessage `json:"items"`
		TotalCount int               `json:"totalCount"`
	}
	if err := call(ctx, client, http.MethodGet, url, token, nil, "", &page); err != nil {
		return err
	}
	if len(page.Items) != 10 {
		return fmt.Errorf("page has %d rows (total %d), want 10", len(page.Items), page.TotalCount)
	}
	return nil
}

// login runs the password grant as the demo tenant's admin.
func login(ctx context.Context, client *http.Client, base string) (string, error) {
	form := url.Values{"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {"admin"},
		"password": {"1q2w3E*"}, "scope": {"openid profile kerf"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/connect/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("__tenant", "demo")
	res, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("login: %w", err)
	}
	defer res.Body.Close()
	var tr struct {
		AccessToken string `json:"access_token"`
	}
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || json.Unmarshal(b, &tr) != nil || tr.AccessToken == "" {
		return "", fmt.Errorf("login: %d %s", res.StatusCode, b)
	}
	return tr.AccessToken, nil
}

// seedProducts creates a product directory and imports the spreadsheet into it.
func seedProducts(ctx context.Context, client *http.Client, base, token string, file []byte, rows int) (uuid.UUID, error) {
	body, _ := json.Marshal(map[string]any{"displayName": "bench", "moduleName": "product"})
	var dir struct {
		ID uuid.UUID `json:"id"`
	}
	if err := call(ctx, client, http.MethodPost, base+"/api/salesorder/catalogs", token, bytes.NewReader(body), "application/json", &dir); err != nil {
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
	if err := call(ctx, client, http.MethodPost, base+"/api/salesorder/products/import/"+dir.ID.String(), token, &buf, mw.FormDataContentType(), nil); err != nil {
		return uuid.Nil, fmt.Errorf("import: %w", err)
	}
	var page struct {
		TotalCount int `json:"totalCount"`
	}
	if err := call(ctx, client, http.MethodGet, base+"/api/salesorder/products?CatalogIds="+dir.ID.String()+"&MaxResultCount=1", token, nil, "", &page); err != nil {
		return uuid.Nil, err
	}
	if page.TotalCount != rows {
		return uuid.Nil, fmt.Errorf("directory holds %d products after the import, want %d", page.TotalCount, rows)
	}
	return dir.ID, nil
}

// call sends one request and decodes a 2xx answer into v (when not nil).
func call(ctx context.Context, client *http.Client, method, url, token string, body io.Reader, contentType string, v any) error {
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept-Language", "en")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", method, url, res.StatusCode, b)
	}
	if v != nil {
		return json.Unmarshal(b, v)
	}
	return nil
}
