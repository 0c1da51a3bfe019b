package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/aes"
	"crypto/tls"
	"crypto/x509"
	"encoding/asn1"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/csv"
	"encoding/gob"
	"encoding/hex"
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"strings"
)

var encodingCases = []tcase{
	{id: "hex.decode.byte", err: func() error { _, err := hex.DecodeString("0a1g"); return err }},
	{id: "hex.decode.odd", err: func() error { _, err := hex.DecodeString("abc"); return err }},
	{id: "base64.decode", err: func() error { _, err := base64.StdEncoding.DecodeString("aGVsbG8*"); return err }},
	{id: "base32.decode", err: func() error { _, err := base32.StdEncoding.DecodeString("MZXW6!=="); return err }},
	{id: "csv.read.quote", err: func() error {
		_, err := csv.NewReader(strings.NewReader("name,note\nbob,\"unterminated\n")).ReadAll()
		return err
	}},
	{id: "csv.read.bare_quote", err: func() error {
		_, err := csv.NewReader(strings.NewReader("a,b\"c\n")).ReadAll()
		return err
	}},
	{id: "csv.read.fields", err: func() error {
		_, err := csv.NewReader(strings.NewReader("a,b,c\n1,2\n")).ReadAll()
		return err
	}},
	{id: "xml.unmarshal.eof", err: func() error {
		var v struct{ Name string }
		return xml.Unmarshal([]byte("<person><name>bob</name>"), &v)
	}},
	{id: "xml.unmarshal.element", err: func() error {
		var v struct {
			XMLName xml.Name `xml:"person"`
		}
		return xml.Unmarshal([]byte("<animal/>"), &v)
	}},
	{id: "xml.unmarshal.mismatch", err: func() error {
		var v any
		return xml.Unmarshal([]byte("<a><b></a>"), &v)
	}},
	{id: "gob.decode.type", err: func() error {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(map[string]int{"a": 1}); err != nil {
			return err
		}
		var s []string
		return gob.NewDecoder(&buf).Decode(&s)
	}},
	{id: "binary.write.type", err: func() error { return binary.Write(io.Discard, binary.LittleEndian, "text") }},
	{id: "binary.read.short", err: func() error {
		var n uint64
		return binary.Read(strings.NewReader("\x01\x02"), binary.BigEndian, &n)
	}},
	{id: "asn1.unmarshal", err: func() error { var n int; _, err := asn1.Unmarshal([]byte{0x30, 0x03, 0x02}, &n); return err }},
	{id: "zip.reader.invalid", err: func() error {
		_, err := zip.NewReader(strings.NewReader("not a zip file at all"), 21)
		return err
	}},
	{id: "zip.openreader.missing", err: func() error { _, err := zip.OpenReader("/nonexistent/devset/archive.zip"); return err }},
	{id: "gzip.newreader.header", err: func() error { _, err := gzip.NewReader(strings.NewReader("plain text, not gzip")); return err }},
	{id: "flate.read.corrupt", err: func() error {
		_, err := io.ReadAll(flate.NewReader(strings.NewReader("\xff\xff\xff\xff")))
		return err
	}},
	{id: "tar.next.header", err: func() error {
		_, err := tar.NewReader(strings.NewReader(strings.Repeat("x", 1024))).Next()
		return err
	}},
	{id: "png.decode", err: func() error { _, err := png.Decode(strings.NewReader("GIF89a....")); return err }},
	{id: "image.decode.format", err: func() error { _, _, err := image.Decode(strings.NewReader("hello")); return err }},
	{id: "x509.parsecertificate", err: func() error { _, err := x509.ParseCertificate([]byte("garbage")); return err }},
	{id: "tls.x509keypair", err: func() error { _, err := tls.X509KeyPair([]byte("no pem here"), []byte("x")); return err }},
	{id: "aes.newcipher.key", err: func() error { _, err := aes.NewCipher([]byte("short")); return err }},
}
