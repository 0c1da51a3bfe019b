package main

import (
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/netip"
)

var netCases = []tcase{
	{id: "net.dial.refused", err: func() error { _, err := net.Dial("tcp", "127.0.0.1:1"); return err }},
	{id: "net.dial.missing_port", err: func() error { _, err := net.Dial("tcp", "localhost"); return err }},
	{id: "net.dial.unknown_network", err: func() error { _, err := net.Dial("tcp5", "127.0.0.1:80"); return err }},
	{id: "net.listen.port", err: func() error { _, err := net.Listen("tcp", "127.0.0.1:99999"); return err }},
	{id: "net.listen.in_use", err: func() error {
		l, err := net.Listen("tcp", serverAddr)
		if err != nil {
			return err
		}
		defer l.Close()
		_, err = net.Listen("tcp", serverAddr)
		return err
	}},
	{id: "net.splithostport.colons", err: func() error { _, _, err := net.SplitHostPort("10.0.0.1:80:90"); return err }},
	{id: "net.parsecidr", err: func() error { _, _, err := net.ParseCIDR("10.0.0.0/33"); return err }},
	{id: "net.parsemac", err: func() error { _, err := net.ParseMAC("01:23:45"); return err }},
	{id: "netip.parseaddr", err: func() error { _, err := netip.ParseAddr("192.168.1"); return err }},
	{id: "netip.parseaddrport", err: func() error { _, err := netip.ParseAddrPort("192.168.1.1"); return err }},
	{id: "netip.parseprefix", err: func() error { _, err := netip.ParsePrefix("10.0.0.0/40"); return err }},
	{id: "mime.parsemediatype", err: func() error { _, _, err := mime.ParseMediaType("text/html; charset"); return err }},
	{id: "mail.parseaddress", err: func() error { _, err := mail.ParseAddress("bob.example.com"); return err }},
	{id: "net.dial.wrapped", err: func() error {
		if _, err := net.Dial("tcp", "127.0.0.1:1"); err != nil {
			return fmt.Errorf("connect to cache: %w", err)
		}
		return nil
	}},
}
