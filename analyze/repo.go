package analyze

import (
	"path"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// maxHops bounds the walks along imports, re-exports and base classes,
// which guards against cycles in broken code.
const maxHops = 6

// Repo indexes a repository's extraction result for the analyses: files by
// path and by module name, each file's functions, classes, imports and
// globals by name, and each site's file, function and reads. It is built
// once per run and read-only afterwards.
type Repo struct {
	// Sites are all sites, in the extraction's order (path, line).
	Sites []*errdex.Site
	// Files are the extracted files, sorted by path.
	Files   []*File
	byPath  map[string]*File
	modules map[string][]*File // dotted module name and its suffixes → files
	goPkgs  map[string][]*File // directory → its Go files (see GoPackage)
	sites   map[*errdex.Site]*siteInfo
}

// File is one extracted file with its facts indexed.
type File struct {
	Path     string
	Language string
	Result   *extract.FileResult
	// Facts are the language-neutral facts, nil when the extractor
	// records none.
	Facts *extract.FileFacts
	// Module is the file's dotted module name from its path
	// ("pkg/sub/mod.py" is "pkg.sub.mod", "pkg/__init__.py" is "pkg").
	Module  string
	funcs   map[string]*extract.Function
	classes map[string]*extract.Class
	imports map[string]extract.Import
	globals map[string][]*extract.Assign
}

type siteInfo struct {
	file  *File
	fn    *extract.Function
	reads []string
}

// NewRepo indexes an extraction result.
func NewRepo(res *extract.Result) *Repo {
	r := &Repo{Sites: res.Sites, byPath: map[string]*File{}, modules: map[string][]*File{}, goPkgs: map[string][]*File{},
		sites: make(map[*errdex.Site]*siteInfo, len(res.Sites))}
	for _, fr := range res.Files {
		f := &File{Path: fr.Path, Language: fr.Language, Result: fr, Module: moduleName(fr.Path)}
		f.Facts = fr.Analysis
		f.index()
		r.Files = append(r.Files, f)
		r.byPath[f.Path] = f
		if f.Language == "go" {
			dir := path.Dir(f.Path)
			r.goPkgs[dir] = append(r.goPkgs[dir], f)
		}
		if f.Facts != nil && f.Language != "javascript" && f.Language != "typescript" {
			// JavaScript names modules by relative paths, not
			// dotted names (see importers.countJS).
			for m := f.Module; m != ""; {
				r.modules[m] = append(r.modules[m], f)
				_, rest, ok := strings.Cut(m, ".")
				if !ok {
					break
				}
				m = rest
			}
		}
		for _, s := range fr.Sites {
			r.sites[s] = &siteInfo{file: f}
		}
		if f.Facts != nil {
			for i := range f.Facts.Sites {
				sf := &f.Facts.Sites[i]
				if si := r.sites[sf.Site]; si != nil {
					si.reads = sf.Reads
				}
			}
			for _, s := range fr.Sites {
				r.sites[s].fn = f.enclosing(s)
			}
		}
	}
	return r
}

func (f *File) index() {
	f.funcs, f.classes, f.imports, f.globals = map[string]*extract.Function{}, map[string]*extract.Class{},
		map[string]extract.Import{}, map[string][]*extract.Assign{}
	ff := f.Facts
	if ff == nil {
		return
	}
	for i := range ff.Functions {
		fn := &ff.Functions[i]
		if _, dup := f.funcs[fn.Name]; !dup {
			f.funcs[fn.Name] = fn
		}
		if fn.Name == ModuleFunction {
			for j := range fn.Assigns {
				a := &fn.Assigns[j]
				f.globals[a.Target] = append(f.globals[a.Target], a)
			}
		}
	}
	for i := range ff.Classes {
		c := &ff.Classes[i]
		if _, dup := f.classes[c.Name]; !dup {
			f.classes[c.Name] = c
		}
	}
	for _, imp := range ff.Imports {
		f.imports[imp.Local] = imp
	}
}

// enclosing returns the function a site reports, preferring among
// functions of the same name (a method defined in both branches of an if)
// the one whose lines contain the site.
func (f *File) enclosing(s *errdex.Site) *extract.Function {
	first := f.funcs[s.Function]
	if first == nil || first.Name == ModuleFunction || first.Line <= s.Location.Line && s.Location.Line <= first.EndLine {
		return first
	}
	for i := range f.Facts.Functions {
		fn := &f.Facts.Functions[i]
		if fn.Name == s.Function && fn.Line <= s.Location.Line && s.Location.Line <= fn.EndLine {
			return fn
		}
	}
	return first
}

// ModuleFunction is the name of a file's top level as a function.
const ModuleFunction = "<module>"

// moduleName derives a dotted module name from a path.
func moduleName(p string) string {
	p = strings.TrimSuffix(p, path.Ext(p))
	if path.Base(p) == "__init__" {
		p = path.Dir(p)
		if p == "." {
			return ""
		}
	}
	return strings.ReplaceAll(p, "/", ".")
}

// GoPackage returns the directory of the Go package an import path names,
// or "" when it is not in the repository: the longest tail of the path
// that is a directory of Go files ("net/url" in Go's own tree;
// "internal/db" for "github.com/acme/proj/internal/db" in a module whose
// go.mod says "module github.com/acme/proj").
func (r *Repo) GoPackage(importPath string) string {
	for p := importPath; p != ""; {
		if _, ok := r.goPkgs[p]; ok {
			return p
		}
		_, rest, ok := strings.Cut(p, "/")
		if !ok {
			break
		}
		p = rest
	}
	return ""
}

// GoFiles returns the Go files of the package in directory dir.
func (r *Repo) GoFiles(dir string) []*File { return r.goPkgs[dir] }

// File returns the file at a path, or nil.
func (r *Repo) File(p string) *File { return r.byPath[p] }

// SiteFile returns the file a site is in.
func (r *Repo) SiteFile(s *errdex.Site) *File {
	if si := r.sites[s]; si != nil {
		return si.file
	}
	return nil
}

// SiteFunction returns the facts of a site's enclosing function, nil when
// its extractor records none.
func (r *Repo) SiteFunction(s *errdex.Site) *extract.Function {
	if si := r.sites[s]; si != nil {
		return si.fn
	}
	return nil
}

// SiteReads returns the names a site's statement reads besides its guards.
func (r *Repo) SiteReads(s *errdex.Site) []string {
	if si := r.sites[s]; si != nil {
		return si.reads
	}
	return nil
}

// Function returns a function of the file by its qualified name.
func (f *File) Function(name string) *extract.Function { return f.funcs[name] }

// Class returns a class of the file by its qualified name.
func (f *File) Class(name string) *extract.Class { return f.classes[name] }

// Globals returns the module-level bindings of a name.
func (f *File) Globals(name string) []*extract.Assign { return f.globals[name] }

// Import returns the import that binds a local name.
func (f *File) Import(local string) (extract.Import, bool) {
	imp, ok := f.imports[local]
	return imp, ok
}

// Module finds the file of a module imported from the file from: an
// absolute dotted name, matched against the files' module names and their
// suffixes (a repository may keep its package under src/ or python/), or a
// relative one with leading dots. When several files match, the one under
// from's own import root wins (see below).
func (r *Repo) Module(from *File, module string) *File {
	if strings.HasPrefix(module, ".") {
		dots := len(module) - len(strings.TrimLeft(module, "."))
		dir := path.Dir(from.Path)
		for range dots - 1 {
			dir = path.Dir(dir)
		}
		rest := strings.ReplaceAll(module[dots:], ".", "/")
		base := path.Join(dir, rest)
		if rest == "" {
			base = dir
		}
		for _, cand := range []string{base + ".py", base + "/__init__.py"} {
			if f := r.byPath[cand]; f != nil && f.Facts != nil {
				return f
			}
		}
		return nil
	}
	files := r.modules[module]
	switch len(files) {
	case 0:
		return nil
	case 1:
		return files[0]
	}
	// Several files end in the module's name (tokenize.py and
	// lib2to3/pgen2/tokenize.py both for "tokenize"): each is the module
	// under some import root, the path before its name. The likeliest root
	// is the importer's own: the longest root that is also a prefix of
	// the importer's module; failing that, the shortest root.
	best, bestRoot := (*File)(nil), -1
	for _, f := range files {
		root := strings.TrimSuffix(strings.TrimSuffix(f.Module, module), ".")
		if root != "" && !strings.HasPrefix(from.Module, root+".") {
			continue
		}
		if len(root) > bestRoot {
			best, bestRoot = f, len(root)
		}
	}
	if best != nil {
		return best
	}
	best = files[0]
	for _, f := range files[1:] {
		if len(f.Module) < len(best.Module) {
			best = f
		}
	}
	return best
}

// Def is what a name resolves to: a function or method, a class, or a
// module-level binding, with the file that defines it.
type Def struct {
	File     *File
	Function *extract.Function
	Class    *extract.Class
	Global   *extract.Assign // the last module-level binding of the name
}

// IsZero reports whether the name resolved to nothing.
func (d Def) IsZero() bool { return d.File == nil }

// Resolve resolves a name as written in the file from ("helper",
// "utils.helper", "MetadataBuffers.set_buf", "envs") through the file's own
// definitions and its imports, following re-exports.
func (r *Repo) Resolve(from *File, name string) Def {
	return r.resolve(from, name, 0)
}

func (r *Repo) resolve(f *File, name string, hops int) Def {
	if f == nil || f.Facts == nil || hops > maxHops || name == "" {
		return Def{}
	}
	first, rest, dotted := strings.Cut(name, ".")
	if d := f.local(first, rest, dotted); !d.IsZero() {
		return d
	}
	imp, ok := f.imports[first]
	if !ok {
		return Def{}
	}
	if imp.Name != "" {
		// from module import name [as first]
		if m := r.Module(f, imp.Module); m != nil {
			if d := r.resolve(m, join(imp.Name, rest), hops+1); !d.IsZero() {
				return d
			}
		}
		// from package import submodule
		if m := r.Module(f, join(imp.Module, imp.Name)); m != nil && dotted {
			return r.resolve(m, rest, hops+1)
		}
		return Def{}
	}
	// import a.b.c binds a (import a.b as x binds x): the rest of the
	// name may continue the module path before naming a definition.
	if !dotted {
		return Def{}
	}
	segs := strings.Split(rest, ".")
	for i := len(segs) - 1; i >= 0; i-- {
		if m := r.Module(f, join(imp.Module, strings.Join(segs[:i], "."))); m != nil && m != f {
			return r.resolve(m, strings.Join(segs[i:], "."), hops+1)
		}
	}
	return Def{}
}

func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	case strings.HasSuffix(a, "."):
		return a + b
	}
	return a + "." + b
}

