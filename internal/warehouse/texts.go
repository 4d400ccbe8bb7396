package warehouse

import "kerf/internal/platform/localization"

// Message keys of the warehouse.
const (
	KeyKind          = "Warehouse:Kind"
	KeyDirection     = "Warehouse:Direction"
	KeyMaterial      = "Warehouse:MaterialRequired"
	KeyTooLong       = "Warehouse:TooLong"
	KeyPositive      = "Warehouse:Positive"
	KeyQuantity      = "Warehouse:Quantity"
	KeyNoMoves       = "Warehouse:NoMoves"
	KeyBinNotFound   = "Warehouse:BinNotFound"
	KeyBinWrongShelf = "Warehouse:BinWrongShelf"
	KeyNotEnough     = "Warehouse:NotEnough"
	KeyShelfNotFound = "Warehouse:ShelfNotFound"
	KeyCodeRequired  = "Warehouse:CodeRequired"
	KeyStorageType   = "Warehouse:StorageType"
	KeyBadDate       = "Warehouse:BadDate"
	KeyBadNumber     = "Warehouse:BadNumber"
	KeyKindBoard     = "Warehouse:KindBoard"
	KeyKindOffcut    = "Warehouse:KindOffcut"

	// The storehouse's set-up (structure.go).
	KeyRequired          = "Warehouse:Required"
	KeyMaxLength         = "Warehouse:MaxLength"
	KeyCodeChars         = "Warehouse:CodeChars"
	KeyRange             = "Warehouse:Range"
	KeyFactoryDuplicate  = "Warehouse:FactoryDuplicate"
	KeyRowDuplicate      = "Warehouse:RowDuplicate"
	KeyShelfDuplicate    = "Warehouse:ShelfDuplicate"
	KeyFactoryNotFound   = "Warehouse:FactoryNotFound"
	KeyRowNotFound       = "Warehouse:RowNotFound"
	KeyShelfGone         = "Warehouse:ShelfGone"
	KeyKeepDefault       = "Warehouse:KeepDefault"
	KeyBinHoldsStock     = "Warehouse:BinHoldsStock"
	KeyStorageTypeInUse  = "Warehouse:StorageTypeInUse"
	KeyFactoryHoldsStock = "Warehouse:FactoryHoldsStock"
	KeyFactoryUnassigned = "Warehouse:FactoryUnassigned"
	KeyRowHoldsStock     = "Warehouse:RowHoldsStock"
	KeyShelfHoldsStock   = "Warehouse:ShelfHoldsStock"
	LabelCode            = "Warehouse:Label:Code"
	LabelName            = "Warehouse:Label:Name"
	LabelAddress         = "Warehouse:Label:Address"
	LabelSort            = "Warehouse:Label:Sort"
	LabelFactory         = "Warehouse:Label:Factory"
	LabelRow             = "Warehouse:Label:Row"
	LabelLevels          = "Warehouse:Label:Levels"
	LabelBinsPerLevel    = "Warehouse:Label:BinsPerLevel"
)

