package salesorder

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/expr"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// phonePattern is the light check of a phone number: digits, spaces, + - ( ) only.
var phonePattern = regexp.MustCompile(`^[0-9+\-() ]+$`)

// maxAmountText is MaxAmount as the messages show it.
const maxAmountText = "999999999999.99"

// now is the clock of numbering and default dates (tests move it).
var now = time.Now

// checkText adds a problem when v (trimmed by the caller) is required and empty or too long.
func checkText(ve *apperr.ValidationError, member, label, v string, required bool, max int) {
	switch {
	case required && v == "":
		ve.Add(member, localization.KeyRequired, label)
	case utf8.RuneCountInString(v) > max:
		ve.Add(member, localization.KeyTooLong, label, max)
	}
}

// amount checks an amount the user typed and answers it rounded to 2 places.
func amount(ve *apperr.ValidationError, member, label string, v float64) float64 {
	switch {
	case v < 0:
		ve.Add(member, KeyNegative, label)
		return 0
	case v > MaxAmount:
		ve.Add(member, KeyAmountTooLarge, label, maxAmountText)
		return 0
	}
	d, err := decimalOf(v)
	if err != nil {
		ve.Add(member, localization.KeyInvalidValue, label)
		return 0
	}
	r, err := expr.Round(d, 2)
	if err != nil {
		ve.Add(member, localization.KeyInvalidValue, label)
		return 0
	}
	return r.Float64()
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC().Truncate(time.Microsecond)
	return &u
}