// local resolves first(.rest) among the file's own top-level definitions.
func (f *File) local(first, rest string, dotted bool) Def {
	if c := f.classes[first]; c != nil {
		if !dotted {
			return Def{File: f, Class: c}
		}
		if fn := f.funcs[first+"."+rest]; fn != nil {
			return Def{File: f, Function: fn}
		}
		if c := f.classes[first+"."+rest]; c != nil {
			return Def{File: f, Class: c}
		}
		return Def{}
	}
	if dotted {
		return Def{}
	}
	if fn := f.funcs[first]; fn != nil {
		return Def{File: f, Function: fn}
	}
	if gs := f.globals[first]; len(gs) > 0 {
		return Def{File: f, Global: gs[len(gs)-1]}
	}
	return Def{}
}

// Method finds a method of a class or of its bases, and the file that
// defines it.
func (r *Repo) Method(f *File, class *extract.Class, method string) (*File, *extract.Function) {
	return r.method(f, class, method, 0)
}

func (r *Repo) method(f *File, class *extract.Class, method string, hops int) (*File, *extract.Function) {
	if class == nil || hops > maxHops {
		return nil, nil
	}
	if fn := f.funcs[class.Name+"."+method]; fn != nil {
		return f, fn
	}
	for _, b := range class.Bases {
		if d := r.baseClass(f, class, b); d.Class != nil {
			if bf, fn := r.method(d.File, d.Class, method, hops+1); fn != nil {
				return bf, fn
			}
		}
	}
	return nil, nil
}

