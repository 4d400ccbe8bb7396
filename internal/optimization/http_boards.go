package optimization

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

const boardsBase = "/api/optimization/boards"

// boardListInput is the boards query of spec 002 §7.11.
type boardListInput struct {
	httpapi.PageQuery
	MaterialID         string `query:"materialId" doc:"The boards of one material"`
	PlanNo             string `query:"planNo" maxLength:"64" doc:"A substring of the plan number"`
	BoardsMaterialCode string `query:"boardsMaterialCode" maxLength:"64" doc:"A substring of the material's code"`
	BoardsCode         string `query:"boardsCode" maxLength:"64" doc:"A substring of the board's code"`
	LengthMin          string `query:"lengthMin" doc:"mm, inclusive"`
	LengthMax          string `query:"lengthMax" doc:"mm, inclusive"`
	WidthMin           string `query:"widthMin" doc:"mm, inclusive"`
	WidthMax           string `query:"widthMax" doc:"mm, inclusive"`
	BinCode            string `query:"binCode" maxLength:"64" doc:"A substring of the bin code"`
}

// optBoardsNumber reads a number given in the query; blank is none.
func optBoardsNumber(name, v string) (*float64, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	return &f, nil
}

func (in *boardListInput) query() (BoardQuery, error) {
	q := BoardQuery{PlanNo: in.PlanNo, MaterialCode: in.BoardsMaterialCode, Code: in.BoardsCode, BinCode: in.BinCode,
		Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}
	if v := strings.TrimSpace(in.MaterialID); v != "" {
		id, err := uuid.Parse(v)
		if err != nil {
			return q, apperr.Invalid("materialId", localization.KeyInvalidValue, "materialId")
		}
		q.MaterialID = &id
	}
	var err error
	for _, f := range []struct {
		name string
		raw  string
		dst  **float64
	}{{"lengthMin", in.LengthMin, &q.LengthMin}, {"lengthMax", in.LengthMax, &q.LengthMax},
		{"widthMin", in.WidthMin, &q.WidthMin}, {"widthMax", in.WidthMax, &q.WidthMax}} {
		if *f.dst, err = optBoardsNumber(f.name, f.raw); err != nil {
			return q, err
		}
	}
	return q, nil
}

// registerBoards mounts the boards' calls. Reading needs the materials' permission; a board is
// created, changed and deleted as its material is.
func (m *Module) registerBoards(api *httpapi.API) {
	httpapi.Register(api, materialsOp(http.MethodGet, boardsBase, "Boards (paged; spec 002 §7.11 filters), each with its material's code, name and thickness"),
		httpapi.Perm(PermMaterials).Feature(FeatureOptimization),
		func(ctx context.Context, in *boardListInput) (*httpapi.Body[httpapi.Paged[Board]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListBoards(ctx, q))
		})
	httpapi.Register(api, materialsOp(http.MethodGet, boardsBase+"/{id}", "A board"),
		httpapi.Perm(PermMaterials).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialIDPath) (*httpapi.Body[Board], error) {
			return httpapi.Reply(m.svc.GetBoard(ctx, in.ID))
		})
	httpapi.Register(api, materialsOp(http.MethodPost, boardsBase, "Add a board to a material"),
		httpapi.Perm(PermMaterialsCreate).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialsBody[CreateBoardInput]) (*httpapi.Body[Board], error) {
			return httpapi.Reply(m.svc.CreateBoard(ctx, in.Body))
		})
	httpapi.Register(api, materialsOp(http.MethodPut, boardsBase+"/{id}", "Update a board"),
		httpapi.Perm(PermMaterialsEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialIDBody[UpdateBoardInput]) (*httpapi.Body[Board], error) {
			return httpapi.Reply(m.svc.UpdateBoard(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, materialsOp(http.MethodDelete, boardsBase+"/{id}", "Delete a board (refused for an offcut in stock)"),
		httpapi.Perm(PermMaterialsDelete).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialIDPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteBoard(ctx, in.ID))
		})
}
