package chat

import (
	"context"

	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/realtime"
)

// Deps is what the chat needs from the app.
type Deps struct {
	DB    *db.DB
	Blob  blob.Store // the files messages carry
	Users Users      // users of the caller's tenant (the identity area)
	// Realtime carries the hub "messages"; nil (unit tests): nothing is pushed, everything is
	// still stored.
	Realtime *realtime.Server
}

// Module is the chat area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
	api  *httpapi.API
}

// New builds the area. The connections table is a host table: a replica's heartbeat and the
// sweep of a stopped replica's connections cross tenants.
func New(deps Deps) *Module {
	db.HostTable("im_connections")
	m := &Module{deps: deps}
	var push Push
	if deps.Realtime != nil {
		push = pusher(deps.Realtime)
	}
	m.svc = NewService(deps.DB, deps.Blob, deps.Users, push)
	return m
}

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string               { return "chat" }
func (m *Module) Migrations() []db.Migration { return migrations }
func (m *Module) Menus() []module.MenuEntry  { return menus }
func (m *Module) Texts() localization.Texts  { return texts }

// Start refreshes this replica's hub connections (the online flag) every 30 s and sweeps the
// connections of replicas that stopped, until the returned stop is called.
func (m *Module) Start() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		m.svc.runHeartbeats(ctx, heartbeatEvery)
	}()
	return func() { cancel(); <-done }
}
