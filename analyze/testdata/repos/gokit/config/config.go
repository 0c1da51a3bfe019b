// Package config holds the daemon's configuration (test fixture for
// errdex's analyses).
package config

import (
	"os"
	"strconv"
)

// Config is the daemon's configuration, read from the environment.
type Config struct {
	Addr     string `env:"GOKIT_ADDR" envDefault:":8080"`
	MaxConns int    `env:"GOKIT_MAX_CONNS" envDefault:"0"`
	CacheDir string
}

// MaxWorkers caps the -workers flag, from GOKIT_MAX_WORKERS.
var MaxWorkers, _ = strconv.Atoi(os.Getenv("GOKIT_MAX_WORKERS"))
