package language

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Bus topics: a change of the texts or of the languages drops every replica's cache.
const (
	TopicTexts     = "language.texts"
	TopicLanguages = "language.languages"
)

// Limits of the fields.
const (
	MaxDisplayName = 64
	MaxFlagIcon    = 64
	MaxValue       = 4096
)

// builtIn are the seeded cultures, which cannot be deleted.
var builtIn = map[string]bool{localization.ZhHans: true, localization.En: true}

// Service keeps the languages and the text overrides, and answers them to the catalog
// (it is the catalog's localization.Overrides).
type Service struct {
	st        store
	bus       *bus.Bus
	catalog   *localization.Catalog
	overrides *bus.Cache[string, map[string]map[string]string]
	languages *bus.Cache[string, []localization.Language]
}

// NewService returns the service; with a nil bus nothing is cached.
func NewService(d *db.DB, b *bus.Bus, c *localization.Catalog) *Service {
	all := func(string, string) bool { return true }
	s := &Service{st: newStore(d), bus: b, catalog: c}
	if b != nil {
		s.overrides = bus.NewCache[string, map[string]map[string]string](b, TopicTexts, all)
		s.languages = bus.NewCache[string, []localization.Language](b, TopicLanguages, all)
	}
	return s
}

func (s *Service) publish(ctx context.Context, topic string) error {
	if s.bus == nil {
		return nil
	}
	if err := s.bus.Publish(ctx, topic, bus.All); err != nil {
		return fmt.Errorf("publish %s: %w", topic, err)
	}
	return nil
}

// Overrides answers the changed texts of culture (resource → name → value), cached per replica.
func (s *Service) Overrides(ctx context.Context, culture string) (map[string]map[string]string, error) {
	load := func(ctx context.Context) (map[string]map[string]string, error) {
		rows, err := s.st.overridesOf(ctx, culture)
		if err != nil {
			return nil, err
		}
		out := map[string]map[string]string{}
		for _, r := range rows {
			m := out[r.ResourceName]
			if m == nil {
				m = map[string]string{}
				out[r.ResourceName] = m
			}
			m[r.Name] = r.Value
		}
		return out, nil
	}
	if s.overrides == nil {
		return load(ctx)
	}
	return s.overrides.Get(ctx, culture, load)
}

// Languages answers the enabled languages, the default first, cached per replica.
func (s *Service) Languages(ctx context.Context) ([]localization.Language, error) {
	load := func(ctx context.Context) ([]localization.Language, error) {
		rows, err := s.st.allLanguages(ctx)
		if err != nil {
			return nil, err
		}
		out := []localization.Language{}
		for _, r := range rows {
			if r.IsEnabled {
				out = append(out, localization.Language{CultureName: r.CultureName, UICultureName: r.UICultureName,
					DisplayName: r.DisplayName, FlagIcon: r.FlagIcon, IsDefault: r.IsDefault})
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].IsDefault && !out[j].IsDefault })
		return out, nil
	}
	if s.languages == nil {
		return load(ctx)
	}
	return s.languages.Get(ctx, "enabled", load)
}

// ---- languages ----

// ListLanguages answers a page of the languages.
func (s *Service) ListLanguages(ctx context.Context, q Query) ([]Language, int, error) {
	return s.st.listLanguages(ctx, q)
}

// GetLanguage answers one language.
func (s *Service) GetLanguage(ctx context.Context, id uuid.UUID) (*Language, error) {
	return s.st.getLanguage(ctx, id)
}

func checkNames(ve *apperr.ValidationError, displayName, flagIcon string) {
	switch {
	case strings.TrimSpace(displayName) == "":
		ve.Add("displayName", localization.KeyRequired, FieldDisplayName)
	case len([]rune(displayName)) > MaxDisplayName:
		ve.Add("displayName", localization.KeyTooLong, FieldDisplayName, MaxDisplayName)
	}
	if len([]rune(flagIcon)) > MaxFlagIcon {
		ve.Add("flagIcon", localization.KeyTooLong, FieldFlagIcon, MaxFlagIcon)
	}
}

