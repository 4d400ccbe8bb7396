package optimization

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// The rules of materials: unique codes per tenant, sizes within the saw's reach, boards
// edited with their material in one transaction, no delete while an offcut of the material is
// in stock. Boards alone are in boards_service.go, the workbook in materials_excel.go.

func (s *Service) materials() materialsStore { return newMaterialsStore(s.db, s.stock) }

// ---- field rules ----

// materialProblem is one broken rule of a field: the member it names, its message key and arguments
// (the first argument is always the field's label key).
type materialProblem struct {
	member string
	key    string
	args   []any
}

type materialProblems []materialProblem

func (ps *materialProblems) add(member, key string, args ...any) {
	*ps = append(*ps, materialProblem{member: member, key: key, args: args})
}

// text checks one text field: required, at most max characters (counted as code points).
func (ps *materialProblems) text(member, label, v string, required bool, max int) {
	switch {
	case required && v == "":
		ps.add(member, localization.KeyRequired, label)
	case utf8.RuneCountInString(v) > max:
		ps.add(member, localization.KeyTooLong, label, max)
	}
}

// number checks a number within [lo, hi] (lo excluded when positive is set).
func (ps *materialProblems) number(member, label string, v, lo, hi float64, positive bool) {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		ps.add(member, localization.KeyInvalidValue, label)
	case positive && v <= lo:
		ps.add(member, KeyMaterialsPositive, label)
	case v < lo:
		ps.add(member, KeyMaterialsMin, label, materialsNum(lo))
	case v > hi:
		ps.add(member, KeyMaterialsMax, label, materialsNum(hi))
	}
}

// validation turns the materialProblems into one ValidationError, each member prefixed.
func (ps materialProblems) into(ve *apperr.ValidationError, prefix string) {
	for _, p := range ps {
		ve.Add(prefix+p.member, p.key, p.args...)
	}
}

func materialsNum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// normalize trims the texts of a material.
func (in *MaterialFieldsInput) normalize() {
	in.Code, in.Name, in.Color = strings.TrimSpace(in.Code), strings.TrimSpace(in.Name), strings.TrimSpace(in.Color)
}

// check records the broken rules of a material's fields (trimmed first).
func (in *MaterialFieldsInput) check() materialProblems {
	in.normalize()
	var ps materialProblems
	ps.text("code", FieldMatCode, in.Code, true, MaxMaterialCode)
	ps.text("name", FieldMatName, in.Name, true, MaxMaterialName)
	ps.number("thickness", FieldMatThickness, in.Thickness, 0, MaxThickness, true)
	ps.text("color", FieldMatColor, in.Color, false, MaxMaterialColor)
	ps.number("edgeAllowance", FieldMatEdgeAllowance, in.EdgeAllowance, 0, MaxEdgeAllowance, false)
	return ps
}

// apply copies the fields onto m (isEnable only when given).
func (in *MaterialFieldsInput) apply(m *Material) {
	m.Code, m.Name, m.Thickness, m.Grain, m.Color, m.EdgeAllowance = in.Code, in.Name, in.Thickness, in.Grain, in.Color, in.EdgeAllowance
	if in.IsEnable != nil {
		m.IsEnable = *in.IsEnable
	}
}

// normalize trims the texts of a board and gives a blank code its default ({length}x{width}).
func (in *BoardFieldsInput) normalize() {
	in.Code, in.PlanNo, in.BinCode = strings.TrimSpace(in.Code), strings.TrimSpace(in.PlanNo), strings.TrimSpace(in.BinCode)
	if in.Code == "" && in.Length > 0 && in.Width > 0 {
		in.Code = materialsNum(in.Length) + "x" + materialsNum(in.Width)
	}
}

