package main

import (
	"encoding/json"
	"fmt"
	"log"
)

type config struct{ Port int }

func load(data []byte) (*config, error) {
	var c config
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("load config: %w", err)
	}
	return &c, nil
}

func main() {
	if _, err := load([]byte(`{"Port": "80"}`)); err != nil {
		log.Fatalf("startup: %v", err)
	}
}