// CreateLanguage adds a language of the culture list.
func (s *Service) CreateLanguage(ctx context.Context, in CreateLanguageInput) (*Language, error) {
	in.CultureName, in.UICultureName = strings.TrimSpace(in.CultureName), strings.TrimSpace(in.UICultureName)
	if in.UICultureName == "" {
		in.UICultureName = in.CultureName
	}
	ve := &apperr.ValidationError{}
	switch {
	case in.CultureName == "":
		ve.Add("cultureName", localization.KeyRequired, FieldCultureName)
	case !knownCulture(in.CultureName):
		ve.Add("cultureName", KeyUnknownCulture, FieldCultureName, in.CultureName)
	}
	if in.UICultureName != "" && !knownCulture(in.UICultureName) {
		ve.Add("uiCultureName", KeyUnknownCulture, FieldUICultureName, in.UICultureName)
	}
	checkNames(ve, in.DisplayName, in.FlagIcon)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	row := &Language{CultureName: in.CultureName, UICultureName: in.UICultureName, DisplayName: strings.TrimSpace(in.DisplayName),
		FlagIcon: strings.TrimSpace(in.FlagIcon), IsEnabled: in.IsEnabled == nil || *in.IsEnabled}
	if err := s.st.insertLanguage(ctx, row); err != nil {
		if errors.Is(err, db.ErrDuplicate) {
			return nil, apperr.Invalid("cultureName", KeyDuplicateCulture, in.CultureName)
		}
		return nil, err
	}
	return row, s.publish(ctx, TopicLanguages)
}

// UpdateLanguage changes the display name, flag and enabled state (the default stays enabled).
func (s *Service) UpdateLanguage(ctx context.Context, id uuid.UUID, in UpdateLanguageInput) (*Language, error) {
	ve := &apperr.ValidationError{}
	checkNames(ve, in.DisplayName, in.FlagIcon)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	row, err := s.st.getLanguage(ctx, id)
	if err != nil {
		return nil, err
	}
	if row.IsDefault && !in.IsEnabled {
		return nil, apperr.Invalid("isEnabled", KeyDefaultDisable)
	}
	row.DisplayName, row.FlagIcon, row.IsEnabled = strings.TrimSpace(in.DisplayName), strings.TrimSpace(in.FlagIcon), in.IsEnabled
	if err := s.st.updateLanguage(ctx, row, in.ConcurrencyStamp, "display_name", "flag_icon", "is_enabled"); err != nil {
		return nil, err
	}
	return row, s.publish(ctx, TopicLanguages)
}

// DeleteLanguage deletes a language that is neither built in nor the default, with its texts.
func (s *Service) DeleteLanguage(ctx context.Context, id uuid.UUID) error {
	row, err := s.st.getLanguage(ctx, id)
	if err != nil {
		return err
	}
	if builtIn[row.CultureName] {
		return apperr.User(KeyStaticDelete, row.CultureName)
	}
	if row.IsDefault {
		return apperr.User(KeyDefaultDelete)
	}
	if err := s.st.inTx(ctx, func(ctx context.Context, tx store) error { return tx.deleteLanguage(ctx, row) }); err != nil {
		return err
	}
	if err := s.publish(ctx, TopicTexts); err != nil {
		return err
	}
	return s.publish(ctx, TopicLanguages)
}

