package family

// The taxonomy: the families in a fixed order (the fam* constants index
// families, wordWeights and the scores), the phrases that point to each,
// and the exception types that do. Weights: about 4 for evidence that
// alone settles the family ("no such file", FileNotFoundError), 2–3 for
// strong evidence, 1 or less for hints that only count together.

const (
	famSetting = iota
	famOption
	famRange
	famType
	famShape
	famPlatform
	famNotImpl
	famDependency
	famFile
	famParse
	famLimit
	famState
	famVersion
	famNotFound
	famPermission
	famNetwork
	famDeprecated
	famValue
	famMissing
	famEncoding
	famConcurrency
	famInvariant
	famExists
	famIO
	famOther
	numFamilies
)

var families = []*Family{
	famSetting: {
		Slug: "missing-setting", Name: "Missing or disabled setting",
		Background: "The code depends on a setting supplied from outside it (an environment variable, a command-line flag, a configuration field) and stops because the setting is absent, zero or turned off. The check usually sits far from the place where the setting is read, often at start-up in a different module, so the message is the only link between the symptom and the variable that controls it. Defaults are chosen to be safe, which means a feature stays off until someone sets its variable explicitly.",
		Gist:       "a setting the code depends on is missing, zero or turned off",
		Playbook: []string{
			"Set the environment variable, flag or configuration field that the check depends on before the process starts, and restart it.",
			"Make sure every process of the deployment (each server, worker or node) is started with the same settings.",
		},
		SettingSteps: 1,
		Situations: []string{
			"a deployment started without the variable, so the default applies",
			"a feature was enabled on one side of a multi-process setup but not on the other",
		},
	},
	famOption: {
		Slug: "unsupported-option", Name: "Unsupported option or combination",
		Background: "The caller asked for an option, mode or combination of options that the code does not handle. Libraries reject these explicitly rather than silently ignoring one of the options, so the message usually names the option or the pair that conflicts. Support often depends on the release: a combination rejected in one version may be accepted in a later one.",
		Gist:       "an option, mode or combination of options is not supported here",
		Playbook: []string{
			"Drop one of the conflicting options, or choose a value that the code supports.",
			"Check the documentation of the release you run: supported combinations change between versions.",
		},
		Situations: []string{
			"two features were enabled together that the code does not support together",
			"a configuration written for another version or backend was reused",
		},
	},
	famRange: {
		Slug: "out-of-range", Name: "Value out of range",
		Background: "A number or an index is outside the bounds the code accepts: negative where only positive values make sense, past the end of a sequence, above a documented maximum. The check protects later arithmetic or indexing, so the value at fault is often computed from other inputs rather than passed directly.",
		Gist:       "a number or an index is outside the range the code accepts",
		Playbook: []string{
			"Pass a value within the bounds the check enforces.",
			"If the value is computed, print it just before the call to see where it leaves the range.",
		},
		Situations: []string{
			"a size, count or index computed from other inputs came out negative, zero or too large",
			"an off-by-one error in the caller",
		},
	},
	famType: {
		Slug: "wrong-type", Name: "Wrong type",
		Background: "A value of the wrong type reached code that needs a specific type: a string where a number was expected, None, nil or null where an object was expected, a list instead of a mapping. In dynamically typed languages this check is the first place the mistake becomes visible, often far from where the wrong value was created.",
		Gist:       "a value of the wrong type was passed",
		Playbook: []string{
			"Convert the value to the expected type before the call.",
			"Check what the caller actually passes: an absent value (None, nil, null), a string read from a file or the environment, or a wrapper object.",
		},
		Situations: []string{
			"a value read from text (a file, an environment variable, a command line) was not converted",
			"an optional value was absent (None, nil or null)",
		},
	},
	famShape: {
		Slug: "shape-mismatch", Name: "Shape or size mismatch",
		Background: "Two inputs that must agree in length, shape or number of dimensions do not. Array, tensor and table libraries check this before combining inputs, because a mismatch would otherwise produce wrong results or an out-of-bounds access. The message usually prints both shapes, which shows which side is off.",
		Gist:       "inputs that must agree in size, shape or dimensions do not",
		Playbook: []string{
			"Print the shapes or lengths of the inputs just before the call and make them agree.",
			"Check the axis or dimension arguments and any reshaping or batching upstream.",
		},
		Situations: []string{
			"data batched or padded differently from what the model or function expects",
			"a transposed or flattened input",
		},
	},
	famPlatform: {
		Slug: "unsupported-platform", Name: "Unsupported platform, device, backend or data type",
		Background: "The operation is not available for the platform, device, backend or data type in use: a CPU-only build asked for a GPU kernel, a data type the hardware lacks, an operating system feature missing on another system. The code checks early so that the failure names the missing capability instead of crashing inside it.",
		Gist:       "the operation is not available on this platform, device, backend or data type",
		Playbook: []string{
			"Run on a supported platform, device or backend, or choose a data type the operation supports.",
			"Check whether another build or package variant of the library supports your platform.",
		},
		Situations: []string{
			"code developed on one platform or device run on another",
			"a build of the library compiled without the needed backend",
		},
	},
	famNotImpl: {
		Slug: "not-implemented", Name: "Not implemented",
		Background: "The code path exists as a placeholder: an abstract method that subclasses must override, a feature that is planned but not written, or a case deliberately left out. The error is raised on purpose, so the fix is not in the inputs but in choosing a path that is implemented, or implementing it.",
		Gist:       "this code path is not implemented",
		Playbook: []string{
			"Use another method, option or class that implements this operation.",
			"If it is an abstract method, implement it in your subclass.",
		},
		Situations: []string{
			"calling a base-class method that a subclass was meant to override",
			"using a feature on a backend or type that has not got it yet",
		},
	},
	famDependency: {
		Slug: "missing-dependency", Name: "Missing optional dependency",
		Background: "A feature needs a package, module or native library that is not installed or could not be loaded. Libraries keep heavy or platform-specific dependencies optional and import them only when the feature is used, so the error appears at first use rather than at install time.",
		Gist:       "a package or library this feature needs is not installed or cannot be loaded",
		Playbook: []string{
			"Install the missing package in the same environment that runs the code (the message usually names it).",
			"Check that the installed version is one the library supports.",
		},
		Situations: []string{
			"an optional extra was not installed",
			"the code runs in a different environment than the one the package was installed into",
		},
	},
	famFile: {
		Slug: "file-path", Name: "File or path problem",
		Background: "A file or directory is missing, is of the wrong kind (a directory where a file was expected), or its path is malformed. Paths are usually resolved against the process's working directory, so the same command can work from one directory and fail from another.",
		Gist:       "a file or directory is missing, of the wrong kind, or its path is wrong",
		Playbook: []string{
			"Check that the path exists and is of the expected kind, relative to the process's working directory.",
			"Create the file or directory first, or pass an absolute path.",
		},
		Situations: []string{
			"a relative path used from another working directory",
			"a file that another step was expected to create",
		},
	},
	famParse: {
		Slug: "parse-error", Name: "Malformed input",
		Background: "Input text or data does not follow the format the parser expects: invalid syntax, an unexpected token, a number that cannot be converted. Parsers stop at the first problem and usually report its position, which is the place to look in the input.",
		Gist:       "the input does not follow the expected format",
		Playbook: []string{
			"Check the input at the position the message gives against the expected format.",
			"Look for truncated files, another format version, or text in an unexpected encoding.",
		},
		Situations: []string{
			"a file written by another tool or version",
			"user input passed to a parser without validation",
		},
	},
	famLimit: {
		Slug: "limit-exceeded", Name: "Capacity or limit exceeded",
		Background: "A size, count or depth went over a limit: a buffer's capacity, a maximum length, a recursion depth, a quota, the available memory. Limits exist to bound resource use; some are configurable, others are fixed by the format or the hardware.",
		Gist:       "a size, count or depth went over a limit",
		Playbook: []string{
			"Reduce the size of the input or request, or raise the limit if it is configurable.",
			"Split the work into smaller pieces.",
		},
		Situations: []string{
			"an input much larger than the ones the deployment was sized for",
			"a limit configured for one workload reused for another",
		},
	},
	famState: {
		Slug: "invalid-state", Name: "Invalid state or lifecycle",
		Background: "An operation was called at the wrong point of an object's life: before it was initialised or started, after it was closed, or twice where once is allowed. The inputs may be fine; the order of calls is not.",
		Gist:       "an operation was called at the wrong point of an object's life",
		Playbook: []string{
			"Call the operations in the required order: initialise or open before use, nothing after close.",
			"Look for objects shared between threads or tasks, or reused after being closed.",
		},
		Situations: []string{
			"a resource used after it was closed or shut down",
			"a setup step skipped or run twice",
		},
	},
	famVersion: {
		Slug: "version-mismatch", Name: "Version incompatibility",
		Background: "Two components that must match do not: the language runtime, a library, a file format or a protocol is older or newer than the code supports. Version checks turn what would be obscure failures later into an explicit message naming the versions involved.",
		Gist:       "a component is older or newer than the code supports",
		Playbook: []string{
			"Install versions that are compatible with each other (see the library's requirements).",
			"Upgrade or downgrade the component the message names.",
		},
		Situations: []string{
			"an upgrade of one package without its dependents",
			"data written by another version of the software",
		},
	},
	famNotFound: {
		Slug: "not-found", Name: "Key or name not found",
		Background: "A lookup failed: a key missing from a mapping, a name that is not registered, an attribute or item that does not exist. The name asked for is usually in the message; the question is why it is not among the known ones, often a typo, a missing registration or an object of another kind than expected.",
		Gist:       "a key, name or item that was looked up does not exist",
		Playbook: []string{
			"Check the spelling of the name and list the ones that exist at this point.",
			"Make sure the item is registered, created or loaded before it is looked up.",
		},
		Situations: []string{
			"a typo in a name or key",
			"a plugin, model or entry that was never registered",
		},
	},
	famPermission: {
		Slug: "permission-denied", Name: "Permission or authentication",
		Background: "The operation was refused for lack of rights: file permissions, an operating system privilege, missing or invalid credentials, a token without the needed scope. The same code works for another user or with other credentials.",
		Gist:       "the operation was refused for lack of permission or valid credentials",
		Playbook: []string{
			"Check the permissions of the file or resource and the user the process runs as.",
			"Check the credentials or token and their scopes.",
		},
		Situations: []string{
			"running as a user without access to the file or device",
			"expired or missing credentials",
		},
	},
	famNetwork: {
		Slug: "network-timeout", Name: "Timeout or network failure",
		Background: "A connection could not be made or an operation did not finish in time: a host that is unreachable, a refused or reset connection, a name that does not resolve, a deadline passed. These failures depend on the environment more than on the code, and are often transient.",
		Gist:       "a connection failed or an operation did not finish in time",
		Playbook: []string{
			"Check that the remote service is reachable from this machine (host, port, firewall, DNS).",
			"Raise the timeout if the operation is legitimately slow, and retry transient failures.",
		},
		Situations: []string{
			"a service that is down or still starting",
			"a firewall, proxy or DNS difference between environments",
		},
	},
	famDeprecated: {
		Slug: "deprecated", Name: "Deprecated or removed option",
		Background: "The code uses an option, argument or function that was deprecated or has been removed. Libraries keep such checks for a while to point users at the replacement, which the message often names.",
		Gist:       "something the caller uses was deprecated or removed",
		Playbook: []string{
			"Replace the deprecated option with the one the message or the changelog recommends.",
			"Pin the older release until the code is migrated.",
		},
		Situations: []string{
			"code written for an older release of the library",
			"a configuration file carried over an upgrade",
		},
	},
	famValue: {
		Slug: "invalid-value", Name: "Invalid value",
		Background: "An argument has an acceptable type but a value the code rejects: a name outside an allowed set, a malformed identifier, an inconsistent combination of fields. Validation at the boundary keeps the bad value from causing harder-to-read failures further in.",
		Gist:       "an argument has a value the code does not accept",
		Playbook: []string{
			"Pass a value that the check accepts (see the message and the condition).",
			"Validate user input before passing it on.",
		},
		Situations: []string{
			"a value taken from user input or a configuration file without validation",
		},
	},
	famMissing: {
		Slug: "missing-value", Name: "Missing required value",
		Background: "A required argument, field or piece of data is absent: None, nil or null, empty, or not given at all. Code checks this explicitly to say which value is missing, instead of failing later on a member of the absent value.",
		Gist:       "a required value is missing, null or empty",
		Playbook: []string{
			"Provide the argument or field the message names.",
			"Check that the code upstream did not return an absent value (None, nil, null) or an empty one.",
		},
		Situations: []string{
			"an optional setting that a particular mode requires",
			"a lookup upstream that silently returned nothing (None, nil or null)",
		},
	},
	famEncoding: {
		Slug: "encoding", Name: "Text encoding",
		Background: "Bytes could not be decoded as text, or text could not be encoded, in the encoding in use. The data was usually written in another encoding than the one assumed when reading it, or contains characters the target encoding cannot represent.",
		Gist:       "text could not be encoded or decoded in the encoding in use",
		Playbook: []string{
			"Read or decode the data with the encoding it was written in, often UTF-8.",
			"Choose an error handler (replace, ignore) where losing bad bytes is acceptable.",
		},
		Situations: []string{
			"a file written on another system with another default encoding",
			"binary data read as text",
		},
	},
	famConcurrency: {
		Slug: "concurrency", Name: "Concurrency conflict",
		Background: "Two threads, tasks or processes touched shared state at the same time, or a lock was used incorrectly: a collection modified while being iterated, a lock released that was not held, a deadlock detected. These failures can be intermittent and depend on timing.",
		Gist:       "shared state was used concurrently or a lock was misused",
		Playbook: []string{
			"Protect the shared state with a lock, or stop sharing the object between threads or tasks.",
			"Do not modify a collection while iterating over it; iterate over a copy.",
		},
		Situations: []string{
			"an object shared between threads or tasks without locking",
			"a callback that modifies the collection being iterated",
		},
	},
	famInvariant: {
		Slug: "internal-invariant", Name: "Internal invariant violated",
		Background: "A check of the code's own assumptions failed: an assertion, an \"unreachable\" branch, an internal consistency check. Such failures point to a bug, either in the library or in how it is being used in a way it did not anticipate.",
		Gist:       "an internal consistency check of the code failed",
		Playbook: []string{
			"Report it to the maintainers with a minimal reproduction, and check whether a newer release fixes it.",
			"Look for unusual inputs or usage that the code may not expect.",
		},
		Situations: []string{
			"an input or call sequence the authors did not anticipate",
		},
	},
	famExists: {
		Slug: "already-exists", Name: "Already exists or duplicate",
		Background: "Something was created or registered under a name that is already taken: a file that exists, a duplicate key, a component registered twice. The code refuses rather than overwrite silently.",
		Gist:       "something with the same name already exists",
		Playbook: []string{
			"Use another name, or remove the existing item first.",
			"Use the option that allows overwriting or reusing, where there is one.",
		},
		Situations: []string{
			"a step run twice, for example after a retry",
			"two components registering the same name",
		},
	},
	famIO: {
		Slug: "io-failure", Name: "Read or write failure",
		Background: "Reading or writing a stream, file or pipe failed part-way: unexpected end of data, a short write, a pipe closed by the other side, an I/O error from the system. The cause is usually outside the code, in the data source or the device.",
		Gist:       "reading or writing data failed part-way",
		Playbook: []string{
			"Check that the data source was not truncated or closed early by the other side.",
			"Check disk space and the health of the device or connection, and retry if the failure is transient.",
		},
		Situations: []string{
			"a truncated file or a connection closed mid-transfer",
		},
	},
	famOther: {
		Slug: Other, Name: "Other",
		Background: "Errors that fit none of the families: their exception type and message do not say enough about the kind of failure.",
	},
}

