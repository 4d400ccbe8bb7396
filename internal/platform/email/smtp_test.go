package email

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"
)

// testSMTP is a tiny SMTP server for the tests: EHLO, STARTTLS (when it has a certificate),
// AUTH PLAIN, MAIL, RCPT, DATA, QUIT. It records what it was sent.
type testSMTP struct {
	ln   net.Listener
	cert *tls.Certificate

	mu       sync.Mutex
	got      []received
	sawTLS   bool
	sawLogin string
}

type received struct {
	From, To string
	Data     string
	TLS      bool
	Login    string
}

func newTestSMTP(t *testing.T, startTLS bool) (*testSMTP, *x509.CertPool) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &testSMTP{ln: ln}
	var pool *x509.CertPool
	if startTLS {
		cert, p := selfSigned(t)
		s.cert, pool = &cert, p
	}
	go s.serve()
	t.Cleanup(func() { _ = ln.Close() })
	return s, pool
}

func (s *testSMTP) port() int { return s.ln.Addr().(*net.TCPAddr).Port }

func (s *testSMTP) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

func (s *testSMTP) serve() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		go s.handle(c)
	}
}

func (s *testSMTP) handle(c net.Conn) {
	defer c.Close()
	r, w := bufio.NewReader(c), bufio.NewWriter(c)
	say := func(lines ...string) {
		for _, l := range lines {
			_, _ = w.WriteString(l + "\r\n")
		}
		_ = w.Flush()
	}
	say("220 test ESMTP")
	var cur received
	secure := false
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0])
		switch verb {
		case "EHLO", "HELO":
			if s.cert != nil && !secure {
				say("250-test", "250-STARTTLS", "250 AUTH PLAIN")
			} else {
				say("250-test", "250 AUTH PLAIN")
			}
		case "STARTTLS":
			if s.cert == nil {
				say("502 no")
				continue
			}
			say("220 go ahead")
			tc := tls.Server(c, &tls.Config{Certificates: []tls.Certificate{*s.cert}})
			if err := tc.Handshake(); err != nil {
				return
			}
			c, secure = tc, true
			r, w = bufio.NewReader(tc), bufio.NewWriter(tc)
		case "AUTH":
			f := strings.Fields(line)
			if len(f) != 3 || f[1] != "PLAIN" {
				say("504 unsupported")
				continue
			}
			raw, _ := base64.StdEncoding.DecodeString(f[2])
			parts := strings.Split(string(raw), "\x00")
			if len(parts) != 3 || parts[2] != "secret-pw" {
				say("535 bad credentials")
				continue
			}
			cur.Login = parts[1]
			say("235 ok")
		case "MAIL":
			cur.From = strings.Trim(strings.TrimPrefix(line[len("MAIL "):], "FROM:"), "<> ")
			say("250 ok")
		case "RCPT":
			cur.To = strings.Trim(strings.TrimPrefix(line[len("RCPT "):], "TO:"), "<> ")
			say("250 ok")
		case "DATA":
			say("354 go")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			cur.Data, cur.TLS = b.String(), secure
			s.mu.Lock()
			s.got = append(s.got, cur)
			s.mu.Unlock()
			cur = received{}
			say("250 queued")
		case "QUIT":
			say("221 bye")
			return
		default:
			say("500 what")
		}
	}
}

func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// parts reads a received message: its headers and its text and HTML bodies.
func parts(t *testing.T, data string) (mail.Header, string, string) {
	t.Helper()
	m, err := mail.ReadMessage(strings.NewReader(data))
	if err != nil {
		t.Fatalf("not a message: %v\n%s", err, data)
	}
	_, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	var text, html string
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := mr.NextPart() // decodes quoted-printable
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		if strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
			html = string(b)
		} else {
			text = string(b)
		}
	}
	return m.Header, text, html
}

