package jsre

import "testing"

// Inputs shaped like the web-log benchmark's user agents and URLs.
var benchUserAgents = []string{
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 Edg/119.0.2151.97",
	"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
	"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
	"Googlebot/2.1 (+http://www.google.com/bot.html)",
	"curl/8.4.0",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36",
}

var benchURLs = []string{
	"https://www.example.com/products/item-76187?user=peggy521&session=738b42c835484f3e&ref=home&page=11",
	"https://blog.example.net/search/item-72427?user=carol337&session=ae8dae18aefd9ff8&q=caf%C3%A9%20table&ref=ad",
	"https://www.example.com/cart/item-43896?user=heidi161&session=3ddbaf9bf739cd38&page=6",
	"https://www.example.com/account/item-35691?user=mallory252",
	"https://www.example.com/api/v1/item-39110?user=olivia828&page=11",
	"https://shop.example.org/account/item-90957?user=olivia493",
	"https://www.example.com/static/item-69525?user=erin497&session=a6b3b876d188aa16",
}

// BenchmarkWeblog measures the regular expressions of the web-log rule set
// (ns/op is per input): the selector regexes run through MatchStringIn,
// the extraction regexes through FindAllIn with n=1, as plan does.
func BenchmarkWeblog(b *testing.B) {
	for _, bc := range []struct {
		name, pattern string
		find          bool
		inputs        []string
	}{
		{"select-browser", `^.*(Chrome|Firefox).*$`, false, benchUserAgents},
		{"select-query", `^.*[?&]q=.*$`, false, benchURLs},
		{"select-prefix", `^Mozilla.*$`, false, benchUserAgents},
		{"extract-browser", `(Chrome|Firefox)/[0-9.]+`, true, benchUserAgents},
		{"extract-section", `/(products|blog|search|account|cart)/`, true, benchURLs},
		// the rule's "/(products|...)/" is a regex literal: rulec compiles what is between the slashes
		{"extract-section-bare", `(products|blog|search|account|cart)`, true, benchURLs},
		{"extract-zip", `^[0-9]{5}$`, true, []string{"61511", "1234", "abcde", "98765"}},
		{"extract-lazy-tail", `/path/tiles/longitude/(.*?)$`, true, []string{"https://maps/path/tiles/longitude/-122.4194", "/path/tiles/latitude/37.77"}},
		{"extract-word", `\b(\d{5})\b`, true, []string{"zip 61511 city", "no digits here at all", "id 1234567 and 98765"}},
		{"extract-version", `(\d+)\.(\d+)`, true, []string{"curl/8.4.0", "user 12345678 build 2024 v3.1", "Googlebot/2.1"}},
	} {
		re := MustCompile(bc.pattern, "")
		var budget Budget
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s := bc.inputs[i%len(bc.inputs)]
				if bc.find {
					_, _ = re.FindAllIn(s, 1, &budget)
				} else {
					_, _ = re.MatchStringIn(s, &budget)
				}
			}
		})
		if bc.find {
			b.Run(bc.name+"-first", func(b *testing.B) {
				b.ReportAllocs()
				var buf []Group
				for i := 0; i < b.N; i++ {
					if m, found, _ := re.FirstIn(bc.inputs[i%len(bc.inputs)], buf, &budget); found {
						buf = m.Groups[:0]
					}
				}
			})
		}
	}
}

// BenchmarkFold measures patterns with the i flag (ns/op per input).
func BenchmarkFold(b *testing.B) {
	for _, bc := range []struct{ name, pattern string }{
		{"wrap6", `^.*chrome.*$`},
		{"wrap5", `^.*gecko.*$`},
		{"alt", `(get|post|head)`},
		{"extract", `(chrome|firefox)/[0-9.]+`},
		{"word", `^[a-z]+$`},
	} {
		re := MustCompile(bc.pattern, "i")
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = re.FindAllIn(benchUserAgents[i%len(benchUserAgents)], 1, nil)
			}
		})
	}
}

// BenchmarkCompile measures compiling the web-log rule set's patterns and
// a few that run on regexp2 (ns/op is per pattern).
func BenchmarkCompile(b *testing.B) {
	patterns := [][2]string{{`^.*(Chrome|Firefox).*$`, ""}, {`^.*[?&]q=.*$`, ""}, {`(Chrome|Firefox)/[0-9.]+`, ""},
		{`/(products|blog|search|account|cart)/`, ""}, {`^[0-9]{5}$`, ""}, {`\b(\d{5})\b`, ""}, {`^.*chrome.*$`, "i"},
		{`(?<major>\d+)\.(?<minor>\d+)`, ""}, {`^(?=.*\d)\w+$`, ""}, {`^\w+$`, "m"}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := patterns[i%len(patterns)]
		if _, err := Compile(p[0], p[1]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBacktrackingFold measures patterns with the i flag that run on
// regexp2 (ns/op per input): literal runs keep regexp2's IgnoreCase, the
// rest is spelled out (fold.go).
func BenchmarkBacktrackingFold(b *testing.B) {
	for _, p := range []string{`(?=.*chrome)mozilla/(\d+)`, `safari(?!x)`, `(?<=\()[a-z]+`} {
		re := MustCompile(p, "i")
		b.Run(p, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = re.FindAll(benchUserAgents[i%len(benchUserAgents)], 1)
			}
		})
	}
}

// BenchmarkOrders measures the regular expressions of the orders rule set
// (ns/op is per input) on values shaped like its fields: the city
// selector through MatchStringIn, the zip extraction through FirstIn, the
// matches validator on a decoded token through MatchString.
func BenchmarkOrders(b *testing.B) {
	cities := []string{"Springfield", "Rivertown", "Oakridge", "Hillview", "Lakeside", "Hamburg", "Lyon"}
	zips := []string{"96507", "50504", "66631", "02139", "10115"}
	tokens := []string{"user:35504:store", "user:41392:app", "user:7:web", "guest:1:web"}
	city := MustCompile(`^[LH].*$`, "")
	zip := MustCompile(`^[0-9]{5}$`, "")
	token := MustCompile(`^user:[0-9]+:`, "")
	var budget Budget
	b.Run("select-city", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = city.MatchStringIn(cities[i%len(cities)], &budget)
		}
	})
	b.Run("extract-zip-first", func(b *testing.B) {
		var buf []Group
		for i := 0; i < b.N; i++ {
			if m, found, _ := zip.FirstIn(zips[i%len(zips)], buf, &budget); found {
				buf = m.Groups[:0]
			}
		}
	})
	b.Run("matches-token", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = token.MatchString(tokens[i%len(tokens)])
		}
	})
}
