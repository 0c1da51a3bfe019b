// Package names holds constants that other packages' messages name.
package names

// FullName is a fully qualified name, as protoreflect's.
type FullName string

const Duration = "google.protobuf.Duration"

const Timestamp FullName = "google.protobuf.Timestamp"

const Any = FullName("google.protobuf.Any")

const MaxDepth = 64

// Separator is a variable nothing assigns: its text holds.
var Separator = ": "

// Mode is a variable package cmd assigns: a value.
var Mode = "strict"
