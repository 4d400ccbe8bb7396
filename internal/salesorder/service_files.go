package salesorder

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/files"
	"kerf/internal/platform/apperr"
)

// Upload is one file of an upload request: its name, its size as the request says, and how
// to read it.
type Upload struct {
	Name string
	Size int64
	Open func() (io.ReadCloser, error)
}

// maxFileSize is the largest order file (tests lower it).
var maxFileSize int64 = files.MaxUpload

// fileType is the extension of name, lower case, without the dot.
func fileType(name string) string {
	return strings.TrimPrefix(strings.ToLower(path.Ext(name)), ".")
}

// UploadFiles stores files on an order under category (order, examine or line; "" is order). More
// than 10 files, or none, are refused and nothing is stored. Each file is then stored on its
// own: one over the size limit, or one the store refuses, is answered isSuccess false with its
// message, and the others are still stored. The answer has one entry per file, in order.
func (s *Service) UploadFiles(ctx context.Context, orderID uuid.UUID, category string, uploads []Upload) ([]UploadResult, error) {
	if category == "" {
		category = CategoryOrder
	}
	if !isCategory(category) {
		return nil, apperr.Invalid("category", KeyBadCategory)
	}
	switch {
	case len(uploads) == 0:
		return nil, apperr.User(KeyNoFiles)
	case len(uploads) > MaxFilesPerRequest:
		return nil, apperr.User(KeyTooManyFiles)
	}
	if _, err := s.store.getOrder(ctx, orderID); err != nil {
		return nil, err
	}
	out := make([]UploadResult, len(uploads))
	for i, u := range uploads {
		out[i] = UploadResult{FileName: u.Name, FileType: fileType(u.Name)}
		f, err := s.saveFile(ctx, orderID, category, u)
		var ue *apperr.UserError
		switch {
		case err == nil:
			out[i].ID, out[i].FileName, out[i].IsSuccess = &f.ID, f.FileName, true
		case errors.As(err, &ue):
			out[i].ErrorMessage = s.t(ctx, ue.Key, ue.Args...)
		default:
			return nil, fmt.Errorf("upload %s: %w", u.Name, err)
		}
	}
	return out, nil
}

// tooLarge is a file's failure when it is over maxFileSize.
func tooLarge() error { return apperr.User(KeyFileTooLarge, maxFileSize>>20) }

// saveFile stores one file: its bytes through the files area, then its row; the bytes are
// removed again if the row cannot be written.
func (s *Service) saveFile(ctx context.Context, orderID uuid.UUID, category string, u Upload) (*OrderFile, error) {
	if u.Size > maxFileSize {
		return nil, tooLarge()
	}
	r, err := u.Open()
	if err != nil {
		return nil, fmt.Errorf("open upload: %w", err)
	}
	defer r.Close()
	fd, err := s.files.Save(ctx, files.KindDescriptor, u.Name, io.LimitReader(r, maxFileSize+1))
	if errors.Is(err, files.ErrTooLarge) {
		return nil, tooLarge()
	}
	if err != nil {
		return nil, err
	}
	if fd.Size > maxFileSize {
		s.dropDescriptor(ctx, fd.ID)
		return nil, tooLarge()
	}
	f := &OrderFile{OrderID: orderID, FileDescriptorID: fd.ID, FileName: fd.Name, FileType: fileType(fd.Name),
		MimeType: fd.MimeType, Size: fd.Size, Category: category, IsSuccess: true}
	if err := s.store.insertFile(ctx, f); err != nil {
		s.dropDescriptor(ctx, fd.ID)
		return nil, err
	}
	return f, nil
}

// dropDescriptor removes a descriptor whose order file could not be kept; a failure only
// leaves an unused blob, so it is logged.
func (s *Service) dropDescriptor(ctx context.Context, id uuid.UUID) {
	if err := s.files.Delete(context.WithoutCancel(ctx), id); err != nil {
		slog.WarnContext(ctx, "salesorder: remove an unused file", "file", id, "err", err)
	}
}

