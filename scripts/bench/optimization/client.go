package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"time"

	"github.com/google/uuid"

	"kerf/scripts/bench/benchkit"
)

// client speaks to the server as the demo tenant's admin.
type client struct{ *benchkit.Client }

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
	b, err := c.Send(ctx, http.MethodPost, "/api/optimization/import-files", &buf, mw.FormDataContentType())
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
	if err := c.Get(ctx, "/api/optimization/import-files/solutions?planNo="+url.QueryEscape(planNo)+"&maxResultCount=10", &page); err != nil {
		return runRow{}, err
	}
	for _, r := range page.Items {
		if r.PlanNo == planNo {
			return r, nil
		}
	}
	return runRow{}, fmt.Errorf("run %s is not in the solutions list", planNo)
}
