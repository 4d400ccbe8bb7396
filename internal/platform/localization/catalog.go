package localization

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
)

// PlatformResource is the resource of the platform's own texts (and of texts added with Add).
const PlatformResource = "Kerf"

// Overrides is where the catalog finds the texts administrators changed at run time and the
// languages they enabled (the language area). Both are read per request, so an
// implementation caches them.
type Overrides interface {
	// Overrides answers the changed texts of culture: resource → name → value.
	Overrides(ctx context.Context, culture string) (map[string]map[string]string, error)
	// Languages answers the enabled languages, the default one marked.
	Languages(ctx context.Context) ([]Language, error)
}

// Catalog is the set of texts of all modules, each under its resource (the module's name),
// and the bundled texts of the web client (resources "Web.<feature>", any culture). It is
// filled while the app is built and only read afterwards; overrides come from its Overrides.
type Catalog struct {
	mu        sync.RWMutex
	texts     map[string]Text                         // every code text by key (keys are unique across resources)
	owner     map[string]string                       // key → its resource
	resources map[string]map[string]Text              // resource → key → code text
	bundled   map[string]map[string]map[string]string // resource → culture → key → text (web client)
	overrides Overrides
}

// NewCatalog returns a catalog with the platform's own texts.
func NewCatalog() *Catalog {
	c := &Catalog{texts: map[string]Text{}, owner: map[string]string{}, resources: map[string]map[string]Text{},
		bundled: map[string]map[string]map[string]string{}}
	c.Add(platformTexts)
	return c
}

// SetOverrides makes the catalog consult o (once, while the app is built).
func (c *Catalog) SetOverrides(o Overrides) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.overrides = o
}

// Add merges texts into the platform resource; a later module may not silently replace an
// earlier key.
func (c *Catalog) Add(t Texts) { c.AddResource(PlatformResource, t) }

// AddResource merges the texts of resource (a module's name). A key stays unique across
// every resource, since T finds a text by its key alone.
func (c *Catalog) AddResource(resource string, t Texts) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.resources[resource]
	if r == nil {
		r = map[string]Text{}
		c.resources[resource] = r
	}
	for k, v := range t {
		if _, dup := c.texts[k]; dup {
			panic(fmt.Sprintf("localization: text %q defined twice", k))
		}
		c.texts[k] = v
		c.owner[k] = resource
		r[k] = v
	}
}

// AddBundled adds the bundled texts of a web client resource in culture (flat keys).
func (c *Catalog) AddBundled(resource, culture string, texts map[string]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.bundled[resource]
	if r == nil {
		r = map[string]map[string]string{}
		c.bundled[resource] = r
	}
	m := r[culture]
	if m == nil {
		m = map[string]string{}
		r[culture] = m
	}
	for k, v := range texts {
		m[k] = v
	}
}

// codeText answers the text of key in culture as the code (or the bundled file) has it,
// without falling back to another culture.
func (c *Catalog) codeText(resource, culture, key string) (string, bool) {
	if r, ok := c.bundled[resource]; ok {
		v, ok := r[culture][key]
		return v, ok && v != ""
	}
	t, ok := c.resources[resource][key]
	if !ok {
		return "", false
	}
	switch culture {
	case ZhHans:
		return t.ZhHans, t.ZhHans != ""
	case En:
		return t.En, t.En != ""
	}
	return "", false
}

// CodeText answers the text of key of resource in culture as shipped (no override, no
// fallback): false when that culture has none.
func (c *Catalog) CodeText(resource, culture, key string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.codeText(resource, culture, key)
}

// fallback answers the shipped text of key in culture, else in English, else in zh-Hans,
// else the key itself.
func (c *Catalog) fallback(resource, culture, key string) string {
	for _, cu := range []string{culture, En, ZhHans} {
		if v, ok := c.codeText(resource, cu, key); ok {
			return v
		}
	}
	return key
}

