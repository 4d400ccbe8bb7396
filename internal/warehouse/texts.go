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
}
