package warehouse

// Bounds of the storehouse's set-up (the inputs' tags say the same).
const (
	MaxCode         = 32 // a factory's, row's or shelf's code (a bin's code adds "-{level}-{position}")
	MaxName         = 64
	MaxAddress      = 256
	MaxSort         = 9999
	MaxLevels       = 20
	MaxBinsPerLevel = 50
)

// FactoryInput is the body of a factory's create and update.
type FactoryInput struct {
	Code             string `json:"code,omitempty" required:"true" maxLength:"32" doc:"Unique in the tenant (without regard to case): letters, digits, - _ ."`
	Name             string `json:"name,omitempty" required:"true" maxLength:"64"`
	Address          string `json:"address,omitempty" maxLength:"256"`
	IsDefault        bool   `json:"isDefault,omitempty" doc:"Making one default clears the other in the same transaction; the tenant's first factory is default anyway, and the default cannot be unset (make another the default)"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"Update: the stamp read; a stale one answers 409"`
}

// RowInput is the body of a storehouse row's create and update.
type RowInput struct {
	FactoryID        string `json:"factoryId,omitempty" doc:"Create: the factory (required; none of another tenant). Update: ignored (a row stays in its factory)"`
	Code             string `json:"code,omitempty" required:"true" maxLength:"32" doc:"Unique in the factory (without regard to case): letters, digits, - _ ."`
	Name             string `json:"name,omitempty" required:"true" maxLength:"64"`
	Sort             int    `json:"sort" minimum:"0" maximum:"9999" doc:"Order of the rows on the shelves page (then code)"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"Update: the stamp read; a stale one answers 409"`
}

// ShelfInput is the body of a shelf's create and update. Its bins are Levels × BinsPerLevel,
// named "{code}-{level}-{position}"; an update adds the bins the new size has and removes the
// ones it lost (refused, naming the bin, while a removed bin holds stock), renames every bin
// when the code changes, and may move the shelf to another row.
type ShelfInput struct {
	RowID            string `json:"rowId,omitempty" required:"true" doc:"The storehouse row (of the tenant)"`
	Code             string `json:"code,omitempty" required:"true" maxLength:"32" doc:"Unique in the tenant (without regard to case; get-shelvesinfo's Code): letters, digits, - _ ."`
	Name             string `json:"name,omitempty" maxLength:"64" doc:"none: the code"`
	StorageType      int    `json:"storageType" minimum:"0" maximum:"1" doc:"0 boards, 1 offcuts; cannot change while the shelf holds stock"`
	Levels           int    `json:"levels" minimum:"1" maximum:"20"`
	BinsPerLevel     int    `json:"binsPerLevel" minimum:"1" maximum:"50" doc:"Positions per level"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"Update: the stamp read; a stale one answers 409"`
}