// Resources answers every resource name, sorted: the modules' and the web client's.
func (c *Catalog) Resources() []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]string, 0, len(c.resources)+len(c.bundled))
	for r := range c.resources {
		out = append(out, r)
	}
	for r := range c.bundled {
		if _, dup := c.resources[r]; !dup {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}

// HasResource reports whether resource exists.
func (c *Catalog) HasResource(resource string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, a := c.resources[resource]
	_, b := c.bundled[resource]
	return a || b
}

// ResourceKeys answers the keys of resource, sorted (a web resource: the keys of any culture).
func (c *Catalog) ResourceKeys(resource string) []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	seen := map[string]bool{}
	for k := range c.resources[resource] {
		seen[k] = true
	}
	for _, m := range c.bundled[resource] {
		for k := range m {
			seen[k] = true
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// overridesOf answers the overrides of culture; a failure to read them is logged and the
// shipped texts answer (a message is never lost to an outage of the override table).
func (c *Catalog) overridesOf(ctx context.Context, culture string) map[string]map[string]string {
	c.mu.RLock()
	o := c.overrides
	c.mu.RUnlock()
	if o == nil {
		return nil
	}
	m, err := o.Overrides(ctx, culture)
	if err != nil {
		slog.WarnContext(ctx, "localization: read text overrides", "culture", culture, "err", err)
		return nil
	}
	return m
}

// Get returns the text of key in culture with args substituted; an unknown key is
// returned as it is so that a missing text is visible rather than blank. It does not see
// overrides (no context to read them with): requests use T.
func (c *Catalog) Get(culture, key string, args ...any) string {
	c.mu.RLock()
	s := key
	if r, ok := c.owner[key]; ok {
		s = c.fallback(r, culture, key)
	}
	c.mu.RUnlock()
	return substitute(s, args)
}

func substitute(s string, args []any) string {
	for i, a := range args {
		s = strings.ReplaceAll(s, fmt.Sprintf("{%d}", i), fmt.Sprint(a))
	}
	return s
}

// T returns the text of key in the culture of ctx: its override, else the shipped text of
// the culture, else the English one.
func (c *Catalog) T(ctx context.Context, key string, args ...any) string {
	culture := CultureFrom(ctx)
	c.mu.RLock()
	r, ok := c.owner[key]
	c.mu.RUnlock()
	if ok {
		if v, ok := c.overridesOf(ctx, culture)[r][key]; ok {
			return substitute(v, args)
		}
	}
	return c.Get(culture, key, args...)
}

// Values returns every module text in culture (shipped texts only), for the client.
func (c *Catalog) Values(culture string) map[string]string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make(map[string]string, len(c.texts))
	for k, r := range c.owner {
		out[k] = c.fallback(r, culture, k)
	}
	return out
}

// ValuesOf returns every module text in culture with its overrides, as one flat map.
func (c *Catalog) ValuesOf(ctx context.Context, culture string) map[string]string {
	out := c.Values(culture)
	for r, m := range c.overridesOf(ctx, culture) {
		for k, v := range m {
			if c.ownerOf(k) == r {
				out[k] = v
			}
		}
	}
	return out
}

func (c *Catalog) ownerOf(key string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.owner[key]
}

// ResourceValues returns the texts of every resource in culture: override → shipped text of
// the culture → English → zh-Hans.
func (c *Catalog) ResourceValues(ctx context.Context, culture string) map[string]map[string]string {
	ov := c.overridesOf(ctx, culture)
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := map[string]map[string]string{}
	add := func(r string, keys func(yield func(string))) {
		m := out[r]
		if m == nil {
			m = map[string]string{}
			out[r] = m
		}
		keys(func(k string) {
			if v, ok := ov[r][k]; ok {
				m[k] = v
			} else {
				m[k] = c.fallback(r, culture, k)
			}
		})
	}
	for r, texts := range c.resources {
		add(r, func(yield func(string)) {
			for k := range texts {
				yield(k)
			}
		})
	}
	for r, cultures := range c.bundled {
		add(r, func(yield func(string)) {
			for _, m := range cultures {
				for k := range m {
					yield(k)
				}
			}
		})
	}
	return out
}

// Keys returns all module keys sorted.
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

// Languages answers the enabled languages (the default one marked), or the two shipped ones
// when no language area answers.
func (c *Catalog) Languages(ctx context.Context) []Language {
	c.mu.RLock()
	o := c.overrides
	c.mu.RUnlock()
	if o != nil {
		ls, err := o.Languages(ctx)
		if err == nil && len(ls) > 0 {
			return ls
		}
		if err != nil {
			slog.WarnContext(ctx, "localization: read languages", "err", err)
		}
	}
	out := append([]Language{}, Cultures...)
	out[0].IsDefault = true
	return out
}

// Normalize maps an Accept-Language value (or a culture name) to an enabled culture; zh* is
// zh-Hans, en* is en, a tag matches an enabled language by name or first subtag; anything
// else is the default language.
func (c *Catalog) Normalize(ctx context.Context, acceptLanguage string) string {
	langs := c.Languages(ctx)
	def := ZhHans
	for _, l := range langs {
		if l.IsDefault {
			def = l.CultureName
		}
	}
	return normalizeAmong(acceptLanguage, langs, def)
}
