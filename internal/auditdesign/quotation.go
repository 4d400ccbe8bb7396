package auditdesign

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/catalog"
	"kerf/internal/homedesign"
	"kerf/internal/platform/apperr"
	"kerf/internal/salesorder"
)

// QuotationInput is a quotation of sheets of one order, of a quotation type.
type QuotationInput struct {
	IDs           []uuid.UUID
	QuotationName string
}

// quotationName answers the checked quotation type: name when it is a value (or label) of
// the quotation-type dictionary, the dictionary's default (else its first value) when name is
// empty, and the factory price when the dictionary is empty (spec 001 §9).
func (s *Service) quotationName(ctx context.Context, name string) (string, error) {
	name = strings.TrimSpace(name)
	var types []QuotationType
	if s.quotationTypes != nil {
		var err error
		if types, err = s.quotationTypes(ctx); err != nil {
			return "", fmt.Errorf("quotation types: %w", err)
		}
	}
	if len(types) == 0 {
		factory := s.t(ctx, KeyFactoryPrice)
		if name == "" || name == factory || name == "出厂价" {
			return factory, nil
		}
		return "", apperr.User(KeyBadQuotationType, name)
	}
	if name == "" {
		for _, t := range types {
			if t.IsDefault {
				return t.Value, nil
			}
		}
		return types[0].Value, nil
	}
	for _, t := range types {
		if t.Value == name || t.Label == name {
			return t.Value, nil
		}
	}
	return "", apperr.User(KeyBadQuotationType, name)
}

// GenerateQuotation prices the designs of the chosen sheets (all of one order) from the parts
// catalogue and stores the quotation, an .xlsx in the caller's language, in the order's
// files. Only passed sheets are quoted unless the setting that disables the check is on (then
// every sheet but voided ones); with none left there is none available for quotation.
func (s *Service) GenerateQuotation(ctx context.Context, in QuotationInput) (*salesorder.OrderFile, error) {
	ids := dedupe(in.IDs)
	if len(ids) == 0 {
		return nil, apperr.User(KeyNoSheets)
	}
	if len(ids) > MaxBatch {
		return nil, apperr.User(KeyTooMany, MaxBatch)
	}
	name, err := s.quotationName(ctx, in.QuotationName)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.getMany(ctx, ids)
	if err != nil {
		return nil, err
	}
	if len(rows) != len(ids) {
		return nil, apperr.User(KeyNotFound)
	}
	orderID := rows[0].SalesOrderID
	for _, r := range rows {
		if r.SalesOrderID != orderID {
			return nil, apperr.User(KeyOneOrder)
		}
	}
	unchecked := false
	if s.settings != nil {
		if unchecked, err = s.settings.Bool(ctx, SettingDisableQuotationStatusCheck); err != nil {
			return nil, fmt.Errorf("quotation check setting: %w", err)
		}
	}
	var quoted []AuditDesign
	for _, r := range rows {
		if r.State == StatePassed || (unchecked && r.State.Normal() != StateVoided) {
			quoted = append(quoted, r)
		}
	}
	if len(quoted) == 0 {
		return nil, apperr.User(KeyNoneToQuote)
	}
	sortByLevel(quoted)
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	parts, _, err := s.parts.ListParts(ctx, catalog.ItemQuery{})
	if err != nil {
		return nil, fmt.Errorf("quotation prices: %w", err)
	}
	prices := NewPrices(parts)
	cache := map[uuid.UUID]*homedesign.Design{}
	var sols []QuoteSolution
	for i := range quoted {
		d, err := s.solutionOf(ctx, &quoted[i], cache)
		if err != nil {
			return nil, err
		}
		sols = append(sols, prices.Quote(d.Solutions[0]))
	}
	data, err := s.quotationWorkbook(ctx, o, name, sols)
	if err != nil {
		return nil, err
	}
	file := fmt.Sprintf("%s-%s-%s.xlsx", o.SalesOrderID, name, time.Now().Format("20060102150405"))
	return s.orders.AddFile(ctx, orderID, salesorder.CategoryOrder, file, data)
}

func sortByLevel(rows []AuditDesign) {
	for i := 1; i < len(rows); i++ {
		for j := i; j > 0 && rows[j].LevelIndex < rows[j-1].LevelIndex; j-- {
			rows[j], rows[j-1] = rows[j-1], rows[j]
		}
	}
}

// sheetName is a solution's worksheet name: excelize's limits (31 characters, no []:*?/\),
// made unique by its position.
func sheetName(i int, name string) string {
	clean := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return '_'
		}
		return r
	}, name)
	s := fmt.Sprintf("%d %s", i+1, clean)
	if r := []rune(s); len(r) > 31 {
		s = string(r[:31])
	}
	return s
}

func money(c int64) float64 { return float64(c) / 100 }

