package optimization

// SetProgressPusher replaces the area's progress pusher (tests record the pushes).
func (m *Module) SetProgressPusher(p ProgressPusher) { m.svc.progress = p }
