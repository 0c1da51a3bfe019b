package main

import (
	"errors"
	"log"
	"strconv"
	"time"
)

// validate collects every bad setting, as programs checking a whole
// configuration do, and reports them together.
func validate(workers, timeout string) error {
	var errs []error
	if _, err := strconv.Atoi(workers); err != nil {
		errs = append(errs, err)
	}
	if _, err := time.ParseDuration(timeout); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func main() {
	log.Println("checking settings")
	if err := validate("ten", "5 minutes"); err != nil {
		log.Fatal(err)
	}
}
