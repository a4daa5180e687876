package generator

import (
	"strconv"
	"strings"

	"github.com/brianvoe/gofakeit/v7/data"
)

// The generators of the reference's default record (processors.md §2.3).

// domainSuffixes are faker's internet.domainSuffix values.
var domainSuffixes = []string{"com", "biz", "info", "name", "net", "org"}

// Domain words are faker-style "<adjective>-<noun>" slugs.
var (
	domainAdjectives = slugs(data.Word["adjective_descriptive"])
	domainNouns      = slugs(append(append([]string{}, data.Word["noun_concrete"]...), data.Word["noun_abstract"]...))
)

func slugs(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		out = append(out, strings.ToLower(strings.ReplaceAll(w, " ", "-")))
	}
	return out
}

// octets are the decimal forms of 0..255.
var octets = func() (o [256]string) {
	for i := range o {
		o[i] = strconv.Itoa(i)
	}
	return o
}()

// ipv4 is four random octets (faker internet.ipv4). The seed makes `ip`
// an IPv4 address (spec 12 row 5).
func ipv4(s *state) any {
	x := s.rng.Uint32()
	for i := range 4 {
		if i > 0 {
			s.buf = append(s.buf, '.')
		}
		s.text(octets[x>>(8*i)&0xff])
	}
	return s.boxed()
}

// ipv6 is eight groups of four lowercase hex digits (chance ipv6).
func ipv6(s *state) any {
	draws := [2]uint64{s.rng.Uint64(), s.rng.Uint64()}
	for g := range 8 {
		if g > 0 {
			s.buf = append(s.buf, ':')
		}
		s.buf = appendHex(s.buf, draws[g/4]>>(16*(g%4)), 4)
	}
	return s.boxed()
}

// uuid is a version 4 UUID.
func uuid(s *state) any {
	hi, lo := s.rng.Uint64(), s.rng.Uint64()
	hi = hi&^(0xf<<12) | 0x4<<12 // version 4
	lo = lo&^(0x3<<62) | 0x2<<62 // variant 10
	b := s.buf
	b = appendHexBE(b, hi>>32, 8)
	b = appendHexBE(append(b, '-'), hi>>16&0xffff, 4)
	b = appendHexBE(append(b, '-'), hi&0xffff, 4)
	b = appendHexBE(append(b, '-'), lo>>48, 4)
	b = appendHexBE(append(b, '-'), lo&0xffffffffffff, 12)
	s.buf = b
	return s.boxed()
}

// appendHexBE appends the n low hex digits of x, most significant first.
func appendHexBE(b []byte, x uint64, n int) []byte {
	for i := n - 1; i >= 0; i-- {
		b = append(b, hexDigits[x>>(4*i)&15])
	}
	return b
}

// url is faker's internet.url: https://<adjective>-<noun>.<suffix>, with a
// trailing slash half of the time.
func url(s *state) any {
	s.text("https://")
	s.domainName()
	if s.rng.IntN(2) == 0 {
		s.buf = append(s.buf, '/')
	}
	return s.boxed()
}

func (s *state) domainWord() {
	s.text(s.pick(domainAdjectives))
	s.buf = append(s.buf, '-')
	s.text(s.pick(domainNouns))
}

func (s *state) domainName() {
	s.domainWord()
	s.buf = append(s.buf, '.')
	s.text(s.pick(domainSuffixes))
}

// coordinates is chance's coordinates(): "<lat>, <lon>", each a random
// number with up to 5 decimals, printed as a JavaScript number (trailing
// zeros dropped: processors.md §13 correction 4).
func coordinates(s *state) any {
	s.buf = appendFixed(s.buf, s.between(-90_00000, 90_00000), 5)
	s.buf = append(s.buf, ", "...)
	s.buf = appendFixed(s.buf, s.between(-180_00000, 180_00000), 5)
	return s.boxed()
}

// bytesCount is chance integer({min: 7850, max: 5642867}).
func bytesCount(s *state) any { return s.box.Float(float64(s.between(7850, 5642867))) }

// defaultFields is the reference's built-in schema, in its key order; the
// date field is set by the options.
func defaultFields() []field {
	return []field{
		{"ip", ipv4}, {"userAgent", userAgent}, {"url", url}, {"uuid", uuid},
		{"created", dateNow}, {"ipv6", ipv6}, {"location", coordinates}, {"bytes", bytesCount},
	}
}
