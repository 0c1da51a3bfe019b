package main

import "testing"

func TestDBName(t *testing.T) {
	tests := []struct {
		name, flag, envValue, want string
	}{
		{"default", "", "", defaultDB},
		{"environment", "", "/var/errdex.db", "/var/errdex.db"},
		{"flag wins over environment", "mine.db", "/var/errdex.db", "mine.db"},
		{"flag equal to the default still wins", defaultDB, "postgres://u@h/db", defaultDB},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(envDB, tt.envValue)
			e := &env{db: tt.flag}
			if got := e.dbName(); got != tt.want {
				t.Errorf("dbName() with --db %q and $%s %q = %q, want %q", tt.flag, envDB, tt.envValue, got, tt.want)
			}
		})
	}
}

func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"errdex.db", "errdex.db"},
		{"/tmp/p:w@x.db", "/tmp/p:w@x.db"},
		{"postgres://errdex:s3cret@db.internal:5432/errdex?sslmode=disable", "postgres://errdex:xxxxx@db.internal:5432/errdex?sslmode=disable"},
		{"postgresql://errdex@localhost/errdex", "postgresql://errdex@localhost/errdex"},
		{"postgres://u:p@[bad", "the database URL given"},
	}
	for _, tt := range tests {
		if got := redactURL(tt.in); got != tt.want {
			t.Errorf("redactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
