package orderdetail_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/files"
	"kerf/internal/orderdetail"
	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/salesorder"
)

// withFileColumn adds a file column "attachments" to the product table of the side of ctx.
func (v *fx) withFileColumn(t *testing.T, ctx context.Context) {
	t.Helper()
	rows := check(v.lines.Config(ctx))(t)
	in := orderdetail.ConfigInput{}
	for _, r := range rows {
		cols := r.Columns
		if r.Key == orderdetail.TableProduct {
			cols = append(cols, orderdetail.Column{Key: "attachments", DisplayName: "附件", Widget: orderdetail.WidgetFile})
		}
		in.Items = append(in.Items, orderdetail.DetailTableInput{Key: r.Key, OrderTypeID: r.OrderTypeID, Shown: r.Shown,
			Required: r.Required, Sort: r.Sort, Columns: cols, Actions: r.Actions})
	}
	check(v.lines.SaveConfig(ctx, in))(t)
}

// lineUpload uploads files of category line to an order and answers their ids.
func (v *fx) lineUpload(t *testing.T, ctx context.Context, o uuid.UUID, names ...string) []uuid.UUID {
	t.Helper()
	ups := make([]salesorder.Upload, len(names))
	for i, n := range names {
		content := "bytes of " + n
		ups[i] = salesorder.Upload{Name: n, Size: int64(len(content)), Open: func() (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(content)), nil
		}}
	}
	res := check(v.orders.UploadFiles(ctx, o, salesorder.CategoryLine, ups))(t)
	ids := make([]uuid.UUID, len(res))
	for i, r := range res {
		if !r.IsSuccess || r.ID == nil {
			t.Fatalf("upload %s: %+v", names[i], r)
		}
		ids[i] = *r.ID
	}
	return ids
}

func filesOf(ids ...uuid.UUID) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = map[string]any{"id": id.String(), "fileName": "as the page says"}
	}
	return out
}

// namesOn answers the names of the files column attachments of a line holds.
func namesOn(l orderdetail.Line) []string {
	var out []string
	list, _ := l.Values["attachments"].([]any)
	for _, it := range list {
		m, _ := it.(map[string]any)
		name, _ := m["fileName"].(string)
		out = append(out, name)
	}
	return out
}

