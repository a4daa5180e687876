package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

const jsSp = `[` + jsSpaceClass + `]`

var (
	latRe     = lazyre.New(`^\(?[+-]?(90(\.0+)?|[1-8]?\d(\.\d+)?)$`)
	longRe    = lazyre.New(`^` + jsSp + `?[+-]?(180(\.0+)?|1[0-7]\d(\.\d+)?|\d{1,2}(\.\d+)?)\)?$`)
	latDMSRe  = lazyre.New(`^(([1-8]?\d)\D+([1-5]?\d|60)\D+([1-5]?\d|60)(\.\d+)?|90\D+0\D+0)\D+[NSns]?$`)
	longDMSRe = lazyre.New(`^` + jsSp + `*([1-7]?\d{1,2}\D+([1-5]?\d|60)\D+([1-5]?\d|60)(\.\d+)?|180\D+0\D+0)\D+[EWew]?$`)
)

// IsLatLong is validator.isLatLong: "lat,long" (only the first two
// comma-separated parts are checked), optional parentheses, or the DMS form
// when checkDMS is set.
func IsLatLong(s string, checkDMS bool) bool {
	lat, rest, ok := strings.Cut(s, ",")
	if !ok {
		return false
	}
	long, _, _ := strings.Cut(rest, ",")
	open, closed := strings.HasPrefix(lat, "("), strings.HasSuffix(long, ")")
	if open != closed {
		return false
	}
	if checkDMS {
		return latDMSRe().MatchString(lat) && longDMSRe().MatchString(long)
	}
	return latRe().MatchString(lat) && longRe().MatchString(long)
}
