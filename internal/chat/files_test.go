package chat_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/chat"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.RGBA{G: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestChatFilesAreReadByTheUploaderSenderAndReceiverOnly: an uploaded file is read by its
// uploader, and once a message carries it by its receiver too; anyone else of the tenant, of
// another tenant or anonymous does not reach it. An image message must carry an image.
func TestChatFilesAreReadByTheUploaderSenderAndReceiverOnly(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		alice, bob, carol := newPerson(t, e, "demo", "alice"), newPerson(t, e, "demo", "bob"), newPerson(t, e, "demo", "carol")
		hank := newPerson(t, e, "", "hank")
		befriend(t, e, alice, bob)
		pic := pngBytes(t)

		res := upload(t, e, alice.token, "门板.PNG", pic)
		if res.Status != 200 {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		var up chat.UploadedFile
		res.JSON(t, &up)
		if up.MimeType != "image/png" || up.Size != int64(len(pic)) || up.URL != "/api/im/chat/files/"+up.Name ||
			!strings.HasSuffix(up.Name, ".png") || up.FileName != "门板.PNG" {
			t.Fatalf("answer: %+v", up)
		}
		get := func(p person) *apptest.Response { return call(t, e, http.MethodGet, up.URL, p.token, nil) }
		if res := get(alice); res.Status != 200 || !bytes.Equal(res.Body, pic) {
			t.Fatalf("the uploader reads it: %d", res.Status)
		}
		if res := get(bob); res.Status != 404 {
			t.Fatalf("bob before a message carries it: %d", res.Status)
		}

		m, err := service(t, e).SendMessage(alice.ctx(t, e), chat.SendMessageInput{ToUserID: bob.id, Content: up.URL, MessageType: chat.TypeImage})
		if err != nil || m.Content != up.Name {
			t.Fatalf("image message: %+v %v", m, err)
		}
		res = get(bob)
		if res.Status != 200 || !bytes.Equal(res.Body, pic) || res.Header.Get("Content-Type") != "image/png" ||
			res.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline") {
			t.Fatalf("the receiver reads it: %d %v", res.Status, res.Header)
		}
		for _, p := range []person{carol, hank} {
			if res := get(p); res.Status != 404 || res.ErrorMessage(t) != "The file does not exist" {
				t.Errorf("%s reads it: %d %s", p.name, res.Status, res.Body)
			}
		}
		if res := call(t, e, http.MethodGet, up.URL, "", nil); res.Status != 401 {
			t.Errorf("anonymous: %d", res.Status)
		}
		// Bob forwards what he received; carol cannot send what she cannot read.
		befriend(t, e, bob, carol)
		if _, err := service(t, e).SendMessage(carol.ctx(t, e), chat.SendMessageInput{ToUserID: bob.id, Content: up.Name, MessageType: chat.TypeFile}); err == nil {
			t.Fatalf("carol sent a file she cannot read")
		}
		if _, err := service(t, e).SendMessage(bob.ctx(t, e), chat.SendMessageInput{ToUserID: carol.id, Content: up.Name, MessageType: chat.TypeFile}); err != nil {
			t.Fatalf("bob forwards: %v", err)
		}
		if res := get(carol); res.Status != 200 {
			t.Fatalf("carol reads what bob forwarded: %d", res.Status)
		}

		// Any file is offered as a download; it cannot be an image message.
		res = upload(t, e, alice.token, "报价.pdf", []byte("%PDF-1.4 quote"))
		res.JSON(t, &up)
		if up.MimeType != "application/pdf" {
			t.Fatalf("pdf: %+v", up)
		}
		if _, err := service(t, e).SendMessage(alice.ctx(t, e), chat.SendMessageInput{ToUserID: bob.id, Content: up.Name, MessageType: chat.TypeImage}); err == nil {
			t.Fatalf("a pdf as an image message")
		}
		if _, err := service(t, e).SendMessage(alice.ctx(t, e), chat.SendMessageInput{ToUserID: bob.id, Content: up.Name, MessageType: chat.TypeFile}); err != nil {
			t.Fatalf("file message: %v", err)
		}
		res = get(bob)
		if res.Status != 200 || string(res.Body) != "%PDF-1.4 quote" ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "attachment; filename=\"__.pdf\"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7.pdf") {
			t.Fatalf("bob downloads: %d %v", res.Status, res.Header)
		}
		if res := upload(t, e, alice.token, "empty.txt", nil); res.Status != 400 {
			t.Fatalf("empty file: %d", res.Status)
		}
	})
}

// zeros is an endless stream of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestChatFilesOver20MBAreRefusedAndLeaveNothing: declared or streamed, a file past 20 MB
// answers a localised 400 and stores no row.
func TestChatFilesOver20MBAreRefusedAndLeaveNothing(t *testing.T) {
	e := apptest.New(t, "sqlite://"+t.TempDir()+"/k.db")
	alice := newPerson(t, e, "demo", "alice")
	count := func() int {
		var n int
		if err := e.App.DB.NewRaw("SELECT COUNT(*) FROM im_files").Scan(t.Context(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	do := func(body io.Reader, ct string, length int64) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/api/im/chat/files", body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", "Bearer "+alice.token)
		req.Header.Set("Accept-Language", "en")
		req.ContentLength = length
		rec := httptest.NewRecorder()
		e.App.Handler().ServeHTTP(rec, req)
		return rec
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "big.bin")
	_, _ = fw.Write([]byte("x"))
	_ = mw.Close()
	if rec := do(&buf, mw.FormDataContentType(), chat.MaxFileSize+2<<20); rec.Code != 400 || !strings.Contains(rec.Body.String(), "at most 20 MB") {
		t.Fatalf("declared too long: %d %s", rec.Code, rec.Body)
	}
	pr, pw := io.Pipe()
	mw = multipart.NewWriter(pw)
	go func() {
		fw, _ := mw.CreateFormFile("file", "big.bin")
		_, _ = io.Copy(fw, io.LimitReader(zeros{}, chat.MaxFileSize+1))
		_ = mw.Close()
		_ = pw.Close()
	}()
	rec := do(pr, mw.FormDataContentType(), -1)
	_ = pr.CloseWithError(io.ErrClosedPipe)
	if rec.Code != 400 || !strings.Contains(rec.Body.String(), "at most 20 MB") {
		t.Fatalf("streamed too long: %d %s", rec.Code, rec.Body)
	}
	if n := count(); n != 0 {
		t.Fatalf("%d file rows left", n)
	}
}
