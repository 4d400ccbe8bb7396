// Package localization holds the texts of every module in zh-Hans and en, picks the
// culture of a request and formats messages.
package localization

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Cultures the product speaks. ZhHans is the default.
const (
	ZhHans = "zh-Hans"
	En     = "en"
)

// Cultures lists the supported cultures in display order.
var Cultures = []Language{
	{CultureName: ZhHans, UICultureName: ZhHans, DisplayName: "简体中文"},
	{CultureName: En, UICultureName: En, DisplayName: "English"},
}

// Language describes one culture for the client.
type Language struct {
	CultureName   string `json:"cultureName"`
	UICultureName string `json:"uiCultureName"`
	DisplayName   string `json:"displayName"`
}

// Texts maps a key to its text in both cultures.
type Texts map[string]Text

// Text is one message in both cultures. Placeholders are {0}, {1}, ...
type Text struct {
	ZhHans string
	En     string
}

// Normalize maps an Accept-Language value to a supported culture: any zh* is zh-Hans,
// en* is en, anything else (or nothing) is zh-Hans.
func Normalize(acceptLanguage string) string {
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "zh"):
			return ZhHans
		case strings.HasPrefix(tag, "en"):
			return En
		}
	}
	return ZhHans
}

type cultureKey struct{}

// WithCulture returns ctx carrying the request's culture.
func WithCulture(ctx context.Context, culture string) context.Context {
	return context.WithValue(ctx, cultureKey{}, culture)
}

// CultureFrom returns the culture of ctx, zh-Hans by default.
func CultureFrom(ctx context.Context) string {
	if c, ok := ctx.Value(cultureKey{}).(string); ok && c != "" {
		return c
	}
	return ZhHans
}

// Catalog is the set of texts of all modules. It is filled while the app is built and
// only read afterwards.
type Catalog struct {
	mu    sync.RWMutex
	texts map[string]Text
}

// NewCatalog returns a catalog with the platform's own texts.
func NewCatalog() *Catalog {
	c := &Catalog{texts: map[string]Text{}}
	c.Add(platformTexts)
	return c
}

// Add merges texts; a later module may not silently replace an earlier key.
func (c *Catalog) Add(t Texts) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, v := range t {
		if _, dup := c.texts[k]; dup {
			panic(fmt.Sprintf("localization: text %q defined twice", k))
		}
		c.texts[k] = v
	}
}

// Get returns the text of key in culture with args substituted; an unknown key is
// returned as it is so that a missing text is visible rather than blank.
func (c *Catalog) Get(culture, key string, args ...any) string {
	c.mu.RLock()
	t, ok := c.texts[key]
	c.mu.RUnlock()
	s := key
	if ok {
		s = t.ZhHans
		if culture == En && t.En != "" {
			s = t.En
		}
	}
	for i, a := range args {
		s = strings.ReplaceAll(s, fmt.Sprintf("{%d}", i), fmt.Sprint(a))
	}
	return s
}

// T returns the text of key in the culture of ctx.
func (c *Catalog) T(ctx context.Context, key string, args ...any) string {
	return c.Get(CultureFrom(ctx), key, args...)
}

// Values returns every text in culture, for the client.
func (c *Catalog) Values(culture string) map[string]string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make(map[string]string, len(c.texts))
	for k := range c.texts {
		out[k] = c.Get(culture, k)
	}
	return out
}

// Keys returns all keys sorted.
func (c *Catalog) Keys() []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	keys := make([]string, 0, len(c.texts))
	for k := range c.texts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
