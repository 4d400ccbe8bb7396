package texttemplate

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"regexp"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Service answers definitions and contents, stores overrides and renders.
type Service struct {
	db      *db.DB
	catalog *localization.Catalog
	now     func() time.Time
	defs    map[string]Definition
}

// NewService returns the templates of d; catalog translates their display names.
func NewService(d *db.DB, catalog *localization.Catalog, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{db: d, catalog: catalog, now: now, defs: map[string]Definition{}}
	for _, def := range definitions {
		s.defs[def.Name] = def
	}
	return s
}

// LayoutModel is what a layout renders with: the rendered body and the body's model.
type LayoutModel struct {
	Body  template.HTML
	Model any
}

// sampleBody is the body a layout's preview shows.
const sampleBody = template.HTML("<p>Lorem ipsum — 示例内容</p>")

var cultureName = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$`)

func (s *Service) definition(name string) (Definition, error) {
	d, ok := s.defs[name]
	if !ok {
		return Definition{}, apperr.WithKey(apperr.ErrNotFound, KeyNotFound, name)
	}
	return d, nil
}

// Definitions answers the definitions whose name or display name contains filter, in
// declaration order, with display names in the caller's language.
func (s *Service) Definitions(ctx context.Context, filter string) []DefinitionDto {
	filter = strings.ToLower(strings.TrimSpace(filter))
	out := []DefinitionDto{}
	for _, d := range definitions {
		dto := DefinitionDto{Name: d.Name, DisplayName: s.catalog.T(ctx, d.DisplayName), IsLayout: d.IsLayout, Layout: d.Layout,
			DefaultCultureName: d.DefaultCultureName}
		if filter != "" && !strings.Contains(strings.ToLower(dto.Name), filter) && !strings.Contains(strings.ToLower(dto.DisplayName), filter) {
			continue
		}
		out = append(out, dto)
	}
	return out
}

// culture answers culture checked, or the definition's default when empty.
func culture(d Definition, c string) (string, error) {
	c = strings.TrimSpace(c)
	if c == "" {
		return d.DefaultCultureName, nil
	}
	if !cultureName.MatchString(c) {
		return "", apperr.Invalid("cultureName", KeyBadCulture, c)
	}
	return c, nil
}

// override is the ctx tenant's stored content of (name, culture), nil when none.
func (s *Service) override(ctx context.Context, idb bun.IDB, name, culture string) (*Content, error) {
	var rows []Content
	if err := db.Select(ctx, idb, &rows).Where("name = ? AND culture_name = ?", name, culture).Limit(1).Scan(ctx); err != nil {
		return nil, fmt.Errorf("text template %s %s: %w", name, culture, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

// content resolves the content of d in culture: the tenant's override, else the code's
// content of that culture, else the code's content of the definition's default culture.
func (s *Service) content(ctx context.Context, d Definition, culture string) (string, bool, error) {
	o, err := s.override(ctx, s.db, d.Name, culture)
	if err != nil {
		return "", false, err
	}
	if o != nil {
		return o.Content, true, nil
	}
	if c, ok := defaultContent(d.Name, culture); ok {
		return c, false, nil
	}
	if base, _, ok := strings.Cut(culture, "-"); ok {
		if c, ok := defaultContent(d.Name, base); ok {
			return c, false, nil
		}
	}
	c, _ := defaultContent(d.Name, d.DefaultCultureName)
	return c, false, nil
}

// GetContent answers the content of name in culture (empty: the default culture).
func (s *Service) GetContent(ctx context.Context, name, cultureName string) (*ContentDto, error) {
	d, err := s.definition(name)
	if err != nil {
		return nil, err
	}
	c, err := culture(d, cultureName)
	if err != nil {
		return nil, err
	}
	text, overridden, err := s.content(ctx, d, c)
	if err != nil {
		return nil, err
	}
	return &ContentDto{Name: d.Name, CultureName: c, Content: text, IsOverridden: overridden}, nil
}

// UpdateContentInput is a new content of one culture.
type UpdateContentInput struct {
	TemplateName, CultureName, Content string
}

// maxContent bounds a stored content.
const maxContent = 100_000

// UpdateContent stores the ctx tenant's content of a culture, once it parses and renders
// with the template's sample model.
func (s *Service) UpdateContent(ctx context.Context, in UpdateContentInput) (*ContentDto, error) {
	d, err := s.definition(in.TemplateName)
	if err != nil {
		return nil, err
	}
	c, err := culture(d, in.CultureName)
	if err != nil {
		return nil, err
	}
	switch {
	case strings.TrimSpace(in.Content) == "":
		return nil, apperr.Invalid("content", localization.KeyRequired, FieldContent)
	case len(in.Content) > maxContent:
		return nil, apperr.Invalid("content", localization.KeyTooLong, FieldContent, maxContent)
	}
	if _, err := s.renderWith(ctx, d, c, in.Content, sampleOf(d)); err != nil {
		return nil, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := db.Delete(ctx, tx, (*Content)(nil)).Where("name = ? AND culture_name = ?", d.Name, c).Exec(ctx); err != nil {
			return fmt.Errorf("replace text template %s %s: %w", d.Name, c, err)
		}
		row := &Content{ID: db.NewID(), TenantID: tenancy.ID(ctx), Name: d.Name, CultureName: c, Content: in.Content,
			LastModificationTime: s.now().UTC()}
		return db.Insert(ctx, tx, row)
	})
	if err != nil {
		return nil, err
	}
	return &ContentDto{Name: d.Name, CultureName: c, Content: in.Content, IsOverridden: true}, nil
}

// RestoreToDefault deletes the ctx tenant's content of a culture: the code's content answers
// again. Restoring a culture that has no override changes nothing.
func (s *Service) RestoreToDefault(ctx context.Context, name, cultureName string) error {
	d, err := s.definition(name)
	if err != nil {
		return err
	}
	c, err := culture(d, cultureName)
	if err != nil {
		return err
	}
	if _, err := db.Delete(ctx, s.db, (*Content)(nil)).Where("name = ? AND culture_name = ?", d.Name, c).Exec(ctx); err != nil {
		return fmt.Errorf("restore text template %s %s: %w", d.Name, c, err)
	}
	return nil
}

// Render renders name with model in the culture of ctx (the request's language), inside its
// layout. Callers pass the template's model type (e.g. OptimizationFinishedModel).
func (s *Service) Render(ctx context.Context, name string, model any) (string, error) {
	return s.RenderCulture(ctx, name, localization.CultureFrom(ctx), model)
}

// RenderCulture renders name with model in cultureName (empty: the template's default),
// inside its layout, with the ctx tenant's contents.
func (s *Service) RenderCulture(ctx context.Context, name, cultureName string, model any) (string, error) {
	d, err := s.definition(name)
	if err != nil {
		return "", err
	}
	c, err := culture(d, cultureName)
	if err != nil {
		return "", err
	}
	text, _, err := s.content(ctx, d, c)
	if err != nil {
		return "", err
	}
	return s.renderWith(ctx, d, c, text, model)
}

// Preview renders content (empty: the current content) of name in cultureName with the
// template's sample model, inside its layout.
func (s *Service) Preview(ctx context.Context, name, cultureName, content string) (string, error) {
	d, err := s.definition(name)
	if err != nil {
		return "", err
	}
	c, err := culture(d, cultureName)
	if err != nil {
		return "", err
	}
	if content == "" {
		if content, _, err = s.content(ctx, d, c); err != nil {
			return "", err
		}
	}
	return s.renderWith(ctx, d, c, content, sampleOf(d))
}

func sampleOf(d Definition) any {
	if d.IsLayout {
		return LayoutModel{Body: sampleBody}
	}
	return d.Sample
}

// renderWith renders content as d's template with model, then inside d's layout (its content
// in the same culture). A content that does not parse or execute answers a validation error.
func (s *Service) renderWith(ctx context.Context, d Definition, culture, content string, model any) (string, error) {
	body, err := execute(d.Name, content, model)
	if err != nil {
		return "", err
	}
	if d.Layout == "" {
		return body, nil
	}
	ld, err := s.definition(d.Layout)
	if err != nil {
		return "", err
	}
	layout, _, err := s.content(ctx, ld, culture)
	if err != nil {
		return "", err
	}
	return execute(ld.Name, layout, LayoutModel{Body: template.HTML(body), Model: model})
}

func execute(name, content string, model any) (string, error) {
	t, err := template.New(name).Option("missingkey=zero").Parse(content)
	if err != nil {
		return "", apperr.Invalid("content", KeyParseError, strings.TrimPrefix(err.Error(), "template: "))
	}
	var b bytes.Buffer
	if err := t.Execute(&b, model); err != nil {
		return "", apperr.Invalid("content", KeyRenderError, strings.TrimPrefix(err.Error(), "template: "))
	}
	return b.String(), nil
}