// apply checks in and writes it onto o (old: the order as stored, nil on create). Types must
// be the side's and enabled; a type the order already has may stay though it was disabled
// since.
func (s *Service) apply(ctx context.Context, st store, o *SalesOrder, in SalesOrderInput, old *SalesOrder) error {
	ve := &apperr.ValidationError{}
	in.DealerName = strings.TrimSpace(in.DealerName)
	in.CustomerName = strings.TrimSpace(in.CustomerName)
	in.CustomerPhone = strings.TrimSpace(in.CustomerPhone)
	in.CustomerAddress = strings.TrimSpace(in.CustomerAddress)
	in.Remark = strings.TrimSpace(in.Remark)
	checkText(ve, "customerName", FieldCustomerName, in.CustomerName, true, MaxCustomerName)
	checkText(ve, "dealerName", FieldDealerName, in.DealerName, false, MaxDealerName)
	checkText(ve, "customerPhone", FieldCustomerPhone, in.CustomerPhone, false, MaxPhone)
	checkText(ve, "customerAddress", FieldCustomerAddress, in.CustomerAddress, false, MaxAddress)
	checkText(ve, "remark", FieldRemark, in.Remark, false, MaxRemark)
	if p := in.CustomerPhone; p != "" && utf8.RuneCountInString(p) <= MaxPhone &&
		(!phonePattern.MatchString(p) || digits(p) < 3) {
		ve.Add("customerPhone", KeyPhoneInvalid, FieldCustomerPhone)
	}
	discount := amount(ve, "discountTotal", FieldDiscountTotal, in.DiscountTotal)
	logistics := amount(ve, "logisticsPrice", FieldLogisticsPrice, in.LogisticsPrice)
	pay := amount(ve, "payTotal", FieldPayTotal, in.PayTotal)
	bill := amount(ve, "bill", FieldBill, in.Bill)
	if err := s.checkType(ctx, st, ve, orderTypeKind, "orderTypeId", &in.OrderTypeID, oldType(old, true)); err != nil {
		return err
	}
	if in.ProductTypeID != nil && *in.ProductTypeID == uuid.Nil {
		in.ProductTypeID = nil
	}
	if in.ProductTypeID != nil {
		if err := s.checkType(ctx, st, ve, productTypeKind, "productTypeId", in.ProductTypeID, oldType(old, false)); err != nil {
			return err
		}
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	o.OrderTypeID, o.ProductTypeID = in.OrderTypeID, in.ProductTypeID
	o.DealerName, o.CustomerName, o.CustomerPhone, o.CustomerAddress = in.DealerName, in.CustomerName, in.CustomerPhone, in.CustomerAddress
	o.IsUrgent, o.Remark = in.IsUrgent, in.Remark
	o.OrderDate, o.PayDate, o.DeliveryDate, o.SecondDeliveryDate = utc(in.OrderDate), utc(in.PayDate), utc(in.DeliveryDate), utc(in.SecondDeliveryDate)
	o.ActualDeliveryDate, o.TransferDate, o.CloseFileDate, o.FinalPaymentTime = utc(in.ActualDeliveryDate), utc(in.TransferDate), utc(in.CloseFileDate), utc(in.FinalPaymentTime)
	o.DiscountTotal, o.LogisticsPrice, o.PayTotal, o.Bill = discount, logistics, pay, bill
	o.IsH5, o.IsShip, o.IsImportConfirmed, o.IsDesigner, o.IsCloseFile = in.IsH5, in.IsShip, in.IsImportConfirmed, in.IsDesigner, in.IsCloseFile
	return nil
}

// digits counts the digits of s.
func digits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// sortedKeys answers m's keys in order (filters are applied in a stable order).
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func oldType(old *SalesOrder, order bool) *uuid.UUID {
	switch {
	case old == nil:
		return nil
	case order:
		return &old.OrderTypeID
	}
	return old.ProductTypeID
}

// checkType adds a problem when *id is not an enabled type of the side (kept, the type the
// order has now, may be disabled). Errors other than "not found" are answered as they are.
func (s *Service) checkType(ctx context.Context, st store, ve *apperr.ValidationError, k typeKind, member string, id *uuid.UUID, kept *uuid.UUID) error {
	if *id == uuid.Nil {
		ve.Add(member, localization.KeyRequired, k.label)
		return nil
	}
	// A type being deleted waits for this transaction, and this one for it (PostgreSQL), so
	// no order is left referring to a deleted type.
	if err := db.LockInTx(ctx, st.idb, "salesorder-type:"+id.String()); err != nil {
		return err
	}
	var enabled bool
	var err error
	if k == orderTypeKind {
		var t *OrderType
		if t, err = getType[OrderType](ctx, st, k, *id); err == nil {
			enabled = t.IsEnable
		}
	} else {
		var t *ProductType
		if t, err = getType[ProductType](ctx, st, k, *id); err == nil {
			enabled = t.IsEnable
		}
	}
	switch {
	case errors.Is(err, db.ErrNotFound):
		ve.Add(member, k.notFoundKey)
	case err != nil:
		return err
	case !enabled && (kept == nil || *kept != *id):
		ve.Add(member, KeyTypeDisabled, k.label)
	}
	return nil
}

// userName is the caller's name as orders and status logs keep it.
func (s *Service) userName(ctx context.Context) string {
	p := auth.FromContext(ctx)
	if p == nil {
		return ""
	}
	if p.UserName != "" || s.identity == nil || p.UserID == uuid.Nil {
		return p.UserName
	}
	if u, err := s.identity.GetUser(ctx, p.UserID); err == nil {
		return u.UserName
	}
	return ""
}

// side names the current tenant in lock keys.
func side(ctx context.Context) string {
	if id := tenancy.ID(ctx); id != nil {
		return id.String()
	}
	return "host"
}

// Create adds a draft order numbered SO{yyyyMMdd}{seq:4} (the server's local date; numbers
// of one side and day never repeat, even when orders are created at the same moment). Its
// derived amounts start from an empty order (totalPrice 0).
func (s *Service) Create(ctx context.Context, in SalesOrderInput) (*SalesOrder, error) {
	o := &SalesOrder{Status: StatusDraft, SalesmanID: auth.UserID(ctx), CreatorName: s.userName(ctx)}
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := s.apply(ctx, tx, o, in, nil); err != nil {
			return err
		}
		at := now()
		if o.OrderDate == nil {
			o.OrderDate = utc(&at)
		}
		day := at.Format("20060102")
		seq, err := tx.nextNumber(ctx, side(ctx), day)
		if err != nil {
			return err
		}
		o.SalesOrderID = "SO" + day + fmt.Sprintf("%04d", seq)
		if err := derive(o, expr.Decimal{}); err != nil {
			return err
		}
		return tx.insertOrder(ctx, o)
	})
	if err != nil {
		return nil, err
	}
	return s.GetOrder(ctx, o.ID)
}