// SetDefault makes the language the default (and enables it).
func (s *Service) SetDefault(ctx context.Context, id uuid.UUID) error {
	err := s.st.inTx(ctx, func(ctx context.Context, tx store) error {
		row, err := tx.getLanguage(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.clearDefault(ctx); err != nil {
			return err
		}
		row.IsDefault, row.IsEnabled = true, true
		return tx.updateLanguage(ctx, row, "", "is_default", "is_enabled")
	})
	if err != nil {
		return err
	}
	return s.publish(ctx, TopicLanguages)
}

// CultureList answers the cultures a language may be created for.
func (s *Service) CultureList() []Culture { return append([]Culture{}, cultures...) }

// Resources answers every resource: each module's and the web client's.
func (s *Service) Resources() []Resource {
	names := s.catalog.Resources()
	out := make([]Resource, len(names))
	for i, n := range names {
		out[i] = Resource{Name: n}
	}
	return out
}

// ---- texts ----

// ListTexts answers a page of the texts of a resource (or of all) in the target culture
// beside the base culture, the target's overrides applied.
func (s *Service) ListTexts(ctx context.Context, q TextQuery) ([]LanguageText, int, error) {
	if q.TargetCultureName == "" {
		q.TargetCultureName = localization.CultureFrom(ctx)
	}
	if q.BaseCultureName == "" {
		q.BaseCultureName = localization.En
	}
	resources := s.catalog.Resources()
	if q.ResourceName != "" {
		if !s.catalog.HasResource(q.ResourceName) {
			return nil, 0, apperr.Invalid("resourceName", KeyUnknownResource, q.ResourceName)
		}
		resources = []string{q.ResourceName}
	}
	target, err := s.Overrides(ctx, q.TargetCultureName)
	if err != nil {
		return nil, 0, err
	}
	base, err := s.Overrides(ctx, q.BaseCultureName)
	if err != nil {
		return nil, 0, err
	}
	filter := strings.ToLower(strings.TrimSpace(q.Filter))
	all := []LanguageText{}
	for _, r := range resources {
		for _, k := range s.catalog.ResourceKeys(r) {
			v, over := target[r][k]
			if !over {
				v, _ = s.catalog.CodeText(r, q.TargetCultureName, k)
			}
			b, ok := base[r][k]
			if !ok {
				b, _ = s.catalog.CodeText(r, q.BaseCultureName, k)
			}
			if q.GetOnlyEmptyValues && v != "" {
				continue
			}
			if filter != "" && !strings.Contains(strings.ToLower(k), filter) && !strings.Contains(strings.ToLower(v), filter) &&
				!strings.Contains(strings.ToLower(b), filter) {
				continue
			}
			all = append(all, LanguageText{Name: k, ResourceName: r, CultureName: q.TargetCultureName,
				BaseCultureName: q.BaseCultureName, Value: v, BaseValue: b, IsOverridden: over})
		}
	}
	total := len(all)
	from := min(q.Skip, total)
	to := total
	if q.Limit > 0 {
		to = min(from+q.Limit, total)
	}
	return all[from:to], total, nil
}

// checkText answers an error unless (resource, culture, name) names a text of an existing
// language.
func (s *Service) checkText(ctx context.Context, resource, culture, name string) error {
	if !s.catalog.HasResource(resource) {
		return apperr.WithKey(fmt.Errorf("resource %s: %w", resource, db.ErrNotFound), KeyUnknownResource, resource)
	}
	keys := s.catalog.ResourceKeys(resource)
	if i := sort.SearchStrings(keys, name); i == len(keys) || keys[i] != name {
		return apperr.WithKey(fmt.Errorf("text %s/%s: %w", resource, name, db.ErrNotFound), KeyUnknownText, resource, name)
	}
	if _, err := s.st.languageByCulture(ctx, culture); err != nil {
		return err
	}
	return nil
}

// SetText overrides the text of (resource, culture, name) with value.
func (s *Service) SetText(ctx context.Context, resource, culture, name, value string) error {
	switch {
	case value == "":
		return apperr.Invalid("value", localization.KeyRequired, FieldValue)
	case len([]rune(value)) > MaxValue:
		return apperr.Invalid("value", localization.KeyTooLong, FieldValue, MaxValue)
	}
	if err := s.checkText(ctx, resource, culture, name); err != nil {
		return err
	}
	if err := s.st.setOverride(ctx, resource, culture, name, value); err != nil {
		return err
	}
	return s.publish(ctx, TopicTexts)
}

// RestoreText removes the override of (resource, culture, name): the shipped text answers again.
func (s *Service) RestoreText(ctx context.Context, resource, culture, name string) error {
	if err := s.checkText(ctx, resource, culture, name); err != nil {
		return err
	}
	if err := s.st.deleteOverride(ctx, resource, culture, name); err != nil {
		return err
	}
	return s.publish(ctx, TopicTexts)
}
