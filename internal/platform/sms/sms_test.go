package sms

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestDevelopmentSenderLogsAndKeepsTheLatestMessages(t *testing.T) {
	var buf bytes.Buffer
	d := &Development{Keep: 3, Log: slog.New(slog.NewTextHandler(&buf, nil))}
	var s Sender = d
	if s.Name() != "development" {
		t.Fatalf("name = %q", s.Name())
	}
	for i := range 5 {
		if err := s.Send(context.Background(), Message{PhoneNumber: fmt.Sprint("1380000000", i), Text: fmt.Sprint("code ", i)}); err != nil {
			t.Fatal(err)
		}
	}
	msgs := d.Messages()
	if len(msgs) != 3 || msgs[0].Text != "code 4" || msgs[2].Text != "code 2" {
		t.Fatalf("kept %+v, want the last 3 newest first", msgs)
	}
	if m, ok := d.Last("13800000003"); !ok || m.Text != "code 3" {
		t.Fatalf("Last = %+v %v", m, ok)
	}
	if _, ok := d.Last("13800000000"); ok {
		t.Fatal("a dropped message was still found")
	}
	log := buf.String()
	if !strings.Contains(log, "NOT delivered") || !strings.Contains(log, "code 4") {
		t.Fatalf("log must show the code and say it was not delivered:\n%s", log)
	}
}
