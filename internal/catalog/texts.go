package catalog

import "kerf/internal/platform/localization"

// Message keys of the catalogue.
const (
	KeyModuleName        = "Catalog:ModuleName"
	KeyCatalogNotFound   = "Catalog:CatalogNotFound"
	KeyParentNotFound    = "Catalog:ParentNotFound"
	KeyWrongModule       = "Catalog:WrongModule"
	KeyCatalogNotEmpty   = "Catalog:CatalogNotEmpty"
	KeyCatalogNotEmptyM  = "Catalog:CatalogNotEmptyMatter"
	KeyItemNotFound      = "Catalog:ItemNotFound"
	KeyPartAlreadyLinked = "Catalog:PartAlreadyLinked"
	KeyMin               = "Catalog:Min"
	KeyNoItems           = "Catalog:NoItems"
	KeyXlsxOnly          = "Catalog:XlsxOnly"
	KeyNoFile            = "Catalog:NoFile"
	KeyImportNoName      = "Catalog:ImportNoNameColumn"
	KeyImportEmpty       = "Catalog:ImportEmpty"
	KeyRowRequired       = "Catalog:RowRequired"
	KeyRowTooLong        = "Catalog:RowTooLong"
	KeyRowNumber         = "Catalog:RowNumber"
	KeyRowMin            = "Catalog:RowMin"
	KeyRowBool           = "Catalog:RowBool"
	KeyRowDuplicate      = "Catalog:RowDuplicate"
	KeyRowMore           = "Catalog:RowMore"
	KeyBadSpreadsheet    = "Catalog:BadSpreadsheet"
	KeyExampleName       = "Catalog:ExampleName"
	KeyExamplePartName   = "Catalog:ExamplePartName"
	KeyExampleColor      = "Catalog:ExampleColor"
	KeyExampleUnit       = "Catalog:ExampleUnit"
	KeyExamplePartUnit   = "Catalog:ExamplePartUnit"
	KeyExampleDescribe   = "Catalog:ExampleDescribe"
	KeySheetProducts     = "Catalog:SheetProducts"
	KeySheetParts        = "Catalog:SheetParts"
	KeyYes               = "Catalog:Yes"
	KeyNo                = "Catalog:No"
	KeyTooManyRows       = "Catalog:TooManyRows"

	// Field labels, used in messages and as spreadsheet headers.
	FieldDisplayName     = "Catalog:Field:DisplayName"
	FieldCatalogID       = "Catalog:Field:CatalogId"
	FieldParentID        = "Catalog:Field:ParentId"
	FieldName            = "Catalog:Field:Name"
	FieldCode            = "Catalog:Field:Code"
	FieldErpCode         = "Catalog:Field:ErpCode"
	FieldStockCode       = "Catalog:Field:StockCode"
	FieldWorkshopCode    = "Catalog:Field:WorkshopCode"
	FieldFactoryCode     = "Catalog:Field:FactoryCode"
	FieldLength          = "Catalog:Field:Length"
	FieldWidth           = "Catalog:Field:Width"
	FieldHeight          = "Catalog:Field:Height"
	FieldPrice           = "Catalog:Field:Price"
	FieldDescribe        = "Catalog:Field:Describe"
	FieldColor           = "Catalog:Field:Color"
	FieldUnit            = "Catalog:Field:Unit"
	FieldImages          = "Catalog:Field:Images"
	FieldIsEnable        = "Catalog:Field:IsEnable"
	FieldCount           = "Catalog:Field:Count"
	FieldSize            = "Catalog:Field:Size"
	FieldProductID       = "Catalog:Field:ProductId"
	FieldPartID          = "Catalog:Field:PartId"
	FieldProductName     = "Catalog:Field:ProductName"
	FieldProductCode     = "Catalog:Field:ProductCode"
	FieldProductImage    = "Catalog:Field:ProductImage"
	FieldStandardNumbers = "Catalog:Field:StandardNumbers"
	FieldText            = "Catalog:Field:Text"
)

