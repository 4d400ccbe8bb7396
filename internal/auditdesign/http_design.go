package auditdesign

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/salesorder"
)

type designIDInput struct {
	DesignID string `json:"designId,omitempty" doc:"The chosen plan's designId"`
}

type urlOutput struct {
	URL string `json:"url" doc:"Where the design is shown (the development provider: Kerf's viewer page)"`
}

type quotationInput struct {
	AuditIDs      []uuid.UUID `json:"auditIds"`
	QuotationName string      `json:"quotationName,omitempty" doc:"A SalesOrderKuJiaLeQuotationType value; empty: the default (factory price when the dictionary is empty)"`
}

// registerDesign mounts the calls on an order's design: choosing and cancelling it, where it
// is shown, the quotation and the design JSON downloads.
func (m *Module) registerDesign(api *httpapi.API) {
	const orderBase = "/api/app/salesorder"
	httpapi.Register(api, op(http.MethodPut, orderBase+"/design-id/{id}", "Choose the order's design scheme: one waiting review sheet per solution of the design"),
		httpapi.Perm(salesorder.PermOrdersEdit).Feature(FeatureDesignReview),
		func(ctx context.Context, in *idBodyInput[designIDInput]) (*httpapi.Body[salesorder.SalesOrder], error) {
			return httpapi.Reply(m.svc.ChooseDesign(ctx, in.ID, in.Body.DesignID))
		})
	httpapi.Register(api, op(http.MethodDelete, orderBase+"/design-id/{id}", "Cancel the order's design scheme and delete its sheets (refused once a sheet is past waiting)"),
		httpapi.Perm(salesorder.PermOrdersEdit).Feature(FeatureDesignReview),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.CancelDesign(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodGet, orderBase+"/design-url/{id}", "Where the order's design is shown"),
		httpapi.Perm(salesorder.PermOrders).Feature(FeatureDesignReview),
		func(ctx context.Context, in *idPath) (*httpapi.Body[urlOutput], error) {
			u, err := m.svc.OrderDesignURL(ctx, in.ID)
			return httpapi.Reply(&urlOutput{URL: u}, err)
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/design-url", "Where a review sheet's solution is shown"),
		httpapi.Perm(PermRead).Feature(FeatureDesignReview),
		func(ctx context.Context, in *idPath) (*httpapi.Body[urlOutput], error) {
			u, err := m.svc.SheetDesignURL(ctx, in.ID)
			return httpapi.Reply(&urlOutput{URL: u}, err)
		})
	httpapi.Register(api, op(http.MethodPost, base+"/generate-quotation", "Price the chosen sheets' designs from the parts catalogue and store the .xlsx quotation in the order's files"),
		httpapi.Perm(PermMadePrice).Feature(FeatureDesignReview),
		func(ctx context.Context, in *bodyInput[quotationInput]) (*httpapi.Body[salesorder.OrderFile], error) {
			return httpapi.Reply(m.svc.GenerateQuotation(ctx, QuotationInput{IDs: in.Body.AuditIDs, QuotationName: in.Body.QuotationName}))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/start-task-design", "The design data (JSON) of the passed sheets among auditIds; they are marked downloaded"),
		httpapi.Perm(PermDownload).Feature(FeatureDesignReview),
		func(ctx context.Context, in *bodyInput[actionInput]) (*httpapi.Body[httpapi.List[SheetDesign]], error) {
			return httpapi.ReplyList(m.svc.StartTaskDesign(ctx, in.Body.AuditIDs))
		})
	api.Handle(http.MethodGet, base+"/download-attachment",
		"The design JSON of an order's passed sheets (?salesOrderId=), as a file; they are marked downloaded",
		httpapi.Perm(PermDownload).Feature(FeatureDesignReview), func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(strings.TrimSpace(r.URL.Query().Get("salesOrderId")))
			if err != nil {
				api.WriteError(w, r, apperr.Invalid("salesOrderId", localization.KeyInvalidValue, "salesOrderId"))
				return
			}
			f, err := m.svc.OrderDesignJSON(r.Context(), id)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, f.Name, f.ContentType, f.Data)
		})
	api.Handle(http.MethodPost, base+"/batch-download",
		"A zip of the design JSON of the passed sheets among auditIds (body {auditIds}), one file a sheet; they are marked downloaded",
		httpapi.Perm(PermDownload).Feature(FeatureDesignReview), func(w http.ResponseWriter, r *http.Request) {
			var in actionInput
			if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&in); err != nil {
				api.WriteError(w, r, apperr.Invalid("auditIds", localization.KeyInvalidValue, "auditIds"))
				return
			}
			f, err := m.svc.DesignZip(r.Context(), in.AuditIDs)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, f.Name, f.ContentType, f.Data)
		})
}
