package web

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics. Routes are labelled by
// their pattern ("GET /errors/{id}"), never by the raw path, so that the
// number of series stays bounded.
type metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	searches    *prometheus.CounterVec
	cacheHits   prometheus.Counter
	cacheMisses prometheus.Counter
}

func newRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

func newMetrics(reg *prometheus.Registry, s *Server) (*metrics, error) {
	m := &metrics{
		reg: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "errdex_http_requests_total",
			Help: "HTTP requests by route pattern and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "errdex_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10},
		}, []string{"route"}),
		searches: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "errdex_searches_total",
			Help: "Searches by outcome: redirect (one confident answer), list, none (no source site), rate-limited, error.",
		}, []string{"outcome"}),
		cacheHits: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "errdex_page_cache_hits_total",
			Help: "Pages served from the rendered-page cache.",
		}),
		cacheMisses: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "errdex_page_cache_misses_total",
			Help: "Pages rendered because the cache did not hold them.",
		}),
	}
	gauge := func(name, help string, f func(*catalog) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return f(s.cat.Load()) })
	}
	cs := []prometheus.Collector{
		m.requests, m.latency, m.searches, m.cacheHits, m.cacheMisses,
		gauge("errdex_index_sites", "Error sites in the current snapshots.", func(c *catalog) float64 { return float64(c.sites) }),
		gauge("errdex_index_repos", "Repositories with a current snapshot.", func(c *catalog) float64 { return float64(len(c.snaps)) }),
		gauge("errdex_index_families", "Failure families with at least one site.", func(c *catalog) float64 { return float64(len(c.families)) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "errdex_match_index_sites", Help: "Sites in the in-memory match index."}, func() float64 {
			if s.cfg.Lookup == nil {
				return 0
			}
			return float64(s.cfg.Lookup.Index().Len())
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "errdex_match_index_bytes", Help: "Memory held by the in-memory match index."}, func() float64 {
			if s.cfg.Lookup == nil {
				return 0
			}
			return float64(s.cfg.Lookup.Index().Stats().Bytes)
		}),
	}
	for _, c := range cs {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
