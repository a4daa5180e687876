package generator

import (
	"strconv"
	"strings"
	"time"

	"github.com/brianvoe/gofakeit/v7/data"
)

// chanceGens are the chance.js names a schema may use, with chance's
// option names and defaults.
var chanceGens = map[string]genSpec{
	"integer":     {`({"min", "max"})`, func(a *args) gen { return intRange(a.rangeArgs(-maxSafeInt, maxSafeInt)) }},
	"natural":     {`({"min", "max"})`, naturalSpec},
	"floating":    {`({"min", "max", "fixed"})`, floatingSpec},
	"bool":        {`({"likelihood"})`, boolSpec},
	"guid":        {`({"version"})`, guidSpec},
	"ip":          noArgs(chanceIP),
	"ipv6":        noArgs(ipv6),
	"coordinates": {`({"fixed"})`, coordinatesSpec},
	"latitude":    {`({"min", "max", "fixed"})`, chanceDegrees(90)},
	"longitude":   {`({"min", "max", "fixed"})`, chanceDegrees(180)},
	"email":       {`({"domain"})`, emailSpec},
	"name":        noArgs(fullName),
	"first":       pickSpec(data.Person["first"]),
	"last":        pickSpec(data.Person["last"]),
	"prefix":      pickSpec(data.Person["prefix"]),
	"gender":      pickSpec([]string{"Male", "Female"}),
	"age":         noArgs(func(s *state) any { return float64(s.between(18, 65)) }),
	"word":        {`({"length", "syllables"})`, wordSpec},
	"sentence":    {`({"words"})`, chanceSentenceSpec},
	"paragraph":   {`({"sentences"})`, chanceParagraphSpec},
	"country":     {`({"full"})`, placeSpec(data.Address["country_abr"], data.Address["country"])},
	"state":       {`({"full"})`, placeSpec(data.Address["state_abr"], data.Address["state"])},
	"city":        pickSpec(data.Address["city"]),
	"street":      noArgs(chanceStreet),
	"address":     noArgs(func(s *state) any { return strconv.FormatInt(s.between(5, 2000), 10) + " " + chanceStreet(s).(string) }),
	"zip":         {`({"plusfour"})`, zipSpec},
	"phone":       noArgs(phoneUS),
	"string":      {`({"length", "pool"})`, stringSpec},
	"character":   {`({"pool"})`, characterSpec},
	"letter":      noArgs(func(s *state) any { return chars(s, "abcdefghijklmnopqrstuvwxyz", 1) }),
	"hash":        {`({"length"})`, hashSpec},
	"domain":      noArgs(func(s *state) any { return chanceDomain(s) }),
	"tld":         pickSpec(chanceTLDs),
	"url":         noArgs(func(s *state) any { return "http://" + chanceDomain(s) + "/" + chanceWord(s, 0) }),
	"color":       noArgs(func(s *state) any { s.buf = append(s.buf, '#'); return chars(s, hexDigits, 6) }),
	"date":        noArgs(chanceDate),
	"timestamp":   noArgs(func(s *state) any { return float64(s.between(1, s.now().Unix())) }),
}

var chanceTLDs = []string{"com", "org", "edu", "gov", "co.uk", "net", "io"}

// defaultPool is chance's string()/character() pool.
const defaultPool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()[]"

func naturalSpec(a *args) gen {
	lo, hi := a.rangeArgs(0, maxSafeInt)
	if lo < 0 {
		a.fail("min cannot be less than zero")
	}
	return intRange(lo, hi)
}

func floatingSpec(a *args) gen {
	fixed := a.count("fixed", -1, 4)
	limit := maxSafeInt / pow10(min(fixed, 10))
	lo, hi := a.rangeArgs(-limit, limit)
	return fixedNumber(lo, hi, min(fixed, 10), false)
}

func boolSpec(a *args) gen {
	p := a.num("likelihood", 0, 50)
	if p < 0 || p > 100 {
		a.fail("likelihood accepts values from 0 to 100")
	}
	return func(s *state) any { return s.rng.Float64()*100 < p }
}

// guidSpec is chance's guid: version 5 by default, variant 8, 9, a or b.
func guidSpec(a *args) gen {
	v := a.count("version", 0, 5)
	if v < 1 || v > 5 {
		a.fail("version must be 1 to 5")
	}
	return func(s *state) any {
		s.buf = appendHex(s.buf, s.rng.Uint64(), 8)
		s.buf = appendHex(append(s.buf, '-'), s.rng.Uint64(), 4)
		s.buf = append(append(s.buf, '-'), byte('0'+v))
		s.buf = appendHex(s.buf, s.rng.Uint64(), 3)
		s.buf = append(append(s.buf, '-'), "89ab"[s.rng.IntN(4)])
		s.buf = appendHex(s.buf, s.rng.Uint64(), 3)
		s.buf = appendHex(append(s.buf, '-'), s.rng.Uint64(), 12)
		return s.boxed()
	}
}

// chanceIP is chance's ip(): four octets from 1 to 254.
func chanceIP(s *state) any {
	for i := range 4 {
		if i > 0 {
			s.buf = append(s.buf, '.')
		}
		s.num(1, 254)
	}
	return s.boxed()
}