// baseClass resolves a base class named in a class definition: a class
// nested in the same scope first, then through the file.
func (r *Repo) baseClass(f *File, class *extract.Class, base string) Def {
	if i := strings.LastIndexByte(class.Name, '.'); i >= 0 {
		if c := f.classes[class.Name[:i]+"."+base]; c != nil {
			return Def{File: f, Class: c}
		}
	}
	d := r.Resolve(f, base)
	if d.Class == class {
		return Def{}
	}
	return d
}

// AttrAssign is an assignment of a receiver attribute in a method.
type AttrAssign struct {
	File   *File
	Method *extract.Function
	Assign *extract.Assign
}

// AttrAssigns returns the assignments of self.attr in the methods of a
// class and of its bases (the nearest class that assigns it), __init__'s
// first, then in source order.
func (r *Repo) AttrAssigns(f *File, class *extract.Class, attr string) []AttrAssign {
	return r.attrAssigns(f, class, attr, 0)
}

func (r *Repo) attrAssigns(f *File, class *extract.Class, attr string, hops int) []AttrAssign {
	if class == nil || hops > maxHops {
		return nil
	}
	var init, other []AttrAssign
	prefix := class.Name + "."
	for i := range f.Facts.Functions {
		fn := &f.Facts.Functions[i]
		if fn.Class != class.Name || !strings.HasPrefix(fn.Name, prefix) || fn.Receiver == "" {
			continue
		}
		target := fn.Receiver + "." + attr
		for j := range fn.Assigns {
			if a := &fn.Assigns[j]; a.Target == target {
				aa := AttrAssign{File: f, Method: fn, Assign: a}
				if fn.Name == prefix+"__init__" {
					init = append(init, aa)
				} else {
					other = append(other, aa)
				}
			}
		}
	}
	if out := append(init, other...); len(out) > 0 {
		return out
	}
	for _, b := range class.Bases {
		if d := r.baseClass(f, class, b); d.Class != nil {
			if out := r.attrAssigns(d.File, d.Class, attr, hops+1); len(out) > 0 {
				return out
			}
		}
	}
	return nil
}

