package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

type config struct {
	Name  string `json:"name"`
	Port  int    `json:"port"`
	Level uint8  `json:"level"`
	Tags  []string
}

var jsonCases = []tcase{
	{id: "json.unmarshal.invalid_char", err: func() error {
		var c config
		return json.Unmarshal([]byte(`{"name": }`), &c)
	}},
	{id: "json.unmarshal.eof", err: func() error {
		var c config
		return json.Unmarshal([]byte(`{"name": "api", "port": 80`), &c)
	}},
	{id: "json.unmarshal.literal", err: func() error {
		var v any
		return json.Unmarshal([]byte(`{"debug": tru}`), &v)
	}},
	{id: "json.unmarshal.after_top", err: func() error {
		var v any
		return json.Unmarshal([]byte(`{"a": 1} x`), &v)
	}},
	{id: "json.unmarshal.field_type", err: func() error {
		var c config
		return json.Unmarshal([]byte(`{"name": "api", "port": "8080"}`), &c)
	}},
	{id: "json.unmarshal.value_type", err: func() error {
		var n int
		return json.Unmarshal([]byte(`"forty-two"`), &n)
	}},
	{id: "json.unmarshal.number_range", err: func() error {
		var c config
		return json.Unmarshal([]byte(`{"level": 300}`), &c)
	}},
	{id: "json.unmarshal.array_into_struct", err: func() error {
		var c config
		return json.Unmarshal([]byte(`[1, 2]`), &c)
	}},
	{id: "json.unmarshal.nonpointer", err: func() error {
		var c config
		return json.Unmarshal([]byte(`{}`), c)
	}},
	{id: "json.unmarshal.nil", err: func() error { return json.Unmarshal([]byte(`{}`), nil) }},
	{id: "json.decoder.unknown_field", err: func() error {
		d := json.NewDecoder(strings.NewReader(`{"name": "api", "timeout": 30}`))
		d.DisallowUnknownFields()
		var c config
		return d.Decode(&c)
	}},
	{id: "json.marshal.unsupported_type", err: func() error {
		_, err := json.Marshal(map[string]any{"ch": make(chan int)})
		return err
	}},
	{id: "json.marshal.nan", err: func() error { _, err := json.Marshal(math.NaN()); return err }},
	{id: "json.indent.syntax", err: func() error {
		var out bytes.Buffer
		return json.Indent(&out, []byte(`{"a" 1}`), "", "  ")
	}},
	{id: "json.decode.wrapped", err: func() error {
		var c config
		if err := json.NewDecoder(strings.NewReader(`{"name": "api", "port": 80,}`)).Decode(&c); err != nil {
			return fmt.Errorf("decode request body: %w", err)
		}
		return nil
	}},
}
