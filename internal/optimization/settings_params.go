package optimization

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Bounds of the parameters and machines (decision 0013); the input types' tags say the same.
const (
	MaxKerf          = 20
	MaxTrim          = 50
	MaxStages        = 9
	MinTimeLimit     = 1
	MaxTimeLimit     = 60
	MaxOffcutSize    = 10000
	MinChannels      = 1
	MaxChannels      = 20
	MaxBoardSize     = 20000
	MaxBookHeight    = 500
	MaxSpeed         = 300
	MaxCutTime       = 600
	MaxLoadTime      = 3600
	MaxFirstCut      = FirstCutWidth
	defaultKindParam = "parameters"
	defaultKindMach  = "machines"
)

// between adds member's error unless min ≤ v ≤ max.
func checkBetween(ve *apperr.ValidationError, member, label string, v, min, max float64) {
	switch {
	case v < min:
		ve.Add(member, localization.KeyMinimum, label, min)
	case v > max:
		ve.Add(member, localization.KeyMaximum, label, max)
	}
}

// positive adds member's error unless 0 < v ≤ max.
func checkPositive(ve *apperr.ValidationError, member, label string, v, max float64) {
	switch {
	case v <= 0:
		ve.Add(member, localization.KeyGreaterThan, label, 0)
	case v > max:
		ve.Add(member, localization.KeyMaximum, label, max)
	}
}

func checkParameters(in *ParameterSettingInput) (*ParameterSetting, error) {
	ve := &apperr.ValidationError{}
	checkSettingText(ve, "name", LabelSettingsName, in.Name, true, MaxSettingName)
	checkSettingText(ve, "remark", LabelSettingsRemark, in.Remark, false, MaxSettingRemark)
	checkBetween(ve, "kerf", LabelSettingsKerf, in.Kerf, 0, MaxKerf)
	checkBetween(ve, "trim", LabelSettingsTrim, in.Trim, 0, MaxTrim)
	checkBetween(ve, "stages", LabelSettingsStages, float64(in.Stages), 0, MaxStages)
	if in.FirstCut < FirstCutAny || in.FirstCut > MaxFirstCut {
		ve.Add("firstCut", localization.KeyInvalidValue, LabelSettingsFirstCut)
	}
	checkBetween(ve, "minOffcutLength", LabelSettingsMinOffcutLength, in.MinOffcutLength, 0, MaxOffcutSize)
	checkBetween(ve, "minOffcutWidth", LabelSettingsMinOffcutWidth, in.MinOffcutWidth, 0, MaxOffcutSize)
	checkBetween(ve, "timeLimitSeconds", LabelSettingsTimeLimit, float64(in.TimeLimitSeconds), MinTimeLimit, MaxTimeLimit)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	return &ParameterSetting{Name: strings.TrimSpace(in.Name), Kerf: in.Kerf, Trim: in.Trim, Stages: in.Stages, FirstCut: in.FirstCut,
		MinOffcutLength: in.MinOffcutLength, MinOffcutWidth: in.MinOffcutWidth, TimeLimitSeconds: in.TimeLimitSeconds,
		Rotate: in.Rotate, UseStockOffcuts: in.UseStockOffcuts, IsDefault: in.IsDefault, Remark: strings.TrimSpace(in.Remark)}, nil
}