// Files answers an order's files of category ("" every category), oldest first.
func (s *Service) Files(ctx context.Context, orderID uuid.UUID, category string) ([]OrderFile, error) {
	if category != "" && !isCategory(category) {
		return nil, apperr.Invalid("category", KeyBadCategory)
	}
	if _, err := s.store.getOrder(ctx, orderID); err != nil {
		return nil, err
	}
	return s.store.filesOf(ctx, orderID, category)
}

// FileDownload answers a token to download one order file through the files area.
func (s *Service) FileDownload(ctx context.Context, orderID, fileID uuid.UUID) (*FileDownload, error) {
	f, err := s.store.getFile(ctx, orderID, fileID)
	if err != nil {
		return nil, err
	}
	tok, err := s.files.DownloadToken(ctx, f.FileDescriptorID)
	if errors.Is(err, apperr.ErrNotFound) {
		return nil, notFound(err, "order file", KeyFileNotFound)
	}
	if err != nil {
		return nil, err
	}
	return &FileDownload{ID: f.FileDescriptorID, Name: f.FileName, MimeType: f.MimeType, Token: tok,
		URL: "/api/file-management/file-descriptor/download/" + f.FileDescriptorID.String()}, nil
}

// DeleteFile removes one order file, its descriptor and its bytes.
func (s *Service) DeleteFile(ctx context.Context, orderID, fileID uuid.UUID) error {
	f, err := s.store.getFile(ctx, orderID, fileID)
	if err != nil {
		return err
	}
	return s.removeFiles(ctx, []OrderFile{*f})
}

// LineFiles answers the files of category line of order orderID whose id is among ids, read
// in the caller's transaction tx (the lines area checks the files a saved line names).
func (s *Service) LineFiles(ctx context.Context, tx bun.IDB, orderID uuid.UUID, ids []uuid.UUID) ([]OrderFile, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	return s.store.with(tx).lineFiles(ctx, orderID, ids)
}

// DeleteLineFiles removes, in the caller's transaction tx, the files of category line of order
// orderID whose id is among ids (other ids are ignored) and answers them: the files a line edit
// uploaded and dropped. Their descriptors and bytes stay until DropFileBytes, once tx has
// committed.
func (s *Service) DeleteLineFiles(ctx context.Context, tx bun.IDB, orderID uuid.UUID, ids []uuid.UUID) ([]OrderFile, error) {
	fs, err := s.LineFiles(ctx, tx, orderID, ids)
	if err != nil {
		return nil, err
	}
	st := s.store.with(tx)
	for i := range fs {
		if err := st.deleteFile(ctx, &fs[i]); err != nil {
			return nil, err
		}
	}
	return fs, nil
}

// DropFileBytes removes the descriptors and bytes of files whose rows are deleted (by
// DeleteLineFiles); one already gone is no error.
func (s *Service) DropFileBytes(ctx context.Context, fs []OrderFile) error {
	var errs []error
	for _, f := range fs {
		if err := s.files.Delete(ctx, f.FileDescriptorID); err != nil && !errors.Is(err, apperr.ErrNotFound) {
			errs = append(errs, fmt.Errorf("delete file %s: %w", f.FileDescriptorID, err))
		}
	}
	return errors.Join(errs...)
}

// removeFiles deletes the rows in one transaction, then each descriptor and its bytes.
func (s *Service) removeFiles(ctx context.Context, fs []OrderFile) error {
	if len(fs) == 0 {
		return nil
	}
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		for i := range fs {
			if err := tx.deleteFile(ctx, &fs[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.DropFileBytes(ctx, fs)
}

// AddFile stores data as a file named name on an order under category (another area's
// document: the design review's quotation). Its answer is the file's row.
func (s *Service) AddFile(ctx context.Context, orderID uuid.UUID, category, name string, data []byte) (*OrderFile, error) {
	if !isCategory(category) {
		return nil, apperr.Invalid("category", KeyBadCategory)
	}
	if _, err := s.store.getOrder(ctx, orderID); err != nil {
		return nil, err
	}
	return s.saveFile(ctx, orderID, category, Upload{Name: name, Size: int64(len(data)),
		Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }})
}
