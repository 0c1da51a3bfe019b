module example.com/cfg

go 1.22