func checkMachine(in *MachineSettingInput) (*MachineSetting, error) {
	ve := &apperr.ValidationError{}
	checkSettingText(ve, "name", LabelSettingsName, in.Name, true, MaxSettingName)
	checkSettingText(ve, "remark", LabelSettingsRemark, in.Remark, false, MaxSettingRemark)
	checkPositive(ve, "maxLength", LabelSettingsMaxLength, in.MaxLength, MaxBoardSize)
	checkPositive(ve, "maxWidth", LabelSettingsMaxWidth, in.MaxWidth, MaxBoardSize)
	checkBetween(ve, "stages", LabelSettingsStages, float64(in.Stages), 0, MaxStages)
	checkBetween(ve, "kerf", LabelSettingsKerf, in.Kerf, 0, MaxKerf)
	checkBetween(ve, "channels", LabelSettingsChannels, float64(in.Channels), MinChannels, MaxChannels)
	checkPositive(ve, "bookHeight", LabelSettingsBookHeight, in.BookHeight, MaxBookHeight)
	checkPositive(ve, "feedSpeed", LabelSettingsFeedSpeed, in.FeedSpeed, MaxSpeed)
	checkPositive(ve, "returnSpeed", LabelSettingsReturnSpeed, in.ReturnSpeed, MaxSpeed)
	checkBetween(ve, "cutTime", LabelSettingsCutTime, in.CutTime, 0, MaxCutTime)
	checkBetween(ve, "loadTime", LabelSettingsLoadTime, in.LoadTime, 0, MaxLoadTime)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	return &MachineSetting{Name: strings.TrimSpace(in.Name), MaxLength: in.MaxLength, MaxWidth: in.MaxWidth, Stages: in.Stages,
		Kerf: in.Kerf, Channels: in.Channels, BookHeight: in.BookHeight, FeedSpeed: in.FeedSpeed, ReturnSpeed: in.ReturnSpeed,
		CutTime: in.CutTime, LoadTime: in.LoadTime, IsDefault: in.IsDefault, Remark: strings.TrimSpace(in.Remark)}, nil
}

// oneDefault is what the parameters and the machines share: exactly one default per tenant.
type oneDefault[T settingRow, P interface {
	settingPtr[T]
	isDefault() *bool
}] struct {
	kind string
}

func (r *ParameterSetting) isDefault() *bool { return &r.IsDefault }
func (r *MachineSetting) isDefault() *bool   { return &r.IsDefault }

// create inserts row; it is the default when asked, or when it is the tenant's first.
func (o oneDefault[T, P]) create(ctx context.Context, s *Service, row P) error {
	row.entity().ID = db.NewID()
	return s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := tx.lockDefaults(ctx, o.kind); err != nil {
			return err
		}
		n, err := tx.count(ctx, (*T)(nil))
		if err != nil {
			return err
		}
		if n == 0 {
			*row.isDefault() = true
		}
		if *row.isDefault() {
			if err := tx.clearDefaults(ctx, (*T)(nil), row.entity().ID); err != nil {
				return err
			}
		}
		if err := tx.insert(ctx, row); err != nil {
			return fmt.Errorf("insert %s: %w", o.kind, err)
		}
		return nil
	})
}

// update writes row over id; making it default clears the other, and the default cannot
// be unset (another one is made default instead).
func (o oneDefault[T, P]) update(ctx context.Context, s *Service, id uuid.UUID, row P, stamp string) error {
	return s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := tx.lockDefaults(ctx, o.kind); err != nil {
			return err
		}
		cur, err := getSetting[T](ctx, tx, id)
		if err != nil {
			return err
		}
		if *P(cur).isDefault() && !*row.isDefault() {
			return apperr.Invalid("isDefault", KeySettingsKeepOneDefault)
		}
		if *row.isDefault() {
			if err := tx.clearDefaults(ctx, (*T)(nil), id); err != nil {
				return err
			}
		}
		*row.entity() = *P(cur).entity()
		return updateSetting(ctx, tx, row, stamp)
	})
}

// remove deletes id; when it was the default, the oldest other row becomes the default.
func (o oneDefault[T, P]) remove(ctx context.Context, s *Service, id uuid.UUID) error {
	return s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := tx.lockDefaults(ctx, o.kind); err != nil {
			return err
		}
		cur, err := getSetting[T](ctx, tx, id)
		if err != nil {
			return err
		}
		if err := deleteSetting[T, P](ctx, tx, id); err != nil {
			return err
		}
		if !*P(cur).isDefault() {
			return nil
		}
		next, err := tx.firstOther(ctx, (*T)(nil), id)
		if err != nil || next == uuid.Nil {
			return err
		}
		return tx.makeDefault(ctx, (*T)(nil), next)
	})
}

var (
	parameterDefaults = oneDefault[ParameterSetting, *ParameterSetting]{kind: defaultKindParam}
	machineDefaults   = oneDefault[MachineSetting, *MachineSetting]{kind: defaultKindMach}
)

// ---- parameters ----

// ListParameters answers a page of parameter settings.
func (s *Service) ListParameters(ctx context.Context, q SettingsQuery) ([]ParameterSetting, int, error) {
	return listSettings[ParameterSetting](ctx, s.settings(), q, parameterSorting)
}

