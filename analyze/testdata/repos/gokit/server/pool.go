package server

import (
	"errors"
	"fmt"

	"example.com/gokit/config"
)

// Pool hands out connections.
type Pool struct {
	size int
	cfg  config.Config
}

// NewPool builds a pool from the configuration.
func NewPool(cfg config.Config) *Pool {
	return &Pool{size: cfg.MaxConns, cfg: cfg}
}

// Acquire takes a connection for each worker.
func (p *Pool) Acquire() error {
	if p.size <= 0 {
		return errors.New("connection pool is disabled")
	}
	if *workers > config.MaxWorkers {
		return fmt.Errorf("-workers %d is above the limit of %d", *workers, config.MaxWorkers)
	}
	if *workers > p.size {
		return fmt.Errorf("%d workers need more than %d connections", *workers, p.size)
	}
	return nil
}