var texts = localization.Texts{
	KeyKind:          {ZhHans: "类型必须是 0（板材）或 1（余料）", En: "Kind must be 0 (board) or 1 (offcut)"},
	KeyDirection:     {ZhHans: "方向必须是 0（入库）或 1（出库）", En: "Direction must be 0 (in) or 1 (out)"},
	KeyMaterial:      {ZhHans: "请输入材料编码", En: "Please enter the material code"},
	KeyTooLong:       {ZhHans: "{0} 的长度不能超过 {1}", En: "{0} must be at most {1} characters"},
	KeyPositive:      {ZhHans: "{0} 必须大于 0", En: "{0} must be greater than 0"},
	KeyQuantity:      {ZhHans: "数量必须是 1 到 {0} 之间的整数", En: "The quantity must be a whole number from 1 to {0}"},
	KeyNoMoves:       {ZhHans: "没有要登记的出入库", En: "There is nothing to book"},
	KeyBinNotFound:   {ZhHans: "库位 {0} 不存在", En: "Bin {0} does not exist"},
	KeyBinWrongShelf: {ZhHans: "库位 {0} 在{1}货架上，不能存放{2}", En: "Bin {0} is on a shelf for {1}; it cannot hold {2}"},
	KeyNotEnough:     {ZhHans: "{0} {1}×{2}×{3} 库存不足：需要 {4}，现有 {5}", En: "Not enough {0} {1}×{2}×{3} on hand: {4} needed, {5} on hand"},
	KeyShelfNotFound: {ZhHans: "货架 {0} 不存在", En: "Shelf {0} does not exist"},
	KeyCodeRequired:  {ZhHans: "请指定货架编码或存放类型", En: "Please give a shelf code or a storage type"},
	KeyStorageType:   {ZhHans: "存放类型必须是 0（板材）或 1（余料）", En: "The storage type must be 0 (boards) or 1 (offcuts)"},
	KeyBadDate:       {ZhHans: "日期 {0} 无效，请使用 yyyy-MM-dd", En: "The date {0} is not valid; use yyyy-MM-dd"},
	KeyBadNumber:     {ZhHans: "{0} 不是有效的数字", En: "{0} is not a valid number"},
	KeyKindBoard:     {ZhHans: "板材", En: "boards"},
	KeyKindOffcut:    {ZhHans: "余料", En: "offcuts"},

	KeyRequired:          {ZhHans: "请输入{0}", En: "Please enter the {0}"},
	KeyMaxLength:         {ZhHans: "{0}不能超过 {1} 个字符", En: "The {0} must be at most {1} characters"},
	KeyCodeChars:         {ZhHans: "{0}只能包含字母、数字和 - _ .", En: "The {0} may hold only letters, digits and - _ ."},
	KeyRange:             {ZhHans: "{0}必须是 {1} 到 {2} 之间的整数", En: "The {0} must be a whole number from {1} to {2}"},
	KeyFactoryDuplicate:  {ZhHans: "工厂编码“{0}”已存在", En: "The factory code \"{0}\" is already taken"},
	KeyRowDuplicate:      {ZhHans: "此工厂已有编码为“{0}”的货架排", En: "This factory already has a row \"{0}\""},
	KeyShelfDuplicate:    {ZhHans: "货架编码“{0}”已存在", En: "The shelf code \"{0}\" is already taken"},
	KeyFactoryNotFound:   {ZhHans: "工厂不存在或已删除", En: "The factory does not exist or was deleted"},
	KeyRowNotFound:       {ZhHans: "货架排不存在或已删除", En: "The row does not exist or was deleted"},
	KeyShelfGone:         {ZhHans: "货架不存在或已删除", En: "The shelf does not exist or was deleted"},
	KeyKeepDefault:       {ZhHans: "必须有一个默认工厂：请把另一个工厂设为默认", En: "There must be a default factory: make another factory the default instead"},
	KeyBinHoldsStock:     {ZhHans: "库位 {0} 有 {1} 件库存，不能移除；请先出库", En: "Bin {0} holds {1} pieces; issue them before removing the bin"},
	KeyStorageTypeInUse:  {ZhHans: "货架 {0} 有库存，不能改变存放类型", En: "Shelf {0} holds stock; its storage type cannot change"},
	KeyFactoryHoldsStock: {ZhHans: "工厂 {0} 有库存（库位 {1}：{2} 件），不能删除", En: "Factory {0} holds stock (bin {1}: {2} pieces); it cannot be deleted"},
	KeyFactoryUnassigned: {ZhHans: "工厂 {0} 有 {1} 件未分配库位的库存，不能删除", En: "Factory {0} has {1} pieces of stock without a bin; it cannot be deleted"},
	KeyRowHoldsStock:     {ZhHans: "货架排 {0} 有库存（库位 {1}：{2} 件），不能删除", En: "Row {0} holds stock (bin {1}: {2} pieces); it cannot be deleted"},
	KeyShelfHoldsStock:   {ZhHans: "货架 {0} 有库存（库位 {1}：{2} 件），不能删除", En: "Shelf {0} holds stock (bin {1}: {2} pieces); it cannot be deleted"},
	LabelCode:            {ZhHans: "编码", En: "code"},
	LabelName:            {ZhHans: "名称", En: "name"},
	LabelAddress:         {ZhHans: "地址", En: "address"},
	LabelSort:            {ZhHans: "排序", En: "sort order"},
	LabelFactory:         {ZhHans: "工厂", En: "factory"},
	LabelRow:             {ZhHans: "货架排", En: "row"},
	LabelLevels:          {ZhHans: "层数", En: "number of levels"},
	LabelBinsPerLevel:    {ZhHans: "每层库位数", En: "number of positions per level"},
}
