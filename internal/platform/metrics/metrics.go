// Package metrics keeps the server's Prometheus metrics in a registry the app owns (no
// global one) and serves them at /metrics in the Prometheus text format: HTTP requests
// by method, route pattern and status, their latency, the database connection pool, and
// the Go runtime and process.
package metrics

import (
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Unmatched is the route label of requests no route matched (the web app's files, 404s):
// labels are route patterns, never raw paths, so their number stays bounded.
const Unmatched = "unmatched"

// Metrics is one server's registry and the HTTP metrics it records.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
}

// New makes a registry holding the HTTP metrics and the Go runtime and process collectors.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kerf_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kerf_http_request_duration_seconds",
			Help:    "Time from a request's arrival to the end of its answer, by method and route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "kerf_http_requests_in_flight",
			Help: "HTTP requests being answered now.",
		}),
	}
	m.reg.MustRegister(m.requests, m.duration, m.inFlight,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry returns the registry, for areas that add their own metrics.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// WatchDB adds the statistics of the connection pool db (go_sql_* labelled db_name=name)
// and the count reconnects returns of dead connections replaced.
func (m *Metrics) WatchDB(name string, db *sql.DB, reconnects func() int64) error {
	if err := m.reg.Register(collectors.NewDBStatsCollector(db, name)); err != nil {
		return err
	}
	return m.reg.Register(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name:        "kerf_db_reconnects_total",
		Help:        "Dead database connections replaced by fresh ones.",
		ConstLabels: prometheus.Labels{"db_name": name},
	}, func() float64 { return float64(reconnects()) }))
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Middleware records every request once it has been answered. It must run inside a chi
// router (it reads the matched route pattern after the request is routed).
func (m *Metrics) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		m.inFlight.Inc()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		defer func() {
			m.inFlight.Dec()
			route := Unmatched
			if rc := chi.RouteContext(r.Context()); rc != nil {
				if p := rc.RoutePattern(); p != "" && p != "/*" {
					route = p
				}
			}
			status := ww.Status()
			if status == 0 {
				status = http.StatusOK // the handler wrote nothing
			}
			method := methodLabel(r.Method)
			m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
			m.duration.WithLabelValues(method, route).Observe(time.Since(start).Seconds())
		}()
		next.ServeHTTP(ww, r)
	})
}

// methodLabel keeps the standard methods and folds any other a client sends into "other".
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "other"
}