// quotationWorkbook writes the quotation: a summary sheet (order, type, date, a total per
// solution, the grand total, unpriced lines) and a sheet per solution (panels, banding,
// hardware, each line's quantity, unit price and amount, its total).
func (s *Service) quotationWorkbook(ctx context.Context, o *salesorder.SalesOrder, name string, sols []QuoteSolution) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, fmt.Errorf("quotation style: %w", err)
	}
	fmtMoney := "#,##0.00"
	moneyStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &fmtMoney})
	if err != nil {
		return nil, fmt.Errorf("quotation style: %w", err)
	}
	t := func(k string) string { return s.t(ctx, k) }
	summary := t(KeyQSummary)
	if err := f.SetSheetName("Sheet1", summary); err != nil {
		return nil, fmt.Errorf("quotation sheet: %w", err)
	}
	var total int64
	unpriced := 0
	rows := [][]any{
		{t(KeyQTitle)},
		{t(KeyQOrder), o.SalesOrderID},
		{t(KeyQCustomer), o.CustomerName},
		{t(KeyQType), name},
		{t(KeyQDate), time.Now().Format("2006-01-02")},
		{},
		{t(KeyQSolution), t(KeyQAmount)},
	}
	for i, sol := range sols {
		rows = append(rows, []any{sol.Name, money(sol.Total)})
		total += sol.Total
		for _, l := range sol.Lines {
			if !l.Priced {
				unpriced++
			}
		}
		if err := s.solutionSheet(ctx, f, sheetName(i, sol.Name), sol, bold, moneyStyle); err != nil {
			return nil, err
		}
	}
	rows = append(rows, []any{t(KeyQTotal), money(total)})
	if unpriced > 0 {
		rows = append(rows, []any{}, []any{s.t(ctx, KeyQUnpricedCount, unpriced)})
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(summary, cell, &r); err != nil {
			return nil, fmt.Errorf("quotation row: %w", err)
		}
	}
	last := len(sols) + 8
	_ = f.SetCellStyle(summary, "A1", "A1", bold)
	_ = f.SetCellStyle(summary, "A7", "B7", bold)
	_ = f.SetCellStyle(summary, "B8", fmt.Sprintf("B%d", last), moneyStyle)
	_ = f.SetCellStyle(summary, fmt.Sprintf("A%d", last), fmt.Sprintf("A%d", last), bold)
	_ = f.SetColWidth(summary, "A", "A", 28)
	_ = f.SetColWidth(summary, "B", "B", 24)
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, fmt.Errorf("quotation workbook: %w", err)
	}
	return buf.Bytes(), nil
}

func (s *Service) solutionSheet(ctx context.Context, f *excelize.File, sheet string, sol QuoteSolution, bold, moneyStyle int) error {
	if _, err := f.NewSheet(sheet); err != nil {
		return fmt.Errorf("quotation sheet: %w", err)
	}
	t := func(k string) string { return s.t(ctx, k) }
	header := []any{t(KeyQKind), t(KeyQCabinet), t(KeyQName), t(KeyQMaterial), t(KeyQThickness), t(KeyQLength),
		t(KeyQWidth), t(KeyQCount), t(KeyQQuantity), t(KeyQUnitPrice), t(KeyQAmount), t(KeyQNote)}
	rows := [][]any{{sol.Name}, header}
	for _, l := range sol.Lines {
		note := ""
		if !l.Priced {
			note = t(KeyQUnpriced)
		}
		r := []any{t("AuditDesign:Quote:Kind:" + l.Kind), l.Cabinet, l.Name, l.Material, blank(l.Thickness), blank(l.Length),
			blank(l.Width), blankInt(l.Count), l.Quantity, l.UnitPrice, money(l.Amount), note}
		rows = append(rows, r)
	}
	rows = append(rows, []any{t(KeyQTotal), "", "", "", "", "", "", "", "", "", money(sol.Total)})
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sheet, cell, &r); err != nil {
			return fmt.Errorf("quotation row: %w", err)
		}
	}
	n := len(rows)
	_ = f.SetCellStyle(sheet, "A1", "A2", bold)
	_ = f.SetCellStyle(sheet, "B2", "L2", bold)
	_ = f.SetCellStyle(sheet, "J3", fmt.Sprintf("K%d", n), moneyStyle)
	_ = f.SetCellStyle(sheet, fmt.Sprintf("A%d", n), fmt.Sprintf("A%d", n), bold)
	_ = f.SetColWidth(sheet, "A", "D", 16)
	_ = f.SetColWidth(sheet, "L", "L", 20)
	return nil
}

func blank(f float64) any {
	if f == 0 {
		return ""
	}
	return f
}

func blankInt(n int) any {
	if n == 0 {
		return ""
	}
	return n
}