func TestSMTPDeliversAMessageAsTheServerReadsIt(t *testing.T) {
	srv, _ := newTestSMTP(t, false)
	msg := Message{To: "anna@example.com", Subject: "优化完成 – run 7", Text: "Hello Anna,\nyour run is done. ✓",
		HTML: "<p>Hello <b>Anna</b>, your run is done. ✓</p>"}
	cfg := SMTPConfig{Host: "127.0.0.1", Port: srv.port(), From: "kerf@example.com", FromName: "Kerf 工厂", UseDefaultCredentials: true}
	if err := SendSMTP(context.Background(), cfg, msg); err != nil {
		t.Fatal(err)
	}
	got := srv.messages()
	if len(got) != 1 || got[0].From != "kerf@example.com" || got[0].To != "anna@example.com" || got[0].TLS || got[0].Login != "" {
		t.Fatalf("received: %+v", got)
	}
	h, text, html := parts(t, got[0].Data)
	subject, _ := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
	from, _ := h.AddressList("From")
	if subject != msg.Subject || len(from) != 1 || from[0].Name != "Kerf 工厂" || h.Get("To") != "<anna@example.com>" {
		t.Fatalf("headers: subject %q from %v to %q", subject, from, h.Get("To"))
	}
	if strings.ReplaceAll(text, "\r\n", "\n") != msg.Text || html != msg.HTML {
		t.Fatalf("bodies: %q %q", text, html)
	}
}

func TestSMTPWithSslUsesStartTLSAndLogsIn(t *testing.T) {
	srv, pool := newTestSMTP(t, true)
	cfg := SMTPConfig{Host: "127.0.0.1", Port: srv.port(), From: "kerf@example.com", EnableSsl: true,
		UserName: "mailer", Password: "secret-pw", TLS: &tls.Config{RootCAs: pool}}
	if err := SendSMTP(context.Background(), cfg, Message{To: "b@example.com", Subject: "s", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	got := srv.messages()
	if len(got) != 1 || !got[0].TLS || got[0].Login != "mailer" {
		t.Fatalf("the message did not go over STARTTLS with the login: %+v", got)
	}
	// A wrong password is the server's refusal, and nothing is sent.
	cfg.Password = "wrong"
	if err := SendSMTP(context.Background(), cfg, Message{To: "b@example.com", Subject: "s", Text: "t"}); err == nil {
		t.Fatal("sent with a wrong password")
	}
	if n := len(srv.messages()); n != 1 {
		t.Fatalf("%d messages after a refused login", n)
	}
}

func TestSMTPWithSslRefusesAServerWithoutStartTLS(t *testing.T) {
	srv, _ := newTestSMTP(t, false)
	cfg := SMTPConfig{Host: "127.0.0.1", Port: srv.port(), From: "kerf@example.com", EnableSsl: true, UseDefaultCredentials: true}
	err := SendSMTP(context.Background(), cfg, Message{To: "b@example.com", Subject: "s", Text: "t"})
	if !errors.Is(err, ErrNoSTARTTLS) || len(srv.messages()) != 0 {
		t.Fatalf("err %v, %d messages: the message went out in clear text", err, len(srv.messages()))
	}
}

func TestAMessageIsValidatedBeforeItIsQueued(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  Message
		ok   bool
	}{
		{"valid", Message{To: "a@example.com", Subject: "Hi"}, true},
		{"no recipient", Message{Subject: "Hi"}, false},
		{"not an address", Message{To: "anna", Subject: "Hi"}, false},
		{"two recipients", Message{To: "a@example.com, b@example.com", Subject: "Hi"}, false},
		{"a name with the address", Message{To: "Anna <a@example.com>", Subject: "Hi"}, false},
		{"no subject", Message{To: "a@example.com"}, false},
		{"a header in the subject", Message{To: "a@example.com", Subject: "Hi\r\nBcc: x@example.com"}, false},
		{"a long subject", Message{To: "a@example.com", Subject: strings.Repeat("x", maxSubject+1)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.msg.Validate(); (err == nil) != tc.ok {
				t.Fatalf("Validate = %v, want ok=%v", err, tc.ok)
			}
		})
	}
}
