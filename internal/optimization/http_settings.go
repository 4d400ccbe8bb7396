package optimization

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// Paths of the settings part (the contract's spellings).
const (
	importSettingsPath = "/api/optimization/import-file-settings"
	settingDetailsPath = "/api/optimization/import-file-setting-details"
	parametersPath     = "/api/optimization/optimize-parameter-settings"
	machinesPath       = "/api/optimization/machine-parameter-settings"
)

// registerSettings mounts the settings part's calls; each declares its permission here.
func (m *Module) registerSettings(api *httpapi.API) {
	m.registerImportSettings(api)
	m.registerSettingDetails(api)
	m.registerParameters(api)
	m.registerMachines(api)
}

// settingsOp builds an operation of the settings part. Bodies drop their empty-string
// members and are checked by the service (one localised message per member), not by huma.
func settingsOp(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"optimization"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 1 << 20
		o.SkipValidateBody = true
	}
	return o
}

type settingIDPath struct {
	ID uuid.UUID `path:"id"`
}

type settingBody[T any] struct {
	Body T
}

type settingIDBody[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

// settingsListInput is the query of the settings' lists.
type settingsListInput struct {
	httpapi.PageQuery
	FilterText string `query:"filterText" doc:"A part of the name or remark"`
}

func (in settingsListInput) query() SettingsQuery {
	f := in.FilterText
	if strings.TrimSpace(f) == "" {
		f = in.Filter
	}
	return SettingsQuery{FilterText: strings.TrimSpace(f), Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}
}

type detailsListInput struct {
	ImportFileSettingID string `query:"importFileSettingId" required:"true" doc:"The setting"`
	SkipCount           int    `query:"skipCount" minimum:"0"`
	MaxResultCount      int    `query:"maxResultCount" minimum:"0" maximum:"1000" default:"100" doc:"Page size (at most 1000)"`
}

func (m *Module) registerImportSettings(api *httpapi.API) {
	httpapi.Register(api, settingsOp(http.MethodGet, importSettingsPath, "Import-file settings, each with its details"),
		httpapi.Perm(PermImportFileSettings).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingsListInput) (*httpapi.Body[httpapi.Paged[ImportFileSetting]], error) {
			return httpapi.ReplyPage(m.svc.ListImportFileSettings(ctx, in.query()))
		})
	httpapi.Register(api, settingsOp(http.MethodGet, importSettingsPath+"/all", "Every import-file setting, the default first (the upload dialog's select)"),
		httpapi.LoggedIn().Feature(FeatureOptimization),
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[ImportFileSetting]], error) {
			return httpapi.ReplyList(m.svc.AllImportFileSettings(ctx))
		})
	httpapi.Register(api, settingsOp(http.MethodGet, importSettingsPath+"/{id}", "One import-file setting with its details"),
		httpapi.Perm(PermImportFileSettings).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDPath) (*httpapi.Body[ImportFileSetting], error) {
			return httpapi.Reply(m.svc.GetImportFileSetting(ctx, in.ID))
		})
	httpapi.Register(api, settingsOp(http.MethodPost, importSettingsPath, "Create an import-file setting with its details"),
		httpapi.Perm(PermImportFileSettingsCreate).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingBody[ImportFileSettingInput]) (*httpapi.Body[ImportFileSetting], error) {
			return httpapi.Reply(m.svc.CreateImportFileSetting(ctx, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodPut, importSettingsPath+"/{id}", "Update an import-file setting; details, when present, replace its details"),
		httpapi.Perm(PermImportFileSettingsEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDBody[UpdateImportFileSettingInput]) (*httpapi.Body[ImportFileSetting], error) {
			return httpapi.Reply(m.svc.UpdateImportFileSetting(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodDelete, importSettingsPath+"/{id}", "Delete an import-file setting and its details"),
		httpapi.Perm(PermImportFileSettingsDelete).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteImportFileSetting(ctx, in.ID))
		})
	api.Handle(http.MethodGet, importSettingsPath+"/file-setting-template/{id}",
		"An empty cut list of the setting: its titles as the header row (.xlsx, or .csv for a .csv setting)",
		httpapi.Perm(PermImportFileSettings).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(chi.URLParam(r, "id"))
			if err != nil {
				api.WriteError(w, r, apperr.WithKey(apperr.ErrNotFound, KeyNotFound))
				return
			}
			f, err := m.svc.Template(r.Context(), id)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, f.Name, f.ContentType, f.Data)
		})
	api.Handle(http.MethodPost, importSettingsPath+"/export-importsetting",
		"The settings (body {ids}; none: every setting) as .xlsx: one row per detail (name, file type, header rows, column, field, title, encoding)",
		httpapi.Perm(PermImportFileSettings).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			var in ExportSettingsInput
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err == nil && len(bytes.TrimSpace(body)) > 0 {
				err = json.Unmarshal(body, &in)
			}
			if err != nil {
				api.WriteError(w, r, apperr.Invalid("ids", localization.KeyInvalidValue, "ids"))
				return
			}
			f, err := m.svc.ExportSettings(r.Context(), in.IDs)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, f.Name, f.ContentType, f.Data)
		})
	api.Handle(http.MethodPost, importSettingsPath+"/import-importsetting",
		"Import settings from the .xlsx of export-importsetting (multipart field file); all or nothing; a name that exists is replaced (needs the edit permission)",
		httpapi.Perm(PermImportFileSettingsCreate).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			data, err := readSettingsUpload(w, r)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			mayReplace := api.Authorize(r.Context(), PermImportFileSettingsEdit) == nil
			res, err := m.svc.ImportSettings(r.Context(), bytes.NewReader(data), mayReplace)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.WriteJSON(w, http.StatusOK, res)
		})
}

