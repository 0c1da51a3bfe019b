package java

import (
	"github.com/errdex/errdex/extract/cguard"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// javaLang are the throwables of java.lang, which every file sees by
// their simple names.
var javaLang = setOf("Throwable", "Exception", "Error", "RuntimeException", "IllegalArgumentException",
	"IllegalStateException", "NullPointerException", "UnsupportedOperationException", "IndexOutOfBoundsException",
	"ArrayIndexOutOfBoundsException", "StringIndexOutOfBoundsException", "ClassCastException", "ArithmeticException",
	"NumberFormatException", "ArrayStoreException", "NegativeArraySizeException", "CloneNotSupportedException",
	"InterruptedException", "ReflectiveOperationException", "ClassNotFoundException", "InstantiationException",
	"IllegalAccessException", "NoSuchFieldException", "NoSuchMethodException", "SecurityException",
	"IllegalMonitorStateException", "IllegalThreadStateException", "IllegalCallerException",
	"LayerInstantiationException", "EnumConstantNotPresentException", "TypeNotPresentException",
	"WrongThreadException", "MatchException", "AssertionError", "LinkageError", "ClassFormatError",
	"UnsupportedClassVersionError", "ExceptionInInitializerError", "NoClassDefFoundError", "VirtualMachineError",
	"OutOfMemoryError", "StackOverflowError", "InternalError", "UnknownError", "AbstractMethodError",
	"IncompatibleClassChangeError", "NoSuchFieldError", "NoSuchMethodError", "IllegalAccessError",
	"InstantiationError", "VerifyError", "BootstrapMethodError", "UnsatisfiedLinkError", "ThreadDeath",
	"ClassCircularityError")

// jdkPackages gives the package of common JDK throwables outside
// java.lang, used to qualify a name imported on demand (import java.io.*).
var jdkPackages = func() map[string]string {
	m := map[string]string{}
	for pkg, names := range map[string]string{
		"java.io": "IOException UncheckedIOException FileNotFoundException EOFException InterruptedIOException " +
			"UnsupportedEncodingException NotSerializableException InvalidObjectException ObjectStreamException " +
			"CharConversionException UTFDataFormatException SyncFailedException InvalidClassException StreamCorruptedException",
		"java.util": "NoSuchElementException ConcurrentModificationException MissingResourceException InputMismatchException " +
			"IllegalFormatException EmptyStackException UnknownFormatConversionException MissingFormatArgumentException " +
			"DuplicateFormatFlagsException IllformedLocaleException",
		"java.util.concurrent": "TimeoutException ExecutionException CancellationException RejectedExecutionException " +
			"CompletionException BrokenBarrierException",
		"java.nio.file": "NoSuchFileException FileAlreadyExistsException AccessDeniedException DirectoryNotEmptyException " +
			"NotDirectoryException InvalidPathException FileSystemException NotLinkException FileSystemNotFoundException " +
			"ProviderNotFoundException ClosedWatchServiceException",
		"java.net":             "MalformedURLException URISyntaxException UnknownHostException SocketException SocketTimeoutException ConnectException ProtocolException BindException",
		"java.text":            "ParseException",
		"java.time":            "DateTimeException",
		"java.time.format":     "DateTimeParseException",
		"java.lang.reflect":    "InvocationTargetException UndeclaredThrowableException MalformedParametersException",
		"java.sql":             "SQLException SQLTimeoutException SQLSyntaxErrorException",
		"java.util.regex":      "PatternSyntaxException",
		"java.nio.charset":     "CharacterCodingException MalformedInputException UnmappableCharacterException IllegalCharsetNameException UnsupportedCharsetException",
		"java.security":        "GeneralSecurityException NoSuchAlgorithmException InvalidKeyException SignatureException KeyStoreException",
		"java.nio":             "BufferOverflowException BufferUnderflowException ReadOnlyBufferException InvalidMarkException",
		"java.lang.invoke":     "WrongMethodTypeException",
		"java.util.zip":        "ZipException DataFormatException",
		"java.nio.channels":    "ClosedChannelException",
		"java.lang.annotation": "AnnotationFormatError AnnotationTypeMismatchException IncompleteAnnotationException",
	} {
		for _, n := range strings.Fields(names) {
			m[n] = pkg
		}
	}
	return m
}()

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// thrown describes a thrown value.
type thrown = msgeval.Thrown[*scope]

// run builds the sites of the candidates and the facts of the types.
func (x *fileCtx) run() {
	for _, c := range x.cands {
		switch c.kind {
		case candThrow:
			e := grammar.Operand(c.node)
			if e.IsNull() {
				continue
			}
			x.addSite(c.node, c.sc, x.thrownValue(e, c.sc, 0))
			s := x.sites[len(x.sites)-1]
			u := unwrap(e)
			if u.Kind() == "identifier" {
				made := created(u, c.sc)
				fromCreation(s, made)
				u = syntax.Node{}
				if len(made) == 1 {
					u = made[0] // IOException x = translate(e); throw x;
				}
			}
			if u.Kind() == "method_invocation" {
				if call := x.call(u, c.sc.typ, c.sc); call != nil {
					call.Site = s
					x.facts.Calls = append(x.facts.Calls, call)
				}
			}
		case candAssert:
			var parts []syntax.Node
			for ch := range c.node.NamedChildren() {
				if !ch.Is("line_comment", "block_comment") {
					parts = append(parts, ch)
				}
			}
			if len(parts) < 2 {
				continue
			}
			v := x.eval(parts[1], c.sc, 0)
			x.addSite(c.node, c.sc, thrown{Kind: errdex.KindAssert, Exception: "AssertionError", Msg: v.Alts, Scope: c.sc})
		case candCheck:
			x.checkSite(c)
		case candDeliver:
			t := x.construct(typeName(c.node.Child("type")), args(c.node), c.sc)
			t.Kind = errdex.KindReject
			x.addSite(c.node, c.sc, t)
		case candDeliverCall:
			t := x.thrownValue(c.node, c.sc, 0)
			t.Kind = errdex.KindReject
			x.addSite(c.node, c.sc, t)
			if call := x.call(c.node, c.sc.typ, c.sc); call != nil {
				call.Site = x.sites[len(x.sites)-1]
				x.facts.Calls = append(x.facts.Calls, call)
			}
		}
	}
	x.typeFacts()
	x.callerMessages()
	x.helperFacts()
}

// thrownValue describes the value of a throw statement.
func (x *fileCtx) thrownValue(e syntax.Node, sc *scope, depth int) thrown {
	e = unwrap(e)
	switch e.Kind() {
	case "object_creation_expression":
		return x.construct(typeName(e.Child("type")), args(e), sc)
	case "identifier":
		if depth < 4 {
			if t, ok := x.Throws.Variable(e, sc, depth); ok {
				return t
			}
		}
	case "method_invocation":
		if c := fluentNew(e); !c.IsNull() {
			return x.construct(typeName(c.Child("type")), args(c), sc)
		}
		if depth < 4 && (e.Child("object").IsNull() || e.Child("object").Kind() == "this") {
			if m := x.localMethod(e.Child("name").Text(), len(args(e)), sc); m != nil {
				// A factory of the file: static IllegalArgumentException
				// invalid(String what) { return new ...(...) }.
				bind := func() map[string][]errdex.Template { return x.bindArgs(m, args(e), sc, depth) }
				if t, ok := x.Throws.Factory(returns(m.node), m, depth, bind); ok {
					return t
				}
			}
		}
		// A factory of another class: the first text argument is the
		// best guess at the message.
		for _, a := range args(e) {
			if v := x.eval(a, sc, 1); v.Text && !v.Opaque() {
				return thrown{Kind: errdex.KindThrow, Msg: v.Alts, Scope: sc}
			}
		}
	}
	t := thrown{Kind: errdex.KindRaiseObject, Scope: sc}
	p := x.hole(e)
	p.Type = errdex.HoleError
	t.Msg = []errdex.Template{{Parts: []errdex.Part{p}}}
	if e.Kind() == "identifier" {
		if typ := x.declaredType(e, sc); isThrowableName(typ) {
			t.Exception = typ
		}
	}
	return t
}

// fluentNew returns the construction of a throwable that the chain of
// calls e starts from, or null: a call on a new exception returns that
// exception (throw (IOException) new IOException(m).initCause(e);
// Jackson's return new JsonParseException(this, msg).withRequestPayload(p);).
func fluentNew(e syntax.Node) syntax.Node {
	for e = unwrap(e); e.Kind() == "method_invocation"; {
		e = unwrap(e.Child("object"))
	}
	if e.Kind() != "object_creation_expression" || !isThrowableName(typeName(e.Child("type"))) || !e.Child("body").IsNull() {
		return syntax.Node{}
	}
	return e
}

// created returns what makes the exception a throw of the local name id
// throws: the values of the assignments reaching the throw from before
// it in the same method, when each is a construction or a call (new
// X(...), translate(e)); nil otherwise.
func created(id syntax.Node, sc *scope) []syntax.Node {
	r := msgeval.Reaching(id, sc)
	if !r.Found || r.Param || len(r.Bindings) == 0 {
		return nil
	}
	var out []syntax.Node
	for _, b := range r.Bindings {
		v := unwrap(b.Value)
		if b.Kind != msgeval.BindSet || b.Scope != sc || !v.Is("object_creation_expression", "method_invocation") || v.Index() > id.Index() {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// fromCreation starts the lines of site s at the first of the
// expressions that made its exception: a Java stack trace gives the line
// where an exception is constructed, not where it is thrown (IOException
// x = translate(e); at line 106 and throw x; at line 107).
func fromCreation(s *errdex.Site, made []syntax.Node) {
	for _, v := range made {
		if sp := v.Span(); sp.Line < s.Location.Line {
			s.Location.Line, s.Location.Column = sp.Line, sp.Column
		}
	}
}

// delivered reports whether n, a construction, makes an exception that
// is handed on rather than thrown: an argument of a call or of the
// construction of something other than a throwable, outside any throw
// statement (future.completeExceptionally(new TimeoutException()), return
// new AltResult(new CompletionException(x))). A Java stack trace names
// the line of such a construction as where the error happened.
func delivered(n syntax.Node) bool {
	if !isThrowableName(typeName(n.Child("type"))) || !n.Child("body").IsNull() {
		return false
	}
	arg := n
	for p := n.Parent(); p.Is("parenthesized_expression", "cast_expression", "ternary_expression"); p = p.Parent() {
		if p.Kind() == "ternary_expression" && p.Child("condition").Index() == arg.Index() {
			return false
		}
		arg = p // a branch: new AltResult(x != null ? x : new CompletionException(e))
	}
	if arg.Parent().Kind() != "argument_list" {
		return false
	}
	if call := arg.Parent().Parent(); call.Kind() == "object_creation_expression" && isThrowableName(typeName(call.Child("type"))) {
		return false // a cause: new X("m", new Y())
	}
	for p := n.Parent(); !p.IsNull(); p = p.Parent() {
		switch p.Kind() {
		case "throw_statement":
			return false
		case "method_declaration", "constructor_declaration", "lambda_expression", "class_body", "program":
			return true
		}
	}
	return true
}

// deliveredFactory reports whether call n is a factory of a throwable
// class, the class's static method that makes one (Class.create(...),
// Class.from(...)), handed on as delivered says of new X(...) rather
// than thrown: picocli's maybeThrow(MissingParameterException.create(
// CommandLine.this, required, separator)).
func deliveredFactory(n syntax.Node) bool {
	obj := unwrap(n.Child("object"))
	if !obj.Is("identifier", "scoped_identifier", "field_access") {
		return false
	}
	name := msgeval.Compact(obj.Text())
	if !isThrowableName(name[strings.LastIndexByte(name, '.')+1:]) {
		return false
	}
	arg := n
	for p := n.Parent(); p.Is("parenthesized_expression", "cast_expression"); p = p.Parent() {
		arg = p
	}
	if arg.Parent().Kind() != "argument_list" {
		return false
	}
	if call := arg.Parent().Parent(); call.Kind() == "object_creation_expression" && isThrowableName(typeName(call.Child("type"))) {
		return false // a cause
	}
	for p := n.Parent(); !p.IsNull(); p = p.Parent() {
		switch p.Kind() {
		case "throw_statement", "return_statement":
			return false
		case "method_declaration", "constructor_declaration", "lambda_expression", "class_body", "program":
			return true
		}
	}
	return true
}

// typeName is a type's name without type arguments or annotations.
func typeName(t syntax.Node) string {
	switch t.Kind() {
	case "generic_type":
		for c := range t.NamedChildren() {
			if c.Is("type_identifier", "scoped_type_identifier") {
				return msgeval.Compact(c.Text())
			}
		}
	case "annotated_type":
		for c := range t.NamedChildren() {
			if !c.Is("marker_annotation", "annotation") {
				return typeName(c)
			}
		}
	}
	return msgeval.Compact(t.Text())
}

// isNumber reports whether a declared type is a number.
func isNumber(t string) bool {
	h := typeHole(t)
	return h == errdex.HoleInt || h == errdex.HoleFloat
}

// isThrowableName reports whether a type's name says it is a throwable.
func isThrowableName(t string) bool {
	return strings.HasSuffix(t, "Exception") || strings.HasSuffix(t, "Error") || strings.HasSuffix(t, "Throwable")
}

// construct describes new C(args): the message a JDK throwable takes from
// its arguments (a String message first; a lone Throwable cause gives the
// cause's toString()); Link replaces it for classes of the repository.
func (x *fileCtx) construct(name string, as []syntax.Node, sc *scope) thrown {
	t := thrown{Kind: errdex.KindThrow, Exception: name, Scope: sc, Ctor: name, Args: as}
	t.Msg = x.throwableMessage(name, as, sc)
	return t
}

// indexMessages are the texts the JDK's index exceptions put before the
// lone int or long index they are constructed with.
var indexMessages = map[string]string{
	"java.lang.IndexOutOfBoundsException":       "Index out of range: ",
	"java.lang.StringIndexOutOfBoundsException": "String index out of range: ",
	"java.lang.ArrayIndexOutOfBoundsException":  "Array index out of range: ",
}

// throwableMessage is the message Throwable's constructors take from
// their arguments, or the message one of the JDK's index exceptions
// (indexMessages) builds from an index.
func (x *fileCtx) throwableMessage(name string, as []syntax.Node, sc *scope) []errdex.Template {
	if len(as) == 0 {
		return []errdex.Template{{}}
	}
	v := x.eval(as[0], sc, 0)
	typ := x.argType(as[0], v, sc)
	if prefix, ok := indexMessages[x.qualify(name)]; ok && len(as) == 1 && typ == "number" {
		return rules.Concat(msgeval.Lit(prefix), v).Alts // new StringIndexOutOfBoundsException(index)
	}
	if typ == "Throwable" {
		p := x.hole(as[0])
		p.Type = errdex.HoleError
		return []errdex.Template{{Parts: []errdex.Part{p}}}
	}
	if u := unwrap(as[0]); u.Kind() == "null_literal" {
		return []errdex.Template{{}}
	}
	return v.Alts
}

// argType classifies an argument as "String", "Throwable", "number" or
// "".
func (x *fileCtx) argType(a syntax.Node, v msgeval.Value, sc *scope) string {
	if v.Text {
		return "String"
	}
	if t := castType(a); t != "" {
		return t // new ExecutionException((Throwable) outcome)
	}
	a = unwrap(a)
	if numeric(a) {
		return "number"
	}
	switch a.Kind() {
	case "identifier":
		t := x.declaredType(a, sc)
		switch {
		case t == "String":
			return "String"
		case isThrowableName(t):
			return "Throwable"
		case isNumber(t):
			return "number"
		}
		r := msgeval.Reaching(a, sc)
		if len(r.Bindings) == 1 && r.Bindings[0].Kind == msgeval.BindCaught {
			return "Throwable"
		}
	case "method_invocation":
		switch a.Child("name").Text() {
		case "getMessage", "getLocalizedMessage", "toString", "format", "formatted", "name":
			return "String"
		case "getCause":
			return "Throwable"
		}
	case "object_creation_expression":
		if isThrowableName(typeName(a.Child("type"))) {
			return "Throwable"
		}
	}
	return ""
}

// checkSite builds the site of a checking call with a message.
func (x *fileCtx) checkSite(c candidate) {
	owner, method := c.check[:strings.LastIndexByte(c.check, '.')], c.check[strings.LastIndexByte(c.check, '.')+1:]
	info := checks[owner][method]
	as := args(c.node)
	if info.msgArg >= len(as) {
		return // no message: the exception has none
	}
	msg := as[info.msgArg]
	var v msgeval.Value
	switch {
	case info.lenient:
		v = x.lenient(as[info.msgArg:], c.sc, 0)
	case unwrap(msg).Kind() == "lambda_expression":
		// requireNonNull(x, () -> "message"): the supplier's value.
		body := unwrap(msg).Child("body")
		if body.Kind() == "block" {
			return
		}
		v = x.eval(body, x.scopeOf[unwrap(msg).Index()], 0)
	default:
		v = x.eval(msg, c.sc, 0)
	}
	x.addSite(c.node, c.sc, thrown{Kind: errdex.KindCheckMacro, Exception: info.exception, Msg: v.Alts, Scope: c.sc})
	s := x.sites[len(x.sites)-1]
	s.ExceptionQualified = info.qualified
}

// addSite records the site of node.
func (x *fileCtx) addSite(node syntax.Node, sc *scope, t thrown) {
	s := t.Site("java", x.path, sc.function(), node)
	s.Guards = cguard.Guards(node, cguard.Java)
	if t.Exception != "" {
		s.ExceptionQualified = x.qualify(t.Exception)
		if s.ExceptionQualified == "" {
			x.facts.Unqualified = append(x.facts.Unqualified, s)
		}
	}
	x.sites = append(x.sites, s)
	x.siteScopes = append(x.siteScopes, sc)
	var f *Format
	switch e := unwrap(node.NamedChild(0)); {
	case t.Ctor != "" && t.Scope == sc:
		f = x.paramFormat(sc, t.Args) // throw new X(String.format(message, values))
	case node.Kind() == "throw_statement" && e.Kind() == "method_invocation" && sc.method() != nil:
		f = x.paramFormat(sc, args(e)) // throw error(String.format(message, values))
	}
	x.siteFormats = append(x.siteFormats, f)
	if c := t.Construction(s, x.arg); c != nil {
		x.facts.Throws = append(x.facts.Throws, c)
	}
}

// arg records a call argument for Link.
func (x *fileCtx) arg(a syntax.Node, sc *scope) Arg {
	if unwrap(a).Kind() == "null_literal" {
		// No message: super((String) null) leaves getMessage() null,
		// which toString() leaves out, rather than the text "null".
		return Arg{Expr: rules.Expr(a.Text()), Alts: []errdex.Template{{}}, Type: castType(a)}
	}
	v := x.eval(a, sc, 1)
	return Arg{Expr: rules.Expr(a.Text()), Alts: notNull(v.Alts), Type: x.argType(a, v, sc)}
}

// notNull drops the alternatives of an argument that are the null
// literal (String a = file == null ? null : file.path()), when it has
// others: the code it is passed to tests for null (if (file != null)
// sb.append(file)), and where it does not, a hole shows "null" as well.
func notNull(alts []errdex.Template) []errdex.Template {
	var out []errdex.Template
	for _, t := range alts {
		if len(t.Parts) != 1 || t.Parts[0].IsHole() || t.Parts[0].Text != "null" {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return alts
	}
	return out
}

// castType classifies the type an argument is cast to, as argType does
// ((String) null is a String), or "".
func castType(a syntax.Node) string {
	for a.Kind() == "parenthesized_expression" {
		a = a.NamedChild(0)
	}
	if a.Kind() != "cast_expression" {
		return ""
	}
	switch t := typeName(a.Child("type")); {
	case t == "String" || t == "java.lang.String":
		return "String"
	case isThrowableName(t):
		return "Throwable"
	}
	return ""
}

// qualify returns the qualified (binary) name of a type named in the
// file, or "" when only Link can tell (a type of the same package, a name
// imported on demand).
func (x *fileCtx) qualify(written string) string {
	head, rest, dotted := strings.Cut(written, ".")
	if t := x.localType(written); t != nil {
		return t.binary
	}
	if q, ok := x.imports[head]; ok {
		if dotted {
			return q + "$" + strings.ReplaceAll(rest, ".", "$")
		}
		return q
	}
	if t := x.localType(head); t != nil && dotted {
		return t.binary + "$" + strings.ReplaceAll(rest, ".", "$")
	}
	if dotted && head != "" && head[0] >= 'a' && head[0] <= 'z' {
		return written // already qualified: java.io.IOException
	}
	if javaLang[written] {
		return "java.lang." + written
	}
	return ""
}
