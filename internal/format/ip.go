package format

// IPv4 reports whether s is an IPv4 address in dotted-quad notation, the
// IPv4address rule of RFC 3986 section 3.2.2 (which RFC 2673 section 3.2
// names dotted-quad): four decimal numbers 0-255 separated by dots, written
// with ASCII digits and without leading zeros ("192.168.0.1", not
// "192.168.00.1", "0x7f.0.0.1", "127.1" or "2130706433"). Nothing may
// precede or follow: no whitespace, prefix length, port or zone.
func IPv4(s string) bool {
	if len(s) < 7 || len(s) > 15 {
		return false
	}
	return ipv4(s)
}

// ipv4 checks dotted-quad syntax.
func ipv4(s string) bool {
	i := 0
	for part := 0; part < 4; part++ {
		if part > 0 {
			if i >= len(s) || s[i] != '.' {
				return false
			}
			i++
		}
		n, ok := decOctet(s, i)
		if !ok {
			return false
		}
		i += n
	}
	return i == len(s)
}

// decOctet reads the dec-octet of RFC 3986 at s[i:] and returns its
// length.
func decOctet(s string, i int) (int, bool) {
	if i >= len(s) || !isDigit(s[i]) {
		return 0, false
	}
	if s[i] == '0' {
		// "0" alone; a following digit would be a leading zero.
		return 1, i+1 >= len(s) || !isDigit(s[i+1])
	}
	v, n := 0, 0
	for i+n < len(s) && isDigit(s[i+n]) {
		if n == 3 {
			return 0, false
		}
		v = v*10 + int(s[i+n]-'0')
		n++
	}
	return n, v <= 255
}

// IPv6 reports whether s is an IPv6 address in the text form of RFC 4291
// section 2.2, the IPv6address rule of RFC 3986 section 3.2.2: eight groups
// of one to four hexadecimal digits (either case) separated by colons, where
// one run of zero groups may be written "::", and where the last two groups
// may be written as an IPv4 address in dotted-quad notation as IPv4 accepts
// it ("::ffff:192.168.0.1"). A "::" stands for at least one group. Zone
// identifiers ("fe80::1%eth0", RFC 4007), prefix lengths ("fe80::/64"),
// brackets and whitespace are not part of an address and are rejected.
func IPv6(s string) bool {
	if len(s) < 2 || len(s) > 45 {
		return false
	}
	groups := 0
	ellipsis := false
	i := 0
	if s[0] == ':' {
		if s[1] != ':' {
			return false
		}
		ellipsis = true
		i = 2
		if i == len(s) {
			return true
		}
	}
	for i < len(s) {
		start := i
		for i < len(s) && i-start < 4 && isHex(s[i]) {
			i++
		}
		if i == start {
			return false
		}
		if i < len(s) && s[i] == '.' {
			// The last 32 bits as a dotted quad.
			if !ipv4(s[start:]) {
				return false
			}
			groups += 2
			break
		}
		groups++
		if i == len(s) {
			break
		}
		if s[i] != ':' {
			return false // a fifth hex digit, or anything else
		}
		i++
		if i == len(s) {
			return false // a trailing single colon
		}
		if s[i] == ':' {
			if ellipsis {
				return false
			}
			ellipsis = true
			i++
		}
	}
	if ellipsis {
		return groups <= 7
	}
	return groups == 8
}
