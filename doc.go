// Package errdex holds the domain of the error knowledge base: the places in
// source code that raise errors (Site), their message templates (Template,
// Part), source positions (Span), stable identifiers (ID), indexed revisions
// (Snapshot), the error vocabulary every package shares (Error, ErrorKind),
// and the few interfaces that cross package boundaries (Store).
//
// The package imports only the standard library. Every other package of the
// module imports it; it imports none of them.
package errdex