// check records the broken rules of a board's fields (normalised first).
func (in *BoardFieldsInput) check() materialProblems {
	in.normalize()
	var ps materialProblems
	ps.text("code", FieldBoardCode, in.Code, false, MaxBoardCode)
	ps.number("length", FieldBoardLength, in.Length, 0, MaxBoardSide, true)
	ps.number("width", FieldBoardWidth, in.Width, 0, MaxBoardSide, true)
	ps.number("cost", FieldBoardCost, in.Cost, 0, MaxBoardCost, false)
	if in.Quantity != nil {
		ps.number("quantity", FieldBoardQuantity, float64(*in.Quantity), 0, MaxBoardQuantity, false)
	}
	ps.text("planNo", FieldBoardPlanNo, in.PlanNo, false, MaxBoardPlanNo)
	ps.text("binCode", FieldBoardBinCode, in.BinCode, false, MaxBoardBinCode)
	return ps
}

// apply copies the fields onto b.
func (in *BoardFieldsInput) apply(b *Board) {
	b.Code, b.Length, b.Width, b.Cost, b.IsOffcut, b.PlanNo, b.BinCode = in.Code, in.Length, in.Width, in.Cost, in.IsOffcut, in.PlanNo, in.BinCode
	b.Quantity = nil
	if in.Quantity != nil {
		q := *in.Quantity
		b.Quantity = &q
	}
}

// checkBoards checks the boards of one material input: their fields, and no code twice.
func checkBoards(ve *apperr.ValidationError, prefix, materialCode string, boards []MaterialBoardInput) {
	if len(boards) > MaxBoardsPerMaterial {
		ve.Add(prefix+"boards", KeyMaterialsTooMany, MaxBoardsPerMaterial)
		return
	}
	seen := map[string]bool{}
	for i := range boards {
		p := fmt.Sprintf("%sboards[%d].", prefix, i)
		ps := boards[i].check()
		ps.into(ve, p)
		if len(ps) > 0 {
			continue
		}
		k := strings.ToLower(boards[i].Code)
		if seen[k] {
			ve.Add(p+"code", KeyBoardsBatchDup, materialCode, boards[i].Code)
		}
		seen[k] = true
	}
}

// duplicateMaterial turns the unique index's refusal (a material of that code made at the same
// moment) into the same message as the check before it.
func duplicateMaterial(err error, code string) error {
	if errors.Is(err, db.ErrDuplicate) {
		return apperr.Invalid("code", KeyMaterialDuplicate, code)
	}
	return err
}

// uniqueMaterialCode refuses a code another live material of the tenant has.
func uniqueMaterialCode(ctx context.Context, tx materialsStore, code string, self uuid.UUID) error {
	if err := tx.lockMaterialCodes(ctx); err != nil {
		return err
	}
	taken, err := tx.materialCodeTaken(ctx, code, self)
	if err != nil {
		return err
	}
	if taken {
		return apperr.Invalid("code", KeyMaterialDuplicate, code)
	}
	return nil
}

// ---- reads ----

// ListMaterials returns the materials q selects, and how many there are.
func (s *Service) ListMaterials(ctx context.Context, q MaterialQuery) ([]Material, int, error) {
	order, err := db.Order(q.Sorting, materialSorting, materialOrder)
	if err != nil {
		return nil, 0, err
	}
	return s.materials().listMaterials(ctx, q, order)
}

// GetMaterial returns a material with its boards.
func (s *Service) GetMaterial(ctx context.Context, id uuid.UUID) (*MaterialWithBoards, error) {
	st := s.materials()
	m, err := st.getMaterial(ctx, id)
	if err != nil {
		return nil, err
	}
	boards, err := st.boardsOf(ctx, id)
	if err != nil {
		return nil, err
	}
	return withMaterial(m, boards), nil
}

// withMaterial pairs a material with its boards, giving each board the material's code, name
// and thickness.
func withMaterial(m *Material, boards []Board) *MaterialWithBoards {
	for i := range boards {
		describeBoard(&boards[i], m)
	}
	return &MaterialWithBoards{Material: *m, Boards: boards}
}

func describeBoard(b *Board, m *Material) {
	b.MaterialCode, b.MaterialName, b.Thickness = m.Code, m.Name, m.Thickness
}

