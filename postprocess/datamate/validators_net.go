package datamate

import (
	"github.com/sluice-dev/sluice/internal/ipx"
	"github.com/sluice-dev/sluice/record"
)

// ip-utils backed validators (validators.md §3.5).

func ipValidatorSpecs() []*spec {
	return []*spec{
		stringValidator(&spec{Name: "isRoutableIP", Summary: "Is a valid IP outside the non-routable (private, reserved, documentation, ...) ranges; ::ffff:a.b.c.d is classified as IPv4.",
			Examples: []example{ex(`"8.8.8.8"`, `"8.8.8.8"`), ex(`"192.168.0.1"`, "removed"), ex(`"2001:db8::1"`, "removed")}},
			ipx.IsRoutable),
		stringValidator(&spec{Name: "isNonRoutableIP", Summary: "Is a valid IP inside a non-routable (private, reserved, documentation, ...) range.",
			Examples: []example{ex(`"192.168.0.1"`, `"192.168.0.1"`), ex(`"8.8.8.8"`, "removed"), ex(`"not an ip"`, "removed")}},
			ipx.IsNonRoutable),
		fv(&spec{Name: "inIPRange", Summary: "Is an IP inside cidr, or between min and max inclusive (each defaults to the input's address family bound).",
			Params: []param{{Name: "cidr", Type: "string", Doc: "a CIDR block (not /0); takes precedence over min/max"},
				{Name: "min", Type: "string", Doc: "lowest address"}, {Name: "max", Type: "string", Doc: "highest address"}},
			Examples: []example{exArgs(`{"cidr":"8.8.8.0/24"}`, `"8.8.8.8"`, `"8.8.8.8"`), exArgs(`{"min":"8.8.8.0","max":"8.8.8.64"}`, `"8.8.8.64"`, `"8.8.8.64"`), exArgs(`{"cidr":"8.8.8.0/24"}`, `"::ffff:8.8.8.8"`, "removed")}},
			buildIPRange),
		stringValidator(&spec{Name: "isCIDR", Summary: "Is an IP/prefix CIDR block (prefix without leading zeros, not /0).",
			Examples: []example{ex(`"8.8.0.0/12"`, `"8.8.0.0/12"`), ex(`"8.8.8.10"`, "removed"), ex(`"0.0.0.0/0"`, "removed")}},
			ipx.IsCIDR),
	}
}

// Address family bounds used when min or max is missing.
var (
	min4, _ = ipx.ParseAddr("0.0.0.0")
	max4, _ = ipx.ParseAddr("255.255.255.255")
	min6, _ = ipx.ParseAddr("::")
	max6, _ = ipx.ParseAddr("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")
)

// ipBound is one optional min/max bound, parsed once.
type ipBound struct {
	set  bool
	addr ipx.Addr
}

func buildIPRange(a *args) (validatorFn, error) {
	if c, ok := a.Get("cidr"); record.Truthy(c) {
		return cidrRange(c, ok)
	}
	lo, err := ipRangeBound(a, "min")
	if err != nil {
		return nil, err
	}
	hi, err := ipRangeBound(a, "max")
	if err != nil {
		return nil, err
	}
	if lo.set && hi.set && (lo.addr.Is6() != hi.addr.Is6() || lo.addr.Compare(hi.addr) > 0) {
		return nil, paramErr("max", "min and max must be addresses of one IP version with min <= max")
	}
	return ipValidator(func(ip ipx.Addr) bool { return inBounds(ip, lo, hi) }), nil
}

func cidrRange(c any, present bool) (validatorFn, error) {
	s, _ := c.(string)
	p, ok := ipx.ParseCIDR(s)
	if !ok || !ipx.IsCIDR(s) {
		return nil, paramErr("cidr", "expected a CIDR block such as 8.8.8.0/24 (not /0), got "+got(c, present))
	}
	return ipValidator(p.Contains), nil
}

func ipRangeBound(a *args, key string) (ipBound, error) {
	v, ok := a.Get(key)
	if !record.Truthy(v) {
		return ipBound{}, nil
	}
	s, _ := v.(string)
	addr, valid := ipx.ParseAddr(s)
	if !valid {
		return ipBound{}, paramErr(key, "expected an IP address, got "+got(v, ok))
	}
	return ipBound{true, addr}, nil
}

// inBounds is the min/max branch of data-mate inIPRange: missing bounds
// default to the input's family; mixed-version bounds fail.
func inBounds(ip ipx.Addr, lo, hi ipBound) bool {
	l, h := min4, max4
	if ip.Is6() {
		l, h = min6, max6
	}
	if lo.set {
		l = lo.addr
	}
	if hi.set {
		h = hi.addr
	}
	if l.Is6() != h.Is6() || l.Compare(h) > 0 {
		return false
	}
	return ip.Compare(l) >= 0 && ip.Compare(h) <= 0
}

// ipValidator lifts a test on a parsed address to data-mate's value
// handling (non-IPs fail, arrays lifted).
func ipValidator(in func(ipx.Addr) bool) validatorFn {
	f := scalarOrLift(func(v any) bool {
		s, ok := v.(string)
		if !ok {
			return false
		}
		ip, ok := ipx.ParseAddr(s)
		return ok && in(ip)
	})
	return func(v any) (bool, error) { return f(v), nil }
}
