package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// browser starts headless Chromium for a test, or skips the test when it
// is not installed — unless ERRDEX_REQUIRE_BROWSER=1 (set by
// scripts/test.sh and CI), which turns a missing browser into a failure.
// The returned watcher records JavaScript dialogs (an alert from injected
// script) and console errors (Content-Security-Policy violations).
func browser(t *testing.T) (context.Context, *watcher) {
	t.Helper()
	exe := os.Getenv("ERRDEX_CHROMIUM")
	if exe == "" {
		exe = "/usr/bin/chromium"
	}
	if _, err := os.Stat(exe); err != nil {
		if os.Getenv("ERRDEX_REQUIRE_BROWSER") == "1" {
			t.Fatalf("Chromium is required (ERRDEX_REQUIRE_BROWSER=1) but %s is missing: %v", exe, err)
		}
		t.Skipf("Chromium not found at %s (set ERRDEX_CHROMIUM); skipping the browser test", exe)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		// Chromium puts its singleton socket's directory under TMPDIR and
		// leaves it behind when killed: keep it in the test's own.
		chromedp.Env("TMPDIR="+t.TempDir()),
		chromedp.WindowSize(1200, 900),
	)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	w := &watcher{}
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	entries := chromedp.Events(ctx, log.EntryAdded)
	if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			w.add("dialog: " + ev.Message)
			_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{})
		}
	}()
	go func() {
		for ev, err := range entries {
			if err != nil {
				return
			}
			if ev.Entry != nil && ev.Entry.Level == log.EntryLevelError {
				w.add("console: " + ev.Entry.Text)
			}
		}
	}()
	return ctx, w
}

type watcher struct {
	mu     sync.Mutex
	events []string
}

func (w *watcher) add(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.events = append(w.events, s)
}

func (w *watcher) check(t *testing.T) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, e := range w.events {
		t.Errorf("browser reported %s", e)
	}
	w.events = nil
}

