package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// PublicPrefix is where images and dashboard files are served by name.
const PublicPrefix = "/api/datav/files/"

// multipartSlack is what a multipart body may hold beyond the file itself (boundaries,
// headers, small fields).
const multipartSlack = 1 << 20

// Register mounts the area's operations.
func (m *Module) Register(api *httpapi.API) {
	upload := httpapi.Perm(PermFileDescriptor) // upload, download and delete
	api.Handle(http.MethodPost, "/api/datav/files/images/upload",
		"Upload one image (png, jpeg, gif, webp, bmp; at most 50 MB), multipart field file; answers fileUrl", upload,
		func(w http.ResponseWriter, r *http.Request) { m.uploadPublic(api, w, r, KindImage) })
	api.Handle(http.MethodPost, "/api/datav/files/upload",
		"Upload one dashboard file (at most 50 MB), multipart field file; answers fileUrl", upload,
		func(w http.ResponseWriter, r *http.Request) { m.uploadPublic(api, w, r, KindDatav) })
	api.Handle(http.MethodGet, PublicPrefix+"{name}", "An uploaded image or dashboard file, by name (public)",
		httpapi.Public(), func(w http.ResponseWriter, r *http.Request) {
			fd, rc, err := m.svc.OpenPublic(r.Context(), chi.URLParam(r, "name"))
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			defer rc.Close()
			// Names are random and never reused, so the answer never changes.
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			serve(w, fd, rc, fd.Kind != KindImage)
		})
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: "/api/datav/files",
		Summary: "Delete an uploaded image or dashboard file by name", Tags: []string{"files"}}, upload,
		func(ctx context.Context, in *struct {
			Name string `query:"name" required:"true"`
		}) (*struct{}, error) {
			return nil, m.svc.DeletePublic(ctx, in.Name)
		})

	const fdBase = "/api/file-management/file-descriptor"
	api.Handle(http.MethodPost, fdBase+"/upload", "Upload one file (at most 50 MB), multipart field file", upload,
		func(w http.ResponseWriter, r *http.Request) {
			fd, err := m.receive(w, r, KindDescriptor)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.WriteJSON(w, http.StatusOK, describe(fd))
		})
	// The token is the permission to read the file, so only who may read file descriptors
	// gets one; the download itself then needs no bearer token (a plain link).
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: fdBase + "/download/{id}/token",
		Summary: "A token to download one file, valid 60 seconds", Tags: []string{"files"}}, upload,
		func(ctx context.Context, in *struct {
			ID uuid.UUID `path:"id"`
		}) (*httpapi.Body[TokenResult], error) {
			tok, err := m.svc.DownloadToken(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[TokenResult]{Body: TokenResult{Token: tok}}, nil
		})
	api.Handle(http.MethodGet, fdBase+"/download/{id}", "Download a file with a token (?token=)", httpapi.Public(),
		func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(chi.URLParam(r, "id"))
			if err != nil {
				api.WriteError(w, r, apperr.WithKey(apperr.ErrNotFound, KeyFileNotFound))
				return
			}
			fd, rc, err := m.svc.OpenWithToken(r.Context(), id, r.URL.Query().Get("token"))
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			defer rc.Close()
			w.Header().Set("Cache-Control", "no-store")
			serve(w, fd, rc, true)
		})
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: fdBase + "/{id}",
		Summary: "Delete a file", Tags: []string{"files"}}, upload,
		func(ctx context.Context, in *struct {
			ID uuid.UUID `path:"id"`
		}) (*struct{}, error) {
			return nil, m.svc.Delete(ctx, in.ID)
		})
}

func describe(fd *FileDescriptor) Descriptor {
	return Descriptor{ID: fd.ID, Name: fd.Name, MimeType: fd.MimeType, Size: fd.Size,
		URL: "/api/file-management/file-descriptor/download/" + fd.ID.String()}
}

// serve writes a stored file; attachment files are offered for download under their name.
func serve(w http.ResponseWriter, fd *FileDescriptor, r io.Reader, attachment bool) {
	h := w.Header()
	h.Set("Content-Type", fd.MimeType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
	h.Set("Content-Length", fmt.Sprint(fd.Size))
	if attachment {
		h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q; filename*=UTF-8''%s",
			asciiName(fd.Name), url.PathEscape(fd.Name)))
	}
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, r)
}

func asciiName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, s)
}

func (m *Module) uploadPublic(api *httpapi.API, w http.ResponseWriter, r *http.Request, kind string) {
	fd, err := m.receive(w, r, kind)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, Uploaded{FileURL: PublicPrefix + fd.PublicName, Name: fd.PublicName,
		ID: fd.ID, MimeType: fd.MimeType, Size: fd.Size})
}

// receive stores the one file of a multipart request. A body over the limit is refused
// before it is read when it says its length, else as soon as the limit is passed.
func (m *Module) receive(w http.ResponseWriter, r *http.Request, kind string) (*FileDescriptor, error) {
	if r.ContentLength > MaxUpload+multipartSlack {
		return nil, ErrTooLarge
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxUpload+multipartSlack)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.User(KeyNoFile)
	}
	var saved *FileDescriptor
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, m.abort(r, saved, uploadErr(err))
		}
		if part.FileName() == "" {
			continue
		}
		if saved != nil {
			return nil, m.abort(r, saved, apperr.User(KeyOneFile))
		}
		saved, err = m.svc.Save(r.Context(), kind, part.FileName(), part)
		if err != nil {
			return nil, uploadErr(err)
		}
	}
	if saved == nil {
		return nil, apperr.User(KeyNoFile)
	}
	return saved, nil
}

func uploadErr(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return ErrTooLarge
	}
	var ue *apperr.UserError
	var ve *apperr.ValidationError
	if errors.As(err, &ue) || errors.As(err, &ve) || errors.Is(err, apperr.ErrNotFound) {
		return err
	}
	if strings.Contains(err.Error(), "multipart") {
		return apperr.User(localization.KeyBadRequest)
	}
	return err
}

// abort removes a file already saved from a request that then failed.
func (m *Module) abort(r *http.Request, saved *FileDescriptor, err error) error {
	if saved != nil {
		_ = m.svc.Delete(context.WithoutCancel(r.Context()), saved.ID)
	}
	return err
}
