package files

import (
	"bufio"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Service keeps files in the blob store and their rows in the database.
type Service struct {
	db   *db.DB
	blob blob.Store
}

// NewService returns the files service.
func NewService(d *db.DB, b blob.Store) *Service { return &Service{db: d, blob: b} }

// imageTypes are the image types accepted, by sniffed content type, with their extension.
// SVG is not among them: it can carry script.
var imageTypes = map[string]string{
	"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp", "image/bmp": ".bmp",
}

// ErrTooLarge is returned for a file over MaxUpload; it answers 'max upload 50M'.
var ErrTooLarge = &apperr.UserError{Key: localization.KeyMaxUpload}

// limited counts what passes and fails once more than MaxUpload bytes were read.
type limited struct {
	r io.Reader
	n int64
}

func (l *limited) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.n > MaxUpload {
		return n, ErrTooLarge
	}
	return n, err
}

// Save stores one uploaded file of kind under the current tenant. Images are checked by
// their content. The blob is written first and removed again if the row cannot be.
func (s *Service) Save(ctx context.Context, kind, fileName string, r io.Reader) (*FileDescriptor, error) {
	fileName = path.Base(strings.ReplaceAll(strings.TrimSpace(fileName), `\`, "/"))
	if fileName == "." || fileName == "/" || fileName == "" {
		fileName = "file"
	}
	br := bufio.NewReaderSize(&limited{r: r}, 4096)
	head, err := br.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) {
		if errors.Is(err, ErrTooLarge) {
			return nil, ErrTooLarge
		}
		return nil, fmt.Errorf("read upload: %w", err)
	}
	sniffed := http.DetectContentType(head)
	ext := strings.ToLower(path.Ext(fileName))
	mimeType := sniffed
	if kind == KindImage {
		want, ok := imageTypes[sniffed]
		if !ok || len(head) == 0 {
			return nil, apperr.User(KeyNotImage)
		}
		if ext == "" || (ext != want && !(want == ".jpg" && ext == ".jpeg")) {
			ext = want
		}
	} else if byExt := mime.TypeByExtension(ext); byExt != "" && !strings.HasPrefix(sniffed, "image/") {
		mimeType = byExt
	}
	if len(ext) > 10 {
		ext = ""
	}
	id := db.NewID()
	public := id.String() + ext
	owner := "host"
	if t := tenancy.ID(ctx); t != nil {
		owner = t.String()
	}
	key := "tenants/" + owner + "/" + kind + "/" + public
	size, err := s.blob.Put(ctx, key, br, mimeType)
	if err != nil {
		_ = s.blob.Delete(context.WithoutCancel(ctx), key)
		if errors.Is(err, ErrTooLarge) {
			return nil, ErrTooLarge
		}
		return nil, err
	}
	fd := &FileDescriptor{Entity: db.Entity{ID: id}, Name: fileName, MimeType: mimeType, Size: size, Kind: kind,
		PublicName: public, BlobKey: key}
	if err := db.Insert(ctx, s.db, fd); err != nil {
		_ = s.blob.Delete(context.WithoutCancel(ctx), key)
		return nil, err
	}
	return fd, nil
}

// OpenPublic opens an image or dashboard file by its public name, whoever owns it.
func (s *Service) OpenPublic(ctx context.Context, name string) (*FileDescriptor, io.ReadCloser, error) {
	fd := new(FileDescriptor)
	err := db.Select(tenancy.AllTenants(ctx), s.db, fd).
		Where("?TableAlias.public_name = ? AND ?TableAlias.kind IN (?, ?)", name, KindImage, KindDatav).Scan(ctx)
	if err != nil {
		return nil, nil, apperr.WithKey(db.NotFound(err, "file"), KeyFileNotFound)
	}
	return s.open(ctx, fd)
}

func (s *Service) open(ctx context.Context, fd *FileDescriptor) (*FileDescriptor, io.ReadCloser, error) {
	r, _, err := s.blob.Open(ctx, fd.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, nil, apperr.WithKey(fmt.Errorf("file %s: %w", fd.ID, apperr.ErrNotFound), KeyFileNotFound)
	}
	if err != nil {
		return nil, nil, err
	}
	return fd, r, nil
}

// DeletePublic deletes an image or dashboard file of the current tenant by public name.
func (s *Service) DeletePublic(ctx context.Context, name string) error {
	fd := new(FileDescriptor)
	err := db.Select(ctx, s.db, fd).
		Where("?TableAlias.public_name = ? AND ?TableAlias.kind IN (?, ?)", name, KindImage, KindDatav).Scan(ctx)
	if err != nil {
		return apperr.WithKey(db.NotFound(err, "file"), KeyFileNotFound)
	}
	return s.remove(ctx, fd)
}

func (s *Service) remove(ctx context.Context, fd *FileDescriptor) error {
	if err := db.SoftDelete(ctx, s.db, fd); err != nil {
		return apperr.WithKey(err, KeyFileNotFound)
	}
	return s.blob.Delete(ctx, fd.BlobKey)
}

// Get returns a file descriptor of the current tenant.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*FileDescriptor, error) {
	fd := new(FileDescriptor)
	if err := db.Select(ctx, s.db, fd).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, apperr.WithKey(db.NotFound(err, "file"), KeyFileNotFound)
	}
	return fd, nil
}

// Delete removes a file descriptor of the current tenant and its bytes.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	fd, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.remove(ctx, fd)
}

// DownloadToken issues a token for one file of the current tenant, valid TokenLifetime.
func (s *Service) DownloadToken(ctx context.Context, id uuid.UUID) (string, error) {
	fd, err := s.Get(ctx, id)
	if err != nil {
		return "", err
	}
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	now := time.Now().UTC()
	tok := &DownloadToken{Token: hex.EncodeToString(b), FileID: fd.ID, TenantID: fd.TenantID, ExpiresAt: now.Add(TokenLifetime)}
	if _, err := s.db.NewDelete().Model((*DownloadToken)(nil)).Where("expires_at < ?", now).Exec(ctx); err != nil {
		return "", fmt.Errorf("expire tokens: %w", err)
	}
	if _, err := s.db.NewInsert().Model(tok).Exec(ctx); err != nil {
		return "", fmt.Errorf("issue token: %w", err)
	}
	return tok.Token, nil
}

// OpenWithToken opens the file a valid token was issued for.
func (s *Service) OpenWithToken(ctx context.Context, id uuid.UUID, token string) (*FileDescriptor, io.ReadCloser, error) {
	invalid := apperr.WithKey(apperr.ErrForbidden, KeyTokenInvalid)
	if token == "" {
		return nil, nil, invalid
	}
	tok := new(DownloadToken)
	err := s.db.NewSelect().Model(tok).Where("token = ? AND file_id = ?", token, id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && time.Now().After(tok.ExpiresAt)) {
		return nil, nil, invalid
	}
	if err != nil { // an outage is a 500 with its cause, never "invalid token"
		return nil, nil, fmt.Errorf("read download token: %w", err)
	}
	tctx := tenancy.WithTenant(ctx, tenancy.Tenant{ID: tok.TenantID})
	fd, err := s.Get(tctx, id)
	if err != nil {
		return nil, nil, err
	}
	return s.open(ctx, fd)
}