// MaterialsByCode answers the live materials whose codes are codes (without regard to case),
// keyed by each code as given; a code no material has is absent from the map.
func (s *Service) MaterialsByCode(ctx context.Context, codes []string) (map[string]Material, error) {
	rows, err := s.materials().materialsByCodes(ctx, codes)
	if err != nil {
		return nil, err
	}
	by := make(map[string]Material, len(rows))
	for _, m := range rows {
		by[strings.ToLower(m.Code)] = m
	}
	out := make(map[string]Material, len(codes))
	for _, c := range codes {
		if m, ok := by[strings.ToLower(strings.TrimSpace(c))]; ok {
			out[c] = m
		}
	}
	return out, nil
}

// BoardsFor answers the boards a run may cut parts of materialCode (without regard to case)
// and thickness from: the material's live boards with sheets to take (quantity null or above
// 0), stock offcuts first, then by code; none when the material's thickness is not thickness
// (within 0.01 mm). The material is answered as well, enabled or not (the caller's
// verification names a disabled one). An unknown code unwraps to db.ErrNotFound.
func (s *Service) BoardsFor(ctx context.Context, materialCode string, thickness float64) ([]Board, *Material, error) {
	st := s.materials()
	rows, err := st.materialsByCodes(ctx, []string{materialCode})
	if err != nil {
		return nil, nil, err
	}
	if len(rows) == 0 {
		return nil, nil, materialsNotFound(db.ErrNotFound, "material "+materialCode, KeyMaterialCodeNotFound, materialCode)
	}
	m := &rows[0]
	out := []Board{}
	if math.Abs(m.Thickness-thickness) > 0.01 {
		return out, m, nil
	}
	boards, err := st.boardsOf(ctx, m.ID)
	if err != nil {
		return nil, nil, err
	}
	var offcuts, sheets []Board
	for _, b := range boards {
		if b.Quantity != nil && *b.Quantity <= 0 {
			continue
		}
		describeBoard(&b, m)
		if b.IsOffcut {
			offcuts = append(offcuts, b)
		} else {
			sheets = append(sheets, b)
		}
	}
	return append(append(out, offcuts...), sheets...), m, nil
}

// ---- writes ----

