package postprocess

// Facts are what a chain of operations on one key (a Slot) knows of the
// string it holds from the operations that ran on it before: a
// validation that kept the string proved one (Impl.Holds, Impl.Implies),
// a transform carried it over to its answer (Impl.Keeps). A validation
// whose answer a fact settles is not run again: an address validated,
// lower-cased and validated again is tested once.
//
// Each fact is the answer of one function of internal/vjs: only an
// operation whose answer for a string is that function's names it.
type Facts uint8

const (
	// FactASCII: the string is non-empty and all ASCII (vjs.IsAscii).
	FactASCII Facts = 1 << iota
	// FactEmail: the string is an address by vjs.IsEmail.
	FactEmail
)
