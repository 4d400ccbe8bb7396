package optimization

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// ProblemView is a verification problem with its message in the caller's language.
type ProblemView struct {
	Row      int    `json:"row"`
	PartName string `json:"partName"`
	Kind     string `json:"kind" enum:"unknownMaterial,materialDisabled,noBoard,tooLarge,badCount,badSize"`
	Message  string `json:"message"`
}

// Verification is what stops an import file's run: every problem of every row.
type Verification struct {
	OK       bool          `json:"ok"`
	Problems []ProblemView `json:"problems"`
}

func problemKey(kind string) string { return "Optimization:Problem:" + kind }

var problemTexts = localization.Texts{
	problemKey(ProblemUnknownMaterial):  {ZhHans: "材料“{0}”不存在", En: "There is no material “{0}”"},
	problemKey(ProblemMaterialDisabled): {ZhHans: "材料“{0}”已停用", En: "The material “{0}” is disabled"},
	problemKey(ProblemNoBoard):          {ZhHans: "材料“{0}”没有厚度 {1} mm 的板材", En: "The material “{0}” has no board {1} mm thick"},
	problemKey(ProblemTooLarge):         {ZhHans: "开料尺寸 {0} × {1} 超过所有板材或锯的最大尺寸", En: "The cut size {0} × {1} is larger than every board or the saw"},
	problemKey(ProblemBadCount):         {ZhHans: "数量 {0} 不是正整数", En: "The count {0} is not a whole number of at least 1"},
	problemKey(ProblemBadSize):          {ZhHans: "尺寸 {0} × {1} 不是正数", En: "The size {0} × {1} is not positive"},
}

// planMaterials reads the materials and boards the parts name.
func (s *Service) planMaterials(ctx context.Context, parts []CutPart) (map[string]PlanMaterial, error) {
	seen := map[string]bool{}
	var codes []string
	for _, p := range parts {
		c := strings.TrimSpace(p.MaterialCode)
		if c != "" && !seen[strings.ToUpper(c)] {
			seen[strings.ToUpper(c)] = true
			codes = append(codes, c)
		}
	}
	found, err := s.MaterialsByCode(ctx, codes)
	if err != nil {
		return nil, err
	}
	out := map[string]PlanMaterial{}
	for code, m := range found {
		boards, _, err := s.BoardsFor(ctx, code, m.Thickness)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return nil, err
		}
		pm := PlanMaterial{ID: m.ID, Code: m.Code, Thickness: m.Thickness, Enabled: m.IsEnable, Grain: m.Grain, EdgeAllowance: m.EdgeAllowance}
		for _, b := range boards {
			pm.Boards = append(pm.Boards, PlanBoard{Code: b.Code, Length: b.Length, Width: b.Width, Cost: b.Cost, Quantity: b.Quantity, Offcut: b.IsOffcut, BinCode: b.BinCode})
		}
		out[strings.ToUpper(code)] = pm
	}
	return out, nil
}

// VerifyImportFile lists every problem of an import file's rows against the materials, their
// boards, the default parameters' trim and the default saw's size; a file without problems
// is marked verified.
func (s *Service) VerifyImportFile(ctx context.Context, id uuid.UUID) (*Verification, error) {
	f, err := s.importFile(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	rows, _, err := s.ImportFileDetails(ctx, id, 0, 0)
	if err != nil {
		return nil, err
	}
	parts := make([]CutPart, len(rows))
	for i := range rows {
		parts[i] = rows[i].CutPart()
	}
	mats, err := s.planMaterials(ctx, parts)
	if err != nil {
		return nil, err
	}
	trim, limits := 0.0, MachineLimits{}
	if p, err := s.DefaultParameters(ctx); err == nil && p != nil {
		trim = p.Trim
	} else if err != nil && !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	if m, err := s.DefaultMachine(ctx); err == nil && m != nil {
		limits = MachineLimits{MaxLength: m.MaxLength, MaxWidth: m.MaxWidth}
	} else if err != nil && !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	out := &Verification{Problems: []ProblemView{}}
	for _, p := range Verify(parts, mats, limits, trim) {
		args := make([]any, len(p.Args))
		for i, a := range p.Args {
			args[i] = fmt.Sprint(a)
		}
		out.Problems = append(out.Problems, ProblemView{Row: p.Row, PartName: p.PartName, Kind: p.Kind, Message: s.t(ctx, problemKey(p.Kind), args...)})
	}
	out.OK = len(out.Problems) == 0
	if out.OK && f.Status == ImportImported {
		f.Status = ImportVerified
		if err := db.UpdateStamped(ctx, s.db, f, "", "status"); err != nil {
			return nil, err
		}
	}
	return out, nil
}