// editableColumns are what an update writes (with the derived amounts).
var editableColumns = append([]string{"order_type_id", "product_type_id", "dealer_name", "customer_name", "customer_phone",
	"customer_address", "is_urgent", "remark", "order_date", "pay_date", "delivery_date", "second_delivery_date",
	"actual_delivery_date", "transfer_date", "close_file_date", "final_payment_time", "discount_total",
	"logistics_price", "pay_total", "bill", "is_h5", "is_ship", "is_import_confirmed", "is_designer", "is_close_file"},
	amountColumns...)

// editable answers nil for orders whose fields change (drafts and submitted orders), else a
// user error naming the status.
func (s *Service) editable(ctx context.Context, o *SalesOrder) error {
	if o.Status == StatusDraft || o.Status == StatusSubmitted {
		return nil
	}
	return apperr.User(KeyNotEditable, s.t(ctx, statusKey(o.Status)))
}

// Update replaces the editable fields of a draft or submitted order (absent ones are cleared)
// and derives its amounts again from the stored total of its lines.
func (s *Service) Update(ctx context.Context, id uuid.UUID, in UpdateSalesOrderInput) (*SalesOrder, error) {
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		o, err := tx.getOrder(ctx, id)
		if err != nil {
			return err
		}
		if err := s.editable(ctx, o); err != nil {
			return err
		}
		old := *o
		if err := s.apply(ctx, tx, o, in.SalesOrderInput, &old); err != nil {
			return err
		}
		if o.OrderDate == nil {
			o.OrderDate = old.OrderDate
		}
		total, err := decimalOf(o.TotalPrice)
		if err != nil {
			return err
		}
		if err := derive(o, total); err != nil {
			return err
		}
		return tx.updateOrder(ctx, o, in.ConcurrencyStamp, editableColumns...)
	})
	if err != nil {
		return nil, err
	}
	return s.GetOrder(ctx, id)
}

// Delete removes a draft order, and with it, in the same transaction, what the OnDelete steps
// remove (its lines); other statuses are refused, naming the status.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		o, err := tx.getOrder(ctx, id)
		if err != nil {
			return err
		}
		if o.Status != StatusDraft {
			return apperr.User(KeyDraftsOnlyDeleted, s.t(ctx, statusKey(o.Status)))
		}
		for _, step := range s.deleteHooks {
			if err := step(ctx, tx.idb, o); err != nil {
				return err
			}
		}
		return tx.deleteOrder(ctx, o)
	})
}

// GetOrder answers one order as the order screen shows it: with its type names and the
// status moves the caller may make now.
func (s *Service) GetOrder(ctx context.Context, id uuid.UUID) (*SalesOrder, error) {
	o, err := s.store.getOrder(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.name(ctx, []*SalesOrder{o}); err != nil {
		return nil, err
	}
	granted, err := s.granted(ctx)
	if err != nil {
		return nil, err
	}
	o.AllowedActions = allowedActions(o.Status, granted)
	return o, nil
}

// name fills the type names of orders.
func (s *Service) name(ctx context.Context, orders []*SalesOrder) error {
	if len(orders) == 0 {
		return nil
	}
	names, err := s.store.typeNames(ctx)
	if err != nil {
		return err
	}
	for _, o := range orders {
		o.OrderTypeName = names[o.OrderTypeID]
		if o.ProductTypeID != nil {
			o.ProductTypeName = names[*o.ProductTypeID]
		}
	}
	return nil
}

// List answers a page of orders and their count. The scope own is the caller's orders
// (created or sold), pending those in a status whose next move the caller may make, history
// the shipped, closed and cancelled ones.
func (s *Service) List(ctx context.Context, q OrderQuery) ([]SalesOrder, int, error) {
	order, err := db.Order(q.Sorting, orderSorting, defaultOrderSorting)
	if err != nil {
		return nil, 0, err
	}
	var pending []Status
	switch q.Scope {
	case "", ScopeAll, ScopeOwn, ScopeHistory:
	case ScopePending:
		granted, err := s.granted(ctx)
		if err != nil {
			return nil, 0, err
		}
		pending = pendingStatuses(granted)
	default:
		return nil, 0, apperr.Invalid("scope", KeyBadScope)
	}
	rows, n, err := s.store.listOrders(ctx, q, order, auth.UserID(ctx), pending)
	if err != nil {
		return nil, 0, err
	}
	ptrs := make([]*SalesOrder, len(rows))
	for i := range rows {
		ptrs[i] = &rows[i]
	}
	if err := s.name(ctx, ptrs); err != nil {
		return nil, 0, err
	}
	return rows, n, nil
}

// ---- list filters from the query string ----

// Filterable fields of the list by kind: JSON name → column.
var (
	textFields = map[string]string{"salesOrderId": "sales_order_id", "dealerName": "dealer_name",
		"customerName": "customer_name", "customerPhone": "customer_phone", "customerAddress": "customer_address",
		"remark": "remark", "creatorName": "creator_name", "desginId": "desgin_id"}
	numberFields = map[string]string{"totalSumPrice": "total_sum_price", "differencePrice": "difference_price",
		"totalPrice": "total_price", "payTotal": "pay_total", "logisticsPrice": "logistics_price",
		"discountTotal": "discount_total", "bill": "bill"}
	dateFields = map[string]string{"paydate": "pay_date", "orderdate": "order_date",
		"secondDeliveryDate": "second_delivery_date", "closeFileDate": "close_file_date",
		"finalPaymentTime": "final_payment_time", "deliveryDate": "delivery_date",
		"actualDeliveryDate": "actual_delivery_date", "transferDate": "transfer_date", "creationTime": "creation_time"}
	boolFields = map[string]string{"isH5": "is_h5", "isUrgent": "is_urgent", "IsShip": "is_ship",
		"isImportConfirmed": "is_import_confirmed", "isDesigner": "is_designer", "isCloseFile": "is_close_file"}
)

// parseNumber reads a number bound (member: the query parameter).
func parseNumber(member, v string) (*float64, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return nil, apperr.Invalid(member, localization.KeyInvalidValue, member)
	}
	return &f, nil
}

