package texttemplate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func TestEveryTemplateHasItsDefaultContentInBothLanguagesAndRendersItsSample(t *testing.T) {
	s := NewService(nil, localization.NewCatalog(), nil)
	for _, d := range definitions {
		for _, c := range []string{localization.ZhHans, localization.En} {
			text, ok := defaultContent(d.Name, c)
			if !ok || strings.TrimSpace(text) == "" {
				t.Errorf("%s has no %s content", d.Name, c)
				continue
			}
			if _, err := execute(d.Name, text, sampleOf(d)); err != nil {
				t.Errorf("%s %s does not render its sample: %v", d.Name, c, err)
			}
		}
		if d.Layout != "" {
			if _, err := s.definition(d.Layout); err != nil {
				t.Errorf("%s: layout %s is not defined", d.Name, d.Layout)
			}
		}
	}
}

func newTestService(t *testing.T, d *db.DB) *Service {
	t.Helper()
	if err := d.Migrate(context.Background(), migrations); err != nil {
		t.Fatal(err)
	}
	return NewService(d, localization.NewCatalog(), nil)
}

func TestATemplateRendersInsideItsLayoutInTheCallersCulture(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTestService(t, d)
		ctx := localization.WithCulture(context.Background(), localization.En)
		out, err := s.Render(ctx, OptimizationFinished, OptimizationFinishedModel{UserName: "Anna <admin>", RunName: "R7",
			Utilisation: "91%", Link: "https://kerf.example.com/runs/7", SheetCount: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"<!DOCTYPE html>", "please do not reply", "Hello Anna &lt;admin&gt;,", `"R7" has finished: 3 sheets, 91% utilisation`,
			`href="https://kerf.example.com/runs/7"`} {
			if !strings.Contains(out, want) {
				t.Errorf("the English e-mail lacks %q:\n%s", want, out)
			}
		}
		zh, err := s.RenderCulture(ctx, OptimizationFinished, localization.ZhHans, OptimizationFinishedModel{RunName: "R7"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(zh, "优化任务「R7」已完成") || !strings.Contains(zh, "请勿直接回复") {
			t.Errorf("the Chinese e-mail:\n%s", zh)
		}
		// A culture without its own content falls back to the default culture's.
		ja, err := s.RenderCulture(ctx, OptimizationFinished, "ja", OptimizationFinishedModel{RunName: "R7"})
		if err != nil || !strings.Contains(ja, "优化任务「R7」已完成") {
			t.Errorf("ja: %v\n%s", err, ja)
		}
		if _, err := s.Render(ctx, "Kerf.Nope", nil); !errors.Is(err, apperr.ErrNotFound) {
			t.Errorf("an unknown template: %v", err)
		}
	})
}

func TestAnOverrideReplacesOneCultureUntilItIsRestored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTestService(t, d)
		ctx := context.Background()
		if _, err := s.UpdateContent(ctx, UpdateContentInput{TemplateName: StandardEmailLayout, CultureName: "en",
			Content: "<main>{{.Body}}</main>"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateContent(ctx, UpdateContentInput{TemplateName: StandardEmailMessage, CultureName: "en",
			Content: "<p>Note: {{.Message}}</p>"}); err != nil {
			t.Fatal(err)
		}
		out, err := s.RenderCulture(ctx, StandardEmailMessage, "en", MessageModel{Message: "hi"})
		if err != nil || out != "<main><p>Note: hi</p>\n</main>" && out != "<main><p>Note: hi</p></main>" {
			t.Fatalf("override: %q %v", out, err)
		}
		// The other culture keeps its default.
		zh, err := s.GetContent(ctx, StandardEmailMessage, "zh-Hans")
		if err != nil || zh.IsOverridden || zh.Content != "<p>{{.Message}}</p>\n" {
			t.Fatalf("zh-Hans: %+v %v", zh, err)
		}
		en, err := s.GetContent(ctx, StandardEmailMessage, "en")
		if err != nil || !en.IsOverridden || en.Content != "<p>Note: {{.Message}}</p>" {
			t.Fatalf("en: %+v %v", en, err)
		}
		// Saving again replaces, never duplicates.
		if _, err := s.UpdateContent(ctx, UpdateContentInput{TemplateName: StandardEmailMessage, CultureName: "en",
			Content: "<p>Again: {{.Message}}</p>"}); err != nil {
			t.Fatal(err)
		}
		n, err := d.NewSelect().Model((*Content)(nil)).Where("name = ?", StandardEmailMessage).Count(ctx)
		if err != nil || n != 1 {
			t.Fatalf("%d rows after saving twice (%v)", n, err)
		}
		if err := s.RestoreToDefault(ctx, StandardEmailMessage, "en"); err != nil {
			t.Fatal(err)
		}
		en, err = s.GetContent(ctx, StandardEmailMessage, "en")
		if err != nil || en.IsOverridden || en.Content != "<p>{{.Message}}</p>\n" {
			t.Fatalf("restored: %+v %v", en, err)
		}
		// Bad contents are refused with the reason, and nothing is stored.
		for _, c := range []struct{ name, content, key string }{
			{"does not parse", "<p>{{.Message</p>", KeyParseError},
			{"an unknown field", "<p>{{.Nope}}</p>", KeyRenderError},
			{"empty", "  ", localization.KeyRequired},
		} {
			_, err := s.UpdateContent(ctx, UpdateContentInput{TemplateName: StandardEmailMessage, CultureName: "en", Content: c.content})
			var ve *apperr.ValidationError
			if !errors.As(err, &ve) || ve.Fields[0].Key != c.key {
				t.Errorf("%s: %v", c.name, err)
			}
		}
		if _, err := s.UpdateContent(ctx, UpdateContentInput{TemplateName: StandardEmailMessage, CultureName: "en us", Content: "x"}); err == nil {
			t.Error("a malformed culture was accepted")
		}
		en, _ = s.GetContent(ctx, StandardEmailMessage, "en")
		if en.IsOverridden {
			t.Fatal("a refused content was stored")
		}
	})
}
