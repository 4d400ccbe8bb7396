// Package localization holds the texts of every module in zh-Hans and en, picks the
// culture of a request and formats messages.
package localization

import (
	"context"
	"strings"
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
	FlagIcon      string `json:"flagIcon,omitempty"`
	IsDefault     bool   `json:"isDefault,omitempty"`
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

// normalizeAmong is Normalize over the cultures of langs (the enabled languages): a tag
// matches a culture by its name or its first subtag ("ja-JP" → "ja"); zh* is zh-Hans and en*
// en as before; anything else is def.
func normalizeAmong(acceptLanguage string, langs []Language, def string) string {
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		if tag == "" {
			continue
		}
		lower := strings.ToLower(tag)
		switch {
		case strings.HasPrefix(lower, "zh"):
			return ZhHans
		case strings.HasPrefix(lower, "en"):
			return En
		}
		for _, l := range langs {
			if strings.EqualFold(l.CultureName, tag) {
				return l.CultureName
			}
		}
		primary, _, _ := strings.Cut(lower, "-")
		for _, l := range langs {
			if strings.EqualFold(l.CultureName, primary) {
				return l.CultureName
			}
		}
	}
	return def
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
