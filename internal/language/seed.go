package language

import (
	"context"
	"errors"
	"fmt"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// seed writes zh-Hans (the default) and en when they are missing; a second run changes nothing.
func (m *Module) seed(ctx context.Context) error {
	st := m.svc.st
	rows, err := st.allLanguages(ctx)
	if err != nil {
		return err
	}
	hasDefault := false
	have := map[string]bool{}
	for _, r := range rows {
		have[r.CultureName] = true
		hasDefault = hasDefault || r.IsDefault
	}
	for _, l := range localization.Cultures {
		if have[l.CultureName] {
			continue
		}
		row := &Language{CultureName: l.CultureName, UICultureName: l.UICultureName, DisplayName: l.DisplayName,
			IsEnabled: true, IsDefault: !hasDefault && l.CultureName == localization.ZhHans}
		if err := st.insertLanguage(ctx, row); err != nil && !errors.Is(err, db.ErrDuplicate) {
			return fmt.Errorf("seed language %s: %w", l.CultureName, err)
		}
	}
	return m.svc.publish(ctx, TopicLanguages)
}
