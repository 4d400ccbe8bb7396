package salesorder

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/localization"
)

func upload(name, content string) Upload {
	return Upload{Name: name, Size: int64(len(content)),
		Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(content)), nil }}
}

func TestOrderFilesAreLimitedToTenAFileOverTheSizeFailsAloneAndDeletesRemoveTheBytes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		defer func(old int64) { maxFileSize = old }(maxFileSize)
		maxFileSize = 1 << 10
		f := newFixture(t, d)
		ctx := localization.WithCulture(f.admin(newTenant()), localization.En)
		o := f.order(t, ctx, SalesOrderInput{})

		eleven := make([]Upload, 11)
		for i := range eleven {
			eleven[i] = upload("a.txt", "x")
		}
		_, err := f.svc.UploadFiles(ctx, o.ID, "", eleven)
		if userKey(t, err) != KeyTooManyFiles {
			t.Fatalf("11 files: %v", err)
		}
		if _, err := f.svc.UploadFiles(ctx, o.ID, "", nil); userKey(t, err) != KeyNoFiles {
			t.Fatalf("no file: %v", err)
		}
		if _, err := f.svc.UploadFiles(ctx, o.ID, "other", eleven[:1]); fields(t, err)["category"] != KeyBadCategory {
			t.Fatalf("category: %v", err)
		}
		if rows := must[[]OrderFile](t)(f.svc.Files(ctx, o.ID, "")); len(rows) != 0 {
			t.Fatalf("refused uploads stored %d files", len(rows))
		}

		big := strings.Repeat("x", 1<<10+1)
		// A file that says it is small but is not is caught while it is read.
		liar := Upload{Name: "liar.bin", Size: 10, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader([]byte(big))), nil }}
		res := must[[]UploadResult](t)(f.svc.UploadFiles(ctx, o.ID, "", []Upload{
			upload("plan.PDF", "%PDF-1.4 plan"), upload("big.dwg", big), liar, upload("photo.jpg", "\xff\xd8\xff\xe0 jpeg")}))
		if len(res) != 4 || !res[0].IsSuccess || res[0].ID == nil || res[0].FileType != "pdf" || res[0].FileName != "plan.PDF" {
			t.Fatalf("first: %+v", res)
		}
		for _, r := range res[1:3] {
			if r.IsSuccess || r.ID != nil || !strings.HasPrefix(r.ErrorMessage, "A file may be at most") {
				t.Fatalf("too large: %+v", r)
			}
		}
		if !res[3].IsSuccess {
			t.Fatalf("the file after a failure is stored: %+v", res[3])
		}
		examine := must[[]UploadResult](t)(f.svc.UploadFiles(ctx, o.ID, CategoryExamine, []Upload{upload("review.txt", "ok")}))

		all := must[[]OrderFile](t)(f.svc.Files(ctx, o.ID, ""))
		orderOnly := must[[]OrderFile](t)(f.svc.Files(ctx, o.ID, CategoryOrder))
		if len(all) != 3 || len(orderOnly) != 2 || orderOnly[0].FileName != "plan.PDF" || orderOnly[0].Size != int64(len("%PDF-1.4 plan")) {
			t.Fatalf("lists: %+v / %+v", all, orderOnly)
		}
		keys, _ := f.blob.List(context.Background(), "")
		if len(keys) != 3 {
			t.Fatalf("blobs after upload: %v (failed files leave none)", keys)
		}

		dl := must[*FileDownload](t)(f.svc.FileDownload(ctx, o.ID, orderOnly[0].ID))
		if dl.Token == "" || dl.Name != "plan.PDF" || dl.ID != orderOnly[0].FileDescriptorID || !strings.HasSuffix(dl.URL, dl.ID.String()) {
			t.Fatalf("download: %+v", dl)
		}
		_, rc, err := f.svc.files.OpenWithToken(context.Background(), dl.ID, dl.Token)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(rc)
		rc.Close()
		if string(body) != "%PDF-1.4 plan" {
			t.Fatalf("downloaded %q", body)
		}

		if err := f.svc.DeleteFile(ctx, o.ID, orderOnly[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.FileDownload(ctx, o.ID, orderOnly[0].ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleted file: %v", err)
		}
		// Files of a line: their own category, listed apart from the panel's and the examine
		// tab's, downloaded with the same token call.
		line := must[[]UploadResult](t)(f.svc.UploadFiles(ctx, o.ID, CategoryLine, []Upload{upload("door.dwg", "door"), upload("handle.png", "png")}))
		if len(line) != 2 || !line[0].IsSuccess || !line[1].IsSuccess {
			t.Fatalf("line uploads: %+v", line)
		}
		if rows := must[[]OrderFile](t)(f.svc.Files(ctx, o.ID, CategoryLine)); len(rows) != 2 || rows[0].Category != CategoryLine {
			t.Fatalf("line files: %+v", rows)
		}
		if rows := must[[]OrderFile](t)(f.svc.Files(ctx, o.ID, CategoryOrder)); len(rows) != 1 {
			t.Fatalf("the panel's files: %+v", rows)
		}
		if dl := must[*FileDownload](t)(f.svc.FileDownload(ctx, o.ID, *line[0].ID)); dl.Name != "door.dwg" || dl.Token == "" {
			t.Fatalf("line file download: %+v", dl)
		}
		// LineFiles and DeleteLineFiles see only the order's line files: the examine file, the
		// panel's file, a descriptor id and an unknown id are ignored.
		ids := []uuid.UUID{*line[0].ID, *examine[0].ID, orderOnly[1].ID, orderOnly[1].FileDescriptorID, uuid.New()}
		if fs := must[[]OrderFile](t)(f.svc.LineFiles(ctx, d, o.ID, ids)); len(fs) != 1 || fs[0].ID != *line[0].ID {
			t.Fatalf("line files among ids: %+v", fs)
		}
		other := f.order(t, ctx, SalesOrderInput{})
		if fs := must[[]OrderFile](t)(f.svc.LineFiles(ctx, d, other.ID, ids)); len(fs) != 0 {
			t.Fatalf("another order's line files: %+v", fs)
		}
		var gone []OrderFile
		err = d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			var err error
			gone, err = f.svc.DeleteLineFiles(ctx, tx, o.ID, ids)
			return err
		})
		if err != nil || len(gone) != 1 || gone[0].ID != *line[0].ID {
			t.Fatalf("deleted line files: %+v %v", gone, err)
		}
		if keys, _ := f.blob.List(context.Background(), ""); len(keys) != 4 {
			t.Fatalf("the bytes stay until DropFileBytes: %v", keys)
		}
		if err := f.svc.DropFileBytes(ctx, gone); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.DropFileBytes(ctx, gone); err != nil {
			t.Fatalf("bytes already gone: %v", err)
		}
		if keys, _ := f.blob.List(context.Background(), ""); len(keys) != 3 {
			t.Fatalf("blobs after DropFileBytes: %v", keys)
		}
		if _, err := f.svc.FileDownload(ctx, o.ID, *line[0].ID); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("a deleted line file: %v", err)
		}
		for _, id := range []uuid.UUID{*examine[0].ID, orderOnly[1].ID, *line[1].ID} {
			if err := f.svc.DeleteFile(ctx, o.ID, id); err != nil {
				t.Fatal(err)
			}
		}
		if rows := must[[]OrderFile](t)(f.svc.Files(ctx, o.ID, "")); len(rows) != 0 {
			t.Fatalf("left: %+v", rows)
		}
		if keys, _ := f.blob.List(context.Background(), ""); len(keys) != 0 {
			t.Fatalf("blobs left: %v", keys)
		}
		// Another tenant sees none of it.
		if _, err := f.svc.UploadFiles(f.admin(newTenant()), o.ID, "", []Upload{upload("a", "b")}); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("another tenant uploads: %v", err)
		}
	})
}
