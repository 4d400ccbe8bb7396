package realtime

import (
	"bytes"
	"encoding/json"
)

// recordSeparator ends every message of the JSON hub protocol (and its handshake).
const recordSeparator = 0x1e

// Message types of the hub protocol. Streaming (2, 4, 5) is not offered, and stateful
// reconnection (8, 9) is not negotiated.
const (
	typeInvocation       = 1
	typeStreamItem       = 2
	typeCompletion       = 3
	typeStreamInvocation = 4
	typeCancelInvocation = 5
	typePing             = 6
	typeClose            = 7
)

// handshakeRequest is the client's first message: {"protocol":"json","version":1}.
type handshakeRequest struct {
	Protocol string `json:"protocol"`
	Version  int    `json:"version"`
}

// handshakeResponse is {} on success, {"error": …} otherwise.
type handshakeResponse struct {
	Error string `json:"error,omitempty"`
}

// incoming is any message a client sends; the fields of its type are set.
type incoming struct {
	Type         int               `json:"type"`
	InvocationID string            `json:"invocationId,omitempty"`
	Target       string            `json:"target,omitempty"`
	Arguments    []json.RawMessage `json:"arguments,omitempty"`
	StreamIDs    []string          `json:"streamIds,omitempty"`
	Error        string            `json:"error,omitempty"`
}

// invocation calls a client method; server-to-client calls carry no invocation id.
type invocation struct {
	Type      int    `json:"type"`
	Target    string `json:"target"`
	Arguments []any  `json:"arguments"`
}

// completion answers a client's invocation: result or error.
type completion struct {
	Type         int    `json:"type"`
	InvocationID string `json:"invocationId"`
	Result       any    `json:"result,omitempty"`
	Error        string `json:"error,omitempty"`
	hasResult    bool
}

// MarshalJSON writes "result" whenever the handler returned one, null included.
func (c completion) MarshalJSON() ([]byte, error) {
	type plain struct {
		Type         int    `json:"type"`
		InvocationID string `json:"invocationId"`
		Error        string `json:"error,omitempty"`
	}
	if c.Error != "" || !c.hasResult {
		return json.Marshal(plain{Type: c.Type, InvocationID: c.InvocationID, Error: c.Error})
	}
	type withResult struct {
		Type         int    `json:"type"`
		InvocationID string `json:"invocationId"`
		Result       any    `json:"result"`
	}
	return json.Marshal(withResult{Type: c.Type, InvocationID: c.InvocationID, Result: c.Result})
}

// closeMessage ends a connection; allowReconnect tells the client whether to try again.
type closeMessage struct {
	Type           int    `json:"type"`
	Error          string `json:"error,omitempty"`
	AllowReconnect bool   `json:"allowReconnect"`
}

var pingFrame = []byte("{\"type\":6}\x1e")

// frame encodes v as one record.
func frame(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil { // our own types; cannot fail but for a handler's unencodable result
		raw, _ = json.Marshal(completion{Type: typeCompletion, Error: "The result could not be encoded."})
	}
	return append(raw, recordSeparator)
}

// records splits a WebSocket message into its records (each ends with the separator; a
// message holds one or more whole records).
func records(msg []byte) [][]byte {
	var out [][]byte
	for len(msg) > 0 {
		i := bytes.IndexByte(msg, recordSeparator)
		if i < 0 {
			if len(bytes.TrimSpace(msg)) > 0 {
				out = append(out, msg)
			}
			break
		}
		if i > 0 {
			out = append(out, msg[:i])
		}
		msg = msg[i+1:]
	}
	return out
}