var texts = localization.Texts{
	KeyModuleName:        {ZhHans: "模块名必须是 product 或 matter", En: "The module name must be product or matter"},
	KeyCatalogNotFound:   {ZhHans: "目录不存在", En: "The directory does not exist"},
	KeyParentNotFound:    {ZhHans: "上级目录不存在", En: "The parent directory does not exist"},
	KeyWrongModule:       {ZhHans: "该目录不属于此目录树", En: "The directory belongs to another catalogue"},
	KeyCatalogNotEmpty:   {ZhHans: "目录“{0}”下还有 {1} 个子目录和 {2} 个产品，不能删除；请先删除或移走它们", En: "Directory \"{0}\" still holds {1} sub-directories and {2} products; delete or move them first"},
	KeyCatalogNotEmptyM:  {ZhHans: "目录“{0}”下还有 {1} 个子目录和 {2} 个物料，不能删除；请先删除或移走它们", En: "Directory \"{0}\" still holds {1} sub-directories and {2} materials; delete or move them first"},
	KeyItemNotFound:      {ZhHans: "记录不存在", En: "The record does not exist"},
	KeyPartAlreadyLinked: {ZhHans: "该物料已添加到此产品", En: "This material is already linked to the product"},
	KeyMin:               {ZhHans: "{0}不能小于{1}", En: "{0} must be at least {1}"},
	KeyNoItems:           {ZhHans: "请选择需要处理的记录", En: "Please select the records to change"},
	KeyXlsxOnly:          {ZhHans: "只能上传一个 .xlsx 格式的 Excel 文件", En: "Upload one Excel file in .xlsx format"},
	KeyNoFile:            {ZhHans: "请选择要上传的文件", En: "Please choose a file to upload"},
	KeyImportNoName:      {ZhHans: "表格第 1 行没有“{0}”列，请使用下载的模板", En: "Row 1 of the sheet has no \"{0}\" column; please use the downloaded template"},
	KeyImportEmpty:       {ZhHans: "表格中没有数据行", En: "The sheet has no data rows"},
	KeyRowRequired:       {ZhHans: "第 {0} 行：{1}不能为空", En: "Row {0}: {1} is required"},
	KeyRowTooLong:        {ZhHans: "第 {0} 行：{1}的长度不能超过 {2}", En: "Row {0}: {1} must be at most {2} characters"},
	KeyRowNumber:         {ZhHans: "第 {0} 行：{1}必须是数字", En: "Row {0}: {1} must be a number"},
	KeyRowMin:            {ZhHans: "第 {0} 行：{1}不能小于 0", En: "Row {0}: {1} must not be negative"},
	KeyRowBool:           {ZhHans: "第 {0} 行：{1}只能填写“是”或“否”", En: "Row {0}: {1} must be yes or no"},
	KeyRowDuplicate:      {ZhHans: "第 {0} 行：与第 {1} 行重复", En: "Row {0}: duplicates row {1}"},
	KeyRowMore:           {ZhHans: "还有 {0} 个错误未列出", En: "{0} more errors not listed"},
	KeyBadSpreadsheet:    {ZhHans: "无法读取该 Excel 文件", En: "The Excel file cannot be read"},
	KeyTooManyRows:       {ZhHans: "一次最多导入 {0} 行", En: "At most {0} rows can be imported at once"},
	KeyExampleName:       {ZhHans: "地柜 600", En: "Base cabinet 600"},
	KeyExamplePartName:   {ZhHans: "颗粒板 18mm 白色", En: "Particle board 18 mm white"},
	KeyExampleColor:      {ZhHans: "白色", En: "White"},
	KeyExampleUnit:       {ZhHans: "件", En: "pc"},
	KeyExamplePartUnit:   {ZhHans: "张", En: "sheet"},
	KeyExampleDescribe:   {ZhHans: "示例行，导入前请删除", En: "Example row: delete it before importing"},
	KeySheetProducts:     {ZhHans: "产品", En: "Products"},
	KeySheetParts:        {ZhHans: "物料", En: "Materials"},
	KeyYes:               {ZhHans: "是", En: "Yes"},
	KeyNo:                {ZhHans: "否", En: "No"},

	FieldDisplayName:     {ZhHans: "目录名称", En: "Directory name"},
	FieldCatalogID:       {ZhHans: "目录", En: "Directory"},
	FieldParentID:        {ZhHans: "上级目录", En: "Parent directory"},
	FieldName:            {ZhHans: "名称", En: "Name"},
	FieldCode:            {ZhHans: "编码", En: "Code"},
	FieldErpCode:         {ZhHans: "ERP编码", En: "ERP code"},
	FieldStockCode:       {ZhHans: "存货编码", En: "Stock code"},
	FieldWorkshopCode:    {ZhHans: "车间编码", En: "Workshop code"},
	FieldFactoryCode:     {ZhHans: "工厂编码", En: "Factory code"},
	FieldLength:          {ZhHans: "长", En: "Length"},
	FieldWidth:           {ZhHans: "宽", En: "Width"},
	FieldHeight:          {ZhHans: "高", En: "Height"},
	FieldPrice:           {ZhHans: "板材成本", En: "Board cost"},
	FieldDescribe:        {ZhHans: "描述", En: "Description"},
	FieldColor:           {ZhHans: "颜色", En: "Colour"},
	FieldUnit:            {ZhHans: "单位", En: "Unit"},
	FieldImages:          {ZhHans: "图片", En: "Image"},
	FieldIsEnable:        {ZhHans: "是否启用", En: "Enabled"},
	FieldCount:           {ZhHans: "数量", En: "Count"},
	FieldSize:            {ZhHans: "规格", En: "Size"},
	FieldProductID:       {ZhHans: "产品", En: "Product"},
	FieldPartID:          {ZhHans: "物料", En: "Material"},
	FieldProductName:     {ZhHans: "产品名称", En: "Product name"},
	FieldProductCode:     {ZhHans: "产品编码", En: "Product code"},
	FieldProductImage:    {ZhHans: "产品图片", En: "Product images"},
	FieldStandardNumbers: {ZhHans: "尺寸和批量", En: "Sizes and batch size"},
	FieldText:            {ZhHans: "文本", En: "Text"},
}
