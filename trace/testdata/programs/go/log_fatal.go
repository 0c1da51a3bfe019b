package main

import (
	"log"
	"os"
)

func main() {
	log.Println("loading settings")
	if _, err := os.ReadFile("/nonexistent/errdex/settings.json"); err != nil {
		log.Fatal(err)
	}
}
