package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
)

// client speaks to the server as the demo tenant's admin.
type client struct {
	http  *http.Client
	base  string
	token string
}

// login runs the password grant as the demo tenant's admin.
func login(ctx context.Context, hc *http.Client, base string) (*client, error) {
	form := url.Values{"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {"admin"},
		"password": {"1q2w3E*"}, "scope": {"openid profile kerf"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/connect/token", strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("__tenant", "demo")
	res, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("login: %w", err)
	}
	defer res.Body.Close()
	var tr struct {
		AccessToken string `json:"access_token"`
	}
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || json.Unmarshal(b, &tr) != nil || tr.AccessToken == "" {
		return nil, fmt.Errorf("login: %d %s", res.StatusCode, b)
	}
	return &client{http: hc, base: base, token: tr.AccessToken}, nil
}

// send makes one request and answers the body of a 2xx answer.
func (c *client) send(ctx context.Context, method, path string, body io.Reader, contentType string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept-Language", "en")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, bytes.TrimSpace(b))
	}
	return b, nil
}

// get asks for path and decodes the JSON answer into v.
func (c *client) get(ctx context.Context, path string, v any) error {
	b, err := c.send(ctx, http.MethodGet, path, nil, "")
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// post sends in as JSON and decodes the answer into v (when not nil).
func (c *client) post(ctx context.Context, path string, in, v any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	b, err := c.send(ctx, http.MethodPost, path, bytes.NewReader(body), "application/json")
	if err != nil || v == nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// upload posts a cut list with its import-file setting, as the upload dialog does.
func (c *client) upload(ctx context.Context, name string, data []byte, settingID uuid.UUID) (importFile, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.WriteField("importFileSettingId", settingID.String()); err != nil {
		return importFile{}, err
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		return importFile{}, err
	}
	_, _ = fw.Write(data)
	if err := mw.Close(); err != nil {
		return importFile{}, err
	}
	b, err := c.send(ctx, http.MethodPost, "/api/optimization/import-files", &buf, mw.FormDataContentType())
	if err != nil {
		return importFile{}, err
	}
	var f importFile
	return f, json.Unmarshal(b, &f)
}

// The answers read (decision 0013's shapes, only the fields used).
type (
	importFile struct {
		ID     uuid.UUID `json:"id"`
		Parts  int       `json:"parts"`
		Pieces int       `json:"pieces"`
		Status int       `json:"status"`
	}
	verification struct {
		OK       bool `json:"ok"`
		Problems []struct {
			Row     int    `json:"row"`
			Message string `json:"message"`
		} `json:"problems"`
	}
	runRow struct {
		ID           uuid.UUID  `json:"id"`
		PlanNo       string     `json:"planNo"`
		Status       int        `json:"status"`
		CreationTime time.Time  `json:"creationTime"`
		StartedAt    *time.Time `json:"startedAt"`
		FinishedAt   *time.Time `json:"finishedAt"`
		Pieces       int        `json:"pieces"`
		LowerBound   int        `json:"lowerBound"`
		Boards       int        `json:"boards"`
		Parts        int        `json:"parts"`
		Utilisation  float64    `json:"utilisation"`
		WastePct     float64    `json:"wastePct"`
		Cycles       int        `json:"cycles"`
		SawSeconds   float64    `json:"sawSeconds"`
		Error        string     `json:"error"`
	}
	progress struct {
		ID      uuid.UUID `json:"id"`
		Status  int       `json:"status"`
		Percent float64   `json:"percent"`
		Message string    `json:"message"`
	}
)

// Run statuses (decision 0013).
const (
	runFinished = 2
	runFailed   = 3
)

// ended says whether a run's status is final: finished, failed or cancelled.
func ended(status int) bool { return status >= runFinished }

// runByPlan reads a run's row through the solutions list.
func (c *client) runByPlan(ctx context.Context, planNo string) (runRow, error) {
	var page struct {
		Items []runRow `json:"items"`
	}
	if err := c.get(ctx, "/api/optimization/import-files/solutions?planNo="+url.QueryEscape(planNo)+"&maxResultCount=10", &page); err != nil {
		return runRow{}, err
	}
	for _, r := range page.Items {
		if r.PlanNo == planNo {
			return r, nil
		}
	}
	return runRow{}, fmt.Errorf("run %s is not in the solutions list", planNo)
}

// pgSchema makes a schema of its own on the PostgreSQL at base and answers a URL that
// uses it (search_path) and a func that drops it.
func pgSchema(base string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	schema := "bench_opt_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		_ = admin.Close()
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	drop := func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		_ = admin.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	q.Set("application_name", "kerf-"+schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}
