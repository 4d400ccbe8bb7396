package orderdetail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
	"kerf/internal/salesorder"
)

// Register mounts the area's operations. Handlers only bind the input, call the service and
// answer; every operation declares its permission where it is registered, and the table
// actions are checked again against the table's configuration by the service.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	m.registerLines(api)
	m.registerConfig(api)
	m.registerFiles(api)
}

// op builds an operation of this area. Bodies drop their empty-string members (0004) and are
// checked by the service, which names tables, lines and columns in the caller's language.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"orderdetail"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 16 << 20
		o.SkipValidateBody = true
	}
	return o
}

type bodyInput[T any] struct {
	Body T
}

// linePathOf are the line tables' paths (the contract's names).
var linePathOf = map[string]string{
	TableProduct:         "/api/sales-order/sales-order-products",
	TableMatter:          "/api/sales-order/sales-order-parts",
	TableStandardProduct: "/api/sales-order/sales-order-standard-products",
	TableSalesLists:      "/api/sales-order/sales-lists",
}

type lineListInput struct {
	SalesOrderID   string `query:"salesOrderId" required:"true" doc:"The order"`
	SkipCount      int    `query:"skipCount" minimum:"0" doc:"Lines to skip"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" maximum:"50" default:"50" doc:"Page size (at most 50)"`
}

// orderID reads a required order id of a query or form.
func orderID(member, s string) (uuid.UUID, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return uuid.Nil, apperr.Invalid(member, localization.KeyRequired, fieldKey(member))
	}
	id, err := uuid.Parse(s)
	if err != nil || id == uuid.Nil {
		return uuid.Nil, apperr.Invalid(member, localization.KeyInvalidValue, fieldKey(member))
	}
	return id, nil
}

func (m *Module) registerLines(api *httpapi.API) {
	for _, table := range LineTables {
		base := linePathOf[table]
		httpapi.Register(api, op(http.MethodGet, base, "A page of the "+table+" lines of an order, in line order"),
			httpapi.Perm(PermDetails),
			func(ctx context.Context, in *lineListInput) (*httpapi.Body[httpapi.Paged[Line]], error) {
				id, err := orderID("salesOrderId", in.SalesOrderID)
				if err != nil {
					return nil, err
				}
				return httpapi.ReplyPage(m.svc.ListLines(ctx, table, LineQuery{SalesOrderID: id, Skip: in.SkipCount, Limit: in.MaxResultCount}))
			})
		httpapi.Register(api, op(http.MethodPost, base, "Add "+table+" lines to an order: {sourceId} picked from the catalogue, or typed lines"),
			httpapi.Perm(PermDetailsSelect, PermDetailsCreate),
			func(ctx context.Context, in *bodyInput[AddLinesInput]) (*httpapi.Body[httpapi.List[Line]], error) {
				if in.Body.SalesOrderID == uuid.Nil {
					return nil, apperr.Invalid("salesOrderId", localization.KeyRequired, fieldKey("salesOrderId"))
				}
				return httpapi.ReplyList(m.svc.AddLines(ctx, table, in.Body))
			})
	}
	httpapi.Register(api, op(http.MethodPut, "/api/sales-order/sales-order-details/batch-update",
		"Save the lines the order screen changed (all tables, one transaction, the order's stamp checked); answers the order"),
		httpapi.Perm(PermDetailsEdit),
		func(ctx context.Context, in *bodyInput[BatchUpdateInput]) (*httpapi.Body[salesorder.SalesOrder], error) {
			if in.Body.SalesOrderID == uuid.Nil {
				return nil, apperr.Invalid("salesOrderId", localization.KeyRequired, fieldKey("salesOrderId"))
			}
			return httpapi.Reply(m.svc.BatchUpdate(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPost, "/api/sales-order/sales-order-details/clear",
		"Remove every line of one table of an order; answers the order"),
		httpapi.Perm(PermDetailsClear),
		func(ctx context.Context, in *bodyInput[ClearInput]) (*httpapi.Body[salesorder.SalesOrder], error) {
			if in.Body.SalesOrderID == uuid.Nil {
				return nil, apperr.Invalid("salesOrderId", localization.KeyRequired, fieldKey("salesOrderId"))
			}
			return httpapi.Reply(m.svc.Clear(ctx, in.Body))
		})
	api.Handle(http.MethodGet, "/api/sales-order/sales-order-details/export",
		"One table's lines of an order as .xlsx (?salesOrderId=&table=; headers in the caller's language)",
		httpapi.Perm(PermDetailsExport), func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			id, err := orderID("salesOrderId", q.Get("salesOrderId"))
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			table := q.Get("table")
			var buf bytes.Buffer
			if err := m.svc.Export(r.Context(), id, table, &buf); err != nil {
				api.WriteError(w, r, err)
				return
			}
			sendXlsx(w, table+".xlsx", buf.Bytes())
		})
}

type configListInput struct {
	OrderTypeID string `query:"orderTypeId" doc:"The order type; absent: the tables of every type"`
}

func (m *Module) registerConfig(api *httpapi.API) {
	const base = "/api/sales-order/detail-tables"
	httpapi.Register(api, op(http.MethodGet, base, "The detail tables an order of a type shows, for the caller (columns, actions, grantedActions)"),
		httpapi.Perm(PermDetails),
		func(ctx context.Context, in *configListInput) (*httpapi.Body[httpapi.List[ShownTable]], error) {
			var t *uuid.UUID
			if s := strings.TrimSpace(in.OrderTypeID); s != "" {
				id, err := uuid.Parse(s)
				if err != nil {
					return nil, apperr.Invalid("orderTypeId", localization.KeyInvalidValue, "orderTypeId")
				}
				t = &id
			}
			return httpapi.ReplyList(m.svc.ShownTables(ctx, t))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/config", "The side's detail-table configuration"),
		httpapi.Perm(PermDetailTables),
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[DetailTable]], error) {
			return httpapi.ReplyList(m.svc.Config(ctx))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/config", "Replace the side's detail-table configuration"),
		httpapi.Perm(PermDetailTables),
		func(ctx context.Context, in *bodyInput[ConfigInput]) (*httpapi.Body[httpapi.List[DetailTable]], error) {
			return httpapi.ReplyList(m.svc.SaveConfig(ctx, in.Body))
		})
}

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

func sendXlsx(w http.ResponseWriter, name string, data []byte) {
	httpapi.SendFile(w, name, xlsxType, data)
}

type quoteTokenInput struct {
	ID uuid.UUID `path:"id"`
}

func (m *Module) registerFiles(api *httpapi.API) {
	api.Handle(http.MethodPost, "/api/split-order/import-split-order",
		"Import lines from one spreadsheet (multipart: file, salesOrderId, ruleMappingId, splitMappingId); all rows or none",
		httpapi.Perm(PermDetailsImportExcel), func(w http.ResponseWriter, r *http.Request) {
			in, err := readImport(w, r)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			res, err := m.svc.Import(r.Context(), in)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.WriteJSON(w, http.StatusOK, res)
		})
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/app/salesorder/quote-token/{id}",
		Summary: "A token to download the order's quotation, valid two minutes", Tags: []string{"orderdetail"}},
		httpapi.Perm(PermDetails),
		func(ctx context.Context, in *quoteTokenInput) (*httpapi.Body[QuoteToken], error) {
			tok, err := m.svc.QuoteToken(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[QuoteToken]{Body: QuoteToken{Token: tok}}, nil
		})
	// The token is the permission to read the quotation, so the download needs no bearer
	// token (a plain link).
	api.Handle(http.MethodGet, "/api/app/salesorder/quote-file/{id}", "The order's quotation as .xlsx (?token=)",
		httpapi.Public(), func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(chi.URLParam(r, "id"))
			if err != nil {
				api.WriteError(w, r, apperr.WithKey(apperr.ErrForbidden, KeyQuoteTokenInvalid))
				return
			}
			var buf bytes.Buffer
			if err := m.svc.WriteQuote(r.Context(), id, r.URL.Query().Get("token"), &buf); err != nil {
				api.WriteError(w, r, err)
				return
			}
			sendXlsx(w, "quotation.xlsx", buf.Bytes())
		})
}

