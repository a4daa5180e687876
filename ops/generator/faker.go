package generator

import (
	"strconv"
	"strings"
	"time"

	"github.com/brianvoe/gofakeit/v7/data"
)

// genSpec is one named generator of a `faker` or `chance` schema field.
type genSpec struct {
	args string          // the documented arguments, e.g. `({"min", "max"})`
	mk   func(*args) gen // reads the arguments (errors are kept in args)
}

func noArgs(g gen) genSpec { return genSpec{mk: func(*args) gen { return g }} }

// pickFrom draws one element of a list.
func pickFrom(list []string) gen { return func(s *state) any { return s.pick(list) } }

func pickSpec(list []string) genSpec { return noArgs(pickFrom(list)) }

// fakerGens are the faker names a schema may use (faker v8+ module names).
var fakerGens = map[string]genSpec{
	"internet.ip":               noArgs(ipv4),
	"internet.ipv4":             noArgs(ipv4),
	"internet.ipv6":             noArgs(ipv6),
	"internet.userAgent":        noArgs(userAgent),
	"internet.url":              noArgs(url),
	"internet.domainName":       noArgs(func(s *state) any { s.domainName(); return s.boxed() }),
	"internet.domainWord":       noArgs(func(s *state) any { s.domainWord(); return s.boxed() }),
	"internet.domainSuffix":     pickSpec(domainSuffixes),
	"internet.email":            noArgs(email),
	"internet.userName":         noArgs(userName),
	"internet.mac":              noArgs(mac),
	"internet.port":             noArgs(func(s *state) any { return float64(s.between(0, 65535)) }),
	"internet.protocol":         pickSpec([]string{"http", "https"}),
	"internet.httpMethod":       pickSpec([]string{"GET", "POST", "PUT", "DELETE", "PATCH"}),
	"internet.httpStatusCode":   noArgs(numberFrom(data.Internet["http_status_general"])),
	"string.uuid":               noArgs(uuid),
	"string.alpha":              {"(length)", charsSpec(letters)},
	"string.alphanumeric":       {"(length)", charsSpec(letters + digits)},
	"string.numeric":            {"(length)", charsSpec(digits)},
	"person.firstName":          pickSpec(data.Person["first"]),
	"person.lastName":           pickSpec(data.Person["last"]),
	"person.middleName":         pickSpec(data.Person["middle"]),
	"person.fullName":           noArgs(fullName),
	"person.prefix":             pickSpec(data.Person["prefix"]),
	"person.sex":                pickSpec([]string{"female", "male"}),
	"person.gender":             pickSpec(genders),
	"person.jobTitle":           pickSpec(data.Job["title"]),
	"location.country":          pickSpec(data.Address["country"]),
	"location.countryCode":      pickSpec(data.Address["country_abr"]),
	"location.city":             pickSpec(data.Address["city"]),
	"location.state":            pickSpec(data.Address["state"]),
	"location.streetAddress":    noArgs(func(s *state) any { return s.fk.Street() }),
	"location.zipCode":          noArgs(func(s *state) any { return digitString(s, 5) }),
	"location.timeZone":         pickSpec(data.TimeZone["region"]),
	"location.latitude":         {`({"min", "max", "precision"})`, degreesSpec(90, 4)},
	"location.longitude":        {`({"min", "max", "precision"})`, degreesSpec(180, 4)},
	"company.name":              pickSpec(data.Company["name"]),
	"company.catchPhrase":       noArgs(func(s *state) any { return s.fk.Slogan() }),
	"lorem.word":                pickSpec(data.Lorem["word"]),
	"lorem.words":               {"(count)", loremSpec(" ", 3)},
	"lorem.slug":                {"(count)", loremSpec("-", 3)},
	"lorem.sentence":            {"(wordCount)", sentenceSpec},
	"lorem.paragraph":           {"(sentenceCount)", paragraphSpec},
	"number.int":                {`({"min", "max"}) or (max)`, intSpec},
	"number.float":              {`({"min", "max", "fractionDigits"})`, floatSpec},
	"datatype.boolean":          noArgs(func(s *state) any { return s.rng.IntN(2) == 0 }),
	"date.past":                 {`({"years"})`, dateSpec("years", -365*24*time.Hour)},
	"date.future":               {`({"years"})`, dateSpec("years", 365*24*time.Hour)},
	"date.recent":               {`({"days"})`, dateSpec("days", -24*time.Hour)},
	"date.soon":                 {`({"days"})`, dateSpec("days", 24*time.Hour)},
	"date.anytime":              noArgs(func(s *state) any { return s.isoAround(s.now(), 100*365*24*time.Hour, true) }),
	"phone.number":              noArgs(func(s *state) any { return s.fk.PhoneFormatted() }),
	"commerce.product":          pickSpec(data.Product["name"]),
	"commerce.productName":      noArgs(func(s *state) any { return s.fk.ProductName() }),
	"commerce.productAdjective": pickSpec(data.Product["adjective"]),
	"commerce.productMaterial":  pickSpec(data.Product["material"]),
	"commerce.department":       pickSpec(data.Product["category"]),
	"commerce.price":            {`({"min", "max", "dec"})`, amountSpec(1, 1000)},
	"finance.amount":            {`({"min", "max", "dec"})`, amountSpec(0, 1000)},
	"finance.currencyCode":      pickSpec(data.Currency["short"]),
	"color.human":               pickSpec(data.Colors["safe"]),
	"word.adjective":            pickSpec(data.Word["adjective_descriptive"]),
	"word.noun":                 pickSpec(data.Word["noun_common"]),
	"word.verb":                 pickSpec(data.Word["verb_action"]),
}

