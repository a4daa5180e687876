package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// FQDNOptions are validator.isFQDN's options; use DefaultFQDNOptions for the
// validator defaults (require_tld true, everything else false).
type FQDNOptions struct {
	RequireTLD       bool
	AllowUnderscores bool
	AllowTrailingDot bool
	AllowNumericTLD  bool
	AllowWildcard    bool // only honoured when the JS option is exactly true
	IgnoreMaxLength  bool
}

// DefaultFQDNOptions returns validator's default_fqdn_options.
func DefaultFQDNOptions() FQDNOptions { return FQDNOptions{RequireTLD: true} }

var (
	tldRe     = lazyre.New(`^(?:[a-zA-Z\x{A1}-\x{A8}\x{AA}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}]{2,}|[xX][nN][a-zA-Z0-9-]{2,})$`)
	fqdnPart  = lazyre.New(`^[a-zA-Z_\x{a1}-\x{10ffff}0-9-]+$`)
	jsSpaceRe = lazyre.New(`[` + jsSpaceClass + `]`)
)

// IsFQDN is validator.isFQDN.
func IsFQDN(s string, o FQDNOptions) bool {
	if o.AllowTrailingDot && strings.HasSuffix(s, ".") {
		s = s[:len(s)-1]
	}
	if o.AllowWildcard && strings.HasPrefix(s, "*.") {
		s = s[2:]
	}
	tld := s[strings.LastIndexByte(s, '.')+1:]
	if o.RequireTLD {
		if !strings.Contains(s, ".") {
			return false
		}
		if !o.AllowNumericTLD && !tldRe().MatchString(tld) || jsSpaceRe().MatchString(tld) {
			return false
		}
	}
	if !o.AllowNumericTLD && tld != "" && countDigits(tld) == len(tld) {
		return false
	}
	for {
		part, rest, more := strings.Cut(s, ".")
		if !fqdnPartOK(part, o) {
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}

func fqdnPartOK(part string, o FQDNOptions) bool {
	if !o.IgnoreMaxLength && len(part) > 63 && utf16Len(part) > 63 {
		return false
	}
	if !fqdnPart().MatchString(part) || strings.ContainsFunc(part, isFullWidth) {
		return false
	}
	if part[0] == '-' || part[len(part)-1] == '-' {
		return false
	}
	return o.AllowUnderscores || strings.IndexByte(part, '_') < 0
}

func isFullWidth(r rune) bool { return r >= 0xff01 && r <= 0xff5e }
