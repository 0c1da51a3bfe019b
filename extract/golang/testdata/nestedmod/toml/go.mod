module example.com/toml/v2

go 1.22