// fakerAliases are the names of older faker versions.
var fakerAliases = map[string]string{
	"internet.username": "internet.userName", "datatype.uuid": "string.uuid", "random.uuid": "string.uuid",
	"name.firstName": "person.firstName", "name.lastName": "person.lastName", "name.middleName": "person.middleName",
	"name.findName": "person.fullName", "name.fullName": "person.fullName", "name.prefix": "person.prefix",
	"name.gender": "person.gender", "name.sex": "person.sex", "name.jobTitle": "person.jobTitle",
	"address.country": "location.country", "address.countryCode": "location.countryCode", "address.city": "location.city",
	"address.state": "location.state", "address.streetAddress": "location.streetAddress", "address.zipCode": "location.zipCode",
	"address.latitude": "location.latitude", "address.longitude": "location.longitude", "address.timeZone": "location.timeZone",
	"company.companyName": "company.name", "datatype.number": "number.int", "random.number": "number.int",
	"datatype.float": "number.float", "random.boolean": "datatype.boolean", "phone.phoneNumber": "phone.number",
	"random.word": "lorem.word", "random.words": "lorem.words",
}

var genders = []string{"Agender", "Bigender", "Female", "Genderfluid", "Male", "Non-binary", "Trans female", "Trans male"}

const (
	letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digits  = "0123456789"
)

func fullName(s *state) any {
	return s.pick(data.Person["first"]) + " " + s.pick(data.Person["last"])
}

var emailProviders = []string{"gmail.com", "yahoo.com", "hotmail.com"}

func (s *state) userName() {
	s.text(s.pick(data.Person["first"]))
	s.buf = append(s.buf, ".._"[s.rng.IntN(3)])
	s.text(s.pick(data.Person["last"]))
	if s.rng.IntN(2) == 0 {
		s.num(1, 99)
	}
}

func userName(s *state) any {
	s.userName()
	return s.boxed()
}

func email(s *state) any {
	s.userName()
	s.buf = append(s.buf, '@')
	s.text(s.pick(emailProviders))
	return s.boxed()
}

func mac(s *state) any {
	x := s.rng.Uint64()
	for i := range 6 {
		if i > 0 {
			s.buf = append(s.buf, ':')
		}
		s.buf = appendHexBE(s.buf, x>>(8*i)&0xff, 2)
	}
	return s.boxed()
}

// numberFrom draws one of a list of numeric strings as a number.
func numberFrom(list []string) gen {
	nums := make([]float64, 0, len(list))
	for _, v := range list {
		if n, err := strconv.ParseFloat(v, 64); err == nil {
			nums = append(nums, n)
		}
	}
	return func(s *state) any { return nums[s.rng.IntN(len(nums))] }
}

// chars draws n characters from a pool.
func chars(s *state, pool string, n int) string {
	for range n {
		s.buf = append(s.buf, pool[s.rng.IntN(len(pool))])
	}
	return s.str()
}

func digitString(s *state, n int) string { return chars(s, digits, n) }

func charsSpec(pool string) func(*args) gen {
	return func(a *args) gen {
		n := a.count("length", 0, 1)
		return func(s *state) any { return chars(s, pool, n) }
	}
}

