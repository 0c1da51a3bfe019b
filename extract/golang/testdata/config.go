// Package server is a fixture for the facts the Go extractor records for
// the repository analyses (see analysis.go).
package server

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
)

var (
	addr    = flag.String("addr", ":8080", "address to listen on")
	verbose bool
	retries int
)

func init() {
	flag.BoolVar(&verbose, "v", false, "log more")
}

// Config holds the settings, read from the environment.
type Config struct {
	Port     int           `env:"APP_PORT" envDefault:"8080"`
	Timeout  time.Duration `envconfig:"APP_TIMEOUT" default:"5s"`
	MaxConns int
	internal string
}

// Server serves.
type Server struct {
	cfg     Config
	maxBody int
}

// NewServer builds a server.
func NewServer(cfg Config, maxBody int) *Server {
	if maxBody == 0 {
		maxBody = 1 << 20
	}
	return &Server{cfg: cfg, maxBody: maxBody}
}

func (s *Server) register(cmd *cobra.Command) {
	cmd.Flags().IntVarP(&s.maxBody, "max-body", "b", 1<<20, "largest request body")
	cmd.Flags().IntVar(&retries, "retries", 3, "attempts")
}

// Check checks a request size.
func (s *Server) Check(n int) error {
	limit := s.maxBody
	if s.cfg.MaxConns > 0 {
		limit = s.cfg.MaxConns * 2
	} else {
		limit = 10
	}
	for i, w := range []int{1, 2} {
		limit += w * i
	}
	if n > limit {
		return fmt.Errorf("request of %d bytes exceeds %d", n, limit)
	}
	return nil
}

// Dial reads its settings from the environment.
func Dial() error {
	host := os.Getenv("APP_HOST")
	if host == "" {
		host = "localhost"
	}
	token, ok := os.LookupEnv("APP_TOKEN")
	if !ok || token == "" {
		return errors.New("APP_TOKEN is not set")
	}
	level := getEnv("APP_LEVEL", "info")
	if *addr == "" || level == "" {
		return fmt.Errorf("no address for %s", host)
	}
	os.Setenv("APP_SEEN", "1")
	return nil
}

func getEnv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

var debug bool

func init() {
	debug = os.Getenv("APP_DEBUG") != ""
	if v, ok := os.LookupEnv("APP_RETRIES"); ok {
		retries = len(v)
	}
}

// Debug fails when debugging is off.
func Debug() error {
	if !debug {
		return errors.New("debugging is off: set APP_DEBUG")
	}
	return nil
}
