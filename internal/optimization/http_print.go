package optimization

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// printTexts are the printouts' messages and captions.
var printTexts = localization.Texts{
	KeyBadLayout: {ZhHans: "标签版式只能是 sheet（A4 标签纸）或 roll（标签卷），收到的是“{0}”", En: "The label layout is sheet (A4 label sheet) or roll (label roll), not “{0}”"},

	"Optimization:Print:LabelsTitle":   {ZhHans: "板件标签 · 方案 {0}", En: "Part labels · plan {0}"},
	"Optimization:Print:Order":         {ZhHans: "订单 {0}", En: "Order {0}"},
	"Optimization:Print:Cabinet":       {ZhHans: "柜体 {0}", En: "Cabinet {0}"},
	"Optimization:Print:Finished":      {ZhHans: "成品 {0}", En: "Finished {0}"},
	"Optimization:Print:Cut":           {ZhHans: "开料 {0}", En: "Cut {0}"},
	"Optimization:Print:BoardPattern":  {ZhHans: "大板 {0} / 排版 {1}", En: "Board {0} / pattern {1}"},
	"Optimization:Print:Plan":          {ZhHans: "方案 {0}", En: "Plan {0}"},
	"Optimization:Print:DiagramsTitle": {ZhHans: "开料图 · 方案 {0}", En: "Cutting diagrams · plan {0}"},
	"Optimization:Print:PatternHead":   {ZhHans: "方案 {0} · 排版 {1} / {2}", En: "Plan {0} · pattern {1} of {2}"},
	"Optimization:Print:Sheets":        {ZhHans: "大板 {0}", En: "boards {0}"},
	"Optimization:Print:BoardLine":     {ZhHans: "板材 {0} · 材料 {1} · 厚度 {2} mm · 尺寸 {3} mm · 利用率 {4}", En: "Board {0} · material {1} · thickness {2} mm · size {3} mm · utilisation {4}"},
	"Optimization:Print:Printed":       {ZhHans: "打印于 {0}", En: "Printed {0}"},
	"Optimization:Print:Page":          {ZhHans: "第 {0} / {1} 页", En: "Page {0} / {1}"},
	"Optimization:Print:MorePatterns":  {ZhHans: "… 另有 {0} 种排版，见各自的页", En: "… {0} more patterns, each on its page"},

	"Optimization:Print:Fig:Boards":          {ZhHans: "大板数", En: "Boards"},
	"Optimization:Print:Fig:Parts":           {ZhHans: "板件数", En: "Parts"},
	"Optimization:Print:Fig:Patterns":        {ZhHans: "排版数", En: "Patterns"},
	"Optimization:Print:Fig:Utilisation":     {ZhHans: "利用率", En: "Utilisation"},
	"Optimization:Print:Fig:OffcutsKept":     {ZhHans: "保留余料", En: "Offcuts kept"},
	"Optimization:Print:Fig:Waste":           {ZhHans: "废料率", En: "Waste"},
	"Optimization:Print:Fig:WasteOffcut":     {ZhHans: "废料+余料", En: "Waste + offcuts"},
	"Optimization:Print:Fig:Cuts":            {ZhHans: "锯切刀数", En: "Cuts"},
	"Optimization:Print:Fig:Cycles":          {ZhHans: "锯切循环", En: "Cycles"},
	"Optimization:Print:Fig:SawTime":         {ZhHans: "预计锯切时间", En: "Estimated saw time"},
	"Optimization:Print:Fig:Parameters":      {ZhHans: "优化参数", En: "Parameters"},
	"Optimization:Print:Fig:ParametersValue": {ZhHans: "{0}（锯缝 {1} mm，修边 {2} mm）", En: "{0} (kerf {1} mm, trim {2} mm)"},
	"Optimization:Print:Fig:Machine":         {ZhHans: "开料锯", En: "Saw"},

	"Optimization:Print:Col:Pattern":     {ZhHans: "排版", En: "Pattern"},
	"Optimization:Print:Col:Board":       {ZhHans: "板材", En: "Board"},
	"Optimization:Print:Col:Material":    {ZhHans: "材料", En: "Material"},
	"Optimization:Print:Col:Thickness":   {ZhHans: "厚度", En: "Thickness"},
	"Optimization:Print:Col:Size":        {ZhHans: "尺寸", En: "Size"},
	"Optimization:Print:Col:Count":       {ZhHans: "张数", En: "Count"},
	"Optimization:Print:Col:Utilisation": {ZhHans: "利用率", En: "Utilisation"},
	"Optimization:Print:Col:Sheets":      {ZhHans: "大板", En: "Boards"},

	"Optimization:Print:Legend:Part":   {ZhHans: "板件（标签码、名称、开料尺寸）", En: "Part (label, name, cut size)"},
	"Optimization:Print:Legend:Offcut": {ZhHans: "保留余料", En: "Offcut kept"},
	"Optimization:Print:Legend:Waste":  {ZhHans: "废料", En: "Waste"},
	"Optimization:Print:Legend:Cut":    {ZhHans: "锯切顺序", En: "Cut order"},
}

// registerPrint mounts the printouts of a finished run (not in the contract; decision 0013):
// its cutting diagrams and its part labels as PDF, with the zip download's permission.
func (m *Module) registerPrint(api *httpapi.API) {
	const base = "/api/optimization/import-files/solutions/{solutionId}"
	solution := func(w http.ResponseWriter, r *http.Request) (uuid.UUID, bool) {
		id, err := uuid.Parse(chi.URLParam(r, "solutionId"))
		if err != nil {
			api.WriteError(w, r, apperr.Invalid("solutionId", localization.KeyInvalidValue, "solutionId"))
			return id, false
		}
		return id, true
	}
	api.Handle(http.MethodGet, base+"/diagrams",
		"A finished run's cutting diagrams as PDF ({planNo}-diagrams.pdf, A4 landscape, the caller's language): a summary page "+
			"with the figures and patterns, then every distinct pattern to scale with its count, board, parts (label code, name, "+
			"cut size), offcuts kept, waste and the cut order (not in the contract)",
		httpapi.Perm(PermRunsDownload).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			id, ok := solution(w, r)
			if !ok {
				return
			}
			name, data, err := m.svc.DiagramsPDF(r.Context(), id)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, name, "application/pdf", data)
		})
	api.Handle(http.MethodGet, base+"/labels",
		"A finished run's part labels as PDF ({planNo}-labels.pdf): one per part copy in take-off order, with a Code 128 "+
			"barcode of its label code, order, cabinet, name, finished and cut size, banding and grain, board and pattern. "+
			"Query layout: sheet (A4, 3 × 8 labels of 70 × 37 mm) or roll (one 100 × 60 mm label a page); absent, the optimisation settings' label layout (not in the contract)",
		httpapi.Perm(PermRunsDownload).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			id, ok := solution(w, r)
			if !ok {
				return
			}
			layout := strings.TrimSpace(r.URL.Query().Get("layout"))
			if layout == "" {
				var err error
				if layout, err = m.svc.LabelLayout(r.Context()); err != nil {
					api.WriteError(w, r, err)
					return
				}
			}
			name, data, err := m.svc.LabelsPDF(r.Context(), id, layout)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, name, "application/pdf", data)
		})
}
