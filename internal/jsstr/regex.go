package jsstr

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/sluice-dev/sluice/internal/jsre"
)

// MatchTimeout bounds every match of a regular expression compiled by Regex
// (regexp2 backtracks; a catastrophic pattern fails with a timeout error
// instead of hanging).
var MatchTimeout = 100 * time.Millisecond

// ErrInvalidFlags is returned for a flags string JavaScript rejects.
var ErrInvalidFlags = errors.New("Invalid flags supplied to RegExp constructor")

// Regex compiles a JavaScript regular expression (new RegExp(pattern,
// flags)) with regexp2 in ECMAScript mode. jsre.Normalize checks the
// pattern as JavaScript does (node's syntax errors, the u flag's
// strictness and meaning of \p and \u{…}, identity escapes such as \a or
// \Z as letters) and jsre.Regexp2Pattern spells what regexp2 reads
// otherwise (group numbering, ".", \b, the m flag's ^ and $); y (sticky)
// anchors matches with \G, g and d have no effect on the compiled
// expression (Replace takes global as an argument). Known remaining
// differences (docs/compat.md): matching is per code point rather than per
// UTF-16 code unit, and case-insensitive matching uses regexp2's case
// folding.
func Regex(pattern, flags string) (*regexp2.Regexp, error) {
	sticky, err := parseFlags(flags)
	if err != nil {
		return nil, err
	}
	norm, err := jsre.Normalize(pattern, flags)
	if err != nil {
		return nil, err
	}
	tr, opts := jsre.Regexp2Pattern(norm, flags)
	if sticky {
		tr = `\G(?:` + tr + `)`
	}
	re, err := regexp2.Compile(tr, opts)
	if err != nil {
		return nil, fmt.Errorf("Invalid regular expression: /%s/%s: %w", pattern, flags, err)
	}
	re.MatchTimeout = MatchTimeout
	return re, nil
}

// parseFlags checks flags as JavaScript does (each of "dgimsuy" at most
// once) and reports the y flag.
func parseFlags(flags string) (sticky bool, err error) {
	seen := 0
	for i := 0; i < len(flags); i++ {
		k := strings.IndexByte("dgimsuy", flags[i])
		if k < 0 || seen&(1<<k) != 0 {
			return false, fmt.Errorf("%w '%s'", ErrInvalidFlags, flags)
		}
		seen |= 1 << k
	}
	return strings.Contains(flags, "y"), nil
}

type regexKey struct{ pattern, flags string }

var (
	regexCache   sync.Map // regexKey -> *regexp2.Regexp
	regexCacheN  int
	regexCacheMu sync.Mutex
)

// regexCacheMax bounds the number of cached compiled expressions.
const regexCacheMax = 512

// RegexCached is Regex with a bounded, concurrency-safe cache keyed by
// (pattern, flags), for callers that receive the pattern per call.
func RegexCached(pattern, flags string) (*regexp2.Regexp, error) {
	k := regexKey{pattern, flags}
	if v, ok := regexCache.Load(k); ok {
		return v.(*regexp2.Regexp), nil
	}
	// The pattern may be a record's value, in memory that is reused
	// (record.Decoder.Recycle); what the cache keeps must be its own.
	k = regexKey{strings.Clone(pattern), strings.Clone(flags)}
	re, err := Regex(k.pattern, k.flags)
	if err != nil {
		return nil, err
	}
	regexCacheMu.Lock()
	if regexCacheN >= regexCacheMax {
		regexCache.Clear()
		regexCacheN = 0
	}
	regexCacheN++
	regexCacheMu.Unlock()
	regexCache.Store(k, re)
	return re, nil
}