// maxImportBody bounds an import request: the largest file sheetmap reads, and the form.
const maxImportBody = 10<<20 + 1<<20

// readImport reads the multipart form of a split-order import: exactly one .xlsx or .csv
// file and the three ids.
func readImport(w http.ResponseWriter, r *http.Request) (ImportInput, error) {
	var in ImportInput
	if r.ContentLength > maxImportBody {
		return in, apperr.User(localization.KeySheetTooLarge, sheetmap.DefaultLimits.MaxBytes>>20)
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxImportBody)
	mr, err := r.MultipartReader()
	if err != nil {
		return in, apperr.User(KeyXlsxOnly)
	}
	fields := map[string]string{}
	var data []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return in, apperr.User(localization.KeySheetTooLarge, sheetmap.DefaultLimits.MaxBytes>>20)
		}
		if err != nil {
			return in, apperr.User(KeyXlsxOnly)
		}
		if part.FileName() == "" {
			v, err := io.ReadAll(io.LimitReader(part, 256))
			if err != nil {
				return in, apperr.User(KeyXlsxOnly)
			}
			fields[part.FormName()] = string(v)
			continue
		}
		ext := strings.ToLower(path.Ext(part.FileName()))
		if data != nil || (ext != ".xlsx" && ext != ".csv") {
			return in, apperr.User(KeyXlsxOnly) // exactly one spreadsheet
		}
		in.FileName = part.FileName()
		data, err = io.ReadAll(part)
		if errors.As(err, &tooLarge) {
			return in, apperr.User(localization.KeySheetTooLarge, sheetmap.DefaultLimits.MaxBytes>>20)
		}
		if err != nil {
			return in, fmt.Errorf("read upload: %w", err)
		}
		if data == nil {
			data = []byte{}
		}
	}
	ve := &apperr.ValidationError{}
	ids := map[string]*uuid.UUID{"salesOrderId": &in.SalesOrderID, "ruleMappingId": &in.RuleMappingID, "splitMappingId": &in.SplitMappingID}
	for _, name := range []string{"salesOrderId", "ruleMappingId", "splitMappingId"} {
		id, err := orderID(name, fields[name])
		if err != nil {
			var e *apperr.ValidationError
			if errors.As(err, &e) {
				ve.Fields = append(ve.Fields, e.Fields...)
			}
			continue
		}
		*ids[name] = id
	}
	if data == nil {
		ve.Add("file", KeyNoFile)
	}
	if err := ve.OrNil(); err != nil {
		return in, err
	}
	in.File = bytes.NewReader(data)
	return in, nil
}
