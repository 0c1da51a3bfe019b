// Package msgeval is the half of message evaluation that every
// extractor shares: what an expression of source code can print, as a
// Value (the alternative templates it produces and whether it is known
// to be text), the Rules that bound and combine alternatives, the Budget
// that keeps evaluation linear on hostile input, the local variables
// whose assignments reach a use (Reaching, Resolver, Fold), formatting
// calls whose arguments vary (Vary), and the sites and notes an
// extractor builds from the values (NewSite, Notes, Regions).
//
// What differs per language is a parameter: the node kinds of its
// grammar (Grammar), how it names and clips holes and keeps
// alternatives (Rules), and the evaluation of its own expressions, which
// the language's package passes in as functions. The package never
// decides what a node means; it only combines what the language's
// evaluator found.
package msgeval