// weighted is a phrase and its weight.
type weighted struct {
	phrase string
	weight float64
}

// wordWeights lists each family's phrases.
var wordWeights = [numFamilies][]weighted{
	famSetting: {
		{"environment variable*", 2.5}, {"env var*", 2.5}, {"envvar*", 2.5}, {"must be set", 2}, {"is not set", 2},
		{"not set", 1.5}, {"was not set", 2}, {"please set", 2}, {"disabled", 1.5}, {"is disabled", 1},
		{"must be enabled", 2.5}, {"to be enabled", 2}, {"not enabled", 2}, {"not configured", 2.5},
		{"configur*", 1}, {"setting*", 1}, {"set the", 1},
	},
	famOption: {
		{"not supported", 2.5}, {"unsupported", 2.5}, {"only supported", 2}, {"is only", 1}, {"cannot be used with", 3},
		{"can not be used with", 3}, {"cannot be combined", 3}, {"mutually exclusive", 3}, {"not compatible with", 2},
		{"incompatible with", 1.5}, {"not allowed with", 2.5}, {"cannot specify both", 3}, {"only one of", 2.5},
		{"does not support", 2.5}, {"doesnt support", 2.5}, {"unknown option", 2.5}, {"invalid option", 2},
		{"invalid mode", 2}, {"invalid choice", 2}, {"when using", 1}, {"together with", 1.5}, {"currently", 0.5},
		{"option*", 1}, {"mode", 0.5},
	},
	famRange: {
		{"out of range", 3}, {"out of bounds", 3}, {"must be positive", 3}, {"must be non negative", 3}, {"nonnegative", 2},
		{"must be between", 3}, {"must be greater", 2.5}, {"must be less", 2.5}, {"must be at least", 2.5},
		{"must be at most", 2.5}, {"greater than", 1.5}, {"less than", 1.5}, {"larger than", 1}, {"smaller than", 1},
		{"too small", 2}, {"too large", 1}, {"negative", 1.5}, {"positive", 1}, {"range", 1}, {"underflow", 2},
		{"overflow*", 1.5}, {"bounds", 2}, {"index", 1}, {"division by zero", 2.5}, {"divide by zero", 2.5},
		{"zero", 0.5}, {"minimum", 1}, {"non zero", 1.5}, {"nonzero", 1.5},
	},
	famType: {
		{"instance of", 2.5}, {"not callable", 3}, {"not iterable", 3}, {"not subscriptable", 3},
		{"unsupported operand type*", 3}, {"object is not", 1.5}, {"argument must be", 1.5}, {"must be a", 1},
		{"must be an", 1}, {"must be str", 2}, {"must be int*", 2}, {"must be bytes", 2}, {"must be a string", 2},
		{"must be a list", 2}, {"must be a dict", 2}, {"must be a tuple", 2}, {"expected str", 2},
		{"expected bytes", 2}, {"expected int*", 1.5}, {"type*", 1}, {"got", 0.5}, {"not a string", 2},
		{"not an integer", 2}, {"bytes like object", 2.5}, {"cannot convert", 1}, {"cast", 1.5},
	},
	famShape: {
		{"shape*", 2}, {"dimension*", 2}, {"dim", 1.5}, {"ndim", 2}, {"size mismatch", 3}, {"length mismatch", 3},
		{"same length", 2.5}, {"same size", 2.5}, {"same shape", 3}, {"same number of", 2}, {"mismatch*", 1.5},
		{"does not match", 1}, {"do not match", 1}, {"broadcast*", 2.5}, {"axis", 1.5}, {"axes", 1.5}, {"rank", 1},
		{"lengths", 1.5}, {"must have the same", 2}, {"wrong number of", 2}, {"columns", 1}, {"rows", 1},
	},
	famPlatform: {
		{"dtype*", 2.5}, {"backend*", 2}, {"platform*", 2.5}, {"device*", 1.5}, {"cuda", 2}, {"gpu*", 2}, {"cpu", 1},
		{"architecture", 2}, {"windows", 2}, {"linux", 1.5}, {"macos", 1.5}, {"darwin", 1.5}, {"posix", 1.5},
		{"not available on", 2.5}, {"not supported on", 3}, {"only available on", 2.5}, {"hardware", 1.5},
		{"compiled without", 2.5}, {"built without", 2.5}, {"float16", 1.5}, {"bfloat16", 1.5}, {"fp8", 1.5},
		{"fp16", 1.5}, {"tpu", 1.5}, {"mps", 1.5}, {"rocm", 1.5}, {"xpu", 1.5}, {"npu", 1.5}, {"kernel", 0.5},
	},
	famNotImpl: {
		{"not implemented", 3.5}, {"unimplemented", 3.5}, {"not yet implemented", 4}, {"todo", 2},
		{"not yet supported", 2}, {"abstract", 2}, {"must be implemented", 3}, {"must override", 3},
		{"subclass*", 1}, {"override", 1.5},
	},
	famDependency: {
		{"pip install", 4}, {"please install", 3.5}, {"install*", 2}, {"not installed", 3}, {"no module named", 4},
		{"could not import", 3}, {"cannot import", 3}, {"failed to import", 3}, {"unable to import", 3},
		{"import*", 1.5}, {"package", 1.5}, {"module", 1}, {"library", 1}, {"dependenc*", 2.5}, {"optional", 1},
		{"conda", 2}, {"requires the", 1}, {"not available", 1.5},
	},
	famFile: {
		{"file*", 1.5}, {"director*", 2}, {"folder*", 2}, {"path*", 1.5}, {"no such file", 4}, {"not a directory", 3.5},
		{"is a directory", 3.5}, {"symlink*", 2}, {"mount*", 1.5}, {"disk", 1}, {"does not exist", 0.5},
	},
	famParse: {
		{"pars*", 2.5}, {"syntax", 2.5}, {"malformed", 3}, {"unexpected token", 3.5}, {"unexpected character", 3},
		{"unexpected end", 3}, {"unterminated", 3}, {"unclosed", 2.5}, {"unbalanced", 2.5}, {"expecting", 2},
		{"expected", 1}, {"invalid literal", 3}, {"invalid escape", 3}, {"bad escape", 3}, {"badly formed", 3},
		{"ill formed", 3}, {"illformed", 3}, {"json", 1.5}, {"yaml", 1.5}, {"xml", 1.5}, {"toml", 1.5}, {"csv", 1},
		{"line", 0.5}, {"column", 0.5}, {"position", 0.5}, {"invalid format", 2}, {"could not convert", 2.5},
		{"grammar", 2}, {"token", 1}, {"invalid header", 2}, {"decode", 0.5}, {"missing closing", 2.5},
		{"invalid character", 2.5},
	},
	famLimit: {
		{"exceed*", 3}, {"too many", 3}, {"too large", 2.5}, {"too long", 2.5}, {"too big", 2.5}, {"limit*", 2},
		{"maximum", 2}, {"max", 1.5}, {"capacity", 3}, {"out of memory", 4}, {"oom", 3}, {"quota", 3},
		{"rate limit*", 3}, {"full", 1.5}, {"recursion", 2.5}, {"depth", 1.5}, {"no space", 3}, {"memory", 1.5},
		{"buffer", 1}, {"size", 0.5}, {"overflow*", 1}, {"more than", 1},
	},
	famState: {
		{"already", 1.5}, {"not initialized", 3.5}, {"not initialised", 3.5}, {"uninitiali*", 3}, {"closed", 2.5},
		{"not open", 2.5}, {"not started", 3}, {"not running", 3}, {"already running", 3}, {"already started", 3},
		{"already closed", 3}, {"called before", 3}, {"called after", 3}, {"must be called", 2.5},
		{"before calling", 2.5}, {"after calling", 2}, {"state", 1.5}, {"shutdown", 2}, {"shut down", 2},
		{"finished", 1.5}, {"not ready", 2.5}, {"has not been", 2}, {"no longer", 1}, {"detached", 2},
		{"expired", 2}, {"not connected", 2.5}, {"twice", 1.5}, {"in progress", 2.5}, {"pending", 1.5},
		{"stopped", 2}, {"invalid state", 4}, {"lifecycle", 3}, {"reentrant", 2}, {"cannot be called", 2},
		{"multiple times", 2}, {"more than once", 2.5}, {"exhausted", 2.5}, {"called on", 1},
		{"first", 1}, {"cannot change", 1.5}, {"after starting", 2},
		{"not allowed", 0.5}, {"no current", 2}, {"outside of", 1},
	},
	famVersion: {
		{"version*", 3}, {"upgrade", 2.5}, {"downgrade", 2.5}, {"requires python", 4}, {"python 3", 1.5},
		{"older", 1.5}, {"newer", 1.5}, {"incompatible", 1.5}, {"compatib*", 1}, {"minimum version", 3},
		{"at least version", 3},
	},
	famNotFound: {
		{"not found", 3}, {"no such", 2.5}, {"unknown", 2.5}, {"does not exist", 2}, {"doesnt exist", 2},
		{"undefined", 2.5}, {"unrecogni*", 2.5}, {"not recogni*", 2.5}, {"no attribute", 3}, {"has no", 1.5},
		{"could not find", 3}, {"cannot find", 3}, {"cant find", 3}, {"unable to find", 3}, {"not registered", 3},
		{"not defined", 2.5}, {"no entry", 2}, {"lookup", 1.5}, {"key", 1}, {"missing", 0.5}, {"not in", 1},
	},
	famPermission: {
		{"permission*", 3.5}, {"denied", 3}, {"forbidden", 3.5}, {"unauthori*", 3.5}, {"not authori*", 3.5},
		{"authenticat*", 3}, {"auth", 1.5}, {"credential*", 3}, {"access", 1.5}, {"privilege*", 3}, {"sudo", 2},
		{"read only", 2}, {"readonly", 2}, {"login", 1.5}, {"password", 2}, {"api key", 2.5}, {"not permitted", 3},
		{"not allowed to", 2}, {"token", 0.5},
	},
	famNetwork: {
		// Failure words carry the family; topic words (host, ssl, url)
		// only say that networking is involved.
		{"timed out", 4}, {"timeout", 3.5}, {"time out", 3}, {"deadline exceeded", 3}, {"connection refused", 4},
		{"connection reset", 4}, {"connection closed", 3}, {"connection aborted", 3.5}, {"connection lost", 3.5},
		{"connection*", 1.5}, {"connect*", 1}, {"refused", 3}, {"reset by peer", 3.5}, {"unreachable", 3},
		{"network", 0.5}, {"network error", 3}, {"network is", 2}, {"dns", 2.5}, {"name resolution", 3}, {"could not resolve", 3}, {"handshake", 2.5},
		{"socket", 1}, {"host*", 0.5}, {"ssl", 0.5}, {"tls", 0.5}, {"certificate", 1}, {"proxy", 0.5},
		{"remote", 0.5}, {"disconnect*", 2.5}, {"no route", 3},
	},

	famDeprecated: {
		{"deprecat*", 4}, {"removed", 2.5}, {"no longer supported", 3.5}, {"no longer", 1.5}, {"instead", 2},
		{"obsolete", 3}, {"will be removed", 2}, {"has been removed", 1.5}, {"renamed", 2.5}, {"legacy", 1},
	},
	famValue: {
		{"invalid*", 1.5}, {"must be", 1}, {"should be", 1}, {"bad", 1.5}, {"illegal", 1.5}, {"not a valid", 2},
		{"is not valid", 2}, {"wrong", 1.5}, {"incorrect", 1.5}, {"expected one of", 2.5}, {"must be one of", 2.5},
		{"one of", 1}, {"allowed values", 2.5}, {"valid values", 2}, {"choose from", 2}, {"value", 0.5},
		{"argument", 0.5}, {"cannot be", 0.5}, {"does not appear to be", 2}, {"is not a", 1},
	},
	famMissing: {
		{"required", 2}, {"is required", 0.5}, {"must be provided", 3}, {"must be specified", 3}, {"must be given", 2.5},
		{"must be passed", 2.5}, {"missing", 2}, {"cannot be none", 3}, {"can not be none", 3}, {"must not be none", 3},
		{"is none", 2}, {"none", 1}, {"null", 2}, {"nil", 1.5}, {"empty", 1.5}, {"cannot be empty", 1.5},
		{"must not be empty", 1.5}, {"no value", 2.5}, {"not provided", 3}, {"not specified", 2.5}, {"not given", 2},
		{"please provide", 2.5}, {"please specify", 2.5}, {"on a none value", 3}, {"unwrap", 1},
	},
	famEncoding: {
		{"encod*", 2.5}, {"decod*", 2}, {"codec", 3}, {"utf", 2}, {"unicode", 2.5}, {"ascii", 2}, {"charset", 2.5},
		{"surrogate*", 2.5}, {"latin*", 1.5}, {"bom", 2}, {"code point", 2.5},
	},
	famConcurrency: {
		{"lock*", 2}, {"deadlock", 4}, {"concurrent*", 3}, {"race", 2}, {"thread*", 1.5}, {"goroutine*", 2},
		{"mutex", 2.5}, {"semaphore", 2.5}, {"in use", 1.5}, {"busy", 2}, {"contention", 2.5},
		{"during iteration", 4}, {"while iterating", 2.5}, {"unlock*", 2},
	},
	famInvariant: {
		{"internal error", 4}, {"should not happen", 4}, {"should never happen", 4}, {"shouldnt happen", 4},
		{"unreachable", 3.5}, {"bug", 2.5}, {"impossible", 2.5}, {"invariant", 3}, {"assertion", 2.5},
		{"sanity check", 3}, {"corrupt*", 2}, {"inconsistent", 2}, {"please report", 3}, {"report this", 3},
		{"unexpected", 1}, {"internal", 1.5}, {"should not have reached", 4}, {"reached here", 2},
	},
	famExists: {
		{"already exist*", 4}, {"exists", 1.5}, {"duplicate*", 3}, {"already registered", 3.5},
		{"already defined", 3.5}, {"already in use", 3}, {"already taken", 3}, {"conflict*", 2}, {"unique", 1.5},
		{"redefin*", 2.5}, {"overwrite", 1.5},
	},
	famIO: {
		{"eof", 3}, {"end of file", 3}, {"short write", 3.5}, {"short read", 3.5}, {"broken pipe", 3.5},
		{"i o error", 3}, {"io error", 3}, {"read error", 2.5}, {"write error", 2.5}, {"failed to read", 2.5},
		{"failed to write", 2.5}, {"cannot read", 2}, {"cannot write", 2}, {"truncated", 2}, {"closed pipe", 3},
		{"stream", 1}, {"pipe", 1.5}, {"seek*", 1.5}, {"premature", 2},
	},
}