// CreateMaterial stores a material and its boards in one transaction.
func (s *Service) CreateMaterial(ctx context.Context, in CreateMaterialInput) (*MaterialWithBoards, error) {
	ve := &apperr.ValidationError{}
	in.check().into(ve, "")
	for i := range in.Boards {
		in.Boards[i].ID = nil // a new material has no boards to name
	}
	checkBoards(ve, "", in.Code, in.Boards)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	var out *MaterialWithBoards
	err := s.materials().inTx(ctx, func(ctx context.Context, tx materialsStore) error {
		if err := uniqueMaterialCode(ctx, tx, in.Code, uuid.Nil); err != nil {
			return err
		}
		m := &Material{IsEnable: true}
		in.apply(m)
		if err := tx.insertMaterial(ctx, m); err != nil {
			return duplicateMaterial(err, in.Code)
		}
		rows := make([]Board, len(in.Boards))
		for i := range in.Boards {
			rows[i] = Board{MaterialID: m.ID}
			in.Boards[i].apply(&rows[i])
		}
		if err := tx.insertBoards(ctx, rows); err != nil {
			return err
		}
		boards, err := tx.boardsOf(ctx, m.ID)
		if err != nil {
			return err
		}
		out = withMaterial(m, boards)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateMaterial changes a material's fields and, when the input has boards, makes its boards
// those (see UpdateMaterialInput), in one transaction.
func (s *Service) UpdateMaterial(ctx context.Context, id uuid.UUID, in UpdateMaterialInput) (*MaterialWithBoards, error) {
	ve := &apperr.ValidationError{}
	in.check().into(ve, "")
	if in.Boards != nil {
		checkBoards(ve, "", in.Code, in.Boards)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	var out *MaterialWithBoards
	err := s.materials().inTx(ctx, func(ctx context.Context, tx materialsStore) error {
		m, err := tx.getMaterial(ctx, id)
		if err != nil {
			return err
		}
		if err := uniqueMaterialCode(ctx, tx, in.Code, id); err != nil {
			return err
		}
		in.apply(m)
		if err := tx.updateMaterial(ctx, m, in.ConcurrencyStamp); err != nil {
			return duplicateMaterial(err, in.Code)
		}
		if in.Boards != nil {
			if _, _, err := syncBoards(ctx, tx, m, in.Boards, true); err != nil {
				return err
			}
		}
		boards, err := tx.boardsOf(ctx, m.ID)
		if err != nil {
			return err
		}
		out = withMaterial(m, boards)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// syncBoards writes the boards of an input onto material m's stored boards: a board named by
// id (which must be m's) or, without an id, by its code is changed, any other added. With
// replace, the stored boards the input does not name are deleted (an offcut in stock is
// refused). It answers how many boards it added and changed.
func syncBoards(ctx context.Context, tx materialsStore, m *Material, in []MaterialBoardInput, replace bool) (int, int, error) {
	if err := tx.lockBoards(ctx, m.ID); err != nil {
		return 0, 0, err
	}
	stored, err := tx.boardsOf(ctx, m.ID)
	if err != nil {
		return 0, 0, err
	}
	byID := map[uuid.UUID]*Board{}
	byCode := map[string]*Board{}
	for i := range stored {
		byID[stored[i].ID] = &stored[i]
		byCode[strings.ToLower(stored[i].Code)] = &stored[i]
	}
	// Which stored board each input row names.
	target := make([]*Board, len(in))
	named := map[uuid.UUID]bool{}
	for i := range in {
		switch {
		case in[i].ID != nil:
			b, ok := byID[*in[i].ID]
			if !ok {
				return 0, 0, materialsNotFound(db.ErrNotFound, "board "+in[i].ID.String(), KeyBoardNotFound)
			}
			target[i] = b
		case !replace:
			target[i] = byCode[strings.ToLower(in[i].Code)]
		}
		if target[i] != nil {
			named[target[i].ID] = true
		}
	}
	// Boards that go: first, so their codes are free for the rows that take them.
	if replace {
		for i := range stored {
			b := &stored[i]
			if named[b.ID] {
				continue
			}
			if b.inStock() {
				return 0, 0, apperr.User(KeyBoardOffcutStock, b.Code, *b.Quantity)
			}
			if err := tx.deleteBoard(ctx, b); err != nil {
				return 0, 0, err
			}
			delete(byCode, strings.ToLower(b.Code))
		}
	}
	// A code may pass from one stored board to another within the input: the rows are checked
	// against each other (checkBoards) and against the boards that stay.
	for i := range in {
		if other, ok := byCode[strings.ToLower(in[i].Code)]; ok && other != target[i] && !named[other.ID] {
			return 0, 0, apperr.Invalid(fmt.Sprintf("boards[%d].code", i), KeyBoardDuplicate, in[i].Code)
		}
	}
	var added []Board
	changed := 0
	for i := range in {
		if target[i] == nil {
			b := Board{MaterialID: m.ID}
			in[i].apply(&b)
			added = append(added, b)
			continue
		}
		b := target[i]
		before := *b
		in[i].apply(b)
		if sameBoard(&before, b) {
			continue
		}
		if err := tx.updateBoard(ctx, b, ""); err != nil {
			return 0, 0, duplicateBoard(err, b.Code)
		}
		changed++
	}
	if err := tx.insertBoards(ctx, added); err != nil {
		return 0, 0, duplicateBoard(err, "")
	}
	return len(added), changed, nil
}

// sameBoard reports whether two versions of a board hold the same fields.
func sameBoard(a, b *Board) bool {
	q := func(p *int) int {
		if p == nil {
			return -1
		}
		return *p
	}
	return a.Code == b.Code && a.Length == b.Length && a.Width == b.Width && a.Cost == b.Cost && q(a.Quantity) == q(b.Quantity) &&
		a.IsOffcut == b.IsOffcut && a.PlanNo == b.PlanNo && a.BinCode == b.BinCode
}

// duplicateBoard turns the unique index's refusal into the message of the code check.
func duplicateBoard(err error, code string) error {
	if errors.Is(err, db.ErrDuplicate) {
		return apperr.Invalid("code", KeyBoardDuplicate, code)
	}
	return err
}

// DeleteMaterial deletes a material and its boards in one transaction; refused while an offcut
// of the material is in stock.
func (s *Service) DeleteMaterial(ctx context.Context, id uuid.UUID) error {
	return s.materials().inTx(ctx, func(ctx context.Context, tx materialsStore) error {
		m, err := tx.getMaterial(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.lockBoards(ctx, id); err != nil {
			return err
		}
		boards, err := tx.boardsOf(ctx, id)
		if err != nil {
			return err
		}
		for _, b := range boards {
			if b.inStock() {
				return apperr.User(KeyMaterialOffcutStock, m.Code, b.Code, *b.Quantity)
			}
		}
		return tx.deleteMaterial(ctx, m)
	})
}

// SaveMaterials upserts materials by code (without regard to case) and their boards by code
// within the material, in one transaction: all or none. Boards a stored material has and the
// input does not name stay.
func (s *Service) SaveMaterials(ctx context.Context, items []CreateMaterialInput) (*MaterialsSaveResult, error) {
	ve := &apperr.ValidationError{}
	switch {
	case len(items) == 0:
		return nil, apperr.User(KeyMaterialsBatchEmpty)
	case len(items) > MaxMaterialsBatch:
		return nil, apperr.User(KeyMaterialsTooMany, MaxMaterialsBatch)
	}
	seen := map[string]bool{}
	for i := range items {
		p := fmt.Sprintf("items[%d].", i)
		ps := items[i].check()
		ps.into(ve, p)
		for j := range items[i].Boards {
			items[i].Boards[j].ID = nil // a batch names boards by code
		}
		checkBoards(ve, p, items[i].Code, items[i].Boards)
		if len(ps) > 0 {
			continue
		}
		k := strings.ToLower(items[i].Code)
		if seen[k] {
			ve.Add(p+"code", KeyMaterialsBatchDup, items[i].Code)
		}
		seen[k] = true
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	saves := make([]materialSave, len(items))
	for i := range items {
		saves[i] = materialSave{in: items[i]}
	}
	return s.saveMaterials(ctx, saves)
}

// materialSave is one checked material of a batch or an import; with boardsOnly only its
// boards are written (a stored material an import's Boards sheet names without listing it).
type materialSave struct {
	in         CreateMaterialInput
	boardsOnly bool
}

// saveMaterials writes checked items (see SaveMaterials).
func (s *Service) saveMaterials(ctx context.Context, items []materialSave) (*MaterialsSaveResult, error) {
	res := &MaterialsSaveResult{}
	err := s.materials().inTx(ctx, func(ctx context.Context, tx materialsStore) error {
		*res = MaterialsSaveResult{}
		if err := tx.lockMaterialCodes(ctx); err != nil {
			return err
		}
		codes := make([]string, len(items))
		for i := range items {
			codes[i] = items[i].in.Code
		}
		existing, err := tx.materialsByCodes(ctx, codes)
		if err != nil {
			return err
		}
		by := map[string]*Material{}
		for i := range existing {
			by[strings.ToLower(existing[i].Code)] = &existing[i]
		}
		for i := range items {
			in := &items[i].in
			m, ok := by[strings.ToLower(in.Code)]
			switch {
			case ok && items[i].boardsOnly:
			case !ok && items[i].boardsOnly:
				return materialsNotFound(db.ErrNotFound, "material "+in.Code, KeyMaterialCodeNotFound, in.Code)
			case ok:
				in.apply(m)
				if err := tx.updateMaterial(ctx, m, ""); err != nil {
					return duplicateMaterial(err, in.Code)
				}
				res.MaterialsUpdated++
			default:
				m = &Material{IsEnable: true}
				in.apply(m)
				if err := tx.insertMaterial(ctx, m); err != nil {
					return duplicateMaterial(err, in.Code)
				}
				res.MaterialsCreated++
			}
			added, changed, err := syncBoards(ctx, tx, m, in.Boards, false)
			if err != nil {
				return err
			}
			res.BoardsCreated += added
			res.BoardsUpdated += changed
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
