package email

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// SMTPConfig is how to reach an SMTP server: the e-mailing settings of one tenant.
type SMTPConfig struct {
	Host     string
	Port     int
	UserName string
	Password string
	// Domain is the name this client greets the server with (EHLO); empty: localhost.
	Domain string
	// EnableSsl encrypts the connection: TLS from the first byte on port 465 (SMTPS), else
	// STARTTLS, which the server must then offer (never a silent fall back to clear text).
	EnableSsl bool
	// UseDefaultCredentials sends no credentials (a relay that trusts this host); otherwise
	// UserName and Password log in (AUTH PLAIN, only over TLS or to localhost).
	UseDefaultCredentials bool
	From, FromName        string
	// TLS is the client's TLS configuration (tests trust their own certificate); nil: the
	// system roots, verifying Host.
	TLS *tls.Config
	// Timeout bounds the whole conversation when ctx has no deadline (default 30 s).
	Timeout time.Duration
}

// ErrNoSTARTTLS is returned when EnableSsl is set and the server does not offer STARTTLS.
var ErrNoSTARTTLS = errors.New("email: the SMTP server does not offer STARTTLS")

// SendSMTP delivers msg through the server cfg names.
func SendSMTP(ctx context.Context, cfg SMTPConfig, msg Message) error {
	if cfg.Port <= 0 {
		cfg.Port = 25
	}
	addr := net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port))
	deadline, ok := ctx.Deadline()
	if !ok {
		timeout := cfg.Timeout
		if timeout <= 0 {
			timeout = 30 * time.Second
		}
		deadline = time.Now().Add(timeout)
	}
	tlsCfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if cfg.TLS != nil {
		tlsCfg = cfg.TLS.Clone()
	}
	if tlsCfg.ServerName == "" {
		tlsCfg.ServerName = cfg.Host
	}
	dialer := &net.Dialer{Deadline: deadline}
	var conn net.Conn
	var err error
	implicit := cfg.EnableSsl && cfg.Port == 465
	if implicit {
		conn, err = (&tls.Dialer{NetDialer: dialer, Config: tlsCfg}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = dialer.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("smtp: connect %s: %w", addr, err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(deadline); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	c, err := smtp.NewClient(conn, cfg.Host)
	if err != nil {
		return fmt.Errorf("smtp: greeting of %s: %w", addr, err)
	}
	defer c.Close()
	helo := cfg.Domain
	if helo == "" {
		helo = "localhost"
	}
	if err := c.Hello(helo); err != nil {
		return fmt.Errorf("smtp: hello: %w", err)
	}
	if cfg.EnableSsl && !implicit {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return ErrNoSTARTTLS
		}
		if err := c.StartTLS(tlsCfg); err != nil {
			return fmt.Errorf("smtp: starttls: %w", err)
		}
	}
	if !cfg.UseDefaultCredentials && cfg.UserName != "" {
		if err := c.Auth(smtp.PlainAuth("", cfg.UserName, cfg.Password, cfg.Host)); err != nil {
			return fmt.Errorf("smtp: log in as %s: %w", cfg.UserName, err)
		}
	}
	if err := c.Mail(cfg.From); err != nil {
		return fmt.Errorf("smtp: from %s: %w", cfg.From, err)
	}
	if err := c.Rcpt(msg.To); err != nil {
		return fmt.Errorf("smtp: to %s: %w", msg.To, err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp: data: %w", err)
	}
	body, err := compose(cfg.From, cfg.FromName, msg, time.Now())
	if err != nil {
		return err
	}
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("smtp: write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp: the server refused the message: %w", err)
	}
	if err := c.Quit(); err != nil {
		return fmt.Errorf("smtp: quit: %w", err)
	}
	return nil
}

// compose writes msg as an RFC 5322 message: UTF-8, quoted-printable, multipart/alternative
// when it has both a text and an HTML body.
func compose(from, fromName string, msg Message, now time.Time) ([]byte, error) {
	var b bytes.Buffer
	header := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	header("From", (&mail.Address{Name: fromName, Address: from}).String())
	header("To", (&mail.Address{Address: msg.To}).String())
	header("Subject", mime.QEncoding.Encode("utf-8", strings.NewReplacer("\r", " ", "\n", " ").Replace(msg.Subject)))
	header("Date", now.Format(time.RFC1123Z))
	header("Message-ID", "<"+randomHex(16)+"@"+domainOf(from)+">")
	header("MIME-Version", "1.0")
	part := func(contentType, body string) error {
		fmt.Fprintf(&b, "Content-Type: %s; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", contentType)
		qp := quotedprintable.NewWriter(&b)
		if _, err := qp.Write([]byte(body)); err != nil {
			return err
		}
		if err := qp.Close(); err != nil {
			return err
		}
		b.WriteString("\r\n")
		return nil
	}
	switch {
	case msg.HTML != "" && msg.Text != "":
		boundary := "kerf-" + randomHex(12)
		header("Content-Type", `multipart/alternative; boundary="`+boundary+`"`)
		b.WriteString("\r\n")
		for _, p := range []struct{ ct, body string }{{"text/plain", msg.Text}, {"text/html", msg.HTML}} {
			b.WriteString("--" + boundary + "\r\n")
			if err := part(p.ct, p.body); err != nil {
				return nil, err
			}
		}
		b.WriteString("--" + boundary + "--\r\n")
	case msg.HTML != "":
		if err := part("text/html", msg.HTML); err != nil {
			return nil, err
		}
	default:
		if err := part("text/plain", msg.Text); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 && i < len(addr)-1 {
		return addr[i+1:]
	}
	return "kerf.local"
}
