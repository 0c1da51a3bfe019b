package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestURLEncodedForm checks that urlencodedForm reads a search form's q and
// repo as r.PostFormValue does after r.ParseMultipartForm, which searchQuery
// called before.
func TestURLEncodedForm(t *testing.T) {
	for _, body := range []string{
		"",
		"q=",
		"q",
		"q=a+b%20c%0Ad&repo=python%2Fcpython",
		"repo=x&q=first&q=second&repo=y",
		"q=bad%zzescape&q=good",
		"q=semi;colon&q=after",
		"%71=escaped+key&repo=%",
		"&&q=x&&",
		"=v&q==x=y",
		"Q=upper&q=lower",
		"q=" + strings.Repeat("Traceback%20", 40) + "&repo=r",
		"q=" + strings.Repeat("x", MaxBody),
	} {
		newRequest := func() *http.Request {
			r := httptest.NewRequest("POST", "/search", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, MaxBody)
			return r
		}
		want := newRequest()
		_ = want.ParseMultipartForm(MaxBody)
		q, repo := urlencodedForm(newRequest().Body)
		if q != want.PostFormValue("q") || repo != want.PostFormValue("repo") {
			t.Errorf("body %.40q: q %.40q, repo %q; ParseMultipartForm reads q %.40q, repo %q",
				body, q, repo, want.PostFormValue("q"), want.PostFormValue("repo"))
		}
	}
}