// readSettingsUpload reads the one .xlsx file of a multipart request.
func readSettingsUpload(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	const limit = MaxSettingsFileBytes + 64<<10
	tooLarge := apperr.User(localization.KeySheetTooLarge, MaxSettingsFileBytes>>20)
	if r.ContentLength > limit {
		return nil, tooLarge
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.User(KeySettingsNoFile)
	}
	var data []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var big *http.MaxBytesError
		if errors.As(err, &big) {
			return nil, tooLarge
		}
		if err != nil {
			return nil, apperr.User(KeySettingsNoFile)
		}
		if part.FileName() == "" {
			continue
		}
		if data != nil || !strings.EqualFold(path.Ext(part.FileName()), ".xlsx") {
			return nil, apperr.User(KeySettingsXlsxOnly)
		}
		data, err = io.ReadAll(part)
		if errors.As(err, &big) {
			return nil, tooLarge
		}
		if err != nil {
			return nil, apperr.User(KeySettingsNoFile)
		}
		if data == nil {
			data = []byte{}
		}
	}
	if data == nil {
		return nil, apperr.User(KeySettingsNoFile)
	}
	return data, nil
}

func (m *Module) registerSettingDetails(api *httpapi.API) {
	httpapi.Register(api, settingsOp(http.MethodGet, settingDetailsPath, "A setting's details, by column index ascending"),
		httpapi.Perm(PermImportFileSettings).Feature(FeatureOptimization),
		func(ctx context.Context, in *detailsListInput) (*httpapi.Body[httpapi.Paged[ImportFileSettingDetail]], error) {
			id, err := uuid.Parse(strings.TrimSpace(in.ImportFileSettingID))
			if err != nil || id == uuid.Nil {
				return nil, apperr.Invalid("importFileSettingId", localization.KeyInvalidValue, LabelSettingsSetting)
			}
			limit := in.MaxResultCount
			if limit <= 0 {
				limit = 100
			}
			return httpapi.ReplyPage(m.svc.ListDetails(ctx, DetailsQuery{ImportFileSettingID: id, Skip: in.SkipCount, Limit: limit}))
		})
	httpapi.Register(api, settingsOp(http.MethodGet, settingDetailsPath+"/{id}", "One detail of a setting"),
		httpapi.Perm(PermImportFileSettings).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDPath) (*httpapi.Body[ImportFileSettingDetail], error) {
			return httpapi.Reply(m.svc.GetDetail(ctx, in.ID))
		})
	httpapi.Register(api, settingsOp(http.MethodPost, settingDetailsPath, "Add a column to a setting"),
		httpapi.Perm(PermImportFileSettingsEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingBody[DetailInput]) (*httpapi.Body[ImportFileSettingDetail], error) {
			return httpapi.Reply(m.svc.CreateDetail(ctx, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodPut, settingDetailsPath+"/{id}", "Change a column of a setting"),
		httpapi.Perm(PermImportFileSettingsEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDBody[UpdateDetailInput]) (*httpapi.Body[ImportFileSettingDetail], error) {
			return httpapi.Reply(m.svc.UpdateDetail(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodDelete, settingDetailsPath+"/{id}", "Remove a column of a setting"),
		httpapi.Perm(PermImportFileSettingsEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteDetail(ctx, in.ID))
		})
}

func (m *Module) registerParameters(api *httpapi.API) {
	httpapi.Register(api, settingsOp(http.MethodGet, parametersPath, "Optimise parameter settings"),
		httpapi.Perm(PermParameters).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingsListInput) (*httpapi.Body[httpapi.Paged[ParameterSetting]], error) {
			return httpapi.ReplyPage(m.svc.ListParameters(ctx, in.query()))
		})
	httpapi.Register(api, settingsOp(http.MethodPost, parametersPath, "Create optimise parameters (the first, or one marked default, becomes the only default)"),
		httpapi.Perm(PermParametersCreate).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingBody[ParameterSettingInput]) (*httpapi.Body[ParameterSetting], error) {
			return httpapi.Reply(m.svc.CreateParameters(ctx, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodPut, parametersPath+"/{id}", "Update optimise parameters (marking them default clears the other default)"),
		httpapi.Perm(PermParametersEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDBody[ParameterSettingInput]) (*httpapi.Body[ParameterSetting], error) {
			return httpapi.Reply(m.svc.UpdateParameters(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodDelete, parametersPath+"/{id}", "Delete optimise parameters (a deleted default passes to the oldest other)"),
		httpapi.Perm(PermParametersDelete).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteParameters(ctx, in.ID))
		})
}

func (m *Module) registerMachines(api *httpapi.API) {
	httpapi.Register(api, settingsOp(http.MethodGet, machinesPath, "Saw (machine) parameter settings"),
		httpapi.Perm(PermMachines).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingsListInput) (*httpapi.Body[httpapi.Paged[MachineSetting]], error) {
			return httpapi.ReplyPage(m.svc.ListMachines(ctx, in.query()))
		})
	httpapi.Register(api, settingsOp(http.MethodPost, machinesPath, "Create a saw (the first, or one marked default, becomes the only default)"),
		httpapi.Perm(PermMachinesCreate).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingBody[MachineSettingInput]) (*httpapi.Body[MachineSetting], error) {
			return httpapi.Reply(m.svc.CreateMachine(ctx, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodPut, machinesPath+"/{id}", "Update a saw (marking it default clears the other default)"),
		httpapi.Perm(PermMachinesEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDBody[MachineSettingInput]) (*httpapi.Body[MachineSetting], error) {
			return httpapi.Reply(m.svc.UpdateMachine(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, settingsOp(http.MethodDelete, machinesPath+"/{id}", "Delete a saw (a deleted default passes to the oldest other)"),
		httpapi.Perm(PermMachinesDelete).Feature(FeatureOptimization),
		func(ctx context.Context, in *settingIDPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteMachine(ctx, in.ID))
		})
}
