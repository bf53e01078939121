// Package format checks the string formats of JSON Schema for generated
// validators: each function reports whether a string is valid in its format.
//
// PLACEHOLDER: this file stands in for the implementation of the
// issue3-formats branch, with the same API, until that branch is merged. The
// checks are simple but meant to be correct for common inputs.
package format

import (
	"net/netip"
	"net/url"
	"strings"

	"github.com/toolgen-go/toolgen/internal/ecma"
)

// Check reports whether name is a format this package knows and, if so,
// whether s is valid in it.
func Check(name, s string) (known, ok bool) {
	f, known := checkers[name]
	if !known {
		return false, false
	}
	return true, f(s)
}

var checkers = map[string]func(string) bool{
	"date-time":     DateTime,
	"date":          Date,
	"time":          Time,
	"duration":      Duration,
	"email":         Email,
	"hostname":      Hostname,
	"ipv4":          IPv4,
	"ipv6":          IPv6,
	"uri":           URI,
	"uri-reference": URIReference,
	"uuid":          UUID,
	"json-pointer":  JSONPointer,
	"regex":         Regex,
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// DateTime reports whether s is an RFC 3339 date-time.
func DateTime(s string) bool {
	i := strings.IndexAny(s, "Tt")
	return i == 10 && Date(s[:i]) && Time(s[i+1:])
}

// Date reports whether s is an RFC 3339 full-date.
func Date(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' || !digits(s[:4]) || !digits(s[5:7]) || !digits(s[8:]) {
		return false
	}
	y, m, d := atoi(s[:4]), atoi(s[5:7]), atoi(s[8:])
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// Time reports whether s is an RFC 3339 full-time, leap seconds included.
func Time(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' || !digits(s[:2]) || !digits(s[3:5]) || !digits(s[6:8]) {
		return false
	}
	h, m, sec := atoi(s[:2]), atoi(s[3:5]), atoi(s[6:8])
	rest := s[8:]
	if rest[0] == '.' {
		j := 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j == 1 {
			return false
		}
		rest = rest[j:]
	}
	if h > 23 || m > 59 || sec > 60 {
		return false
	}
	offset := 0
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':' && digits(rest[1:3]) && digits(rest[4:]):
		oh, om := atoi(rest[1:3]), atoi(rest[4:])
		if oh > 23 || om > 59 {
			return false
		}
		offset = oh*60 + om
		if rest[0] == '+' {
			offset = -offset
		}
	default:
		return false
	}
	if sec == 60 {
		// A leap second is at 23:59:60 UTC.
		utc := ((h*60+m+offset)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// Duration reports whether s is an ISO 8601 duration as RFC 3339 appendix A
// defines it.
func Duration(s string) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	s = s[1:]
	if strings.HasSuffix(s, "W") {
		return digits(s[:len(s)-1])
	}
	date, tm, hasT := strings.Cut(s, "T")
	if hasT && tm == "" || !hasT && date == "" {
		return false
	}
	return units(date, "YMD") && units(tm, "HMS")
}

// units checks a run of number-unit pairs whose units appear in order.
func units(s, order string) bool {
	for s != "" {
		j := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == 0 || j == len(s) {
			return false
		}
		k := strings.IndexByte(order, s[j])
		if k < 0 {
			return false
		}
		order = order[k+1:]
		s = s[j+1:]
	}
	return true
}

// Email reports whether s is an email address (RFC 5321 mailbox, simplified).
func Email(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
		return false
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		ip := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(ip, "IPv6:"); ok {
			return IPv6(v6)
		}
		return IPv4(ip)
	}
	return Hostname(domain)
}

// Hostname reports whether s is an RFC 1123 host name.
func Hostname(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for rest := s; ; {
		label, after, more := strings.Cut(rest, ".")
		rest = after
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
		if !more {
			return true
		}
	}
}

// IPv4 reports whether s is a dotted-quad IPv4 address.
func IPv4(s string) bool {
	rest := s
	for i := 0; i < 4; i++ {
		p, after, more := strings.Cut(rest, ".")
		if more != (i < 3) || !digits(p) || len(p) > 3 || len(p) > 1 && p[0] == '0' || atoi(p) > 255 {
			return false
		}
		rest = after
	}
	return true
}

// IPv6 reports whether s is an RFC 4291 IPv6 address.
func IPv6(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6() && a.Zone() == ""
}

// URI reports whether s is an absolute RFC 3986 URI.
func URI(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != "" && !strings.ContainsAny(s, " \\^`{|}<>\"")
}

// URIReference reports whether s is an RFC 3986 URI reference.
func URIReference(s string) bool {
	_, err := url.Parse(s)
	return err == nil && !strings.ContainsAny(s, " \\^`{|}<>\"")
}

// UUID reports whether s is an RFC 4122 UUID in its hyphenated form.
func UUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
			continue
		}
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// JSONPointer reports whether s is an RFC 6901 JSON Pointer.
func JSONPointer(s string) bool {
	if s != "" && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return false
		}
	}
	return true
}

// Regex reports whether s is an ECMA-262 regular expression toolgen can
// translate.
func Regex(s string) bool { return ecma.IsValid(s) }
