package homedesign

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"kerf/internal/platform/apperr"
)

// Headers of a signed request.
const (
	HeaderKey       = "X-Kerf-Key"
	HeaderTimestamp = "X-Kerf-Timestamp" // Unix seconds
	HeaderSignature = "X-Kerf-Signature" // hex HMAC-SHA256 of Sign's message
)

// Sign answers the signature of a request: the hex HMAC-SHA256, under secret, of key,
// timestamp and the URL path joined by newlines. The remote platform checks it the same way.
func Sign(secret, key, timestamp, path string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(key + "\n" + timestamp + "\n" + path))
	return hex.EncodeToString(m.Sum(nil))
}

// Remote is the http provider: a home-design platform at URL answering
//
//	GET {url}/plans?account=&start=&num=&keyword=  → {"items": [Plan…], "totalCount": n}
//	GET {url}/plans/{id}/design-url?account=      → {"url": "…"}
//	GET {url}/plans/{id}/design?account=          → Design
//
// Any failure (no answer, timeout, a status other than 200, a body that is not the shape)
// is logged and answered as the user error KeyPlatformDown; a 404 as KeyPlanNotFound.
type Remote struct {
	URL, Key, Secret string
	Client           *http.Client // nil: a client with a 10 s timeout
	now              func() time.Time
}

func (p *Remote) Name() string { return ProviderHTTP }

func (p *Remote) Plans(ctx context.Context, account string, q PlanQuery) ([]Plan, int, error) {
	v := url.Values{"account": {account}, "start": {strconv.Itoa(q.Start)}, "num": {strconv.Itoa(q.Num)}, "keyword": {q.Keyword}}
	var out struct {
		Items      []Plan `json:"items"`
		TotalCount int    `json:"totalCount"`
	}
	if err := p.get(ctx, "/plans", v, &out); err != nil {
		return nil, 0, err
	}
	if out.Items == nil {
		out.Items = []Plan{}
	}
	return out.Items, out.TotalCount, nil
}

func (p *Remote) DesignURL(ctx context.Context, account, planID string) (string, error) {
	var out struct {
		URL string `json:"url"`
	}
	if err := p.get(ctx, "/plans/"+url.PathEscape(planID)+"/design-url", url.Values{"account": {account}}, &out); err != nil {
		return "", err
	}
	return out.URL, nil
}

func (p *Remote) Design(ctx context.Context, account, planID string) (*Design, error) {
	var out Design
	if err := p.get(ctx, "/plans/"+url.PathEscape(planID)+"/design", url.Values{"account": {account}}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

var defaultClient = &http.Client{Timeout: 10 * time.Second}

func (p *Remote) get(ctx context.Context, path string, query url.Values, out any) error {
	if p.URL == "" || p.Key == "" {
		return apperr.User(KeyNotConfigured)
	}
	base, err := url.Parse(strings.TrimRight(p.URL, "/") + path)
	if err != nil {
		return p.down(ctx, path, fmt.Errorf("parse url: %w", err))
	}
	base.RawQuery = query.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base.String(), nil)
	if err != nil {
		return p.down(ctx, path, err)
	}
	now := time.Now
	if p.now != nil {
		now = p.now
	}
	ts := strconv.FormatInt(now().Unix(), 10)
	req.Header.Set("Accept", "application/json")
	req.Header.Set(HeaderKey, p.Key)
	req.Header.Set(HeaderTimestamp, ts)
	req.Header.Set(HeaderSignature, Sign(p.Secret, p.Key, ts, base.Path))
	c := p.Client
	if c == nil {
		c = defaultClient
	}
	res, err := c.Do(req)
	if err != nil {
		return p.down(ctx, path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 32<<20))
	if err != nil {
		return p.down(ctx, path, err)
	}
	switch {
	case res.StatusCode == http.StatusNotFound && path != "/plans":
		return apperr.WithKey(apperr.ErrNotFound, KeyPlanNotFound)
	case res.StatusCode != http.StatusOK:
		return p.down(ctx, path, fmt.Errorf("status %d: %.200s", res.StatusCode, body))
	}
	if err := json.Unmarshal(body, out); err != nil {
		return p.down(ctx, path, fmt.Errorf("decode: %w", err))
	}
	return nil
}

// down logs why the platform failed and answers the user's message.
func (p *Remote) down(ctx context.Context, path string, err error) error {
	slog.WarnContext(ctx, "home-design platform did not answer", "path", path, "err", err)
	return apperr.User(KeyPlatformDown)
}

// defaultRemote is the http provider with the default client.
func defaultRemote(url, key, secret string) Provider {
	return &Remote{URL: url, Key: key, Secret: secret}
}
