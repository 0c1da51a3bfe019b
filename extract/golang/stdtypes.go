package golang

import "github.com/errdex/errdex"

// stdType is an error type of the Go standard library as another
// repository constructs it: the type as %T prints it, its struct fields in
// declaration order, and the message its Error method prints, reading the
// fields of receiver stdRecv.
type stdType struct {
	exception string
	fields    []string
	message   errdex.Template
}

// stdRecv is the receiver the messages of stdErrorTypes read.
const stdRecv = "e"

// stdErrorTypes are the error types of the standard library that code
// outside it most often builds itself (return &os.PathError{Op: "open",
// Path: name, Err: err}; &strconv.NumError{fnUnmarshalText, s,
// strconv.ErrSyntax}), by import path and name: Link resolves a literal of
// an imported type from the repository's own code, which a library's
// repository does not hold for the standard library's types. Their
// messages are those of the types' Error methods (io/fs's PathError, os's
// LinkError and SyscallError, strconv's NumError, net/url's Error, os/exec's
// Error); the standard library, indexed as a repository of its own,
// resolves them from its code.
var stdErrorTypes = func() map[[2]string]stdType {
	field := func(name string, typ errdex.HoleType) errdex.Part {
		return errdex.HolePart(name, stdRecv+"."+name, typ)
	}
	errField := errdex.HolePart("Err", stdRecv+".Err.Error()", errdex.HoleError)
	pathError := stdType{
		exception: "*fs.PathError",
		fields:    []string{"Op", "Path", "Err"},
		message: errdex.NewTemplate(field("Op", errdex.HoleStr), errdex.Lit(" "), field("Path", errdex.HolePath),
			errdex.Lit(": "), errField),
	}
	return map[[2]string]stdType{
		{"io/fs", "PathError"}: pathError,
		{"os", "PathError"}:    pathError,
		{"os", "LinkError"}: {
			exception: "*os.LinkError",
			fields:    []string{"Op", "Old", "New", "Err"},
			message: errdex.NewTemplate(field("Op", errdex.HoleStr), errdex.Lit(" "), field("Old", errdex.HolePath),
				errdex.Lit(" "), field("New", errdex.HolePath), errdex.Lit(": "), errField),
		},
		{"os", "SyscallError"}: {
			exception: "*os.SyscallError",
			fields:    []string{"Syscall", "Err"},
			message:   errdex.NewTemplate(field("Syscall", errdex.HoleStr), errdex.Lit(": "), errField),
		},
		{"strconv", "NumError"}: {
			exception: "*strconv.NumError",
			fields:    []string{"Func", "Num", "Err"},
			message: errdex.NewTemplate(errdex.Lit("strconv."), field("Func", errdex.HoleStr), errdex.Lit(": parsing "),
				errdex.HolePart("Num", "Quote("+stdRecv+".Num)", errdex.HoleRepr), errdex.Lit(": "), errField),
		},
		{"net/url", "Error"}: {
			exception: "*url.Error",
			fields:    []string{"Op", "URL", "Err"},
			message: errdex.NewTemplate(field("Op", errdex.HoleStr), errdex.Lit(" "),
				errdex.HolePart("URL", "Quote("+stdRecv+".URL)", errdex.HoleRepr), errdex.Lit(": "), errField),
		},
		{"os/exec", "Error"}: {
			exception: "*exec.Error",
			fields:    []string{"Name", "Err"},
			message: errdex.NewTemplate(errdex.Lit("exec: "), errdex.HolePart("Name", "Quote("+stdRecv+".Name)", errdex.HoleRepr),
				errdex.Lit(": "), errField),
		},
	}
}()

// stdMessages returns the messages of a literal of a standard-library
// error type (see stdErrorTypes) built outside the standard library, with
// the literal's values for the fields, and the type as %T prints it.
func stdMessages(lit Literal) ([]errdex.Template, string, bool) {
	st, ok := stdErrorTypes[[2]string{lit.Import, lit.Type}]
	if !ok || lit.Conversion {
		return nil, "", false
	}
	fields := map[string]LiteralField{}
	for _, f := range lit.Fields {
		switch {
		case f.Name != "":
			fields[f.Name] = f
		case f.Index < len(st.fields):
			fields[st.fields[f.Index]] = f
		}
	}
	return substitute(st.message, stdRecv, false, fields), st.exception, true
}
