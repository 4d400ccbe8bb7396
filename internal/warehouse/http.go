package warehouse

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"warehouse"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.SkipValidateBody = true
	}
	return o
}

type rowListInput struct {
	FactoryID string `query:"factoryId" doc:"only this factory's rows (none: every row)"`
}

type shelvesInfoInput struct {
	Code        string `query:"code" doc:"the shelf's code (Code); none: every shelf of the storage type"`
	StorageType string `query:"storageType" doc:"0 boards, 1 offcuts (StorageType)"`
}

type statisticsInput struct {
	From         string `query:"from" doc:"from this day: yyyy-MM-dd, or a date-time with its offset"`
	To           string `query:"to" doc:"to this day, inclusive"`
	MaterialCode string `query:"materialCode" doc:"contains"`
	Kind         string `query:"kind" doc:"0 board, 1 offcut; none: both"`
}

type stockDataInput struct {
	MaterialCode   string `query:"materialCode" doc:"contains"`
	Kind           string `query:"kind" doc:"0 board, 1 offcut; none: both"`
	BinCode        string `query:"binCode" doc:"contains"`
	Thickness      string `query:"thickness" doc:"exactly (mm)"`
	SkipCount      int    `query:"skipCount" minimum:"0" doc:"Rows to skip"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" maximum:"1000" default:"20" doc:"Page size (at most 1000)"`
	Sorting        string `query:"sorting" doc:"materialCode, thickness, length, width, binCode, onHand, planNo, kind, creationTime; asc or desc"`
}

type logsInput struct {
	MaterialCode   string `query:"materialCode" doc:"contains"`
	Kind           string `query:"kind" doc:"0 board, 1 offcut; none: both"`
	Direction      string `query:"direction" doc:"0 in, 1 out; none: both"`
	BinCode        string `query:"binCode" doc:"contains"`
	PlanNo         string `query:"planNo" doc:"contains"`
	From           string `query:"from" doc:"from this day: yyyy-MM-dd, or a date-time with its offset"`
	To             string `query:"to" doc:"to this day, inclusive"`
	SkipCount      int    `query:"skipCount" minimum:"0" doc:"Rows to skip"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" maximum:"1000" default:"20" doc:"Page size (at most 1000)"`
	Sorting        string `query:"sorting" doc:"time, materialCode, quantity, planNo, binCode; asc or desc (default time desc)"`
}

type bookInput struct {
	Body Move
}

func limit(n int) int {
	if n <= 0 {
		return 20
	}
	return n
}

// Register mounts the warehouse's calls: the contract's five (decision 0013) and, not in
// the contract, the log, the manual booking and the storehouse's set-up (http_structure.go).
func (m *Module) Register(api *httpapi.API) {
	m.registerStructure(api)
	httpapi.Register(api, op(http.MethodGet, "/api/app/factory", "The tenant's factories"),
		httpapi.Perm(PermFactories).Feature(FeatureWarehouse), func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[Factory]], error) {
			return httpapi.ReplyList(m.svc.Factories(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/storehouse/get-storehouseRowlist", "Storehouse rows with their shelves and fill"),
		httpapi.Perm(PermShelves).Feature(FeatureWarehouse), func(ctx context.Context, in *rowListInput) (*httpapi.Body[httpapi.List[RowView]], error) {
			var factory *uuid.UUID
			if in.FactoryID != "" {
				id, err := uuid.Parse(in.FactoryID)
				if err != nil {
					return httpapi.ReplyList([]RowView{}, nil) // no such factory: no rows
				}
				factory = &id
			}
			return httpapi.ReplyList(m.svc.RowList(ctx, factory))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/storehouse/get-shelvesinfo", "A shelf's bins by level and position with what each holds"),
		httpapi.Perm(PermShelves).Feature(FeatureWarehouse), func(ctx context.Context, in *shelvesInfoInput) (*httpapi.Body[httpapi.List[ShelfInfo]], error) {
			st, err := ParseInt("storageType", in.StorageType)
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyList(m.svc.ShelvesInfo(ctx, in.Code, st))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/board-in-out-bound-logs/statistics", "In, out and on hand per material, thickness and kind"),
		httpapi.Perm(PermStock).Feature(FeatureWarehouse), func(ctx context.Context, in *statisticsInput) (*httpapi.Body[Statistics], error) {
			kind, err := ParseInt("kind", in.Kind)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(m.svc.Statistics(ctx, StatQuery{From: in.From, To: in.To, MaterialCode: in.MaterialCode, Kind: kind}))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/board-in-out-bound-logs/get-stock-data", "Stock rows with pieces on hand"),
		httpapi.Perm(PermStock).Feature(FeatureWarehouse), func(ctx context.Context, in *stockDataInput) (*httpapi.Body[httpapi.Paged[StockItem]], error) {
			kind, err := ParseInt("kind", in.Kind)
			if err != nil {
				return nil, err
			}
			th, err := ParseNumber("thickness", in.Thickness)
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.StockData(ctx, StockQuery{MaterialCode: in.MaterialCode, Kind: kind, BinCode: in.BinCode,
				Thickness: th, Sorting: in.Sorting, Skip: in.SkipCount, Limit: limit(in.MaxResultCount)}))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/board-in-out-bound-logs", "The stock in/out log (not in the contract)"),
		httpapi.Perm(PermStock).Feature(FeatureWarehouse), func(ctx context.Context, in *logsInput) (*httpapi.Body[httpapi.Paged[StockLog]], error) {
			kind, err := ParseInt("kind", in.Kind)
			if err != nil {
				return nil, err
			}
			dir, err := ParseInt("direction", in.Direction)
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.Logs(ctx, LogQuery{MaterialCode: in.MaterialCode, Kind: kind, Direction: dir,
				BinCode: in.BinCode, PlanNo: in.PlanNo, From: in.From, To: in.To, Sorting: in.Sorting,
				Skip: in.SkipCount, Limit: limit(in.MaxResultCount)}))
		})
	httpapi.Register(api, op(http.MethodPost, "/api/app/board-in-out-bound-logs/book", "Book a manual receipt or issue (not in the contract)"),
		httpapi.Perm(PermStockBook).Feature(FeatureWarehouse), func(ctx context.Context, in *bookInput) (*httpapi.Body[httpapi.List[StockLog]], error) {
			return httpapi.ReplyList(m.svc.BookManual(ctx, in.Body))
		})
}
