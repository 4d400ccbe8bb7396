package chat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// ErrTooLarge is returned for a file over MaxFileSize (20 MB).
var ErrTooLarge = apperr.User(KeyTooLarge)

// limited reads r and fails with ErrTooLarge past MaxFileSize bytes.
type limited struct {
	r io.Reader
	n int64
}

func (l *limited) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.n > MaxFileSize {
		return n, ErrTooLarge
	}
	return n, err
}

// SaveFile stores a file the caller uploads for a message: its bytes in the blob store under
// the tenant, its row here. mimeType is the type sniffed from its first bytes (by the HTTP
// edge). The blob is removed again when the row cannot be written.
func (s *Service) SaveFile(ctx context.Context, fileName, mimeType string, r io.Reader) (*UploadedFile, error) {
	if _, err := s.me(ctx); err != nil {
		return nil, err
	}
	fileName = path.Base(strings.ReplaceAll(strings.TrimSpace(fileName), `\`, "/"))
	if fileName == "." || fileName == "/" || fileName == "" {
		fileName = "file"
	}
	ext := strings.ToLower(path.Ext(fileName))
	if len(ext) > 10 || strings.ContainsAny(ext, " %?#") {
		ext = ""
	}
	id := db.NewID()
	name := id.String() + ext
	owner := "host"
	if t := tenancy.ID(ctx); t != nil {
		owner = t.String()
	}
	key := "tenants/" + owner + "/chat/" + name
	size, err := s.blob.Put(ctx, key, &limited{r: r}, mimeType)
	if err != nil {
		_ = s.blob.Delete(context.WithoutCancel(ctx), key)
		if errors.Is(err, ErrTooLarge) {
			return nil, ErrTooLarge
		}
		return nil, fmt.Errorf("store chat file: %w", err)
	}
	f := &fileRow{Entity: db.Entity{ID: id}, Name: name, FileName: fileName, MimeType: mimeType, Size: size, BlobKey: key}
	if err := s.st.insertFile(ctx, f); err != nil {
		_ = s.blob.Delete(context.WithoutCancel(ctx), key)
		return nil, err
	}
	return &UploadedFile{Name: name, URL: fileURLPrefix + name, Size: size, MimeType: mimeType, FileName: fileName}, nil
}

// readable answers the file called name when userID may read it: they uploaded it, or sent
// or received a message that carries it. Anyone else is told it does not exist.
func (s *Service) readable(ctx context.Context, userID uuid.UUID, name string) (*fileRow, error) {
	f, err := s.st.file(ctx, name)
	if err != nil {
		return nil, err
	}
	if f.CreatorID != nil && *f.CreatorID == userID {
		return f, nil
	}
	ok, err := s.st.fileInMessageOf(ctx, name, userID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apperr.WithKey(fmt.Errorf("chat file %s: %w", name, db.ErrNotFound), KeyFileNotFound)
	}
	return f, nil
}

// File is an open chat file.
type File struct {
	Name     string // the name it was uploaded under
	MimeType string
	Size     int64
	Body     io.ReadCloser
}

// OpenFile opens the file called name for the caller, who uploaded it or sent or received a
// message carrying it; for anyone else it does not exist.
func (s *Service) OpenFile(ctx context.Context, name string) (*File, error) {
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	f, err := s.readable(ctx, me, name)
	if err != nil {
		return nil, err
	}
	rc, _, err := s.blob.Open(ctx, f.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, apperr.WithKey(fmt.Errorf("chat file %s: %w", name, db.ErrNotFound), KeyFileNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("open chat file: %w", err)
	}
	return &File{Name: f.FileName, MimeType: f.MimeType, Size: f.Size, Body: rc}, nil
}