// suffixWeights give the kind of a library's own exception class from
// the end of its name, tried in order (the longer suffixes first).
var suffixWeights = []struct {
	suffix string
	family int
	weight float64
}{
	{"NotFoundError", famNotFound, 3}, {"NotFoundException", famNotFound, 3}, {"NotFound", famNotFound, 3},
	{"NotImplementedError", famNotImpl, 3}, {"NotSupportedError", famOption, 2.5}, {"UnsupportedError", famOption, 2.5},
	{"PermissionError", famPermission, 3}, {"AccessDenied", famPermission, 3}, {"AuthenticationError", famPermission, 3},
	{"AuthError", famPermission, 3}, {"Unauthorized", famPermission, 3}, {"Forbidden", famPermission, 3},
	{"TimeoutError", famNetwork, 3}, {"TimeoutException", famNetwork, 3}, {"Timeout", famNetwork, 3},
	{"ConnectionError", famNetwork, 3}, {"NetworkError", famNetwork, 3},
	{"ParseError", famParse, 3}, {"ParserError", famParse, 3}, {"ParseException", famParse, 3},
	{"SyntaxError", famParse, 3}, {"DecodeError", famParse, 2}, {"FormatError", famParse, 2},
	{"EncodingError", famEncoding, 3}, {"UnicodeError", famEncoding, 3},
	{"ImportError", famDependency, 3}, {"DependencyError", famDependency, 3},
	{"VersionError", famVersion, 3}, {"IncompatibleError", famVersion, 2},
	{"StateError", famState, 3}, {"StateException", famState, 3}, {"ClosedError", famState, 3},
	{"ConfigError", famSetting, 1.5}, {"ConfigurationError", famSetting, 1.5},
	{"TypeError", famType, 2}, {"ValueError", famValue, 1.5}, {"KeyError", famNotFound, 2},
	{"IndexError", famRange, 2}, {"RangeError", famRange, 2}, {"OverflowError", famRange, 2},
	{"LimitError", famLimit, 3}, {"LimitExceeded", famLimit, 3}, {"QuotaExceeded", famLimit, 3}, {"TooLarge", famLimit, 2.5},
	{"ExistsError", famExists, 3}, {"DuplicateError", famExists, 3},
	{"DeprecationWarning", famDeprecated, 3}, {"DeprecatedError", famDeprecated, 3},
	{"FileError", famFile, 2}, {"PathError", famFile, 2}, {"IOError", famIO, 2}, {"EOFError", famIO, 3},
}

