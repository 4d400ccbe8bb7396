package salesorder

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// OrderFilters are the list's per-field filters, one query parameter each (the names of the
// web's filterParams; the first letter of a name is not significant, so IsShip is isShip).
type OrderFilters struct {
	SalesOrderId           string `query:"salesOrderId" doc:"Contains (text)"`
	DealerName             string `query:"dealerName" doc:"Contains (text)"`
	CustomerName           string `query:"customerName" doc:"Contains (text)"`
	CustomerPhone          string `query:"customerPhone" doc:"Contains (text)"`
	CustomerAddress        string `query:"customerAddress" doc:"Contains (text)"`
	Remark                 string `query:"remark" doc:"Contains (text)"`
	CreatorName            string `query:"creatorName" doc:"Contains (text)"`
	DesginId               string `query:"desginId" doc:"Contains (text)"`
	TotalSumPriceMin       string `query:"totalSumPriceMin" doc:"At least (number)"`
	TotalSumPriceMax       string `query:"totalSumPriceMax" doc:"At most (number)"`
	DifferencePriceMin     string `query:"differencePriceMin" doc:"At least (number)"`
	DifferencePriceMax     string `query:"differencePriceMax" doc:"At most (number)"`
	TotalPriceMin          string `query:"totalPriceMin" doc:"At least (number)"`
	TotalPriceMax          string `query:"totalPriceMax" doc:"At most (number)"`
	PayTotalMin            string `query:"payTotalMin" doc:"At least (number)"`
	PayTotalMax            string `query:"payTotalMax" doc:"At most (number)"`
	LogisticsPriceMin      string `query:"logisticsPriceMin" doc:"At least (number)"`
	LogisticsPriceMax      string `query:"logisticsPriceMax" doc:"At most (number)"`
	DiscountTotalMin       string `query:"discountTotalMin" doc:"At least (number)"`
	DiscountTotalMax       string `query:"discountTotalMax" doc:"At most (number)"`
	BillMin                string `query:"billMin" doc:"At least (number)"`
	BillMax                string `query:"billMax" doc:"At most (number)"`
	PaydateFrom            string `query:"paydateFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	PaydateTo              string `query:"paydateTo" doc:"To this day, inclusive"`
	OrderdateFrom          string `query:"orderdateFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	OrderdateTo            string `query:"orderdateTo" doc:"To this day, inclusive"`
	SecondDeliveryDateFrom string `query:"secondDeliveryDateFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	SecondDeliveryDateTo   string `query:"secondDeliveryDateTo" doc:"To this day, inclusive"`
	CloseFileDateFrom      string `query:"closeFileDateFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	CloseFileDateTo        string `query:"closeFileDateTo" doc:"To this day, inclusive"`
	FinalPaymentTimeFrom   string `query:"finalPaymentTimeFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	FinalPaymentTimeTo     string `query:"finalPaymentTimeTo" doc:"To this day, inclusive"`
	DeliveryDateFrom       string `query:"deliveryDateFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	DeliveryDateTo         string `query:"deliveryDateTo" doc:"To this day, inclusive"`
	ActualDeliveryDateFrom string `query:"actualDeliveryDateFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	ActualDeliveryDateTo   string `query:"actualDeliveryDateTo" doc:"To this day, inclusive"`
	TransferDateFrom       string `query:"transferDateFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	TransferDateTo         string `query:"transferDateTo" doc:"To this day, inclusive"`
	CreationTimeFrom       string `query:"creationTimeFrom" doc:"From this day: yyyy-MM-dd (the server's time zone), or the day's start with the caller's offset"`
	CreationTimeTo         string `query:"creationTimeTo" doc:"To this day, inclusive"`
	IsH5                   string `query:"isH5" doc:"true or false"`
	IsUrgent               string `query:"isUrgent" doc:"true or false"`
	IsShip                 string `query:"isShip" doc:"true or false; the list field is IsShip"`
	IsImportConfirmed      string `query:"isImportConfirmed" doc:"true or false"`
	IsDesigner             string `query:"isDesigner" doc:"true or false"`
	IsCloseFile            string `query:"isCloseFile" doc:"true or false"`
}

type orderListInput struct {
	httpapi.PageQuery
	Scope         string `query:"scope" doc:"all (default), own (created or sold by me), pending (a next move is mine), history (shipped, closed, cancelled)"`
	Status        string `query:"status" doc:"A status, or several separated by commas"`
	OrderTypeID   string `query:"orderTypeId" doc:"Orders of this order type"`
	ProductTypeID string `query:"productTypeId" doc:"Orders of this product type"`
	OrderFilters
}

// query turns the list's parameters into the service's query.
func (in *orderListInput) query() (OrderQuery, error) {
	q := OrderQuery{Scope: strings.TrimSpace(in.Scope), Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}
	for _, s := range strings.Split(in.Status, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || !Status(n).Valid() {
			return q, apperr.Invalid("status", localization.KeyInvalidValue, "status")
		}
		q.Statuses = append(q.Statuses, Status(n))
	}
	var err error
	if q.OrderTypeID, err = optID("orderTypeId", in.OrderTypeID); err != nil {
		return q, err
	}
	if q.ProductTypeID, err = optID("productTypeId", in.ProductTypeID); err != nil {
		return q, err
	}
	values := queryValues(&in.OrderFilters)
	return q, ParseFilters(func(name string) string { return values[name] }, &q)
}

type statusLogsAnswer = httpapi.List[StatusLog]

func (m *Module) registerOrders(api *httpapi.API) {
	const base = "/api/app/salesorder"
	read := httpapi.Perm(PermOrders)
	httpapi.Register(api, op(http.MethodGet, base, "Sales orders (the order list and the four tracking lists by scope), filtered, sorted, paged"), read,
		func(ctx context.Context, in *orderListInput) (*httpapi.Body[httpapi.Paged[SalesOrder]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.List(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One sales order, with the status moves the caller may make now"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[SalesOrder], error) {
			return httpapi.Reply(m.svc.GetOrder(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a sales order (a draft, numbered)"), httpapi.Perm(PermOrdersCreate),
		func(ctx context.Context, in *bodyInput[SalesOrderInput]) (*httpapi.Body[SalesOrder], error) {
			return httpapi.Reply(m.svc.Create(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a draft or submitted sales order (every editable field)"), httpapi.Perm(PermOrdersEdit),
		func(ctx context.Context, in *idBodyInput[UpdateSalesOrderInput]) (*httpapi.Body[SalesOrder], error) {
			return httpapi.Reply(m.svc.Update(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a draft sales order"), httpapi.Perm(PermOrdersDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.Delete(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/{id}/status", "Move a sales order's status (each action needs its own permission)"), read,
		func(ctx context.Context, in *idBodyInput[StatusMoveInput]) (*httpapi.Body[SalesOrder], error) {
			return httpapi.Reply(m.svc.Move(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/status-logs", "A sales order's status moves, oldest first"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[statusLogsAnswer], error) {
			return httpapi.ReplyList(m.svc.StatusLogs(ctx, in.ID))
		})
}
