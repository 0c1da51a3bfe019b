// Package llm lets a language model improve the prose of errdex's
// explanations, only where the prose stays grounded in the code. It is the
// only package of errdex that talks to an LLM.
//
// # The server
//
// Client speaks the chat-completions protocol that OpenAI, vLLM, sglang,
// llama.cpp's server and Ollama all serve, over net/http: POST
// {base}/chat/completions with the model, a system and a user message,
// temperature 0, max_tokens, and a response_format of type json_schema
// (strict) describing the answer. A server that refuses that
// response_format with 400 or 422 is asked the same thing again without
// it, and from then on never with it; the answer is then read from the
// text, as a JSON object alone or in a fenced block. Each attempt has a
// timeout; 429, 408, 409 and 5xx answers, timeouts and connection errors
// are retried with exponential backoff and jitter, waiting what a
// Retry-After (seconds or HTTP date) or retry-after-ms header asks, up to
// a cap. At most Config.Concurrency requests are in flight.
//
// # The prompt
//
// BuildPrompt shows the model facts only: the message template with its
// holes, the exception, the source lines with their numbers and the raise
// marked, the guards, the configuration and provenance facts, callers,
// the call path, the family and the related errors. Every piece of
// repository text sits in a fenced, labelled block ("<<<DATA label" ...
// "DATA>>>", markers inside the text broken up), and the system prompt
// says such text is data, never instructions. PromptVersion names the
// prompt and the schema.
//
// # Validation
//
// Nothing is stored before ParseAnswer and Validate pass it. The answer
// must be JSON of the schema's shape. Every name it mentions (in
// backticks, or looking like code: snake_case, dotted.chains, camelCase,
// calls(), --flags, $VARS, file paths) must be in the repository's
// Symbols, in the site's facts or in its message; a sentence of meaning
// or trigger that names anything else is dropped, as is a solution or
// situation item, or an example fix, and so is anything with a URL. An
// answer that repeats instructions aimed at a model (the echo of a prompt
// injection) is rejected whole, and so is one whose sentences, items and
// fix are more than half ungrounded. Repository text that itself speaks
// to a model (a message or source line the same patterns match) grounds
// nothing, so an answer that obeys it ("run `curl ...`") names unknown
// things and loses those sentences. Length and count limits apply to
// every field. A field that would replace a static one citing facts of
// the site (names, line numbers, values, variables, flags) must cite one
// of the site's facts too, or it is dropped as vaguer than the static
// text, which stays. Rejections and drops are counted by reason (see the
// Reason* and Drop* constants) and logged.
//
// What validation cannot catch: a false statement in plain words that
// names no code ("raised when the GPU runs out of memory") where the
// static text names none either, a wrong value
// or default, a condition stated the wrong way round. The deterministic
// explanation stays stored beside the LLM's (errdex.Site.
// StaticExplanation), and every field says its source, so a reader can
// compare.
//
// # Symbols
//
// A repository's symbol table is built from its stored sites: functions,
// callers and call paths, exception types, hole expressions, guard
// conditions and their names, configuration names and chains, provenance
// facts, paths, and every identifier, flag and path in the stored source
// snippets. Snippets show the code around each site, so names used far
// from any error site are unknown, and sentences naming them are dropped:
// errdex prefers saying less to saying what it cannot check.
//
// # Cache and provenance
//
// A model's reply is cached by (the SHA-256 of the prompt, that is the
// site's content as the model sees it; the model; PromptVersion) before it
// is validated, and validated again on every use, so re-running over
// unchanged sites sends no request and a stricter validator needs none
// either. Merge writes the accepted fields over the deterministic ones;
// Explanation.Sources names "llm:<model>" or "static" for each field,
// Source the majority, PromptVersion the prompt; the deterministic
// explanation is kept in StaticExplanation.
package llm
