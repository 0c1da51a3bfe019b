package web

import (
	"errors"
	"net/http"

	"github.com/errdex/errdex"
)

// kindStatus is the one table mapping errdex error kinds to HTTP statuses
// and to the stable codes of JSON error bodies. Every error a handler
// returns goes through it (see Server.fail); nothing else picks a status
// for an error.
var kindStatus = map[errdex.ErrorKind]struct {
	status int
	code   string
}{
	errdex.Invalid:     {http.StatusBadRequest, "invalid"},
	errdex.NotFound:    {http.StatusNotFound, "not_found"},
	errdex.TooLarge:    {http.StatusRequestEntityTooLarge, "too_large"},
	errdex.RateLimited: {http.StatusTooManyRequests, "rate_limited"},
	errdex.Unavailable: {http.StatusServiceUnavailable, "unavailable"},
	errdex.Conflict:    {http.StatusConflict, "conflict"},
	errdex.Canceled:    {http.StatusServiceUnavailable, "canceled"},
	errdex.Internal:    {http.StatusInternalServerError, "internal"},
}

// statusOf returns the HTTP status and JSON code of an error.
func statusOf(err error) (int, string) {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		err = errdex.E("web", errdex.TooLarge, err)
	}
	if s, ok := kindStatus[errdex.KindOf(err)]; ok {
		return s.status, s.code
	}
	return http.StatusInternalServerError, "internal"
}

// publicMessage is what a user is told about err: the cause recorded by
// the innermost *errdex.Error, without the chain of operation names, or a
// generic sentence for internal errors, whose details go to the log only.
func publicMessage(err error, status int) string {
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return "the request body is larger than the limit of 1 MiB: paste only the traceback"
	case status >= 500 && status != http.StatusServiceUnavailable:
		return "something went wrong on our side; the problem has been logged"
	case errdex.KindOf(err) == errdex.Canceled:
		return "the request took too long or was canceled; try again"
	}
	msg := err.Error()
	for e := err; e != nil; {
		var de *errdex.Error
		if !errors.As(e, &de) {
			break
		}
		if de.Err == nil {
			msg = de.Kind.String()
			break
		}
		msg = de.Err.Error()
		e = de.Err
	}
	return msg
}

// errorBody is the JSON form of every API error:
//
//	{"error": {"status": 404, "code": "not_found", "message": "..."}}
type errorBody struct {
	Error apiError `json:"error"`
}

type apiError struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Errors the HTTP layer raises itself, outside the errdex vocabulary.
const codeMethodNotAllowed = "method_not_allowed"
