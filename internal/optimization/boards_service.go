package optimization

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// The boards on their own: the boards query of spec 002 §7.11 and a board's create, update and
// delete (a board stays with its material).

// ListBoards returns the boards q selects, each with its material's code, name and thickness,
// and how many there are.
func (s *Service) ListBoards(ctx context.Context, q BoardQuery) ([]Board, int, error) {
	ve := &apperr.ValidationError{}
	for _, r := range []struct {
		member string
		v      *float64
	}{{"lengthMin", q.LengthMin}, {"lengthMax", q.LengthMax}, {"widthMin", q.WidthMin}, {"widthMax", q.WidthMax}} {
		if r.v != nil && *r.v < 0 {
			ve.Add(r.member, localization.KeyInvalidValue, r.member)
		}
	}
	if err := ve.OrNil(); err != nil {
		return nil, 0, err
	}
	order, err := db.Order(q.Sorting, boardSorting, boardOrder)
	if err != nil {
		return nil, 0, err
	}
	st := s.materials()
	rows, n, err := st.listBoards(ctx, q, order)
	if err != nil {
		return nil, 0, err
	}
	if err := describeBoards(ctx, st, rows); err != nil {
		return nil, 0, err
	}
	return rows, n, nil
}

// describeBoards gives each board its material's code, name and thickness.
func describeBoards(ctx context.Context, st materialsStore, rows []Board) error {
	seen := map[uuid.UUID]bool{}
	var ids []uuid.UUID
	for _, b := range rows {
		if !seen[b.MaterialID] {
			seen[b.MaterialID] = true
			ids = append(ids, b.MaterialID)
		}
	}
	ms, err := st.materialsByID(ctx, ids)
	if err != nil {
		return err
	}
	by := make(map[uuid.UUID]*Material, len(ms))
	for i := range ms {
		by[ms[i].ID] = &ms[i]
	}
	for i := range rows {
		if m := by[rows[i].MaterialID]; m != nil {
			describeBoard(&rows[i], m)
		}
	}
	return nil
}

// GetBoard returns a board with its material's code, name and thickness.
func (s *Service) GetBoard(ctx context.Context, id uuid.UUID) (*Board, error) {
	st := s.materials()
	b, err := st.getBoard(ctx, id)
	if err != nil {
		return nil, err
	}
	m, err := st.getMaterial(ctx, b.MaterialID)
	if err != nil {
		return nil, err
	}
	describeBoard(b, m)
	return b, nil
}

// CreateBoard adds a board to a material.
func (s *Service) CreateBoard(ctx context.Context, in CreateBoardInput) (*Board, error) {
	ve := &apperr.ValidationError{}
	if in.MaterialID == uuid.Nil {
		ve.Add("materialId", localization.KeyRequired, FieldBoardMaterialID)
	}
	in.check().into(ve, "")
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	var out *Board
	err := s.materials().inTx(ctx, func(ctx context.Context, tx materialsStore) error {
		m, err := tx.getMaterial(ctx, in.MaterialID)
		if err != nil {
			return err
		}
		if err := uniqueBoardCode(ctx, tx, m.ID, in.Code, uuid.Nil); err != nil {
			return err
		}
		b := Board{MaterialID: m.ID}
		in.apply(&b)
		rows := []Board{b}
		if err := tx.insertBoards(ctx, rows); err != nil {
			return duplicateBoard(err, in.Code)
		}
		out = &rows[0]
		describeBoard(out, m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateBoard changes a board's fields.
func (s *Service) UpdateBoard(ctx context.Context, id uuid.UUID, in UpdateBoardInput) (*Board, error) {
	ve := &apperr.ValidationError{}
	in.check().into(ve, "")
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	var out *Board
	err := s.materials().inTx(ctx, func(ctx context.Context, tx materialsStore) error {
		b, err := tx.getBoard(ctx, id)
		if err != nil {
			return err
		}
		m, err := tx.getMaterial(ctx, b.MaterialID)
		if err != nil {
			return err
		}
		if err := uniqueBoardCode(ctx, tx, m.ID, in.Code, id); err != nil {
			return err
		}
		in.apply(b)
		if err := tx.updateBoard(ctx, b, in.ConcurrencyStamp); err != nil {
			return duplicateBoard(err, in.Code)
		}
		describeBoard(b, m)
		out = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteBoard deletes a board; refused for an offcut in stock.
func (s *Service) DeleteBoard(ctx context.Context, id uuid.UUID) error {
	return s.materials().inTx(ctx, func(ctx context.Context, tx materialsStore) error {
		b, err := tx.getBoard(ctx, id)
		if err != nil {
			return err
		}
		if b.inStock() {
			return apperr.User(KeyBoardOffcutStock, b.Code, *b.Quantity)
		}
		return tx.deleteBoard(ctx, b)
	})
}

// uniqueBoardCode refuses a code another live board of the material has.
func uniqueBoardCode(ctx context.Context, tx materialsStore, materialID uuid.UUID, code string, self uuid.UUID) error {
	if err := tx.lockBoards(ctx, materialID); err != nil {
		return err
	}
	boards, err := tx.boardsOf(ctx, materialID)
	if err != nil {
		return err
	}
	for _, b := range boards {
		if b.ID != self && strings.EqualFold(b.Code, code) {
			return apperr.Invalid("code", KeyBoardDuplicate, code)
		}
	}
	return nil
}