func coordinatesSpec(a *args) gen {
	fixed := min(a.count("fixed", 0, 5), 10)
	lat, lon := fixedNumber(-90, 90, fixed, false), fixedNumber(-180, 180, fixed, false)
	return func(s *state) any {
		s.buf = appendNumber(s.buf, lat(s).(float64))
		s.buf = append(s.buf, ", "...)
		s.buf = appendNumber(s.buf, lon(s).(float64))
		return s.boxed()
	}
}

func chanceDegrees(limit float64) func(*args) gen {
	return func(a *args) gen {
		lo, hi := a.rangeArgs(-limit, limit)
		return fixedNumber(lo, hi, min(a.count("fixed", 2, 5), 10), false)
	}
}

var syllableConsonants, syllableVowels = "bcdfghjklmnprstvwz", "aeiou"

// chanceWord is a pronounceable random word of n letters (n = 0: one to
// three syllables).
func chanceWord(s *state, n int) string {
	if n == 0 {
		n = int(s.between(2, 9))
	}
	for i := range n {
		pool := syllableConsonants
		if i%2 == 1 {
			pool = syllableVowels
		}
		s.buf = append(s.buf, pool[s.rng.IntN(len(pool))])
	}
	return s.str()
}

func wordSpec(a *args) gen {
	n := a.count("length", -1, 0)
	syl := a.count("syllables", -1, 0)
	if n == 0 && syl > 0 {
		n = 2 * syl
	}
	return func(s *state) any { return chanceWord(s, n) }
}

func chanceDomain(s *state) string { return chanceWord(s, 0) + "." + s.pick(chanceTLDs) }

func emailSpec(a *args) gen {
	domain := a.text("domain", -1, "")
	return func(s *state) any {
		d := domain
		if d == "" {
			d = chanceDomain(s)
		}
		return chanceWord(s, 0) + "@" + d
	}
}

// chanceSentence is a capitalised sentence of n chance words.
func chanceSentence(s *state, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = chanceWord(s, 0)
	}
	w := strings.Join(parts, " ")
	if w == "" {
		return "."
	}
	return strings.ToUpper(w[:1]) + w[1:] + "."
}

func chanceSentenceSpec(a *args) gen {
	n := a.count("words", -1, 0)
	return func(s *state) any { return chanceSentence(s, s.countOr(n, 12, 18)) }
}

func chanceParagraphSpec(a *args) gen {
	n := a.count("sentences", -1, 0)
	return func(s *state) any {
		parts := make([]string, s.countOr(n, 3, 7))
		for i := range parts {
			parts[i] = chanceSentence(s, s.countOr(0, 12, 18))
		}
		return strings.Join(parts, " ")
	}
}

// countOr is n, or a random count from lo to hi when n is 0.
func (s *state) countOr(n, lo, hi int) int {
	if n != 0 {
		return n
	}
	return int(s.between(int64(lo), int64(hi)))
}

// placeSpec picks a code, or a full name with {"full": true}.
func placeSpec(codes, names []string) func(*args) gen {
	return func(a *args) gen {
		if a.flag("full", -1, false) {
			return pickFrom(names)
		}
		return pickFrom(codes)
	}
}

var streetSuffixes = []string{"Street", "Avenue", "Road", "Lane", "Drive", "Court", "Place", "Way"}

func chanceStreet(s *state) any {
	w := chanceWord(s, 0)
	return strings.ToUpper(w[:1]) + w[1:] + " " + s.pick(streetSuffixes)
}

func zipSpec(a *args) gen {
	plus := a.flag("plusfour", -1, false)
	return func(s *state) any {
		z := digitString(s, 5)
		if plus {
			z += "-" + digitString(s, 4)
		}
		return z
	}
}

// phoneUS is chance's phone(): "(ddd) ddd-dddd", area and exchange codes
// starting with 2-9.
func phoneUS(s *state) any {
	s.buf = append(s.buf, '(', "23456789"[s.rng.IntN(8)])
	s.buf = append(s.buf, digits[s.rng.IntN(10)], digits[s.rng.IntN(10)], ')', ' ', "23456789"[s.rng.IntN(8)])
	for i := range 6 {
		if i == 2 {
			s.buf = append(s.buf, '-')
		}
		s.buf = append(s.buf, digits[s.rng.IntN(10)])
	}
	return s.boxed()
}

func stringSpec(a *args) gen {
	n := a.count("length", -1, 0)
	pool := poolArg(a)
	return func(s *state) any { return chars(s, pool, s.countOr(n, 5, 20)) }
}

func characterSpec(a *args) gen {
	pool := poolArg(a)
	return func(s *state) any { return chars(s, pool, 1) }
}

func poolArg(a *args) string {
	pool := a.text("pool", -1, defaultPool)
	if pool == "" {
		a.fail("pool must not be empty")
		return defaultPool
	}
	return pool
}

func hashSpec(a *args) gen {
	n := a.count("length", -1, 40)
	return func(s *state) any { return chars(s, hexDigits, n) }
}

// chanceDate is a random date from 1900 to 2100 as Date#toISOString.
func chanceDate(s *state) any {
	lo := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	hi := time.Date(2101, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	return s.formatMs(lo+s.rng.Int64N(hi-lo), true)
}
