package account

import "time"

// SetClock makes now the area's clock (the reset links' expiry and the rate limits), for the
// API tests that move time on.
func (m *Module) SetClock(now func() time.Time) {
	m.svc.now = now
	m.svc.resend.WithClock(now)
	m.svc.ip.WithClock(now)
}