// Parameters answers parameter setting id (what a run is started with).
func (s *Service) Parameters(ctx context.Context, id uuid.UUID) (*ParameterSetting, error) {
	return getSetting[ParameterSetting](ctx, s.settings(), id)
}

// DefaultParameters answers the parameters the tenant's optimisation settings name, else the
// row marked default; none is db.ErrNotFound
// carrying KeySettingsNoDefaultParameters.
func (s *Service) DefaultParameters(ctx context.Context) (*ParameterSetting, error) {
	if r, err := chosenSetting[ParameterSetting](ctx, s, SettingDefaultParameterSettingID); r != nil || err != nil {
		return r, err
	}
	r, err := defaultSetting[ParameterSetting](ctx, s.settings())
	if errors.Is(err, db.ErrNotFound) {
		return nil, apperr.WithKey(fmt.Errorf("default parameters: %w", db.ErrNotFound), KeySettingsNoDefaultParameters)
	}
	return r, err
}

// CreateParameters adds a parameter setting (the default when asked or when it is the first).
func (s *Service) CreateParameters(ctx context.Context, in ParameterSettingInput) (*ParameterSetting, error) {
	row, err := checkParameters(&in)
	if err != nil {
		return nil, err
	}
	if err := parameterDefaults.create(ctx, s, row); err != nil {
		return nil, err
	}
	return row, nil
}

// UpdateParameters replaces a parameter setting.
func (s *Service) UpdateParameters(ctx context.Context, id uuid.UUID, in ParameterSettingInput) (*ParameterSetting, error) {
	row, err := checkParameters(&in)
	if err != nil {
		return nil, err
	}
	if err := parameterDefaults.update(ctx, s, id, row, in.ConcurrencyStamp); err != nil {
		return nil, err
	}
	return row, nil
}

// DeleteParameters removes a parameter setting; when it was the default the oldest other
// becomes the default.
func (s *Service) DeleteParameters(ctx context.Context, id uuid.UUID) error {
	return parameterDefaults.remove(ctx, s, id)
}

// ---- machines ----

// ListMachines answers a page of machine settings.
func (s *Service) ListMachines(ctx context.Context, q SettingsQuery) ([]MachineSetting, int, error) {
	return listSettings[MachineSetting](ctx, s.settings(), q, machineSorting)
}

// Machine answers machine setting id.
func (s *Service) Machine(ctx context.Context, id uuid.UUID) (*MachineSetting, error) {
	return getSetting[MachineSetting](ctx, s.settings(), id)
}

// DefaultMachine answers the machine the tenant's optimisation settings name, else the row
// marked default; none is db.ErrNotFound carrying
// KeySettingsNoDefaultMachine.
func (s *Service) DefaultMachine(ctx context.Context) (*MachineSetting, error) {
	if r, err := chosenSetting[MachineSetting](ctx, s, SettingDefaultMachineSettingID); r != nil || err != nil {
		return r, err
	}
	r, err := defaultSetting[MachineSetting](ctx, s.settings())
	if errors.Is(err, db.ErrNotFound) {
		return nil, apperr.WithKey(fmt.Errorf("default machine: %w", db.ErrNotFound), KeySettingsNoDefaultMachine)
	}
	return r, err
}

// CreateMachine adds a machine setting (the default when asked or when it is the first).
func (s *Service) CreateMachine(ctx context.Context, in MachineSettingInput) (*MachineSetting, error) {
	row, err := checkMachine(&in)
	if err != nil {
		return nil, err
	}
	if err := machineDefaults.create(ctx, s, row); err != nil {
		return nil, err
	}
	return row, nil
}

// UpdateMachine replaces a machine setting.
func (s *Service) UpdateMachine(ctx context.Context, id uuid.UUID, in MachineSettingInput) (*MachineSetting, error) {
	row, err := checkMachine(&in)
	if err != nil {
		return nil, err
	}
	if err := machineDefaults.update(ctx, s, id, row, in.ConcurrencyStamp); err != nil {
		return nil, err
	}
	return row, nil
}

// DeleteMachine removes a machine setting; when it was the default the oldest other
// becomes the default.
func (s *Service) DeleteMachine(ctx context.Context, id uuid.UUID) error {
	return machineDefaults.remove(ctx, s, id)
}
