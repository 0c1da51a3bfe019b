// Package match finds the source of a pasted error: given a message (and,
// when a traceback came with it, its frames, exception type and a
// repository hint), it ranks the indexed sites that may have raised it and
// returns the value the message holds for each hole of the site's template
// (mask_len = 2048).
//
// # Steps
//
//  1. Normalise the message (see text): ANSI escapes dropped, white space
//     collapsed, quote styles unified, case folded, a leading
//     "pkg.ExceptionType: " moved to the exception type, and trailing noise
//     (a documentation URL, a truncation marker, a code frame quoting the
//     input under the message with a caret) marked so that it costs
//     nothing when no template holds it. Offsets into the original message
//     are kept so that every captured value is a substring of what the user
//     pasted. A message with line breaks inside words (a fixed-width wrap)
//     is matched a second time with those breaks joined, within what is
//     left of the budget, and the better answer kept. When nothing matched
//     and the name read as a type may be the message's own text (a lone
//     name, a C++ or Rust path, a class no indexed site raises:
//     "ArgumentError: length() takes 1 argument"), the message is matched
//     whole.
//  2. Retrieve candidates through an inverted index from the templates'
//     words to their templates (see Index). Words a template holds only in
//     part (a literal's edge next to a hole: "{n}ms") are not indexed. The
//     message's words are looked up rarest first; a word whose posting list
//     no longer fits the generation budget only adds weight to candidates
//     already found, by binary search. Candidates are ranked by a Dice
//     coefficient over idf weights, and the best MaxCandidates are verified
//     (among equal ones, the likelier sites by their priors; see prior.go),
//     plus up to maxWrappers templates with an error hole whose words the
//     message holds all (a wrapper shows few words of its own; see
//     compose.go).
//  3. Add the sites at the innermost frame's line (±1), which is how a
//     message held in a variable or built by an exception class is found,
//     the sites at outer frames' lines (in minified code, where a line
//     holds many sites, at the frame's column too), for a rare exception
//     type the sites
//     whose templates have no literal text, and for a bare exception name
//     ("EOFError", "_queue.Empty") the sites raising it without a message.
//  4. Verify each candidate by aligning its template against the message
//     (see align.go): literals must occur in order, holes take any text and
//     prefer text of their type hint, and the alignment tolerates a cut tail
//     (with or without "..."), a wrapping prefix ("Failed to load config:
//     ..."), trailing noise, a remark or a position appended (" (line 3)",
//     ", line:1, col:1") and skipped literals. Its cost is bounded by a
//     dynamic program over at most maxStates literal occurrences.
//  5. Rank by evidence: the text score (coverage of the template's literal
//     text, share of the message explained, length of the match, hole type
//     fit, case; see textScore), raised for a wrapper whose error hole holds
//     another candidate's whole message (compose.go; a wrapper of one
//     error hole raising the query's type takes the text of the site it
//     wraps, in the inner site's file or, for a type naming its module,
//     elsewhere in its repository), the frames (the innermost frame at the
//     raise, in the same function or file, an outer frame at the site; the
//     frames that built the error, a Java factory's or those inside a
//     JavaScript "new X" frame, are looked past; a caller on the stack whose
//     template fills in the text a helper's raise at the innermost frame
//     passes on counts as the raise), the exception type (as written, qualified, or by
//     short name, a class of a private module agreeing with its public one;
//     a mismatch lowers the score but does not exclude, since wrappers change
//     types) and the repository hint. A stack shows the frames of its own
//     language only: unless its innermost frame is at a raise, frames say
//     nothing of a site of another language (a C extension raising under
//     Python frames; see language.go), but a site of another managed
//     language (Go, Java, JavaScript, Python: runtimes call native code, not
//     each other) is ruled out as below, and so is a Go site for a message
//     typed with a Python built-in class. Weights are constants in match.go; a
//     component the query says nothing about is left out. A traceback also
//     rules sites out: a raise leaves its frame on the stack, so a site whose
//     file is on no frame, or (when the innermost frame lies in an indexed
//     file at no raise: compiled code raised the error) a site outside the
//     innermost frame's function, has its score scaled by 0.45; a site away
//     from the raise the innermost frame points at, by 0.85.
//  6. Report ties: candidates with exactly the first one's score
//     (Result.Tied) are the same message raised at several sites, which the
//     message alone cannot tell apart; they come in the order of their
//     priors (the module more files import, then the function with callers;
//     see prior.go), and each says so in its reasons. When several of them
//     are calls of one helper of their file, the helper that builds the
//     error joins them first (see helpers.go).
//  7. When nothing scores DefaultMinScore or more, say why: the innermost
//     frame is in an indexed file but not at a raise (compiled code raised
//     it; a site elsewhere raising the same text is named as its likely
//     pure-Python equivalent), the raise is in a file that is not indexed
//     (and which frame is the nearest indexed one), no site raises the bare
//     exception, no template holds the message's words, or templates hold
//     its words but not its text.
//
// # Bounds
//
// No regular expression runs on user input. A message is read up to
// MaxMessage bytes; at most maxQueryTokens words, genBudget posting
// entries for candidate generation and keepCandidates candidates for the
// common words are used; at most MaxCandidates templates are verified by
// text, plus maxWrappers wrappers and at most 8 sites per frame, 2 ×
// rareException opaque and maxBare bare sites; each alignment has at most
// maxStates states; and every step, the second pass over a wrapped message
// included, is charged to Options.MaxSteps, past which verification stops
// and Stats.Truncated is set.
//
// # Memory
//
// The index keeps no Site: per site 48 bytes of fixed fields, its templates
// encoded in a shared arena with interned strings, 16 bytes per template,
// 4 bytes per posting and per file entry, a pointer-free token table, and
// the columns of sites in minified code.
// Measured on one million generated sites: under 300 bytes per site (see
// BenchmarkMatch1M).
package match