// screenshotDir is where browser tests save their screenshots:
// $ERRDEX_SCREENSHOT_DIR, or errdex-web-screenshots in the temp directory.
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ERRDEX_SCREENSHOT_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "errdex-web-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(screenshotDir(t), name+".png")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// TestBrowserSearch pastes a real Python traceback into the home page's
// search box, submits it, and checks the error page it lands on: the URL,
// the values, the sections in order, and the highlighted raise lines.
func TestBrowserSearch(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg, xssRepo)
	ts := httptest.NewServer(env.srv.Handler())
	defer ts.Close()
	ctx, w := browser(t)
	capacity := env.site(t, minidisagg.name, "minidisagg/utils.py:25")

	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("q")),
		chromedp.SetValue(chromedp.ID("q"), readTestdata(t, "tracebacks/mask-capacity.txt")),
	); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "home")
	resp, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`form.search-form button[type="submit"]`)))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != 200 {
		t.Fatalf("error page status %d", resp.Status)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(loc)
	if !strings.HasPrefix(u.Path, "/errors/"+string(capacity.ID)+"/") || u.Query()["v"] == nil {
		t.Fatalf("landed on %s, want the page of %s with values", loc, capacity.ID)
	}

	message := eval[string](t, ctx, `document.querySelector("pre.message").textContent`)
	if want := "Sampling mask length 2048 exceeds disaggregation metadata capacity 1024; raise DISAGG_SAMPLING_MASK_MAX_TOKENS."; message != want {
		t.Errorf("message %q, want %q", message, want)
	}
	marks := eval[[]string](t, ctx, `[...document.querySelectorAll("pre.message mark")].map(m => m.title + "=" + m.textContent)`)
	if strings.Join(marks, " ") != "mask_len=2048 max_mask_len=1024" {
		t.Errorf("filled values %v", marks)
	}
	sections := eval[[]string](t, ctx, `[...document.querySelectorAll("article h2")].map(h => h.firstChild.textContent.trim())`)
	if want := "Error message|What it means|How to fix|When it happens|Source|Failure family|Related errors"; strings.Join(sections, "|") != want {
		t.Errorf("sections %q, want %q", strings.Join(sections, "|"), want)
	}
	marked := eval[[]string](t, ctx, `[...document.querySelectorAll("pre.snippet .line.mark .ln")].map(n => n.textContent)`)
	if strings.Join(marked, ",") != "25,26,27,28" {
		t.Errorf("marked lines %v, want 25-28", marked)
	}
	// The raise keyword is highlighted as a keyword, and the marked lines
	// look different from the others.
	kw := eval[string](t, ctx, `(() => { const k = document.querySelector("pre.snippet .line.mark .cl .k"); return k ? k.textContent + " " + getComputedStyle(k).color : ""; })()`)
	if !strings.HasPrefix(kw, "raise rgb(") {
		t.Errorf("raise keyword not highlighted: %q", kw)
	}
	bgMark := eval[string](t, ctx, `getComputedStyle(document.querySelector("pre.snippet .line.mark")).backgroundColor`)
	bgLine := eval[string](t, ctx, `getComputedStyle(document.querySelector("pre.snippet .line:not(.mark)")).backgroundColor`)
	if bgMark == bgLine {
		t.Errorf("marked lines have the background of other lines (%s)", bgMark)
	}
	// No horizontal scrolling on a phone.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	if wide := eval[bool](t, ctx, `document.documentElement.scrollWidth > window.innerWidth`); wide {
		t.Error("the error page scrolls sideways on a phone")
	}
	screenshot(t, ctx, "error-page-phone")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1200, 900)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "error-page")

	// The same message raised in two places gives a ranked list.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/search"),
		chromedp.SetValue(chromedp.ID("q"), disabledMsg),
	); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`form.search-form button[type="submit"]`))); err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("ol.results > li").length`); n != 2 {
		t.Errorf("%d results, want 2", n)
	}
	screenshot(t, ctx, "search-results")
	w.check(t)
}

// TestBrowserHostile opens the pages of the hostile repository in the
// browser: no script may run (an alert would open a dialog), and the
// Content-Security-Policy must not have to block anything either.
func TestBrowserHostile(t *testing.T) {
	env := newTestEnv(t, Config{}, xssRepo)
	ts := httptest.NewServer(env.srv.Handler())
	defer ts.Close()
	ctx, w := browser(t)
	msg := env.site(t, xssRepo.name, hostileName+":7")
	hole := env.site(t, xssRepo.name, hostileName+":13")
	for _, p := range []string{
		"/",
		"/errors/" + string(msg.ID),
		"/errors/" + string(hole.ID) + "?v=" + url.QueryEscape(`x=<img src=x onerror=alert('xss-value')>`),
		env.srv.paths.repo(xssRepo.name),
		env.srv.paths.repoFile(xssRepo.name, hostileName),
		"/families/xss-family",
		"/search?q=" + url.QueryEscape("<script>alert('xss-query')</script>"),
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+p), chromedp.WaitReady(chromedp.CSS("footer.site-footer"))); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		n := eval[int](t, ctx, `document.querySelectorAll("script:not([src]), [onerror], [onload], [onclick], iframe, a[href^='javascript:' i]").length`)
		if n != 0 {
			t.Errorf("%s: %d live hostile elements", p, n)
		}
	}
	screenshot(t, ctx, "hostile")
	w.check(t)
}

// TestBrowserStaticSearch exports the site and searches it in the
// browser, with no errdex server: the client-side index must find exact
// messages, redirect to a single match and list several.
func TestBrowserStaticSearch(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	dir := t.TempDir()
	if _, err := Export(context.Background(), Config{Store: env.store}, dir, ExportOptions{Overwrite: true}); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer ts.Close()
	ctx, w := browser(t)
	staging := env.site(t, minidisagg.name, "minidisagg/staging.py:10")

	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.SetValue(chromedp.ID("q"), "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nValueError: "+stagingMsg),
	); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`form.search-form button[type="submit"]`))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("article.error-page"))); err != nil {
		t.Fatal(err)
	}
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(loc, "/errors/"+string(staging.ID)+"/") {
		t.Errorf("static search landed on %s, want the page of %s", loc, staging.ID)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/search/?q="+url.QueryEscape(disabledMsg)),
		chromedp.WaitVisible(chromedp.CSS("#static-results ol.results")),
	); err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#static-results ol.results > li").length`); n != 2 {
		t.Errorf("%d static results, want 2", n)
	}
	screenshot(t, ctx, "static-search")
	w.check(t)
}