// A file column holds files uploaded to the order for its lines: a save takes only such files
// of the same order and tenant (their names the server's); the files an edit uploaded and
// dropped are deleted with their bytes when it is saved or cancelled, never one a saved line
// still holds, never another order's or tenant's.
func TestFilesOnALine(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		ctx := v.ctx
		v.withFileColumn(t, ctx)
		var fs *files.Service
		for _, m := range e.App.Modules {
			if x, ok := m.(*files.Module); ok {
				fs = x.Service()
			}
		}
		blobOf := func(ctx context.Context, orderID, id uuid.UUID) string {
			t.Helper()
			of := check(v.orders.LineFiles(ctx, e.App.DB, orderID, []uuid.UUID{id}))(t)
			if len(of) != 1 {
				t.Fatalf("line file %s: %+v", id, of)
			}
			return check(fs.Get(ctx, of[0].FileDescriptorID))(t).BlobKey
		}
		gone := func(ctx context.Context, orderID, id uuid.UUID, key string) bool {
			t.Helper()
			_, err := v.orders.FileDownload(ctx, orderID, id)
			r, _, berr := e.App.Blob.Open(ctx, key)
			if berr == nil {
				r.Close()
			}
			return errors.Is(err, db.ErrNotFound) && errors.Is(berr, blob.ErrNotFound)
		}

		o, other := v.order(t, ctx), v.order(t, ctx)
		p := v.product(t, ctx, "地柜", 100)
		line := v.pick(t, ctx, o.ID, orderdetail.TableProduct, p.ID)[0]
		if got, ok := line.Values["attachments"].([]any); !ok || len(got) != 0 {
			t.Fatalf("a new line's file column: %#v", line.Values["attachments"])
		}
		up := v.lineUpload(t, ctx, o.ID, "door.dwg", "handle.png", "draft.pdf")
		door, handle, draft := up[0], up[1], up[2]
		keys := map[uuid.UUID]string{door: blobOf(ctx, o.ID, door), handle: blobOf(ctx, o.ID, handle), draft: blobOf(ctx, o.ID, draft)}
		panel := check(v.orders.UploadFiles(ctx, o.ID, salesorder.CategoryOrder, []salesorder.Upload{{Name: "contract.pdf", Size: 1,
			Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("c")), nil }}}))(t)[0]
		otherFile := v.lineUpload(t, ctx, other.ID, "other.dwg")[0]
		demo := v.as(t, "demo", "admin")
		demoOrder := v.order(t, demo)
		demoFile := v.lineUpload(t, demo, demoOrder.ID, "demo.dwg")[0]

		save := func(values map[string]any, removed ...uuid.UUID) (*salesorder.SalesOrder, error) {
			cur := v.lineList(t, ctx, o.ID, orderdetail.TableProduct)[0]
			in := orderdetail.BatchUpdateInput{SalesOrderID: o.ID, RemovedFileIDs: removed}
			if values != nil {
				in.Tables = map[string][]orderdetail.LineInput{orderdetail.TableProduct: {{ID: &cur.ID, Name: cur.Name, Price: &cur.Price,
					Count: &cur.Count, Values: values}}}
			}
			return v.lines.BatchUpdate(ctx, in)
		}

		// Files that are not line files of this order are refused, naming the line and the
		// file; nothing is saved.
		for name, id := range map[string]uuid.UUID{"the panel's file": *panel.ID, "another order's": otherFile,
			"another tenant's": demoFile, "no file": uuid.New()} {
			_, err := save(map[string]any{"attachments": filesOf(door, id)})
			if fields(t, err)["tables.product[0].values.attachments"] != orderdetail.KeyNotLineFile {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if _, err := save(map[string]any{"attachments": "door.dwg"}); fields(t, err)["tables.product[0].values.attachments"] != orderdetail.KeyNotFiles {
			t.Fatalf("text in a file column: %v", err)
		}
		if got := namesOn(v.lineList(t, ctx, o.ID, orderdetail.TableProduct)[0]); len(got) != 0 {
			t.Fatalf("refused saves kept %v", got)
		}

		// The edit uploaded three files and kept two: the third is deleted with its bytes.
		saved := check(save(map[string]any{"attachments": filesOf(door, handle)}, draft))(t)
		if got := namesOn(v.lineList(t, ctx, o.ID, orderdetail.TableProduct)[0]); strings.Join(got, ",") != "door.dwg,handle.png" {
			t.Fatalf("files on the line: %v (the server's names)", got)
		}
		if !gone(ctx, o.ID, draft, keys[draft]) {
			t.Fatal("the dropped file is still there")
		}
		if saved.TotalPrice != 100 {
			t.Fatalf("order after the save: %+v", saved)
		}

		// A file a saved line holds is not deleted; dropping it from the line in the same
		// save deletes it.
		_, err := save(map[string]any{"attachments": filesOf(door, handle)}, handle)
		if fields(t, err)["removedFileIds[0]"] != orderdetail.KeyFileStillOnLine || gone(ctx, o.ID, handle, keys[handle]) {
			t.Fatalf("a file still on a line: %v", err)
		}
		check(save(map[string]any{"attachments": filesOf(door)}, handle))(t)
		if !gone(ctx, o.ID, handle, keys[handle]) {
			t.Fatal("the file dropped from the line in the same save is still there")
		}

		// A cancelled edit sends only the files it uploaded: the order's stamp stays; ids of
		// another order's, another tenant's or the panel's files are ignored.
		cancelled := v.lineUpload(t, ctx, o.ID, "cancelled.dwg")[0]
		key := blobOf(ctx, o.ID, cancelled)
		before := check(v.orders.Get(ctx, o.ID))(t)
		after := check(v.lines.BatchUpdate(ctx, orderdetail.BatchUpdateInput{SalesOrderID: o.ID, ConcurrencyStamp: before.ConcurrencyStamp,
			RemovedFileIDs: []uuid.UUID{cancelled, otherFile, demoFile, *panel.ID, uuid.New()}}))(t)
		if after.ConcurrencyStamp != before.ConcurrencyStamp || !gone(ctx, o.ID, cancelled, key) {
			t.Fatalf("a cancel: stamp %s → %s", before.ConcurrencyStamp, after.ConcurrencyStamp)
		}
		if _, err := v.orders.FileDownload(ctx, other.ID, otherFile); err != nil {
			t.Fatalf("another order's file: %v", err)
		}
		if _, err := v.orders.FileDownload(demo, demoOrder.ID, demoFile); err != nil {
			t.Fatalf("another tenant's file: %v", err)
		}
		if _, err := v.orders.FileDownload(ctx, o.ID, *panel.ID); err != nil {
			t.Fatalf("the panel's file: %v", err)
		}
		if got := namesOn(v.lineList(t, ctx, o.ID, orderdetail.TableProduct)[0]); strings.Join(got, ",") != "door.dwg" {
			t.Fatalf("files on the line after the cancel: %v", got)
		}

		// A typed line is checked the same way.
		_, err = v.lines.AddLines(ctx, orderdetail.TableProduct, orderdetail.AddLinesInput{SalesOrderID: o.ID,
			Items: []orderdetail.LineInput{{Name: "门板", Values: map[string]any{"attachments": filesOf(otherFile)}}}})
		if fields(t, err)["items[0].values.attachments"] != orderdetail.KeyNotLineFile {
			t.Fatalf("a typed line with another order's file: %v", err)
		}
		// A line file is downloaded with the order files' token call, and exported by name.
		res := e.Get(t, "/api/app/salesorder/multifile/"+o.ID.String()+"/"+door.String(), e.Token(t, "admin", apptest.Password, ""))
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"token"`) {
			t.Fatalf("download token of a line file: %d %s", res.Status, res.Body)
		}
	})
}

// A refused file is named in the caller's language, with its line.
func TestALineFileRefusalIsLocalised(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		v.withFileColumn(t, v.ctx)
		o, other := v.order(t, v.ctx), v.order(t, v.ctx)
		l := v.pick(t, v.ctx, o.ID, orderdetail.TableProduct, v.product(t, v.ctx, "地柜", 1).ID)[0]
		foreign := v.lineUpload(t, v.ctx, other.ID, "别家.dwg")[0]
		admin := e.Token(t, "admin", apptest.Password, "")
		body := row{"salesOrderId": o.ID.String(), "tables": row{"product": []row{{"id": l.ID.String(), "name": "地柜",
			"values": row{"attachments": []row{{"id": foreign.String(), "fileName": "别家.dwg"}}}}}}}
		for lang, want := range map[string]string{"en": `附件 of line 1 of Products: \"别家.dwg\" is not a file uploaded to this order's lines`,
			"zh-Hans": `产品第 1 行的附件中的“别家.dwg”不是本订单明细上传的文件`} {
			res := e.Do(t, apptest.Request{Method: "PUT", Path: "/api/sales-order/sales-order-details/batch-update", Token: admin, JSON: body,
				Header: http.Header{"Accept-Language": {lang}}})
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), want) ||
				!strings.Contains(string(res.Body), `"members":["tables.product[0].values.attachments"]`) {
				t.Fatalf("%s: %d %s", lang, res.Status, res.Body)
			}
		}
	})
}
