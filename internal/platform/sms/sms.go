// Package sms sends text messages through a Sender. A provider's client implements
// Sender against its documented HTTP API; Development is the sender of a machine with no
// SMS provider: it writes each message to the server log and keeps the latest ones in
// memory for administrators and tests. It never pretends to have delivered anything.
package sms

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// Message is one text message to a phone number.
type Message struct {
	PhoneNumber string
	Text        string
	// Template and Params are for providers that send pre-approved templates (most
	// Chinese SMS gateways); Text is the rendered message for the others and for logs.
	Template string
	Params   map[string]string
}

// Sender sends text messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
	// Name says which sender this is, e.g. "development" or a provider's name.
	Name() string
}

// Sent is a message the development sender recorded.
type Sent struct {
	Message
	Time time.Time
}

// Development is the development sender: it logs every message at warning level (so it
// stands out: nothing was delivered) and keeps the last Keep messages.
type Development struct {
	Keep int
	Log  *slog.Logger // nil: slog.Default()

	mu   sync.Mutex
	sent []Sent
}

// NewDevelopment returns a development sender keeping the last 100 messages.
func NewDevelopment() *Development { return &Development{Keep: 100} }

// Name implements Sender.
func (d *Development) Name() string { return "development" }

// Send writes m to the log and keeps it; it does not reach any phone.
func (d *Development) Send(ctx context.Context, m Message) error {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	log.WarnContext(ctx, "development SMS sender: message NOT delivered, written here instead",
		"phone", m.PhoneNumber, "text", m.Text, "template", m.Template, "params", m.Params)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sent = append(d.sent, Sent{Message: m, Time: time.Now().UTC()})
	keep := d.Keep
	if keep <= 0 {
		keep = 100
	}
	if len(d.sent) > keep {
		d.sent = slices.Delete(d.sent, 0, len(d.sent)-keep)
	}
	return nil
}

// Messages returns the kept messages, newest first.
func (d *Development) Messages() []Sent {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := slices.Clone(d.sent)
	slices.Reverse(out)
	return out
}

// Last returns the newest message sent to phone, if any.
func (d *Development) Last(phone string) (Sent, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for i := len(d.sent) - 1; i >= 0; i-- {
		if d.sent[i].PhoneNumber == phone {
			return d.sent[i], true
		}
	}
	return Sent{}, false
}
