package web

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/errdex/errdex"
)

// TestOpenAPI checks that the OpenAPI document is valid JSON of version
// 3, and that every operation it documents is served: each path, with its
// parameters filled from the fixture, answers its method with neither 404
// "no such route" nor 405.
func TestOpenAPI(t *testing.T) {
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("openapi version %q", doc.OpenAPI)
	}
	env := newTestEnv(t, Config{SearchRate: -1}, minidisagg)
	id := string(env.site(t, minidisagg.name, "minidisagg/utils.py:19").ID)
	fill := strings.NewReplacer("{id}", id, "{slug}", "missing-setting", "{name}", "example/minidisagg")
	var documented []string
	for p, ops := range doc.Paths {
		for method := range ops {
			target := fill.Replace(p)
			if strings.HasSuffix(p, "/search") {
				target += "?q=" + "ValueError"
			}
			rr := do(t, env.srv.Handler(), strings.ToUpper(method), target, strings.NewReader("q=ValueError"), "Content-Type", "application/x-www-form-urlencoded")
			if rr.Code == 405 || (rr.Code == 404 && strings.Contains(rr.Body.String(), "there is no page")) {
				t.Errorf("%s %s is documented but not served: %d", method, p, rr.Code)
			}
			documented = append(documented, strings.ToUpper(method)+" "+p)
		}
	}
	// And every JSON route the server registers is documented.
	for _, want := range []string{
		"GET /api/errors/{id}", "GET /api/search", "POST /api/search", "GET /api/families", "GET /api/families/{slug}",
		"GET /api/repos", "GET /api/repos/{name}", "GET /api/openapi.json", "GET /healthz",
	} {
		if !slices.Contains(documented, want) {
			t.Errorf("%s is not documented", want)
		}
	}
}

// TestOpenAPISiteFields checks that the Site schema documents every field
// of the site JSON contract (errdex.Site's JSON names).
func TestOpenAPISiteFields(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	props := doc.Components.Schemas["Site"].Properties
	typ := reflect.TypeFor[errdex.Site]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		if _, ok := props[name]; !ok {
			t.Errorf("errdex.Site field %q is not in the OpenAPI Site schema", name)
		}
	}
}
