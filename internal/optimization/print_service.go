package optimization

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
)

// KeyBadLayout refuses a label layout that is neither sheet nor roll.
const KeyBadLayout = "Optimization:Print:BadLayout"

// tr is the caller's language for the printouts.
func (s *Service) tr(ctx context.Context) translate {
	return func(key string, args ...any) string { return s.t(ctx, key, args...) }
}

// finishedResult reads a finished run's result (another tenant's run is not found; a run
// that has not finished answers the zip's error).
func (s *Service) finishedResult(ctx context.Context, id uuid.UUID) (*Run, *RunResult, error) {
	run, data, err := s.ResultJSON(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	var res RunResult
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, nil, fmt.Errorf("run result: %w", err)
	}
	return run, &res, nil
}

// DiagramsPDF answers a finished run's cutting diagrams ({planNo}-diagrams.pdf) in the
// caller's language.
func (s *Service) DiagramsPDF(ctx context.Context, id uuid.UUID) (string, []byte, error) {
	run, res, err := s.finishedResult(ctx, id)
	if err != nil {
		return "", nil, err
	}
	data, err := diagramsPDF(s.tr(ctx), res, time.Now())
	if err != nil {
		return "", nil, fmt.Errorf("diagrams of %s: %w", run.PlanNo, err)
	}
	return run.PlanNo + "-diagrams.pdf", data, nil
}

// LabelsPDF answers a finished run's part labels ({planNo}-labels.pdf) in layout (LayoutSheet
// or LayoutRoll) and the caller's language.
func (s *Service) LabelsPDF(ctx context.Context, id uuid.UUID, layout string) (string, []byte, error) {
	if _, ok := labelLayouts[layout]; !ok {
		return "", nil, apperr.Invalid("layout", KeyBadLayout, layout)
	}
	run, res, err := s.finishedResult(ctx, id)
	if err != nil {
		return "", nil, err
	}
	data, err := labelsPDF(s.tr(ctx), res, layout, time.Now())
	if err != nil {
		return "", nil, fmt.Errorf("labels of %s: %w", run.PlanNo, err)
	}
	return run.PlanNo + "-labels.pdf", data, nil
}
