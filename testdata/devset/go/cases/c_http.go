package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
)

// serverAddr is the fixed address of the cases' test servers, so that the
// printed URLs do not change from run to run.
const serverAddr = "127.0.0.1:38473"

// server starts an httptest server on serverAddr.
func server(h http.HandlerFunc) *httptest.Server {
	l, err := net.Listen("tcp", serverAddr)
	if err != nil {
		panic(err)
	}
	s := httptest.NewUnstartedServer(h)
	s.Listener.Close()
	s.Listener = l
	s.Start()
	return s
}

var httpCases = []tcase{
	{id: "http.newrequest.method", err: func() error { _, err := http.NewRequest("GET POST", "http://example.com/", nil); return err }},
	{id: "http.newrequest.url", err: func() error { _, err := http.NewRequest("GET", "http://example.com/%zz", nil); return err }},
	{id: "http.get.scheme", err: func() error { _, err := http.Get("ftp://example.com/file.txt"); return err }},
	{id: "http.get.no_host", err: func() error { _, err := http.Get("http:///api/v1"); return err }},
	{id: "http.get.refused", err: func() error { _, err := http.Get("http://127.0.0.1:1/health"); return err }},
	{id: "http.do.header", err: func() error {
		req, _ := http.NewRequest("GET", "http://"+serverAddr+"/", nil)
		req.Header["X-Request Id"] = []string{"1"}
		_, err := http.DefaultClient.Do(req)
		return err
	}},
	{id: "http.get.redirects", err: func() error {
		s := server(func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
		defer s.Close()
		_, err := http.Get(s.URL + "/start")
		return err
	}},
	{id: "http.get.malformed_response", err: func() error {
		s := server(func(w http.ResponseWriter, r *http.Request) {
			c, buf, _ := w.(http.Hijacker).Hijack()
			buf.WriteString("HTTP/1.1 abc OK\r\n\r\n")
			buf.Flush()
			c.Close()
		})
		defer s.Close()
		_, err := http.Get(s.URL + "/api")
		return err
	}},
	{id: "http.maxbytesreader", err: func() error {
		var got error
		s := server(func(w http.ResponseWriter, r *http.Request) {
			_, got = io.ReadAll(http.MaxBytesReader(w, r.Body, 16))
		})
		defer s.Close()
		resp, err := http.Post(s.URL+"/upload", "text/plain", strings.NewReader(strings.Repeat("x", 64)))
		if err != nil {
			return err
		}
		resp.Body.Close()
		return got
	}},
	{id: "http.readrequest.malformed", err: func() error {
		_, err := http.ReadRequest(bufio.NewReader(strings.NewReader("HELLO\r\n\r\n")))
		return err
	}},
	{id: "http.readresponse.malformed", err: func() error {
		_, err := http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 20x OK\r\n\r\n")), nil)
		return err
	}},
	{id: "http.content_length", err: func() error {
		s := server(func(w http.ResponseWriter, r *http.Request) {})
		defer s.Close()
		req, _ := http.NewRequest("POST", s.URL+"/upload", strings.NewReader("abc"))
		req.ContentLength = 10
		_, err := http.DefaultClient.Do(req)
		return err
	}},
	{id: "http.servemux.conflict", panics: func() {
		mux := http.NewServeMux()
		mux.HandleFunc("GET /items/{id}", func(http.ResponseWriter, *http.Request) {})
		mux.HandleFunc("GET /items/{name}", func(http.ResponseWriter, *http.Request) {})
	}},
	{id: "http.servemux.pattern", panics: func() {
		http.NewServeMux().HandleFunc("GET /items/{id", func(http.ResponseWriter, *http.Request) {})
	}},
	{id: "http.get.wrapped", err: func() error {
		if _, err := http.Get("htp://example.com/api/v1/users"); err != nil {
			return fmt.Errorf("fetch users: %w", err)
		}
		return nil
	}},
}
