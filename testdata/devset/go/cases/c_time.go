package main

import (
	"fmt"
	"time"
)

var timeCases = []tcase{
	{id: "time.parse.month_range", err: func() error { _, err := time.Parse(time.RFC3339, "2024-13-01T00:00:00Z"); return err }},
	{id: "time.parse.layout", err: func() error { _, err := time.Parse("2006-01-02", "2024/01/02"); return err }},
	{id: "time.parse.extra", err: func() error { _, err := time.Parse("2006-01-02", "2024-01-02 10:00"); return err }},
	{id: "time.parse.day_range", err: func() error { _, err := time.Parse("2006-01-02", "2023-02-29"); return err }},
	{id: "time.parse.hour_range", err: func() error { _, err := time.Parse("15:04", "25:00"); return err }},
	{id: "time.parseduration.unit", err: func() error { _, err := time.ParseDuration("10x"); return err }},
	{id: "time.parseduration.invalid", err: func() error { _, err := time.ParseDuration("abc"); return err }},
	{id: "time.parseduration.missing_unit", err: func() error { _, err := time.ParseDuration("30"); return err }},
	{id: "time.loadlocation.unknown", err: func() error { _, err := time.LoadLocation("Mars/Olympus_Mons"); return err }},
	{id: "time.newticker.nonpositive", panics: func() { time.NewTicker(0) }},
	{id: "time.parse.wrapped", err: func() error {
		if _, err := time.Parse(time.DateOnly, "2024-1-5"); err != nil {
			return fmt.Errorf("parse --since: %w", err)
		}
		return nil
	}},
}
