package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

const (
	ipv4Seg  = `(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])`
	ipv4Addr = `(` + ipv4Seg + `[.]){3}` + ipv4Seg
	ipv6Seg  = `(?:[0-9a-fA-F]{1,4})`
)

var (
	ipv4Re = lazyre.New(`^` + ipv4Addr + `$`)
	ipv6Re = lazyre.New(`^(` +
		`(?:` + ipv6Seg + `:){7}(?:` + ipv6Seg + `|:)|` +
		`(?:` + ipv6Seg + `:){6}(?:` + ipv4Addr + `|:` + ipv6Seg + `|:)|` +
		`(?:` + ipv6Seg + `:){5}(?::` + ipv4Addr + `|(:` + ipv6Seg + `){1,2}|:)|` +
		`(?:` + ipv6Seg + `:){4}(?:(:` + ipv6Seg + `){0,1}:` + ipv4Addr + `|(:` + ipv6Seg + `){1,3}|:)|` +
		`(?:` + ipv6Seg + `:){3}(?:(:` + ipv6Seg + `){0,2}:` + ipv4Addr + `|(:` + ipv6Seg + `){1,4}|:)|` +
		`(?:` + ipv6Seg + `:){2}(?:(:` + ipv6Seg + `){0,3}:` + ipv4Addr + `|(:` + ipv6Seg + `){1,5}|:)|` +
		`(?:` + ipv6Seg + `:){1}(?:(:` + ipv6Seg + `){0,4}:` + ipv4Addr + `|(:` + ipv6Seg + `){1,6}|:)|` +
		`(?::((?::` + ipv6Seg + `){0,5}:` + ipv4Addr + `|(?::` + ipv6Seg + `){1,7}|:))` +
		`)(%[0-9a-zA-Z.]{1,})?$`)
)

// IsIP is validator.isIP(s, version): version "" accepts v4 or v6, "4" and
// "6" select one family, anything else is false.
func IsIP(s, version string) bool {
	switch version {
	case "":
		return ipv4Re().MatchString(s) || ipv6Re().MatchString(s)
	case "4":
		return ipv4Re().MatchString(s)
	case "6":
		return ipv6Re().MatchString(s)
	}
	return false
}

// IsIPRange is validator.isIPRange(s, version) for the common case where the
// same version string drives both the address check and the subnet limit.
func IsIPRange(s, version string) bool {
	return isIPRange(s, version, version)
}

// isIPRange separates the version isIP sees (ipVer, already `|| ""`-ed and
// toString-ed) from String(version) used to pick the subnet limit (subVer).
func isIPRange(s, ipVer, subVer string) bool {
	ip, subnet, ok := strings.Cut(s, "/")
	if !ok || strings.Contains(subnet, "/") {
		return false
	}
	if n := countDigits(subnet); n == 0 || n > 3 || n != len(subnet) {
		return false
	}
	if len(subnet) > 1 && subnet[0] == '0' {
		return false
	}
	if !IsIP(ip, ipVer) {
		return false
	}
	limit := 32
	switch subVer {
	case "4":
	case "6":
		limit = 128
	default:
		if IsIP(ip, "6") {
			limit = 128
		}
	}
	return int(stringToNumber(subnet)) <= limit
}
