package benchkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// Client speaks to the server at Base as one user, with Token as the bearer.
type Client struct {
	HTTP  *http.Client
	Base  string
	Token string
}

// Login runs the password grant through /connect/token as the demo tenant's admin and answers
// a client that sends that user's token through hc.
func Login(ctx context.Context, hc *http.Client, base string) (*Client, error) {
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
	return &Client{HTTP: hc, Base: base, Token: tr.AccessToken}, nil
}

// Send makes one request to path (below Base) in English and answers the body of a 2xx
// answer; any other status is an error that quotes the body.
func (c *Client) Send(ctx context.Context, method, path string, body io.Reader, contentType string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Accept-Language", "en")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.HTTP.Do(req)
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

// Get asks for path and decodes the JSON answer into v.
func (c *Client) Get(ctx context.Context, path string, v any) error {
	b, err := c.Send(ctx, http.MethodGet, path, nil, "")
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// Post sends in as JSON to path and decodes the answer into v (when not nil).
func (c *Client) Post(ctx context.Context, path string, in, v any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	b, err := c.Send(ctx, http.MethodPost, path, bytes.NewReader(body), "application/json")
	if err != nil || v == nil {
		return err
	}
	return json.Unmarshal(b, v)
}
