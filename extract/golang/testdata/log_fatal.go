package main

import (
	"log"
	"os"
	"testing"

	"github.com/sirupsen/logrus"
	klog "k8s.io/klog/v2"
)

func main() {
	f, err := os.Open("x")
	if err != nil {
		log.Fatal(err)
	}
	if f == nil {
		log.Fatal("cannot open: ", err)
	}
	log.Fatalf("open %s: %v", "x", err)
	log.Fatalln("bad", "input", 3)
	log.Panicf("panicking on %d", 3)
	logrus.Fatalf("logrus: %s", "bad")
	klog.Fatalf("klog: %s", "bad")
	log.Fatal(1, 2)
}

func helper(t *testing.T) {
	t.Fatalf("not an error site: %d", 1)
}