// typeWeight is the evidence an exception type gives for a family.
type typeWeight struct {
	family int
	weight float64
}

// typeWeights maps exception types' simple names, across languages, to
// the families they point to.
var typeWeights = map[string][]typeWeight{
	// Python
	"NotImplementedError":       {{famNotImpl, 4}},
	"ImportError":               {{famDependency, 3}},
	"ModuleNotFoundError":       {{famDependency, 4}},
	"FileNotFoundError":         {{famFile, 4}},
	"IsADirectoryError":         {{famFile, 4}},
	"NotADirectoryError":        {{famFile, 4}},
	"FileExistsError":           {{famExists, 3}, {famFile, 1.5}},
	"PermissionError":           {{famPermission, 4}},
	"TimeoutError":              {{famNetwork, 4}},
	"timeout":                   {{famNetwork, 4}},
	"ConnectionError":           {{famNetwork, 3}},
	"ConnectionRefusedError":    {{famNetwork, 4}},
	"ConnectionResetError":      {{famNetwork, 4}},
	"ConnectionAbortedError":    {{famNetwork, 4}},
	"BrokenPipeError":           {{famIO, 3}},
	"URLError":                  {{famNetwork, 3}},
	"HTTPError":                 {{famNetwork, 2}},
	"gaierror":                  {{famNetwork, 3}},
	"herror":                    {{famNetwork, 2}},
	"SSLError":                  {{famNetwork, 2}},
	"SyntaxError":               {{famParse, 3}},
	"IndentationError":          {{famParse, 3}},
	"TabError":                  {{famParse, 3}},
	"JSONDecodeError":           {{famParse, 4}},
	"ParseError":                {{famParse, 4}},
	"ParsingError":              {{famParse, 4}},
	"ExpatError":                {{famParse, 3}},
	"TOMLDecodeError":           {{famParse, 4}},
	"MissingSectionHeaderError": {{famParse, 3}},
	"UnicodeDecodeError":        {{famEncoding, 4}},
	"UnicodeEncodeError":        {{famEncoding, 4}},
	"UnicodeError":              {{famEncoding, 3}},
	"TypeError":                 {{famType, 2.5}},
	"IndexError":                {{famRange, 3}},
	"OverflowError":             {{famRange, 3}, {famLimit, 1}},
	"ZeroDivisionError":         {{famRange, 2.5}},
	"FloatingPointError":        {{famRange, 2}},
	"KeyError":                  {{famNotFound, 3}},
	"AttributeError":            {{famNotFound, 2.5}},
	"NameError":                 {{famNotFound, 3}},
	"UnboundLocalError":         {{famNotFound, 2}},
	"LookupError":               {{famNotFound, 2}},
	"ProcessLookupError":        {{famNotFound, 2}},
	"ValueError":                {{famValue, 1.5}},
	"RuntimeError":              {{famState, 1}},
	"MemoryError":               {{famLimit, 3}},
	"RecursionError":            {{famLimit, 3}},
	"AssertionError":            {{famInvariant, 2}},
	"DeprecationWarning":        {{famDeprecated, 4}},
	"PendingDeprecationWarning": {{famDeprecated, 4}},
	"FutureWarning":             {{famDeprecated, 2}},
	"EOFError":                  {{famIO, 3}},
	"IOError":                   {{famIO, 2}},
	"OSError":                   {{famIO, 1}},
	"BlockingIOError":           {{famConcurrency, 1}, {famIO, 1}},
	"ChildProcessError":         {{famState, 1}},
	"InterruptedError":          {{famState, 1}},
	"BrokenBarrierError":        {{famConcurrency, 3}},
	"StopIteration":             {{famState, 1}},
	"InvalidStateError":         {{famState, 4}},
	"CancelledError":            {{famState, 1.5}},
	"Full":                      {{famLimit, 2}},
	"Empty":                     {{famMissing, 1.5}},
	// Java, Kotlin, Scala
	"UnsupportedOperationException":    {{famNotImpl, 2}, {famOption, 1}},
	"NotImplementedException":          {{famNotImpl, 4}},
	"ClassNotFoundException":           {{famDependency, 2}, {famNotFound, 1}},
	"NoClassDefFoundError":             {{famDependency, 2.5}},
	"UnsatisfiedLinkError":             {{famDependency, 2.5}},
	"FileNotFoundException":            {{famFile, 4}},
	"NoSuchFileException":              {{famFile, 4}},
	"NotDirectoryException":            {{famFile, 4}},
	"DirectoryNotEmptyException":       {{famFile, 3}},
	"FileAlreadyExistsException":       {{famExists, 4}},
	"AccessDeniedException":            {{famPermission, 4}},
	"SecurityException":                {{famPermission, 3}},
	"TimeoutException":                 {{famNetwork, 4}},
	"SocketTimeoutException":           {{famNetwork, 4}},
	"SocketException":                  {{famNetwork, 3}},
	"ConnectException":                 {{famNetwork, 4}},
	"UnknownHostException":             {{famNetwork, 4}},
	"NumberFormatException":            {{famParse, 3}},
	"ParseException":                   {{famParse, 4}},
	"JsonParseException":               {{famParse, 4}},
	"DateTimeParseException":           {{famParse, 4}},
	"PatternSyntaxException":           {{famParse, 4}},
	"CharacterCodingException":         {{famEncoding, 3}},
	"MalformedInputException":          {{famEncoding, 3}},
	"UnsupportedEncodingException":     {{famEncoding, 3}},
	"ClassCastException":               {{famType, 4}},
	"IndexOutOfBoundsException":        {{famRange, 4}},
	"ArrayIndexOutOfBoundsException":   {{famRange, 4}},
	"StringIndexOutOfBoundsException":  {{famRange, 4}},
	"ArithmeticException":              {{famRange, 1.5}},
	"NoSuchElementException":           {{famNotFound, 3}},
	"NoSuchFieldException":             {{famNotFound, 3}},
	"NoSuchMethodException":            {{famNotFound, 3}},
	"IllegalStateException":            {{famState, 3}},
	"IllegalArgumentException":         {{famValue, 2}},
	"InvalidParameterException":        {{famValue, 2}},
	"NullPointerException":             {{famMissing, 3}},
	"OutOfMemoryError":                 {{famLimit, 4}},
	"StackOverflowError":               {{famLimit, 4}},
	"BufferOverflowException":          {{famLimit, 3}},
	"ConcurrentModificationException":  {{famConcurrency, 4}},
	"InterruptedException":             {{famState, 1.5}},
	"IOException":                      {{famIO, 2}},
	"UncheckedIOException":             {{famIO, 2}},
	"EOFException":                     {{famIO, 3}},
	"ClosedChannelException":           {{famState, 3}},
	"CloneNotSupportedException":       {{famNotImpl, 2}},
	"DateTimeException":                {{famValue, 1.5}},
	"InvalidKeyException":              {{famValue, 1.5}},
	"GeneralSecurityException":         {{famPermission, 1.5}},
	"AuthenticationException":          {{famPermission, 4}},
	"InvalidPathException":             {{famFile, 3}},
	"UnsupportedClassVersionError":     {{famVersion, 4}},
	"IllegalMonitorStateException":     {{famConcurrency, 3}},
	"RejectedExecutionException":       {{famLimit, 1.5}, {famState, 1.5}},
	"UnsupportedTemporalTypeException": {{famOption, 2}},
	"IllegalFormatException":           {{famParse, 2}},
	"MissingResourceException":         {{famNotFound, 3}},
	"NegativeArraySizeException":       {{famRange, 3}},
	"ArrayStoreException":              {{famType, 3}},
	"DuplicateFormatFlagsException":    {{famParse, 2}},
	"UnknownFormatConversionException": {{famParse, 2}},
	"InputMismatchException":           {{famParse, 2}},
	"NotSerializableException":         {{famType, 2}},
	"InvalidClassException":            {{famVersion, 1.5}, {famType, 1}},
	"ExceptionInInitializerError":      {{famState, 1}},
	"IllegalAccessException":           {{famPermission, 2}},
	"IllegalMonitorState":              {{famConcurrency, 2}},
	"IllegalCharsetNameException":      {{famEncoding, 3}},
	"UnsupportedCharsetException":      {{famEncoding, 3}},
	"IllegalBlockingModeException":     {{famState, 2}},
	"NotYetConnectedException":         {{famState, 3}},
	"AlreadyConnectedException":        {{famState, 3}},
	"ConnectionPendingException":       {{famState, 3}},
	"NonWritableChannelException":      {{famPermission, 1}, {famState, 1}},
	"NonReadableChannelException":      {{famPermission, 1}, {famState, 1}},
	"OverlappingFileLockException":     {{famConcurrency, 3}},
	"FileSystemAlreadyExistsException": {{famExists, 4}},
	"FileSystemNotFoundException":      {{famNotFound, 3}},
	"ProviderNotFoundException":        {{famDependency, 2}},
	"ReadOnlyFileSystemException":      {{famPermission, 3}},
	"ClosedFileSystemException":        {{famState, 3}},
	"ClosedWatchServiceException":      {{famState, 3}},
	"NotLinkException":                 {{famFile, 3}},
	"FileSystemLoopException":          {{famFile, 3}},
	"AtomicMoveNotSupportedException":  {{famPlatform, 2}},
	"UnsupportedAddressTypeException":  {{famOption, 2}},
	"UnresolvedAddressException":       {{famNetwork, 3}},
	"InvalidMarkException":             {{famState, 2}},
	"ReadOnlyBufferException":          {{famPermission, 1}},
	"BufferUnderflowException":         {{famIO, 2}},
	"IllegalCallerException":           {{famPermission, 1}},
	"LayerInstantiationException":      {{famState, 1}},
	"ResolutionException":              {{famDependency, 2}},
	"FindException":                    {{famDependency, 2}},
	"InaccessibleObjectException":      {{famPermission, 2}},
	"WrongMethodTypeException":         {{famType, 3}},
	"EnumConstantNotPresentException":  {{famNotFound, 3}},
	"TypeNotPresentException":          {{famNotFound, 3}},
	"IncompatibleClassChangeError":     {{famVersion, 3}},
	"AbstractMethodError":              {{famNotImpl, 2}, {famVersion, 1}},
	"NoSuchFieldError":                 {{famVersion, 2}, {famNotFound, 1}},
	"NoSuchMethodError":                {{famVersion, 2}, {famNotFound, 1}},
	"VerifyError":                      {{famVersion, 1}},
	"InternalError":                    {{famInvariant, 3}},
	"UnknownError":                     {{famInvariant, 1}},
	// JavaScript and TypeScript
	"RangeError":     {{famRange, 3}},
	"ReferenceError": {{famNotFound, 2.5}},
	"URIError":       {{famParse, 2.5}},
	"AbortError":     {{famState, 1.5}},
	// Go (error types as fmt's %T prints them, simple names)
	"PathError":             {{famFile, 2}},
	"LinkError":             {{famFile, 1.5}},
	"SyscallError":          {{famIO, 1}},
	"NumError":              {{famParse, 3}},
	"UnmarshalTypeError":    {{famType, 3}},
	"InvalidUnmarshalError": {{famType, 2}},
	"OpError":               {{famNetwork, 2}},
	"DNSError":              {{famNetwork, 3}},
	"AddrError":             {{famNetwork, 2}},
	"UnknownNetworkError":   {{famNetwork, 2}, {famOption, 1}},
	"CorruptInputError":     {{famParse, 3}},
	"ExitError":             {{famState, 1}},
	"fatal error":           {{famInvariant, 1}},
	// Rust and C++
	"ParseIntError":       {{famParse, 3}},
	"ParseFloatError":     {{famParse, 3}},
	"Utf8Error":           {{famEncoding, 3}},
	"FromUtf8Error":       {{famEncoding, 3}},
	"TryFromIntError":     {{famRange, 3}},
	"out_of_range":        {{famRange, 4}},
	"invalid_argument":    {{famValue, 2}},
	"length_error":        {{famLimit, 3}},
	"domain_error":        {{famRange, 2}},
	"overflow_error":      {{famRange, 2}, {famLimit, 1}},
	"underflow_error":     {{famRange, 2}},
	"bad_alloc":           {{famLimit, 3}},
	"bad_cast":            {{famType, 3}},
	"bad_any_cast":        {{famType, 3}},
	"bad_optional_access": {{famMissing, 3}},
	"bad_variant_access":  {{famType, 2}},
	"logic_error":         {{famInvariant, 1}},
	"runtime_error":       {{famState, 0.5}},
	"system_error":        {{famIO, 1}},
	"filesystem_error":    {{famFile, 3}},
	"future_error":        {{famState, 2}},
	"regex_error":         {{famParse, 3}},
	"format_error":        {{famParse, 2}},
}
