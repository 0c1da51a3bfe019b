package main

import (
	htmltemplate "html/template"
	"io"
	"text/template"
)

type page struct {
	Title string
	User  *account
}

type account struct{ Name string }

var templateCases = []tcase{
	{id: "template.parse.bad_char", err: func() error { _, err := template.New("page").Parse("<h1>{{.Title</h1>"); return err }},
	{id: "template.parse.unclosed", err: func() error { _, err := template.New("page").Parse("<h1>{{.Title"); return err }},
	{id: "template.parse.function", err: func() error { _, err := template.New("page").Parse("{{.Title | upper}}"); return err }},
	{id: "template.parse.unexpected_end", err: func() error { _, err := template.New("page").Parse("{{.Title}}{{end}}"); return err }},
	{id: "template.parse.unterminated_quote", err: func() error { _, err := template.New("page").Parse(`{{printf "%s .Title}}`); return err }},
	{id: "template.exec.field", err: func() error {
		t := template.Must(template.New("page").Parse("<h1>{{.Heading}}</h1>"))
		return t.Execute(io.Discard, page{Title: "x"})
	}},
	{id: "template.exec.nil_pointer", err: func() error {
		t := template.Must(template.New("page").Parse("Hello {{.User.Name}}"))
		return t.Execute(io.Discard, page{})
	}},
	{id: "template.exec.no_template", err: func() error {
		t := template.Must(template.New("page").Parse("x"))
		return t.ExecuteTemplate(io.Discard, "footer", nil)
	}},
	{id: "template.exec.index", err: func() error {
		t := template.Must(template.New("page").Parse("{{index .Items 5}}"))
		return t.Execute(io.Discard, map[string]any{"Items": []int{1, 2}})
	}},
	{id: "template.exec.args", err: func() error {
		t := template.Must(template.New("page").Parse(`{{printf}}{{len 3}}`))
		return t.Execute(io.Discard, nil)
	}},
	{id: "template.must", panics: func() { template.Must(template.New("page").Parse("{{if .Title}}x")) }},
	{id: "htmltemplate.exec.ambiguous", err: func() error {
		t := htmltemplate.Must(htmltemplate.New("page").Parse(`<a href="{{if .}}/path/{{else}}/search?q={{end}}{{.}}">`))
		return t.Execute(io.Discard, "x")
	}},
	{id: "htmltemplate.exec.incomplete", err: func() error {
		t := htmltemplate.Must(htmltemplate.New("page").Parse(`<script>var x = "{{.}}`))
		return t.Execute(io.Discard, "x")
	}},
}
