module example.com/pkgerrors

go 1.26

require github.com/pkg/errors v0.9.1
