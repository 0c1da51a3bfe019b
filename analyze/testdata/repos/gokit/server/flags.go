package server

import "flag"

// workers is the number of request workers, set on the command line.
var workers = flag.Int("workers", 4, "number of request workers")
