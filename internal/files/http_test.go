package files_test

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
	"kerf/internal/files"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func form(t *testing.T, name string, content []byte) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", name)
	_, _ = fw.Write(content)
	_ = w.Close()
	return &buf, w.FormDataContentType()
}

func post(t *testing.T, e *apptest.Env, path, token, name string, content []byte) *apptest.Response {
	t.Helper()
	body, ct := form(t, name, content)
	return e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token, Body: body, ContentType: ct,
		Header: http.Header{"Accept-Language": {"en"}}})
}

func TestImagesAreCheckedStoredServedPubliclyAndDeleted(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, "demo")
		sales := e.Token(t, "sales", apptest.Password, "")
		pic := pngBytes(t)

		if res := post(t, e, "/api/datav/files/images/upload", "", "a.png", pic); res.Status != 401 {
			t.Fatalf("anonymous upload: %d", res.Status)
		}
		if res := post(t, e, "/api/datav/files/images/upload", sales, "a.png", pic); res.Status != 403 {
			t.Fatalf("upload without FileManagement.FileDescriptor: %d", res.Status)
		}
		for name, content := range map[string][]byte{
			"fake.png":  []byte("this is text, not a picture"),
			"x.svg":     []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
			"empty.png": {},
		} {
			res := post(t, e, "/api/datav/files/images/upload", admin, name, content)
			if res.Status != 400 || res.ErrorMessage(t) != "Only images can be uploaded (png, jpg, gif, webp, bmp)" {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/datav/files/images/upload", Token: admin,
			Body: strings.NewReader("{}"), ContentType: "application/json"})
		if res.Status != 400 {
			t.Fatalf("no multipart body: %d", res.Status)
		}

		res = post(t, e, "/api/datav/files/images/upload", admin, "柜子.PNG", pic)
		if res.Status != 200 {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		var up files.Uploaded
		res.JSON(t, &up)
		if !strings.HasPrefix(up.FileURL, "/api/datav/files/") || !strings.HasSuffix(up.Name, ".png") || up.MimeType != "image/png" || up.Size != int64(len(pic)) {
			t.Fatalf("answer: %+v", up)
		}
		// Served without a token, so <img src=fileUrl> works.
		got := e.Get(t, up.FileURL, "")
		if got.Status != 200 || !bytes.Equal(got.Body, pic) || got.Header.Get("Content-Type") != "image/png" ||
			got.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("serve: %d %v", got.Status, got.Header)
		}
		if res := e.Get(t, "/api/datav/files/nope.png", ""); res.Status != 404 {
			t.Fatalf("unknown name: %d", res.Status)
		}
		// Another tenant cannot delete it; its owner can.
		del := func(token string) int {
			return e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/datav/files?name=" + up.Name, Token: token}).Status
		}
		if s := del(demo); s != 404 {
			t.Fatalf("other tenant's delete: %d", s)
		}
		if s := del(sales); s != 403 {
			t.Fatalf("delete without permission: %d", s)
		}
		if s := del(admin); s != 204 {
			t.Fatalf("delete: %d", s)
		}
		if res := e.Get(t, up.FileURL, ""); res.Status != 404 {
			t.Fatalf("deleted image still served: %d", res.Status)
		}
		if s := del(admin); s != 404 {
			t.Fatalf("second delete: %d", s)
		}
		if res := e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/datav/files", Token: admin}); res.Status != 400 {
			t.Fatalf("delete without a name: %d", res.Status)
		}
		// Dashboard files take any type and are served as attachments.
		res = post(t, e, "/api/datav/files/upload", admin, "report.txt", []byte("hello"))
		res.JSON(t, &up)
		got = e.Get(t, up.FileURL, "")
		if got.Status != 200 || string(got.Body) != "hello" || !strings.HasPrefix(got.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("dashboard file: %d %v", got.Status, got.Header)
		}
	})
}

