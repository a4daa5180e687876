package generator

import "strconv"

// User agents in the shapes faker's internet.userAgent produces: desktop
// and mobile Chrome, Edge, Firefox, Safari and Internet Explorer, with
// random versions.

var (
	windowsNT   = []string{"Windows NT 10.0", "Windows NT 6.1", "Windows NT 6.2", "Windows NT 6.3"}
	macOSX      = []string{"10_15_7", "10_14_6", "11_7_10", "12_6_1", "13_5_2", "14_1"}
	firefoxOS   = []string{"Windows NT 10.0; Win64; x64", "Macintosh; Intel Mac OS X 10.15", "X11; Linux x86_64", "X11; Ubuntu; Linux x86_64"}
	androidDevs = []string{"SM-G998N", "SM-S918B", "Pixel 7", "Pixel 8 Pro", "SM-A536B", "M2101K6G", "CPH2451"}
)

var userAgentFamilies = []func(s *state){uaChromeWindows, uaChromeMac, uaEdge, uaFirefox, uaSafari, uaAndroid, uaIPhone, uaIE}

// userAgent generates a browser user-agent string.
func userAgent(s *state) any {
	userAgentFamilies[s.rng.IntN(len(userAgentFamilies))](s)
	return s.boxed()
}

func (s *state) num(lo, hi int64) { s.buf = strconv.AppendInt(s.buf, s.between(lo, hi), 10) }

func (s *state) text(t string) { s.buf = append(s.buf, t...) }

// chromeVersion appends "<major>.0.<build>.<patch>".
func (s *state) chromeVersion() {
	s.num(90, 130)
	s.text(".0.")
	s.num(4000, 6999)
	s.text(".")
	s.num(0, 250)
}

// uaChrome is desktop Chrome on the platform given.
func (s *state) uaChrome(platform string) {
	s.text("Mozilla/5.0 (")
	s.text(platform)
	s.text(") AppleWebKit/537.36 (KHTML, like Gecko) Chrome/")
	s.chromeVersion()
	s.text(" Safari/537.36")
}

func uaChromeWindows(s *state) { s.uaChrome(s.pick(windowsNT) + "; Win64; x64") }

func uaChromeMac(s *state) { s.uaChrome("Macintosh; Intel Mac OS X " + s.pick(macOSX)) }

func uaEdge(s *state) {
	uaChromeWindows(s)
	s.text(" Edg/")
	s.chromeVersion()
}

func uaFirefox(s *state) {
	s.text("Mozilla/5.0 (")
	s.text(s.pick(firefoxOS))
	v := strconv.AppendInt(nil, s.between(90, 130), 10)
	s.text("; rv:")
	s.buf = append(append(s.buf, v...), ".0) Gecko/20100101 Firefox/"...)
	s.buf = append(append(s.buf, v...), ".0"...)
}

func uaSafari(s *state) {
	s.text("Mozilla/5.0 (Macintosh; Intel Mac OS X ")
	s.text(s.pick(macOSX))
	s.text(") AppleWebKit/605.1.15 (KHTML, like Gecko) Version/")
	s.num(14, 18)
	s.text(".")
	s.num(0, 6)
	s.text(" Safari/605.1.15")
}

func uaAndroid(s *state) {
	s.text("Mozilla/5.0 (Linux; Android ")
	s.num(10, 14)
	s.text("; ")
	s.text(s.pick(androidDevs))
	s.text(") AppleWebKit/537.36 (KHTML, like Gecko) Chrome/")
	s.chromeVersion()
	s.text(" Mobile Safari/537.36")
}

func uaIPhone(s *state) {
	major, minor := s.between(15, 17), s.between(0, 6)
	s.text("Mozilla/5.0 (iPhone; CPU iPhone OS ")
	s.buf = strconv.AppendInt(s.buf, major, 10)
	s.buf = strconv.AppendInt(append(s.buf, '_'), minor, 10)
	s.text(" like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/")
	s.buf = strconv.AppendInt(s.buf, major, 10)
	s.buf = strconv.AppendInt(append(s.buf, '.'), minor, 10)
	s.text(" Mobile/15E148 Safari/604.1")
}

func uaIE(s *state) {
	v := s.between(9, 11)
	if v == 11 {
		s.text("Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko")
		return
	}
	s.text("Mozilla/5.0 (compatible; MSIE ")
	s.buf = strconv.AppendInt(s.buf, v, 10)
	s.text(".0; Windows NT 6.1; Trident/")
	s.buf = strconv.AppendInt(s.buf, v-4, 10)
	s.text(".0)")
}
