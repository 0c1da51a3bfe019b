module example.com/gokit

go 1.22