// zeros is an endless stream of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestUploadsOver50MBAreRefusedAndLeaveNothing(t *testing.T) {
	e := apptest.New(t, "sqlite://"+t.TempDir()+"/k.db")
	admin := e.Token(t, "admin", apptest.Password, "")
	count := func() int {
		var n int
		if err := e.App.DB.NewRaw("SELECT COUNT(*) FROM file_descriptors").Scan(t.Context(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count() // the demo's own files (its quotations)
	for _, path := range []string{"/api/datav/files/images/upload", "/api/file-management/file-descriptor/upload"} {
		// A body that says it is too long is refused before it is read.
		body, ct := form(t, "big.png", pngBytes(t))
		req := httptest.NewRequest(http.MethodPost, path, body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", "Bearer "+admin)
		req.ContentLength = files.MaxUpload + 2<<20
		rec := httptest.NewRecorder()
		e.App.Handler().ServeHTTP(rec, req)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), "max upload 50M") {
			t.Fatalf("%s declared too long: %d %s", path, rec.Code, rec.Body)
		}
		// A streamed body is refused as soon as the file passes 52428800 bytes.
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() {
			fw, _ := mw.CreateFormFile("file", "big.png")
			_, _ = fw.Write(pngBytes(t))
			_, _ = io.Copy(fw, io.LimitReader(zeros{}, files.MaxUpload))
			_ = mw.Close()
			_ = pw.Close()
		}()
		req = httptest.NewRequest(http.MethodPost, path, pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+admin)
		req.ContentLength = -1
		rec = httptest.NewRecorder()
		e.App.Handler().ServeHTTP(rec, req)
		_ = pr.CloseWithError(io.ErrClosedPipe)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), "max upload 50M") {
			t.Fatalf("%s streamed too long: %d %s", path, rec.Code, rec.Body)
		}
	}
	if n := count(); n != before {
		t.Fatalf("%d file rows left", n-before)
	}
}

func TestFileDescriptorsDownloadWithAShortLivedToken(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, "demo")
		sales := e.Token(t, "sales", apptest.Password, "")
		res := post(t, e, "/api/file-management/file-descriptor/upload", admin, "订单 A.pdf", []byte("%PDF-1.4 test"))
		if res.Status != 200 {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		var d files.Descriptor
		res.JSON(t, &d)
		if d.Name != "订单 A.pdf" || d.MimeType != "application/pdf" || d.Size != 13 || !strings.HasSuffix(d.URL, d.ID.String()) {
			t.Fatalf("descriptor: %+v", d)
		}
		base := "/api/file-management/file-descriptor/download/" + d.ID.String()
		if res := e.Get(t, base+"/token", ""); res.Status != 401 {
			t.Fatalf("anonymous token: %d", res.Status)
		}
		if res := e.Get(t, base+"/token", demo); res.Status != 404 {
			t.Fatalf("another tenant's token: %d", res.Status)
		}
		// Logged in to the file's tenant is not enough: reading a file takes the permission.
		if res := e.Get(t, base+"/token", sales); res.Status != 403 {
			t.Fatalf("token without FileManagement.FileDescriptor: %d", res.Status)
		}
		var tok files.TokenResult
		res = e.Get(t, base+"/token", admin)
		res.JSON(t, &tok)
		if res.Status != 200 || len(tok.Token) < 32 {
			t.Fatalf("token: %d %s", res.Status, res.Body)
		}
		for _, bad := range []string{"", "?token=nope", "?token=" + tok.Token[:10]} {
			if res := e.Get(t, base+bad, ""); res.Status != 403 {
				t.Errorf("download with %q: %d", bad, res.Status)
			}
		}
		got := e.Get(t, base+"?token="+tok.Token, "")
		if got.Status != 200 || string(got.Body) != "%PDF-1.4 test" || !strings.Contains(got.Header.Get("Content-Disposition"), "filename*=UTF-8''%E8%AE%A2%E5%8D%95%20A.pdf") {
			t.Fatalf("download: %d %v", got.Status, got.Header)
		}
		if res := e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/file-management/file-descriptor/" + d.ID.String(), Token: demo}); res.Status != 404 {
			t.Fatalf("another tenant's delete: %d", res.Status)
		}
		if res := e.Do(t, apptest.Request{Method: "DELETE", Path: "/api/file-management/file-descriptor/" + d.ID.String(), Token: admin}); res.Status != 204 {
			t.Fatalf("delete: %d", res.Status)
		}
		if res := e.Get(t, base+"?token="+tok.Token, ""); res.Status != 404 {
			t.Fatalf("download of a deleted file: %d", res.Status)
		}
		// Images are not descriptors: the public name of one cannot be downloaded by id.
		if res := post(t, e, "/api/file-management/file-descriptor/upload", admin, "", nil); res.Status != 400 {
			t.Fatalf("no file: %d", res.Status)
		}
	})
}
