package optimization

import (
	"context"

	"kerf/internal/platform/db"
)

func settingsPtr[T any](v T) *T { return &v }

// DemoCutList is the demo's default cut-list setting: an .xlsx from design software with
// one header row of Chinese titles, columns A to O.
var DemoCutList = ImportFileSettingInput{
	Name: "标准板件清单", FileType: settingsPtr(FileTypeXLSX), HeaderRows: settingsPtr(1), IsDefault: true,
	Remark: "Standard cut list: .xlsx, 中文表头 A–O",
	Details: &[]DetailFields{
		{ColumnIndex: 0, Field: FieldOrderNo, Title: "订单号"},
		{ColumnIndex: 1, Field: FieldCabinet, Title: "柜体"},
		{ColumnIndex: 2, Field: FieldPartName, Title: "板件名称"},
		{ColumnIndex: 3, Field: FieldPartCode, Title: "板件编码"},
		{ColumnIndex: 4, Field: FieldMaterialCode, Title: "材料编码"},
		{ColumnIndex: 5, Field: FieldThickness, Title: "厚度"},
		{ColumnIndex: 6, Field: FieldLength, Title: "长度"},
		{ColumnIndex: 7, Field: FieldWidth, Title: "宽度"},
		{ColumnIndex: 8, Field: FieldCount, Title: "数量"},
		{ColumnIndex: 9, Field: FieldGrain, Title: "纹理"},
		{ColumnIndex: 10, Field: FieldEdgeTop, Title: "上封边"},
		{ColumnIndex: 11, Field: FieldEdgeBottom, Title: "下封边"},
		{ColumnIndex: 12, Field: FieldEdgeLeft, Title: "左封边"},
		{ColumnIndex: 13, Field: FieldEdgeRight, Title: "右封边"},
		{ColumnIndex: 14, Field: FieldRemark, Title: "备注"},
	},
}

// DemoCSVCutList is a .csv cut list (UTF-8, English titles).
var DemoCSVCutList = ImportFileSettingInput{
	Name: "CSV 板件清单", FileType: settingsPtr(FileTypeCSV), HeaderRows: settingsPtr(1), Encoding: settingsPtr(3),
	Remark: "CSV cut list (UTF-8): Part, Material, Thickness, Length, Width, Qty, Grain",
	Details: &[]DetailFields{
		{ColumnIndex: 0, Field: FieldPartName, Title: "Part"},
		{ColumnIndex: 1, Field: FieldMaterialCode, Title: "Material"},
		{ColumnIndex: 2, Field: FieldThickness, Title: "Thickness"},
		{ColumnIndex: 3, Field: FieldLength, Title: "Length"},
		{ColumnIndex: 4, Field: FieldWidth, Title: "Width"},
		{ColumnIndex: 5, Field: FieldCount, Title: "Qty"},
		{ColumnIndex: 6, Field: FieldGrain, Title: "Grain"},
	},
}

// DemoDesignJSON reads the design platform's JSON (review sheets' designs).
var DemoDesignJSON = ImportFileSettingInput{
	Name: "设计方案 JSON", FileType: settingsPtr(FileTypeDesignJSON), Remark: "Design JSON of the design platform", Details: &[]DetailFields{},
}

// DemoParameters are the demo's default optimise parameters.
var DemoParameters = ParameterSettingInput{
	Name: "标准参数", Kerf: 4.4, Trim: 10, Stages: 3, FirstCut: FirstCutAny, MinOffcutLength: 300, MinOffcutWidth: 200,
	TimeLimitSeconds: 5, Rotate: true, UseStockOffcuts: true, IsDefault: true, Remark: "Standard parameters",
}

// DemoMachine is the demo's default saw.
var DemoMachine = MachineSettingInput{
	Name: "HOLZMA HPP 380", MaxLength: 3800, MaxWidth: 2100, Stages: 3, Kerf: 4.4, Channels: 4, BookHeight: 75,
	FeedSpeed: 80, ReturnSpeed: 150, CutTime: 6, LoadTime: 40, IsDefault: true, Remark: "Panel saw, 3800 × 2100",
}

// seedSettingsDemo writes the demo settings of each kind the tenant of ctx has never had
// (deleted rows count: a user who removed them keeps them removed).
func (s *Service) seedSettingsDemo(ctx context.Context) error {
	st := s.settings()
	has := func(model any) (bool, error) {
		n, err := st.count(db.WithDeleted(ctx), model)
		return n > 0, err
	}
	ok, err := has((*ImportFileSetting)(nil))
	if err != nil {
		return err
	}
	if !ok {
		for _, in := range []ImportFileSettingInput{DemoCutList, DemoCSVCutList, DemoDesignJSON} {
			if _, err := s.CreateImportFileSetting(ctx, in); err != nil {
				return err
			}
		}
	}
	if ok, err = has((*ParameterSetting)(nil)); err != nil {
		return err
	}
	if !ok {
		if _, err := s.CreateParameters(ctx, DemoParameters); err != nil {
			return err
		}
	}
	if ok, err = has((*MachineSetting)(nil)); err != nil {
		return err
	}
	if !ok {
		if _, err := s.CreateMachine(ctx, DemoMachine); err != nil {
			return err
		}
	}
	return nil
}
