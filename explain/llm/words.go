package llm

import "strings"

// commonCode lists names an explanation may use although the repository
// need not contain them: the keywords, literals and most basic built-ins of
// the languages errdex indexes, the standard ways to read configuration
// (os.environ, process.env, std::env::var...), and the shell words of a
// configuration fix (export, pip install). It holds no function a fix
// could "call" to do real work: names like that must come from the code.
var commonCode = wordSet(`
	and as assert async await break class continue def del elif else except finally for from global if import in is
	lambda nonlocal not or pass raise return try while with yield None True False self cls
	int float str bool bytes list dict set tuple object len range print isinstance type super repr
	os sys environ getenv argv path exists
	func go defer chan map struct interface package var const nil err error string byte rune make new append
	fmt errors Errorf New Getenv LookupEnv
	function let this null undefined typeof instanceof throw catch process env require module exports
	NaN Infinity Error TypeError
	public private protected static final void boolean char long double short System getProperty
	fn let mut impl pub use crate mod match enum trait where Some Ok Err Option Result Vec Box unwrap expect std
	true false
	export unset echo pip pip3 install python python3 node npm go cargo java ls cat which printenv
`)

// commonProse lists words that look like code in prose (camel case, a
// dot inside) but are names of platforms, languages and tools, or
// abbreviations.
var commonProse = wordSet(`
	JavaScript TypeScript CoffeeScript PyTorch NumPy SciPy TensorFlow GitHub GitLab macOS iOS iPadOS watchOS tvOS
	PyPI CPython PyPy IPython OpenAI OpenSSL LibreSSL PostgreSQL MySQL SQLite MongoDB GraphQL WebSocket WebSockets
	JSON YAML TOML HTTP HTTPS gRPC OAuth JWT ONNX CUDA ROCm NVIDIA DirectX OpenGL OpenCL WebGL WebAssembly
	Node.js Next.js Vue.js Nuxt.js Deno.js ASP.NET VS Code VSCode IntelliJ PyCharm FastAPI
	DeepSpeed HuggingFace LlamaIndex LangChain MacBook iPhone iPad AirPods YouTube LinkedIn
	e.g i.e etc vs cf a.k.a
`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