// parseDay reads a day: yyyy-MM-dd is that day in the server's time zone; a date-time with an
// offset (what a browser sends for the start of a day it shows) is its own date in its own
// offset, so the day the user picked is the day searched wherever the server runs. next gives
// the start of the following day (To is inclusive).
func parseDay(member, v string, next bool) (*time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	var t time.Time
	var err error
	if t, err = time.Parse(time.RFC3339Nano, v); err != nil {
		if t, err = time.ParseInLocation("2006-01-02", v, time.Local); err != nil {
			return nil, apperr.Invalid(member, KeyBadDate, v)
		}
	}
	y, m, d := t.Date()
	if next {
		d++
	}
	start := time.Date(y, m, d, 0, 0, 0, 0, t.Location()).UTC()
	return &start, nil
}

// ParseFilters reads the list's per-field filters from query values (name → value, the
// names of filterParams: text `key`, number `keyMin`/`keyMax`, date `keyFrom`/`keyTo` (days,
// To inclusive; see parseDay), boolean `key` true/false). The first letter of a name is not significant
// (ABP clients send both cases). A malformed value is a validation error naming it.
func ParseFilters(get func(name string) string, q *OrderQuery) error {
	lookup := func(name string) string {
		if v := get(name); v != "" {
			return v
		}
		return get(strings.ToLower(name[:1]) + name[1:])
	}
	for _, k := range sortedKeys(textFields) {
		if v := strings.TrimSpace(lookup(k)); v != "" {
			q.Texts = append(q.Texts, TextFilter{Column: textFields[k], Value: v})
		}
	}
	for _, k := range sortedKeys(numberFields) {
		lo, err := parseNumber(k+"Min", lookup(k+"Min"))
		if err != nil {
			return err
		}
		hi, err := parseNumber(k+"Max", lookup(k+"Max"))
		if err != nil {
			return err
		}
		if lo != nil || hi != nil {
			q.Numbers = append(q.Numbers, NumberFilter{Column: numberFields[k], Min: lo, Max: hi})
		}
	}
	for _, k := range sortedKeys(dateFields) {
		from, err := parseDay(k+"From", lookup(k+"From"), false)
		if err != nil {
			return err
		}
		to, err := parseDay(k+"To", lookup(k+"To"), true)
		if err != nil {
			return err
		}
		if from != nil || to != nil {
			q.Dates = append(q.Dates, DateFilter{Column: dateFields[k], From: from, To: to})
		}
	}
	for _, k := range sortedKeys(boolFields) {
		v := strings.TrimSpace(lookup(k))
		if v == "" {
			continue
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			return apperr.Invalid(k, localization.KeyInvalidValue, k)
		}
		q.Bools = append(q.Bools, BoolFilter{Column: boolFields[k], Value: b})
	}
	return nil
}