// ClassOf returns the class a method belongs to.
func (f *File) ClassOf(fn *extract.Function) *extract.Class {
	if fn == nil || fn.Class == "" {
		return nil
	}
	return f.classes[fn.Class]
}

// GoGlobals returns the package-level bindings of a name read in a Go
// file, and the file that holds them: a name of the file's own package,
// declared in another of its files ("defaultPort"), or a name of a
// package of the repository the file imports ("config.DefaultPort").
// Go scopes package-level names by directory, not by file.
func (r *Repo) GoGlobals(from *File, name string) (*File, []*extract.Assign) {
	if from == nil || from.Language != "go" || from.Facts == nil {
		return nil, nil
	}
	dir := path.Dir(from.Path)
	if pkg, rest, ok := strings.Cut(name, "."); ok {
		dir = ""
		for _, imp := range from.Facts.AllImports {
			if imp.Local == pkg {
				dir = r.GoPackage(imp.Module)
				break
			}
		}
		if dir == "" || strings.Contains(rest, ".") {
			return nil, nil
		}
		name = rest
	}
	for _, f := range r.goPkgs[dir] {
		if gs := f.Globals(name); len(gs) > 0 {
			return f, gs
		}
	}
	return nil, nil
}

// FieldAssigns returns the bindings of a field of a Go type across the
// files of its package: the fields of keyed literals of the type
// (&Server{port: p}, where constructors set fields), first, then the
// assignments of the receiver's field in the type's methods (s.port = p).
func (r *Repo) FieldAssigns(from *File, typ, field string) []AttrAssign {
	if from == nil || from.Language != "go" || typ == "" {
		return nil
	}
	var lits, methods []AttrAssign
	for _, f := range r.goPkgs[path.Dir(from.Path)] {
		if f.Facts == nil {
			continue
		}
		for i := range f.Facts.Functions {
			fn := &f.Facts.Functions[i]
			target := ""
			if fn.Class == typ && fn.Receiver != "" {
				target = fn.Receiver + "." + field
			}
			for j := range fn.Assigns {
				switch a := &fn.Assigns[j]; {
				case a.Type == typ && a.Target == field:
					lits = append(lits, AttrAssign{File: f, Method: fn, Assign: a})
				case target != "" && a.Type == "" && a.Target == target:
					methods = append(methods, AttrAssign{File: f, Method: fn, Assign: a})
				}
			}
		}
	}
	return append(lits, methods...)
}
