package trace

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCppTerminate covers what the fixtures do not: a terminal's abort
// report after the message, log prefixes, and lines that only look like a
// std::terminate report.
func TestCppTerminate(t *testing.T) {
	type got struct{ Type, Message string }
	tests := []struct {
		name string
		in   string
		want []got // nil: no exception
	}{
		{
			name: "the shell's abort report ends the message",
			in:   "terminate called after throwing an instance of 'std::runtime_error'\n  what():  boom\nAborted (core dumped)\n$ ",
			want: []got{{"std::runtime_error", "boom"}},
		},
		{
			name: "bash names the aborted job",
			in:   "terminate called after throwing an instance of 'std::logic_error'\n  what():  two\nlines\nbash: line 1: 4242 Aborted                 ./app\n",
			want: []got{{"std::logic_error", "two\nlines"}},
		},
		{
			// Boost's throw_exception wraps what it throws: the class is
			// the one wrapped.
			name: "a Boost wrapper",
			in:   "terminate called after throwing an instance of 'boost::wrapexcept<std::invalid_argument>'\n  what():  bad value\n",
			want: []got{{"std::invalid_argument", "bad value"}},
		},
		{
			name: "Boost's wrappers before 1.73",
			in:   "terminate called after throwing an instance of 'boost::exception_detail::clone_impl<boost::exception_detail::error_info_injector<boost::bad_lexical_cast> >'\n  what():  bad lexical cast\n",
			want: []got{{"boost::bad_lexical_cast", "bad lexical cast"}},
		},
		{
			name: "a template type",
			in:   "terminate called after throwing an instance of 'my::error<int>'\n  what():  bad value\n",
			want: []got{{"my::error<int>", "bad value"}},
		},
		{
			name: "behind a log prefix",
			in:   "2024-05-01 12:00:00 ERROR terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n",
			want: []got{{"std::bad_alloc", "std::bad_alloc"}},
		},
		{
			name: "libc++ without what()",
			in:   "libc++abi: terminating due to uncaught exception of type int\n",
			want: []got{{"int", ""}},
		},
		{
			name: "an unterminated quote is no report",
			in:   "terminate called after throwing an instance of 'std::runtime_error\n",
		},
		{
			name: "libc++ terminating for another reason",
			in:   "libc++abi: terminating\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, tt.in, rep)
			var gots []got
			for _, e := range rep.Exceptions {
				if e.Language != Cpp {
					t.Errorf("exception %+v: language %q, want cpp", e, e.Language)
				}
				gots = append(gots, got{e.Type, e.Message})
			}
			if diff := cmp.Diff(tt.want, gots); diff != "" {
				t.Errorf("exceptions (-want +got):\n%s", diff)
			}
		})
	}
}