// degreesSpec draws a latitude or longitude with `precision` decimals.
func degreesSpec(limit float64, precision int) func(*args) gen {
	return func(a *args) gen {
		lo, hi := a.rangeArgs(-limit, limit)
		p := a.count("precision", 2, precision)
		return fixedNumber(lo, hi, min(p, 10), false)
	}
}

// fixedNumber draws k/10^digits for an integer k in [lo×10^d, hi×10^d],
// as a number (or as a string with exactly `digits` decimals).
func fixedNumber(lo, hi float64, digits int, asText bool) gen {
	scale := pow10(digits)
	klo, khi := int64(ceilSafe(lo*scale)), int64(floorSafe(hi*scale))
	return func(s *state) any {
		k := s.between(klo, khi)
		if asText {
			return strconv.FormatFloat(float64(k)/scale, 'f', digits, 64)
		}
		return float64(k) / scale
	}
}

func loremSpec(sep string, def int) func(*args) gen {
	return func(a *args) gen {
		n := a.count("count", 0, def)
		return func(s *state) any { return s.words(data.Lorem["word"], n, sep) }
	}
}

// words joins n random words of a list.
func (s *state) words(list []string, n int, sep string) string {
	for i := range n {
		if i > 0 {
			s.text(sep)
		}
		s.text(s.pick(list))
	}
	return s.str()
}

// sentence is n words, capitalised, ending with a period.
func (s *state) sentence(list []string, n int) string {
	w := s.words(list, n, " ")
	if w == "" {
		return "."
	}
	return strings.ToUpper(w[:1]) + w[1:] + "."
}

func sentenceSpec(a *args) gen {
	n := a.count("wordCount", 0, 0)
	return func(s *state) any { return s.sentence(data.Lorem["word"], s.countOr(n, 3, 10)) }
}

func paragraphSpec(a *args) gen {
	n := a.count("sentenceCount", 0, 3)
	return func(s *state) any { return s.paragraph(n, 3, 10) }
}

// paragraph is n sentences of lo..hi lorem words.
func (s *state) paragraph(n, lo, hi int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = s.sentence(data.Lorem["word"], s.countOr(0, lo, hi))
	}
	return strings.Join(parts, " ")
}

// intSpec is faker's number.int: ({min, max}) or (max).
func intSpec(a *args) gen {
	var lo, hi float64
	if a.opts == nil && len(a.pos) == 1 {
		lo, hi = 0, a.num("max", 0, maxSafeInt)
	} else {
		lo, hi = a.rangeArgs(0, maxSafeInt)
	}
	return intRange(lo, hi)
}

func intRange(lo, hi float64) gen {
	klo, khi := int64(ceilSafe(lo)), int64(floorSafe(hi))
	return func(s *state) any { return float64(s.between(klo, khi)) }
}

func floatSpec(a *args) gen {
	lo, hi := a.rangeArgs(0, 1)
	d := a.count("fractionDigits", 2, 2)
	return fixedNumber(lo, hi, min(d, 10), false)
}

// amountSpec prints a random amount with `dec` decimals (a string, like
// faker's commerce.price and finance.amount).
func amountSpec(defMin, defMax float64) func(*args) gen {
	return func(a *args) gen {
		lo, hi := a.rangeArgs(defMin, defMax)
		d := a.count("dec", 2, 2)
		return fixedNumber(lo, hi, min(d, 10), true)
	}
}

// dateSpec draws an ISO date between now and now + n × unit (unit may be
// negative: the past).
func dateSpec(key string, unit time.Duration) func(*args) gen {
	return func(a *args) gen {
		n := a.num(key, 0, 1)
		if n <= 0 {
			a.fail("%q must be greater than zero", key)
		}
		span := time.Duration(n * float64(unit))
		return func(s *state) any { return s.isoAround(s.now(), span, false) }
	}
}

// isoAround prints a random instant between t and t+span (both sides when
// symmetric) as Date#toISOString.
func (s *state) isoAround(t time.Time, span time.Duration, symmetric bool) string {
	ms, d := t.UnixMilli(), span.Milliseconds()
	if symmetric {
		ms -= d
		d *= 2
	}
	if d < 0 {
		ms, d = ms+d, -d
	}
	return s.formatMs(ms+s.rng.Int64N(max(d, 1)), true)
}
